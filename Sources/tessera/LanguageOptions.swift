import ArgumentParser
import Foundation
import GalleryCore
import GettextKit

/// `--language`: the words, dates and reading direction of every screen, the remote page's default and Home
/// Assistant's entity names. The book is installed before the options are parsed (`installEarly`), so the parser's
/// own refusals of this program's options are in the user's language too.
struct LanguageOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The language to speak: de, fr, es, it, pt_BR, nl, pl, sv, ja, zh_CN, ar, he or en (default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG). Arabic and Hebrew mirror the screens.", valueName: "ll[_CC]"))
    var language: String?

    /// The `--language` among `arguments` (the command line, then the configuration file's), else the environment's.
    /// A language without a catalogue speaks English (dates and numbers still in its locale), said on stderr when
    /// the user named it: a frame booting with a typo in its configuration still shows its photos.
    static func installEarly(from arguments: [String], environment: [String: String] = startingEnvironment) {
        let option = given(in: arguments)
        let language = LanguageChoice.language(option: option, environment: environment)
        // The running program, wherever it was started from (a desktop entry's `Exec=tessera` gives argv[0] alone).
        let folder = CatalogueFolder.find(executable: "/proc/self/exe", environment: environment)
        let shipped = folder.map(CatalogueFolder.languages(in:)) ?? []
        let catalogue = AcceptLanguage.catalogue(for: language, among: shipped)
        guard let folder, let catalogue,
              let book = GettextBook(language: language, catalogue: catalogue, directory: folder) else {
            if option != nil, language.code != "en" {
                let known = (["en"] + shipped).joined(separator: ", ")
                // English, as every word it is said beside: there is no catalogue to say it in.
                let said = "tessera: no words in '\(language.identifier)' here (these are: \(known)); speaking English\n"
                FileHandle.standardError.write(Data(said.utf8))
            }
            Words.install(EnglishBook(language: language), chosen: option != nil)
            return
        }
        Words.install(book, chosen: option != nil)
    }

    /// The environment as the program was started, before gettext's `LANGUAGE` was set to the chosen catalogue.
    static let startingEnvironment = ProcessInfo.processInfo.environment

    private static func given(in arguments: [String]) -> String? {
        for (i, argument) in arguments.enumerated() {
            if argument == "--language", i + 1 < arguments.count { return arguments[i + 1] }
            if argument.hasPrefix("--language=") { return String(argument.dropFirst("--language=".count)) }
        }
        return nil
    }
}
