import Foundation

/// One `--show-value "TOPIC=TEMPLATE"`: an MQTT topic and how its payload is shown ("Outside {value} °C"). The
/// template's words stay as written; `{value}` is the payload as text and `{value_json.KEY}` (or
/// `{value_json.a.b}`, `{value_json.list.0}`) a field of a JSON payload, as Home Assistant's templates name them
/// (`{{ value }}` with Home Assistant's double braces is taken too).
public struct HouseValueLine: Equatable, Sendable {
    public let topic: String
    public let template: ValueTemplate

    public init(topic: String, template: ValueTemplate) { self.topic = topic; self.template = template }

    /// Longest topic taken (MQTT allows 64 KB; a house's are short).
    public static let maxTopicBytes = 256
    public static let form = "TOPIC=TEMPLATE, the template with {value} or {value_json.KEY}"

    /// `TOPIC=TEMPLATE`, split at the first `=`; why not, in words for the command line.
    public static func parse(_ text: String) -> Result<HouseValueLine, ValueTemplate.Problem> {
        guard let equals = text.firstIndex(of: "=") else {
            return .failure(.init("\"\(ExternalText.clean(text, maxCharacters: 60))\" is not \(form)"))
        }
        let topic = String(text[..<equals]).trimmingCharacters(in: .whitespaces)
        guard !topic.isEmpty, topic.utf8.count <= maxTopicBytes else {
            return .failure(.init("a value's topic must have 1 to \(maxTopicBytes) bytes"))
        }
        // One topic, one value: a wildcard would bring many values into one line.
        guard !topic.contains("+"), !topic.contains("#"), !topic.unicodeScalars.contains(where: { $0.value < 32 }) else {
            return .failure(.init("a value's topic is one topic, without the wildcards + and #"))
        }
        return ValueTemplate.parse(String(text[text.index(after: equals)...])).map { HouseValueLine(topic: topic, template: $0) }
    }
}

/// A line's template: words, and where the payload goes.
public struct ValueTemplate: Equatable, Sendable {
    public enum Part: Equatable, Sendable {
        case words(String)
        /// The payload as text (`{value}`).
        case value
        /// A field of the payload read as JSON (`{value_json.a.b}`): object keys, or array places by number.
        case json([String])
    }

    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    public let parts: [Part]

    /// Longest template taken: a line on a frame.
    public static let maxCharacters = 200
    /// Shown where a JSON payload has no such field, or is not JSON.
    public static let missing = "–"

    public static func parse(_ text: String) -> Result<ValueTemplate, Problem> {
        guard text.count <= maxCharacters else {
            return .failure(Problem("a value's template is longer than \(maxCharacters) characters"))
        }
        var parts: [Part] = []
        var words = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            words += rest[..<open]
            let double = rest[open...].hasPrefix("{{")
            let inside = rest.index(open, offsetBy: double ? 2 : 1)
            guard let close = rest[inside...].firstIndex(of: "}") else {
                return .failure(Problem("a { without its } in \"\(text)\""))
            }
            let name = rest[inside..<close].trimmingCharacters(in: .whitespaces)
            guard let part = placeholder(name) else {
                return .failure(Problem("{\(name)} is neither {value} nor {value_json.KEY}"))
            }
            if !words.isEmpty { parts.append(.words(words)); words = "" }
            parts.append(part)
            var after = rest.index(after: close)
            if double, after < rest.endIndex, rest[after] == "}" { after = rest.index(after: after) }
            rest = rest[after...]
        }
        words += rest
        if !words.isEmpty { parts.append(.words(words)) }
        return .success(ValueTemplate(parts: parts))
    }

    private static func placeholder(_ name: String) -> Part? {
        if name == "value" { return .value }
        guard name.hasPrefix("value_json.") else { return nil }
        let path = name.dropFirst("value_json.".count).split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "_-"))
        guard !path.isEmpty, path.count <= 8,
              path.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy(allowed.contains) }) else { return nil }
        return .json(path)
    }

    /// The line for `payload` (already bounded by the board: `HouseValuePayload.maxBytes`), cut to a line.
    public func fill(_ payload: Data) -> String {
        let json = parts.contains { if case .json = $0 { return true } else { return false } }
            ? HouseValuePayload.json(payload) : nil
        var line = ""
        for part in parts {
            switch part {
            case .words(let words): line += words
            case .value: line += HouseValuePayload.text(payload)
            case .json(let path): line += json.flatMap { $0.at(path) }?.text ?? ValueTemplate.missing
            }
        }
        return ExternalText.clean(line, maxCharacters: HouseValuePayload.maxCharacters)
    }
}
