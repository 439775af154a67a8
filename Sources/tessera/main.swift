import ArgumentParser
import MediaDecode
import Foundation
import GalleryCore
import TesseraApp

// A media worker (a decoder process the app started, `tessera media-worker …`) is not the app: it is told apart
// before anything else runs, the option parser included.
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "media-worker" {
    MediaWorkerMain.run(arguments: CommandLine.arguments)
}

struct Tessera: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tessera",
        abstract: "An infinite photo wall: your photos (tessera ~/Pictures), Lorem Picsum or Unsplash in a two-column masonry grid.",
        discussion: """
            Without a subcommand, tessera opens the window (the show command): the folders and files named, or
            the photos of --source. Keys: ? in the window lists them all.

            Configuration: defaults for every option of the window can be kept in $XDG_CONFIG_HOME/tessera/config
            (else ~/.config/tessera/config; TESSERA_CONFIG names another file), one "name = value" a line with the
            long option names (kiosk = yes, speed = 40, schedule = 07:00-23:00, source = unsplash,
            unsplash-key = KEY, folder = /srv/photos). The command line wins; a bad line is reported and ignored.

            Environment: UNSPLASH_ACCESS_KEY (the Unsplash access key), XDG_CACHE_HOME (the offline cache,
            tessera/ under it), XDG_DATA_HOME (your name and bookmarks, tessera/library.sqlite), TESSERA_FONT (a
            TrueType font), SDL_VIDEODRIVER (x11, wayland, or kmsdrm on a bare console).
            """,
        version: AppOptions.version,
        subcommands: [Show.self, RemoteTokenCommand.self, FramesCommand.self, SettingsCommand.self],
        defaultSubcommand: Show.self)
}

// The user's language first: every word from here on is in it (`--language`, else the environment).
LanguageOptions.installEarly(from: CommandLine.arguments)

// People type `tessera --help`, not `tessera help show`: without a subcommand, help is the window's options.
let arguments = Array(CommandLine.arguments.dropFirst())
let named = ["show", "help", "remote-token", "frames", "settings"]
if arguments.contains(where: { $0 == "--help" || $0 == "-h" }), !(arguments.first.map(named.contains) ?? false) {
    print(Tessera.helpMessage(for: Show.self))
    exit(0)
}

// The man page and the shell completions are made from the whole command (`--experimental-dump-help`,
// `--generate-completion-script`), the window's options among them: one definition for all of them.
let describesItself = arguments.contains { $0 == "--experimental-dump-help" || $0.hasPrefix("--generate-completion-script") }
// The window's options may come from the configuration file too; the command line wins.
if !describesItself, arguments.first.map({ !named.contains($0) || $0 == "show" }) ?? true {
    let own = arguments.first == "show" ? Array(arguments.dropFirst()) : arguments
    // The sources' own options are theirs to declare: taken out before the parser sees the rest.
    let sourceArguments = SourceArguments(own, options: SourceRegistry.installed.options)
    for problem in sourceArguments.problems {
        FileHandle.standardError.write(Data("tessera: \(problem)\n".utf8))
        exit(64)
    }
    Show.sourceArguments = sourceArguments.settings
    let merged = ConfigFile.apply(to: sourceArguments.rest) { FileHandle.standardError.write(Data("tessera: \($0)\n".utf8)) }
    // The configuration file may name the language (`language = de`).
    if !own.contains(where: { $0.hasPrefix("--language") }) { LanguageOptions.installEarly(from: merged) }
    Tessera.main(["show"] + merged)
} else {
    Tessera.main()
}
