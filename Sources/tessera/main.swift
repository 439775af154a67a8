import ArgumentParser
import Foundation

struct Tessera: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tessera",
        abstract: "An infinite photo wall: your photos (tessera ~/Pictures), Lorem Picsum or Unsplash in a two-column masonry grid.",
        version: "0.1.0",
        subcommands: [Show.self, ServeFixture.self, Bench.self, CacheStress.self],
        defaultSubcommand: Show.self)
}

// People type `tessera --help`, not `tessera help show`: without a subcommand, help is the window's options.
let arguments = Array(CommandLine.arguments.dropFirst())
let named = ["show", "serve-fixture", "bench", "cache-stress", "help"]
if arguments.contains(where: { $0 == "--help" || $0 == "-h" }), !(arguments.first.map(named.contains) ?? false) {
    print(Tessera.helpMessage(for: Show.self))
    print("\nOTHER COMMANDS:\n  tessera bench           Measure the real app headless (JSON; see BENCHMARKS.md)")
    print("  tessera serve-fixture   A picsum-compatible test server on 127.0.0.1")
    print("  See 'tessera help <command>' for their options.")
    exit(0)
}

// The window's options may come from the configuration file too; the command line wins.
if arguments.first.map({ !named.contains($0) || $0 == "show" }) ?? true {
    let own = arguments.first == "show" ? Array(arguments.dropFirst()) : arguments
    Tessera.main(["show"] + ConfigFile.apply(to: own) { FileHandle.standardError.write(Data("tessera: \($0)\n".utf8)) })
} else {
    Tessera.main()
}
