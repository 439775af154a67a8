import ArgumentParser
import Foundation
import GalleryCore
import TesseraApp

/// `tessera settings export FILE` and `tessera settings import FILE`: the remote's settings file (`SettingsFile`) on
/// this machine's configuration file, with no frame running: the same form, the same checks (the window's parser),
/// the same all-or-nothing write as the remote page's Export settings and Import settings….
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Export the configuration file's settings as a file another frame imports, or import one.",
        discussion: """
            The file holds the settings of the remote page's form (what shows, the interval, the transition, the \
            schedule…); a frame's name, its remote's token and every key or password stay in its own configuration \
            file. An import checks every value first and writes all of them or none. A frame running now takes them \
            at its next start (the remote page's Import settings… applies the live ones at once).
            """,
        subcommands: [Export.self, Import.self])

    /// The form over the configuration file (`TESSERA_CONFIG`, else the standard place), checked by the window's parser.
    static var form: ConfigSettings {
        ConfigSettings(path: ConfigFile.path, check: { ConfigFile.problem(with: $0, value: $1) }, running: [:])
    }

    static func say(_ text: String) { FileHandle.standardError.write(Data("tessera: \(text)\n".utf8)) }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export", abstract: "Write the configuration file's settings to FILE (- for standard output).")

        @Argument(help: "The settings file to write.")
        var file: String

        func run() throws {
            let values = ConfigText.parse((try? String(contentsOfFile: ConfigFile.path, encoding: .utf8)) ?? "").entries
            let name = values.last { $0.name == "name" }?.value
            let exported = SettingsFile(fields: SettingsCommand.form.form(), from: name, exported: Date())
            if file == "-" {
                FileHandle.standardOutput.write(exported.encoded() + Data("\n".utf8))
                return
            }
            do {
                try exported.encoded().write(to: URL(fileURLWithPath: file), options: .atomic)
            } catch {
                // Translators: {file} is a path; {error} the system's own words (in English).
                SettingsCommand.say(tr("{file} cannot be written: {error}", ["file": file, "error": error.localizedDescription]))
                throw ExitCode(73)
            }
            // Translators: {file} is the settings file written.
            SettingsCommand.say(trn("{count} setting written to {file}", "{count} settings written to {file}",
                                    count: exported.values.count, ["file": file]))
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import", abstract: "Check every setting in FILE, then write them all to the configuration file, or none.")

        @Argument(help: "The settings file to read (another frame's export).")
        var file: String

        func run() throws {
            // Read no more than a settings file can be: a bigger one is refused by its size, not held in memory.
            guard let handle = FileHandle(forReadingAtPath: file) else {
                // Translators: {file} is a path.
                SettingsCommand.say(tr("{file} cannot be read", ["file": file]))
                throw ExitCode(66)
            }
            let data = (try? handle.read(upToCount: SettingsFile.maxBytes + 1)) ?? Data()
            try? handle.close()
            let outcome = SettingsFile.parse(data, book: Words.book).flatMap { parsed in
                SettingsCommand.form.save(parsed.values, wordsIn: Words.book)
            }
            switch outcome {
            case .failure(let refusal):
                SettingsCommand.say(refusal.message)
                for line in refusal.problemLines { FileHandle.standardError.write(Data("  \(line)\n".utf8)) }
                throw ExitCode(65)
            case .success:
                // Translators: {file} is the configuration file's path.
                print(tr("Saved in {file}; a frame running now takes them at its next start.", ["file": ConfigFile.path]))
            }
        }
    }
}
