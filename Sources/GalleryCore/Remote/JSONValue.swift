import Foundation

/// A JSON value for building payloads that are encoded with sorted keys, so equal configs read the same.
public enum JSONValue: Equatable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral {
    case string(String)
    case number(Int)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }

    var foundation: Any {
        switch self {
        case .string(let s): return s
        case .number(let n): return n
        case .array(let a): return a.map(\.foundation)
        case .object(let o): return o.mapValues(\.foundation)
        }
    }

    /// Compact JSON, keys sorted (`JSONSerialization`).
    public func data() -> Data {
        (try? JSONSerialization.data(withJSONObject: foundation, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data("{}".utf8)
    }
}
