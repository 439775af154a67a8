import Foundation

/// Editing the configuration file's text (the remote's settings form): lines of the names given are replaced, all
/// else (comments, blank lines, other names, their order) stays as the person who wrote it left it. Text only; the
/// file itself is the app's to read and write.
extension ConfigText {
    /// `text` with each `(name, value)` set: the first line of that name holds the new value, later lines of the same
    /// name are dropped (the last line would win when read, so a stale duplicate must not stay behind), and a name
    /// without a line is appended at the end. A value that no line can hold (`written` is nil) is left out, and the
    /// old lines of its name stay.
    public static func setting(_ values: [(String, String)], in text: String) -> String {
        var wanted: [String: String] = [:], order: [String] = []
        for (name, value) in values {
            let key = name.lowercased()
            guard let line = written(value) else { continue }
            if wanted[key] == nil { order.append(key) }
            wanted[key] = "\(key) = \(line)"
        }
        var done = Set<String>()
        var lines = editableLines(text).compactMap { raw -> String? in
            guard let name = lineName(raw), let replacement = wanted[name] else { return String(raw) }
            return done.insert(name).inserted ? replacement : nil
        }
        let missing = order.filter { !done.contains($0) }.compactMap { wanted[$0] }
        if !missing.isEmpty {
            // Appended after the last line, keeping a final newline: drop the empty piece the newline left.
            if lines.last == "" { lines.removeLast() }
            lines += missing + [""]
        }
        return restored(lines, from: text)
    }

    /// `text` without any line of these names.
    public static func removing(_ names: Set<String>, from text: String) -> String {
        let lowered = Set(names.map { $0.lowercased() })
        let lines = editableLines(text).filter { raw in lineName(raw).map { !lowered.contains($0) } ?? true }
        return restored(lines, from: text)
    }

    /// How a value is written after `name = ` so that `parse` reads it back unchanged: bare where it can be, else
    /// quoted with whichever quote it does not hold. Nil when no line can hold it: a control character (a newline
    /// would start a second line, a setting of its own), or both quotes in a value that needs quoting.
    public static func written(_ value: String) -> String? {
        guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control
                                                      || $0 == "\u{2028}" || $0 == "\u{2029}" }) else { return nil }
        let edgeSpace = value.first.map { $0.isWhitespace } == true || value.last.map { $0.isWhitespace } == true
        let needsQuotes = edgeSpace || value.contains("#") || value.hasPrefix("\"") || value.hasPrefix("'")
        guard needsQuotes else { return value }
        if !value.contains("\"") { return "\"\(value)\"" }
        if !value.contains("'") { return "'\(value)'" }
        return nil
    }

    /// The name a line sets, as `parse` reads it (lowercased); nil for comments, blank lines and lines `parse`
    /// would skip.
    static func lineName(_ raw: Substring) -> String? {
        guard raw.utf8.count <= maxLineBytes else { return nil }
        let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !line.isEmpty, !line.hasPrefix("#"), let eq = line.firstIndex(of: "=") else { return nil }
        let name = line[..<eq].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, !name.hasPrefix("-"),
              name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else { return nil }
        return name.lowercased()
    }

    private static func editableLines(_ text: String) -> [Substring] {
        // CR LF read as one character would make the whole file one line (and a save of its first name the whole
        // file): lines end at "\n", and are written back with "\n" alone.
        let body = (text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text).replacingOccurrences(of: "\r\n", with: "\n")
        return body.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The lines joined again, with the byte-order mark the text began with, if any.
    private static func restored<S: StringProtocol>(_ lines: [S], from text: String) -> String {
        (text.hasPrefix("\u{FEFF}") ? "\u{FEFF}" : "") + lines.joined(separator: "\n")
    }
}
