/// Prometheus's text exposition format, version 0.0.4 (what `GET /metrics` answers): a `# HELP` and a `# TYPE` line
/// per family, then its samples, `name{label="value"} number`, one a line. Label values and help texts are escaped
/// as the format says (a backslash, a double quote in a label, a line break); numbers are Go's spellings (`+Inf`,
/// `-Inf`, `NaN`).
public struct PrometheusText: Sendable {
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    public private(set) var text = ""

    public init() {}

    public enum Kind: String, Sendable { case counter, gauge, histogram, untyped }

    /// A family's head. `name` must be a metric name (`[a-zA-Z_:][a-zA-Z0-9_:]*`, as the code names them).
    public mutating func family(_ name: String, help: String, kind: Kind) {
        text += "# HELP \(name) \(PrometheusText.escapeHelp(help))\n# TYPE \(name) \(kind.rawValue)\n"
    }

    /// One sample.
    public mutating func sample(_ name: String, _ value: Double, labels: [(String, String)] = []) {
        text += name
        if !labels.isEmpty {
            text += "{" + labels.map { "\($0.0)=\"\(PrometheusText.escapeLabel($0.1))\"" }.joined(separator: ",") + "}"
        }
        text += " " + PrometheusText.number(value) + "\n"
    }

    /// A histogram's samples: `_bucket` per bound (cumulative) and `+Inf`, then `_sum` and `_count`.
    public mutating func histogram(_ name: String, _ snapshot: Histogram.Snapshot, labels: [(String, String)] = []) {
        var below: UInt64 = 0
        for (bound, count) in zip(snapshot.bounds, snapshot.counts) {
            below += count
            sample(name + "_bucket", Double(below), labels: labels + [("le", PrometheusText.number(bound))])
        }
        sample(name + "_bucket", Double(snapshot.count), labels: labels + [("le", "+Inf")])
        sample(name + "_sum", snapshot.sum, labels: labels)
        sample(name + "_count", Double(snapshot.count), labels: labels)
    }

    /// `\` → `\\`, `"` → `\"`, a line break → `\n`.
    public static func escapeLabel(_ value: String) -> String {
        var out = ""
        for character in value {
            switch character {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n", "\r\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out
    }

    /// `\` → `\\`, a line break → `\n`.
    public static func escapeHelp(_ value: String) -> String {
        var out = ""
        for character in value {
            switch character {
            case "\\": out += "\\\\"
            case "\n", "\r\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out
    }

    /// A whole number without a fraction; others as Swift's shortest spelling that reads back the same.
    public static func number(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
