import Foundation

/// The configuration file's text (`$XDG_CONFIG_HOME/tessera/config`): one `name = value` a line, `#` starts a
/// comment, blank lines are skipped. Names are the command line's long option names without the dashes; a value
/// may be quoted ("…" or '…') to keep spaces or a `#`. Parsing only splits lines; what a name means and whether
/// its value is good is the command line's to say (one definition of the options).
public enum ConfigText {
    public struct Entry: Equatable, Sendable {
        public let line: Int
        public let name: String
        public let value: String
        public init(line: Int, name: String, value: String) { self.line = line; self.name = name; self.value = value }
    }

    public struct Problem: Equatable, Sendable, CustomStringConvertible {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// Longest line read; a longer one is a mistake (or not a config file), reported and skipped.
    public static let maxLineBytes = 4096

    public static func parse(_ text: String) -> (entries: [Entry], problems: [Problem]) {
        var entries: [Entry] = [], problems: [Problem] = []
        // A file saved by an editor that writes a byte-order mark starts with U+FEFF: not part of the first name.
        var text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        // A file saved on Windows ends its lines with CR LF, which Swift reads as one character that is not "\n".
        text = text.replacingOccurrences(of: "\r\n", with: "\n")
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            guard raw.utf8.count <= maxLineBytes else {
                problems.append(Problem(line: number, message: "longer than \(maxLineBytes) bytes"))
                continue
            }
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let eq = line.firstIndex(of: "=") else {
                problems.append(Problem(line: number, message: "expected name = value"))
                continue
            }
            let name = line[..<eq].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }),
                  !name.hasPrefix("-") else {
                // Quoted as text a terminal can show: garbage in the file (NULs, escapes) is not echoed raw.
                let shown = ExternalText.clean(name, maxCharacters: 40)
                problems.append(Problem(line: number, message: "'\(shown)' is not an option name"))
                continue
            }
            switch value(String(line[line.index(after: eq)...])) {
            case .success(let v): entries.append(Entry(line: number, name: name.lowercased(), value: v))
            case .failure(let why): problems.append(Problem(line: number, message: why.message))
            }
        }
        return (entries, problems)
    }

    private struct Failure: Error { let message: String }

    /// A value: quoted as a whole, or bare up to a comment.
    private static func value(_ text: String) -> Result<String, Failure> {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard let first = t.first, first == "\"" || first == "'" else {
            let bare = t.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return .success(bare.trimmingCharacters(in: .whitespaces))
        }
        let rest = t.dropFirst()
        guard let close = rest.firstIndex(of: first) else { return .failure(Failure(message: "unclosed quote")) }
        let after = rest[rest.index(after: close)...].trimmingCharacters(in: .whitespaces)
        guard after.isEmpty || after.hasPrefix("#") else {
            return .failure(Failure(message: "text after the closing quote"))
        }
        return .success(String(rest[..<close]))
    }

    /// What a flag's value may be, as a bad line's report says it.
    public static let flagValues = "takes yes or no (also true/false, on/off, 1/0)"

    /// Whether a value reads as yes or no (for flags), or neither: any case of yes/no, true/false, on/off, 1/0.
    public static func truth(_ value: String) -> Bool? {
        switch value.lowercased() {
        case "true", "yes", "on", "1": return true
        case "false", "no", "off", "0": return false
        default: return nil
        }
    }
}

extension ConfigText {
    /// A number as the file writes it: whole numbers without a fraction (`10`, not `10.0`).
    public static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
