import Foundation
import GalleryCore

/// The remote's settings form over the configuration file: a few of the window's options, their values (the file's,
/// else the ones the frame runs with), and saving new ones. Every value is checked by the command line's own parser
/// (`check`, the executable's) before anything is written; the file is then rewritten whole and atomically with only
/// those lines changed (`ConfigText.setting`, `AtomicFile`). Saves are serialized by a lock; `form` and `save` may be
/// called from any thread.
public final class ConfigSettings: FrameSettings, @unchecked Sendable {
    /// One field of the form, and how a saved value reaches the running frame (nil: at the next start).
    struct Field {
        let name: String
        let label: String
        let kind: String
        let choices: [String]?
        let live: ((String) -> Command?)?
        /// Whether the command line's parser knows it (a source's own setting, `album`, is not the parser's).
        var checkedByParser = true
    }

    /// The fields, in the order the form shows them. The labels are English here, said in the phone's language
    /// where the form is sent (`RemoteEndpoints`).
    static let fields: [Field] = [
        Field(name: "mode", label: untranslated("What shows"), kind: "choice", choices: FrameMode.allCases.map(\.rawValue),
              live: { FrameMode(rawValue: $0).map(Command.setMode) }),
        Field(name: "interval", label: untranslated("Seconds per photo (slideshow)"), kind: "number", choices: nil,
              live: { try? CommandNames.command(named: "interval", argument: $0).get() }),
        Field(name: "transition", label: untranslated("Transition"), kind: "choice", choices: ["crossfade", "dip", "slide", "none"],
              live: nil),
        Field(name: "fill", label: untranslated("Around a photo (slideshow)"), kind: "choice", choices: ["blur", "matte", "black"],
              live: nil),
        Field(name: "caption", label: untranslated("Caption (date, place, camera, author or none)"), kind: "text", choices: nil,
              live: nil),
        Field(name: "clock", label: untranslated("Clock (slideshow: small, large or huge; a corner, top, bottom or centre; date; or off)"),
              kind: "text", choices: nil, live: nil),
        Field(name: "calendar-lines", label: untranslated("Calendar lines (at most; 1-20)"), kind: "number", choices: nil, live: nil),
        Field(name: "calendar-corner", label: untranslated("Calendar's corner"), kind: "choice",
              choices: ["bottom-left", "bottom-right", "top-left", "top-right", "top", "bottom"], live: nil),
        Field(name: "schedule", label: untranslated("Display on (07:00-23:00, or mon-fri 06:30-08:30,17:00-23:00; sat-sun 08:00-23:30)"),
              kind: "hours", choices: nil, live: { .setWeek(.schedule, $0) }),
        Field(name: "schedule-except", label: untranslated("Dates off, or with their own hours (2026-12-25; 2026-12-24 08:00-14:00)"),
              kind: "text", choices: nil, live: { .setWeek(.except, $0) }),
        Field(name: "dim", label: untranslated("Dimmed (21:00-23:00 30%; sunset-30-23:00 40%)"), kind: "hours", choices: nil,
              live: { .setWeek(.dim, $0) }),
        Field(name: "location", label: untranslated("Where sunrise and sunset are (LAT,LON)"), kind: "text", choices: nil,
              live: { .setWeek(.location, $0) }),
        Field(name: "night-clock", label: untranslated("Outside the hours, a clock at (20%; empty: the display off)"), kind: "text",
              choices: nil, live: nil),
        Field(name: "wake-on-touch", label: untranslated("A touch wakes the display"), kind: "flag", choices: nil, live: nil),
        Field(name: "speed", label: untranslated("Wall speed (pixels a second, kiosk)"), kind: "number", choices: nil,
              live: { try? CommandNames.command(named: "speed", argument: $0).get() }),
        Field(name: "idle", label: untranslated("Seconds before scrolling resumes (kiosk)"), kind: "number", choices: nil, live: nil),
        Field(name: "sort", label: untranslated("Order"), kind: "choice", choices: ["date", "name", "random"], live: nil),
        // Live through `useSource`, made with the album (see `commands`).
        Field(name: "source", label: untranslated("Source"), kind: "choice", choices: SourceRegistry.installed.names,
              live: { _ in nil }),
        Field(name: "album", label: untranslated("Album (Immich: its id; empty for all)"), kind: "text", choices: nil,
              live: { _ in nil }, checkedByParser: false),
    ]

    private let path: String
    private let check: @Sendable (String, String) -> String?
    private let running: [String: String]
    private let lock = NSLock()
    /// Tests stop a save here, the new file complete beside the old, as a crash would.
    var beforeRename: (String) throws -> Void = { _ in }

    /// - Parameters:
    ///   - path: the configuration file (it need not exist yet).
    ///   - check: why `name = value` would not do as a line of the file, nil when it would (`ConfigFile.problem`).
    ///   - running: the values the frame started with, by name, shown where the file has none.
    public init(path: String, check: @escaping @Sendable (String, String) -> String?, running: [String: String]) {
        self.path = path; self.check = check; self.running = running
    }

    public func form(inUse: FrameState.SourceShown?) -> [SettingField] {
        let inFile = (try? fileValues()) ?? [:]
        // What the frame shows wins: the file's source is not the one in use when the command line named folders,
        // the welcome screen chose them, or the remote switched.
        var shown: [String: String] = [:]
        if let inUse {
            shown["source"] = inUse.name
            shown["album"] = inUse.album ?? ""
        }
        return Self.fields.map { field in
            // The album may be in the file under its source's own key (`immich-album`).
            let aliases = field.name == "album" ? Self.albumKeys : []
            var value = shown[field.name] ?? inFile[field.name] ?? aliases.lazy.compactMap { inFile[$0] }.first
                ?? running[field.name]
            if field.kind == "flag", let given = value {
                value = ConfigText.truth(given).map { $0 ? "yes" : "no" } ?? given
            }
            return SettingField(name: field.name, label: field.label, kind: field.kind, choices: field.choices,
                                value: value, live: field.live != nil)
        }
    }

    public func save(_ values: [String: String]) -> Result<SettingsSaved, SettingsRefusal> {
        save(values, wordsIn: EnglishBook())
    }

    /// Saves, the refusals said in `book` (the phone's language); the parser's own `check` speaks the frame's.
    public func save(_ values: [String: String], wordsIn book: any WordBook) -> Result<SettingsSaved, SettingsRefusal> {
        let problems = Self.problems(in: values, check: check, book: book)
        guard problems.isEmpty else {
            let message = problems.count == 1 ? book.tr("one value was not saved: nothing changed")
                : book.trn("{count} value was not saved: nothing changed", "{count} values were not saved: nothing changed",
                           count: problems.count)
            return .failure(SettingsRefusal(message: message, problems: problems))
        }
        lock.lock()
        defer { lock.unlock() }
        let before: String
        do {
            let data = try AtomicFile.read(path)
            guard let text = data.map({ String(data: $0, encoding: .utf8) }) ?? "" else {
                // Rewritten, its other bytes would come back as U+FFFD: a path, a comment changed behind the user's back.
                return .failure(SettingsRefusal(message: book.tr("the configuration file is not UTF-8 text: it is left as it is")))
            }
            before = text
        } catch {
            // Translators: {error} is the system's own words on why (in English).
            return .failure(SettingsRefusal(message: book.tr("the configuration file cannot be read ({error}): nothing changed",
                                                             ["error": "\(error)"])))
        }
        // The fields' order, not the dictionary's: appended lines come out the same way each time.
        let ordered = Self.fields.compactMap { field in values[field.name].map { (field.name, $0) } }
        var text = ConfigText.removing(Self.replacedNames(for: values), from: before)
        text = ConfigText.setting(ordered.filter { !($0.0 == "album" && $0.1.isEmpty) }, in: text)
        do {
            try AtomicFile.write(Data(text.utf8), to: path, beforeRename: beforeRename)
        } catch {
            // Translators: {error} is the system's own words on why (in English).
            return .failure(SettingsRefusal(message: book.tr("the configuration file cannot be written ({error}): nothing changed",
                                                             ["error": "\(error)"])))
        }
        let fileValues = Dictionary(ConfigText.parse(text).entries.map { ($0.name, $0.value) }) { _, last in last }
        return .success(SettingsSaved(commands: commands(for: values, file: fileValues),
                                      atNextStart: ordered.map(\.0).filter { name in
                                          Self.fields.first { $0.name == name }?.live == nil
                                      }))
    }

    /// Why each value would not do, by name; empty when all would.
    static func problems(in values: [String: String], check: (String, String) -> String?,
                         book: any WordBook = EnglishBook()) -> [String: String] {
        var problems: [String: String] = [:]
        for (name, value) in values {
            guard let field = fields.first(where: { $0.name == name }) else {
                problems[name] = book.tr("there is no setting called {name}", ["name": ExternalText.clean(name, maxCharacters: 40)])
                continue
            }
            if value.utf8.count > CommandNames.maxArgumentBytes {
                problems[name] = book.trn("longer than {count} byte", "longer than {count} bytes", count: CommandNames.maxArgumentBytes)
            } else if ConfigText.written(value) == nil {
                problems[name] = value.unicodeScalars.contains { $0.properties.generalCategory == .control }
                    ? book.tr("must be one line without control characters") : book.tr("cannot hold both kinds of quote")
            } else if let choices = field.choices, !choices.contains(value) {
                problems[name] = book.tr("must be one of: {choices}", ["choices": choices.joined(separator: ", ")])
            } else if field.checkedByParser, let why = check(name, value) {
                problems[name] = why
            }
        }
        return problems
    }

    /// Lines that go when these values are saved, besides their own: an album saved empty (all photos), and the
    /// source's other key for the album (`immich-album`), which would otherwise win over `album` when read.
    static func replacedNames(for values: [String: String]) -> Set<String> {
        guard let album = values["album"] else { return [] }
        return Set(albumKeys + (album.isEmpty ? ["album"] : []))
    }

    /// The sources' own keys for their album in the file (`immich-album`).
    static var albumKeys: [String] {
        SourceRegistry.installed.options.filter { $0.argument?.name == "album" }.compactMap(\.configKey)
    }

    /// The commands that apply the live values now. A source or album saved switches the source, with the album
    /// where the source has albums.
    private func commands(for values: [String: String], file: [String: String]) -> [Command] {
        var commands = Self.fields.compactMap { field in values[field.name].flatMap { field.live?($0) } }
        if values["source"] != nil || values["album"] != nil,
           let source = values["source"] ?? file["source"] ?? running["source"] {
            let hasAlbums = SourceRegistry.installed.kind(named: source)?.options
                .contains { $0.argument?.name == "album" } ?? false
            let album = values["album"] ?? file["album"] ?? running["album"]
            commands.append(.useSource(source, album: hasAlbums ? album.flatMap { $0.isEmpty ? nil : $0 } : nil))
        }
        return commands
    }

    private func fileValues() throws -> [String: String] {
        guard let data = try AtomicFile.read(path) else { return [:] }
        let entries = ConfigText.parse(String(decoding: data, as: UTF8.self)).entries
        return Dictionary(entries.map { ($0.name, $0.value) }) { _, last in last }
    }
}
