import Foundation

/// A frame's settings as a file another frame imports (`GET /api/v1/settings/export`, `POST /api/v1/settings/import`),
/// so a second frame is set up in one step:
///
///     {"tessera_settings": 1, "exported": "2026-12-02T07:40:00Z", "from": "Hall", "values": {"interval": "8", …}}
///
/// `values` holds every field of the settings form that has a value (the file's, else the one the frame runs with),
/// as the form's text. What is the frame's own is never carried (`isFrameOwn`): its name, its id, its remote's token
/// and address, the broker's account and every key or password. The form holds none of these today; the rule keeps
/// a field added to it later from leaking one into a file that is mailed around. `exported` and `from` only say
/// where the file came from: an import reads `values` alone. Parsing checks the file's shape; the values are the
/// form's to check (`FrameSettings.save`), all or nothing.
public struct SettingsFile: Equatable, Sendable {
    /// The format's version: a file of another is refused, never half-read.
    public static let version = 1
    /// The longest file read, in bytes: the remote's body limit. A form's file is about 1 KB; its free-text fields
    /// at their longest (`CommandNames.maxArgumentBytes`, each byte escaped) stay within this.
    public static let maxBytes = RemoteLimits.standard.maxBodyBytes

    public var values: [String: String]
    /// When and from which frame (its name) the file was exported: said to the user, never imported.
    public var exported: String?
    public var from: String?

    public init(values: [String: String], exported: String? = nil, from: String? = nil) {
        self.values = values; self.exported = exported; self.from = from
    }

    /// The file of a form: every field with a value, the frame's own left out.
    public init(fields: [SettingField], from: String?, exported: Date) {
        var values: [String: String] = [:]
        for field in fields where !Self.isFrameOwn(field.name) {
            if let value = field.value { values[field.name] = value }
        }
        self.init(values: values, exported: Self.time(exported), from: from)
    }

    /// Whether a setting is the frame's own (its identity, or a secret) and never goes from one frame to another.
    public static func isFrameOwn(_ name: String) -> Bool {
        let name = name.lowercased()
        return frameOwn.contains(name) || secretEndings.contains { name.hasSuffix($0) }
            || name.hasPrefix("remote") || name.hasPrefix("mqtt")
    }

    /// The frame's identity: what tells it from the others on the network and the broker.
    static let frameOwn: Set<String> = ["name", "id", "frame-id", "config", "cache-dir"]
    /// Secrets, whatever they open (`immich-key`, `unsplash-key`, `mqtt-password`, a token file).
    static let secretEndings = ["key", "password", "token", "token-file", "secret"]

    /// The file's bytes: keys sorted, indented, so two exports of the same settings read the same.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let document = Written(version: Self.version, exported: exported, from: from, values: values)
        return (try? encoder.encode(document)) ?? Data("{}".utf8)
    }

    /// The file's name as a download: `tessera-settings-hall.json` (the frame's name as its id would spell it).
    public static func fileName(from name: String?) -> String {
        "tessera-settings-\(name.flatMap(FrameID.slug(from:))?.value ?? "frame").json"
    }

    /// ISO 8601 in UTC, to the second.
    public static func time(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    /// The file read from `data`, or why not, in `book`'s words: too long, not JSON, not a settings file, of another
    /// version, or values that are the frame's own or not text (each said by its name in `problems`). Whatever
    /// comes, the answer is a value or a refusal; nothing is written here.
    public static func parse(_ data: Data, maxBytes: Int = maxBytes, book: any WordBook = EnglishBook())
        -> Result<SettingsFile, SettingsRefusal> {
        guard data.count <= maxBytes else {
            return .failure(SettingsRefusal(message: book.trn("the file is longer than {count} byte: it is not a settings file",
                                                              "the file is longer than {count} bytes: it is not a settings file",
                                                              count: maxBytes)))
        }
        let notOne = SettingsRefusal(message: book.tr("this is not a Tessera settings file"))
        guard let document = try? JSONDecoder().decode(Read.self, from: data), let version = document.version else {
            return .failure(notOne)
        }
        guard case .text(let said) = version, let number = Int(said) else { return .failure(notOne) }
        guard number == Self.version else {
            // Translators: {version} is the file's format version (2); {known} the one this frame reads (1).
            return .failure(SettingsRefusal(message: book.tr("the settings file is of version {version}; this frame reads version {known}",
                                                             ["version": String(number), "known": String(Self.version)])))
        }
        guard let members = document.values else {
            return .failure(SettingsRefusal(message: book.tr("the settings file holds no values")))
        }
        guard members.count <= RemoteSettingsBody.maxSettings else {
            return .failure(SettingsRefusal(message: book.trn("the settings file holds more than {count} value",
                                                              "the settings file holds more than {count} values",
                                                              count: RemoteSettingsBody.maxSettings)))
        }
        var values: [String: String] = [:]
        var problems: [String: String] = [:]
        for (name, member) in members {
            guard !name.isEmpty, name.utf8.count <= RemoteSettingsBody.maxNameBytes else {
                return .failure(SettingsRefusal(message: book.trn("a setting's name is longer than {count} byte",
                                                                  "a setting's name is longer than {count} bytes",
                                                                  count: RemoteSettingsBody.maxNameBytes)))
            }
            if isFrameOwn(name) {
                problems[name] = book.tr("is the frame's own: it is not carried from one frame to another")
            } else if case .text(let value) = member {
                if value.utf8.count > RemoteSettingsBody.maxValueBytes {
                    problems[name] = book.trn("longer than {count} byte", "longer than {count} bytes",
                                              count: RemoteSettingsBody.maxValueBytes)
                } else {
                    values[name] = value
                }
            } else {
                problems[name] = book.tr("must be a string, a number or true/false")
            }
        }
        guard problems.isEmpty else {
            let message = problems.count == 1 ? book.tr("one value cannot be imported: nothing changed")
                : book.trn("{count} value cannot be imported: nothing changed", "{count} values cannot be imported: nothing changed",
                           count: problems.count)
            return .failure(SettingsRefusal(message: message, problems: problems))
        }
        guard !values.isEmpty else {
            return .failure(SettingsRefusal(message: book.tr("the settings file holds no values")))
        }
        return .success(SettingsFile(values: values, exported: document.exported?.text, from: document.from?.text))
    }

    /// The document as written.
    private struct Written: Encodable {
        var version: Int
        var exported: String?
        var from: String?
        var values: [String: String]
        enum CodingKeys: String, CodingKey { case version = "tessera_settings", exported, from, values }
    }

    /// The document as read: every member a `Member`, so a wrong type is said by its name rather than failing all.
    private struct Read: Decodable {
        var version: Member?
        var exported: Member?
        var from: Member?
        var values: [String: Member]?
        enum CodingKeys: String, CodingKey { case version = "tessera_settings", exported, from, values }
    }

    /// One JSON value as the form's text: a string as it is, a number in its shortest form (8, not 8.0), true/false
    /// as yes/no; anything else (null, an array, an object) unfit.
    private enum Member: Decodable {
        case text(String)
        case unfit

        var text: String? { if case .text(let text) = self { return text } else { return nil } }

        init(from decoder: Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let text = try? value.decode(String.self) {
                self = .text(text)
            } else if let whole = try? value.decode(Int.self) {
                self = .text(String(whole))
            } else if let number = try? value.decode(Double.self), number.isFinite {
                self = .text(ConfigText.number(number))
            } else if let truth = try? value.decode(Bool.self) {
                self = .text(truth ? "yes" : "no")
            } else {
                self = .unfit
            }
        }
    }
}
