import ArgumentParser
import Foundation
import GalleryCore

/// The configuration file: defaults for every option of the window, `name = value` a line (see `ConfigText`),
/// turned into command-line arguments put before the user's own, so the command line wins. Each line is checked
/// by the command line's own parser (one definition of the options); a bad line is reported with its number and
/// ignored. The sources' own settings (`unsplash-key`: `SourceRegistry.installed.options`) are not arguments (a key
/// on the command line would show in `ps`): `sourceSettings` reads them as values; `folder` lines are used when the
/// command line names no folder.
enum ConfigFile {
    /// `$TESSERA_CONFIG`, else `$XDG_CONFIG_HOME/tessera/config`, else `~/.config/tessera/config`.
    static var path: String {
        let env = ProcessInfo.processInfo.environment
        if let explicit = env["TESSERA_CONFIG"], !explicit.isEmpty { return explicit }
        let base = env["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (NSHomeDirectory() + "/.config")
        return base + "/tessera/config"
    }

    /// The arguments the file stands for, in front of `userArguments`.
    static func apply(to userArguments: [String], report: (String) -> Void) -> [String] {
        let file = path
        guard FileManager.default.fileExists(atPath: file) else { return userArguments }
        guard let text = read(file, report: report) else { return userArguments }
        let (entries, problems) = ConfigText.parse(text)
        // Translators: a configuration file's problem on the command line; {file} is its path.
        for p in problems { report(tr("{file}: {problem}; ignored", ["file": file, "problem": "\(p)"])) }
        var arguments: [String] = [], folders: [String] = []
        // The sources' settings, by their keys or by their command-line names (`album = ID`, `favorites = yes`).
        let sourceKeys = Set(SourceRegistry.installed.options.flatMap { [$0.configKey, $0.argument?.name].compactMap { $0 } })
        let secretKeys = Set(SourceRegistry.installed.options.filter(\.secret).compactMap(\.configKey))
        for entry in entries {
            switch entry.name {
            case _ where sourceKeys.contains(entry.name):
                if secretKeys.contains(entry.name) { warnIfShared(file, report: report) }
                if sourceFlagKeys.contains(entry.name), ConfigText.truth(entry.value) == nil {
                    report(ignored(file, line: entry.line, notAFlag(entry)))
                }
            case "folder":
                folders.append((entry.value as NSString).expandingTildeInPath)
            default:
                if let args = lineArguments(entry, refused: { report(ignored(file, line: entry.line, $0)) }) {
                    arguments += args
                }
            }
        }
        let userNamesFolders = (try? Show.parse(userArguments))?.paths.isEmpty == false
        return arguments + userArguments + (userNamesFolders ? [] : folders)
    }

    /// The sources' settings that are flags (`favorites = yes`), by their keys and command-line names.
    private static var sourceFlagKeys: Set<String> {
        Set(SourceRegistry.installed.options.flatMap { option -> [String] in
            guard case .flag(let name)? = option.argument else { return [] }
            return [name] + [option.configKey].compactMap { $0 }
        })
    }

    /// The sources' settings (`SourceOption`), by option name: from the environment first, else the file. An
    /// environment variable holding a secret is removed from this process's environment once read, so no child
    /// (`xdg-open` and the browser it starts) inherits an access key.
    static func sourceSettings() -> [String: String] {
        let environment = ProcessInfo.processInfo.environment
        let file = path
        var fromFile: [String: String] = [:]
        if FileManager.default.fileExists(atPath: file), let text = read(file, report: { _ in }) {
            for entry in ConfigText.parse(text).entries { fromFile[entry.name] = entry.value }
        }
        var settings: [String: String] = [:]
        for option in SourceRegistry.installed.options {
            if let variable = option.environment, let value = environment[variable], !value.isEmpty {
                settings[option.name] = value
            } else if let key = option.configKey, let value = fromFile[key] {
                settings[option.name] = value
            } else if let name = option.argument?.name, let value = fromFile[name] {
                settings[option.name] = value
            }
            if option.secret, let variable = option.environment { unsetenv(variable) }
        }
        return settings
    }

    /// The arguments for one line, checked by the parser; nil (and a report) if it does not parse. A flag's value
    /// must read as yes or no (`ConfigText.truth`): anything else is a bad line, never a flag plus a folder
    /// (`kiosk = ys` once started a kiosk waiting for a folder called ys). A line never names a folder: that is
    /// `folder = …`'s job.
    static func lineArguments(_ entry: ConfigText.Entry, refused: (String) -> Void) -> [String]? {
        func refuse(_ message: String) -> [String]? {
            refused(String(message.split(separator: "\n").first ?? ""))
            return nil
        }
        if isFlag(entry.name) {
            guard let on = ConfigText.truth(entry.value) else { return refuse(notAFlag(entry)) }
            if on { return ["--\(entry.name)"] }
            // Off: the inverted flag where there is one, else nothing (a plain flag is off unless given).
            return (try? Show.parse(["--no-\(entry.name)"])) != nil ? ["--no-\(entry.name)"] : []
        }
        let args = ["--\(entry.name)", entry.value]
        do {
            guard try Show.parse(args).paths.isEmpty else { return refuse(tr("not understood")) }
            return args
        } catch {
            return refuse(Show.message(for: error))
        }
    }

    /// "{file}: line {line}: {problem}; ignored", in the user's language.
    private static func ignored(_ file: String, line: Int, _ problem: String) -> String {
        // Translators: a configuration file's bad line on the command line; {file} is its path, {problem} what is wrong.
        tr("{file}: line {line}: {problem}; ignored", ["file": file, "line": String(line), "problem": problem])
    }

    /// A flag's line whose value reads as neither yes nor no.
    private static func notAFlag(_ entry: ConfigText.Entry) -> String {
        // Translators: {name} is an option's name (kiosk), {value} what was written; yes, no and the others stay as
        // written (the file takes them in English).
        tr("{name} takes yes or no (also true/false, on/off, 1/0), not '{value}'",
           ["name": entry.name, "value": ExternalText.clean(entry.value, maxCharacters: 40)])
    }

    /// Whether the window's option called `name` is a flag (`--kiosk`, `--no-cache`, `--wrap`): given alone, it
    /// parses; an option with a value does not.
    static func isFlag(_ name: String) -> Bool {
        guard let parsed = try? Show.parse(["--\(name)"]) else { return false }
        return parsed.paths.isEmpty
    }

    /// Why `name = value` would not do as a line of the file (the settings form's check), nil when it would: the
    /// same parser as at start.
    static func problem(with name: String, value: String) -> String? {
        var problem: String?
        let entry = ConfigText.Entry(line: 1, name: name, value: value)
        guard lineArguments(entry, refused: { problem = $0 }) == nil else { return nil }
        return problem ?? tr("not understood")
    }

    private static func read(_ file: String, report: (String) -> Void) -> String? {
        var info = stat()
        guard stat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            report(tr("{file}: not a regular file; ignored", ["file": file]))
            return nil
        }
        guard info.st_size <= 64 << 10 else {
            report(tr("{file}: larger than 64 KB, not a configuration file; ignored", ["file": file]))
            return nil
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            report(tr("{file}: cannot be read; ignored", ["file": file]))
            return nil
        }
        return String(decoding: data, as: UTF8.self)
    }

    private static func warnIfShared(_ file: String, report: (String) -> Void) {
        var info = stat()
        if stat(file, &info) == 0, info.st_mode & 0o077 != 0 {
            // Translators: {file} is the configuration file's path; chmod 600 is the command that fixes it.
            report(tr("{file} holds an access key and others can read it (chmod 600 {file})", ["file": file]))
        }
    }
}
