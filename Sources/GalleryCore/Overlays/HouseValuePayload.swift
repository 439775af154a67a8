import Foundation

/// A house value's payload made fit for a line on the frame: anyone who may publish on the broker can send
/// anything, so it is bounded in bytes before it is kept, read as its first line, with control characters gone and
/// cut to a line's length; read as JSON only when small and shallow.
public enum HouseValuePayload {
    /// Longest payload kept (a value is a number or a few words; JSON from a sensor a few hundred bytes).
    public static let maxBytes = 4096
    /// Longest line shown.
    public static let maxCharacters = 80
    /// Deepest JSON read (a sensor's is two or three levels; a deeper one is not a value).
    public static let maxDepth = 16

    /// The payload as one line of text: its first line, forbidden and control characters gone, cut with an ellipsis.
    public static func text(_ payload: Data) -> String {
        let bounded = payload.prefix(maxBytes)
        let firstLine = bounded.firstIndex(of: UInt8(ascii: "\n")).map { bounded[..<$0] } ?? bounded
        let text = String(decoding: firstLine, as: UTF8.self)
        let printable = String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 32 && $0.value != 127 })
        return ExternalText.clean(String(printable), maxCharacters: maxCharacters)
    }

    /// The payload read as JSON, if it is JSON no larger than `maxBytes` and no deeper than `maxDepth`.
    public static func json(_ payload: Data) -> PayloadJSON? {
        guard payload.count <= maxBytes, depth(payload) <= maxDepth else { return nil }
        return try? JSONDecoder().decode(PayloadJSON.self, from: payload)
    }

    /// How deep arrays and objects nest (outside strings): decoding is recursive, and a payload of 4,000 `[` would
    /// go 4,000 calls deep.
    static func depth(_ payload: Data) -> Int {
        var depth = 0, deepest = 0, inString = false, escaped = false
        for byte in payload {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true }
                else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1; deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }
}

/// A JSON payload, as far as a template reads it.
public enum PayloadJSON: Decodable, Equatable, Sendable {
    case string(String), number(Double), bool(Bool), null
    case array([PayloadJSON])
    case object([String: PayloadJSON])

    public init(from decoder: Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { self = .null }
        else if let bool = try? single.decode(Bool.self) { self = .bool(bool) }
        else if let number = try? single.decode(Double.self) { self = .number(number) }
        else if let string = try? single.decode(String.self) { self = .string(string) }
        else if let array = try? single.decode([PayloadJSON].self) { self = .array(array) }
        else { self = .object(try single.decode([String: PayloadJSON].self)) }
    }

    /// The value at `path`: keys of objects, places (from 0) in arrays.
    public func at(_ path: [String]) -> PayloadJSON? {
        var here = self
        for step in path {
            switch here {
            case .object(let fields): guard let next = fields[step] else { return nil }; here = next
            case .array(let items): guard let i = Int(step), items.indices.contains(i) else { return nil }; here = items[i]
            default: return nil
            }
        }
        return here
    }

    /// As a line shows it: numbers as written (21.5, 3), words as they are; an object or a list is not a value.
    public var text: String? {
        switch self {
        case .string(let s): return s
        case .bool(let b): return b ? "true" : "false"
        case .null: return nil
        case .number(let n):
            if n.rounded() == n, abs(n) < 1e15 { return String(Int64(n)) }
            return String(n)
        case .array, .object: return nil
        }
    }
}
