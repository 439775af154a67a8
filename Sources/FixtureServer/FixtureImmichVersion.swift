import Foundation

/// What differs between the Immich versions the stand-in plays (`FixtureFaults.immichVersion`), so a test can hold
/// Tessera to each:
/// - **v2.x**: a search without `visibility` finds the timeline only; a body's unknown fields are stripped unread
///   (class-validator's whitelist), its known ones checked; a refusal is `{"message": [...], "error", "statusCode"}`;
///   `duration` is "H:MM:SS.ffffff"; an album's details carry its `assets`; assets carry `deviceAssetId`, `isArchived`.
/// - **v3.x**: a search without `visibility` finds everything but the locked folder (archived and hidden assets,
///   Live Photos' own clips); a body is checked strictly (Zod: an unknown field, a fraction where a whole number
///   belongs, a value outside an enum, an ID that is no UUID, a date that is not ISO 8601 are each refused); a
///   refusal is `{"message": "Validation failed", "errors": [{"code", "path", "message"}]}`; `duration` is whole
///   milliseconds or null; an album's details have no `assets`; `deviceAssetId` and `isArchived` are gone.
struct FixtureImmichVersion {
    let major: Int
    /// Fields of the search taken as unknown (`FixtureFaults.immichUnknownFields`).
    var dropped: Set<String> = []
    var isV3: Bool { major >= 3 }

    /// One thing wrong with a body, as Zod words it.
    struct Issue: Equatable {
        var code: String
        var path: [String]
        var message: String
    }

    /// What a field of `MetadataSearchDto` holds (Immich's OpenAPI spec).
    enum Field {
        case uuids, uuid, flag, date, text
        case whole(ClosedRange<Int>)
        case choice([String])
    }

    /// `POST /api/search/metadata`'s body, field by field (the flat fields v3.2 deprecates in favour of its
    /// structured search, still taken by every 3.x).
    static let metadataSearch: [String: Field] = [
        "albumIds": .uuids, "personIds": .uuids, "tagIds": .uuids,
        "id": .uuid, "libraryId": .uuid,
        "isEncoded": .flag, "isFavorite": .flag, "isMotion": .flag, "isNotInAlbum": .flag, "isOffline": .flag,
        "withDeleted": .flag, "withExif": .flag, "withPeople": .flag, "withStacked": .flag,
        "takenAfter": .date, "takenBefore": .date, "createdAfter": .date, "createdBefore": .date,
        "updatedAfter": .date, "updatedBefore": .date, "trashedAfter": .date, "trashedBefore": .date,
        "page": .whole(1...Int(Int32.max)), "size": .whole(1...1000), "rating": .whole(-1...5),
        "order": .choice(["asc", "desc"]), "type": .choice(["IMAGE", "VIDEO", "AUDIO", "OTHER"]),
        "visibility": .choice(["archive", "timeline", "hidden", "locked"]),
        "checksum": .text, "city": .text, "country": .text, "description": .text, "deviceId": .text,
        "encodedVideoPath": .text, "lensModel": .text, "make": .text, "model": .text, "ocr": .text,
        "originalFileName": .text, "originalPath": .text, "previewPath": .text, "state": .text, "thumbnailPath": .text,
    ]

    /// What is wrong with a search's body (none: it is taken). v2 strips fields it does not know; v3 refuses them.
    func issues(searchBody body: Data) -> [Issue] {
        let parsed = body.isEmpty ? [String: Any]() : (try? JSONSerialization.jsonObject(with: body))
        guard let object = parsed as? [String: Any] else {
            return [Issue(code: "invalid_type", path: [], message: "Invalid input: expected object")]
        }
        var issues: [Issue] = []
        let unknown = object.keys.filter { FixtureImmichVersion.metadataSearch[$0] == nil || dropped.contains($0) }.sorted()
        if isV3, !unknown.isEmpty {
            issues.append(Issue(code: "unrecognized_keys", path: [],
                                message: "Unrecognized key\(unknown.count == 1 ? "" : "s"): " +
                                    unknown.map { "\"\($0)\"" }.joined(separator: ", ")))
        }
        for (name, value) in object.sorted(by: { $0.key < $1.key }) {
            guard let field = FixtureImmichVersion.metadataSearch[name], !dropped.contains(name) else { continue }
            issues += check(value, as: field, path: [name])
        }
        return issues
    }

    private func check(_ value: Any, as field: Field, path: [String]) -> [Issue] {
        func wrong(_ code: String, _ message: String) -> [Issue] { [Issue(code: code, path: path, message: message)] }
        switch field {
        case .uuids:
            guard let list = value as? [Any] else { return wrong("invalid_type", "Invalid input: expected array") }
            return list.enumerated().flatMap { i, item in check(item, as: .uuid, path: path + [String(i)]) }
        case .uuid:
            guard let text = value as? String, !FixtureImmichVersion.isBool(value) else {
                return wrong("invalid_type", "Invalid input: expected string")
            }
            return FixtureImmichVersion.isUUID(text) ? [] : wrong("invalid_format", "Invalid UUID")
        case .flag:
            return FixtureImmichVersion.isBool(value) ? [] : wrong("invalid_type", "Invalid input: expected boolean")
        case .date:
            guard let text = value as? String else { return wrong("invalid_type", "Invalid input: expected string") }
            return FixtureImmichVersion.isISODate(text) ? [] : wrong("invalid_format", "Invalid ISO datetime")
        case .text:
            return value is String ? [] : wrong("invalid_type", "Invalid input: expected string")
        case .whole(let range):
            guard !FixtureImmichVersion.isBool(value), let number = value as? Double else {
                return wrong("invalid_type", "Invalid input: expected number")
            }
            guard number.rounded() == number, let whole = Int(exactly: number) else {
                return wrong("invalid_type", "Invalid input: expected int, received number")
            }
            if whole < range.lowerBound { return wrong("too_small", "Too small: expected number to be >=\(range.lowerBound)") }
            if whole > range.upperBound { return wrong("too_big", "Too big: expected number to be <=\(range.upperBound)") }
            return []
        case .choice(let options):
            guard let text = value as? String, options.contains(text) else {
                return wrong("invalid_value", "Invalid option: expected one of " + options.map { "\"\($0)\"" }.joined(separator: "|"))
            }
            return []
        }
    }

    /// A refusal (400) in this version's words; `correlationId` as Immich adds to every error.
    func rejection(_ issues: [Issue]) -> [String: Any] {
        if isV3 {
            return ["message": "Validation failed", "correlationId": "fixture0",
                    "errors": issues.map { ["code": $0.code, "path": $0.path, "message": $0.message] as [String: Any] }]
        }
        return ["message": issues.map { issue in
                    issue.path.isEmpty ? issue.message : "[\(issue.path.joined(separator: "."))] \(issue.message)"
                },
                "error": "Bad Request", "statusCode": 400, "correlationId": "fixture0"]
    }

    /// An error that is no validation's (a business rule, a missing asset): one message in either version.
    func error(_ message: String, status: Int) -> [String: Any] {
        let names = [400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found"]
        return ["message": message, "error": names[status] ?? "Error", "statusCode": status, "correlationId": "fixture0"]
    }

    /// A video's length as this version writes it (`seconds`; nil: a still).
    func duration(_ seconds: Double?) -> Any {
        if isV3 { return seconds.map { Int(($0 * 1000).rounded()) } ?? NSNull() }
        guard let seconds else { return "0:00:00.00000" }
        let whole = Int(seconds)
        return String(format: "%d:%02d:%09.6f", whole / 3600, whole / 60 % 60, seconds - Double(whole / 60 * 60))
    }

    private static let boolType = ObjectIdentifier(type(of: NSNumber(value: true)))

    /// Whether a JSON value is true or false (JSONSerialization gives numbers and booleans the same Swift casts).
    static func isBool(_ value: Any) -> Bool { ObjectIdentifier(type(of: value)) == boolType || type(of: value) == Bool.self }

    /// 8-4-4-4-12 hexadecimal digits.
    static func isUUID(_ text: String) -> Bool {
        let u = Array(text.utf8)
        guard u.count == 36 else { return false }
        return u.indices.allSatisfy { i in
            [8, 13, 18, 23].contains(i) ? u[i] == UInt8(ascii: "-")
                : (48...57).contains(u[i]) || (97...102).contains(u[i]) || (65...70).contains(u[i])
        }
    }

    /// "2024-06-01T10:15:00.000Z" or with an offset ("+02:00"), the fraction optional: Zod's ISO datetime.
    static func isISODate(_ text: String) -> Bool {
        let u = Array(text.utf8)
        guard u.count >= 20, u.count <= 35 else { return false }
        func digits(_ r: Range<Int>) -> Bool { r.allSatisfy { (48...57).contains(u[$0]) } }
        guard digits(0..<4), u[4] == UInt8(ascii: "-"), digits(5..<7), u[7] == UInt8(ascii: "-"), digits(8..<10),
              u[10] == UInt8(ascii: "T"), digits(11..<13), u[13] == UInt8(ascii: ":"), digits(14..<16),
              u[16] == UInt8(ascii: ":"), digits(17..<19) else { return false }
        var i = 19
        if u[i] == UInt8(ascii: ".") {
            i += 1
            let start = i
            while i < u.count, (48...57).contains(u[i]) { i += 1 }
            guard i > start else { return false }
        }
        if i == u.count - 1 { return u[i] == UInt8(ascii: "Z") }
        guard u.count - i == 6, u[i] == UInt8(ascii: "+") || u[i] == UInt8(ascii: "-"), digits(i + 1..<i + 3),
              u[i + 3] == UInt8(ascii: ":"), digits(i + 4..<i + 6) else { return false }
        return true
    }
}
