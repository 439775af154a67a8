/// Text from outside (a server, a cache file, a folder) made safe to keep and draw: bounded in length, without
/// control characters, and without bidirectional overrides that would make one author's name look like another's
/// or reorder the rest of a line.
public enum ExternalText {
    public static let maxAuthorCharacters = 200
    /// A longer URL is dropped, not cut: a cut URL points somewhere else.
    public static let maxURLBytes = 2048

    /// Whether a scalar is never kept: C0 and C1 controls, DEL, and the bidirectional embedding, override and
    /// isolate controls (U+202A–U+202E, U+2066–U+2069) and the Arabic letter mark.
    public static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x061C: return true
        default: return false
        }
    }

    /// Forbidden characters removed, runs of whitespace made one space, cut to `maxCharacters` with an ellipsis.
    /// A character with endless combining marks cannot make it long either: the scalars looked at are bounded too.
    public static func clean(_ text: String, maxCharacters: Int = maxAuthorCharacters) -> String {
        var scalars = String.UnicodeScalarView()
        var lastWasSpace = true  // drops leading space
        var seen = 0
        for scalar in text.unicodeScalars {
            seen += 1
            if seen > maxCharacters * 8 { break }
            if isForbidden(scalar) { continue }
            let space = scalar.properties.isWhitespace
            if space && lastWasSpace { continue }
            scalars.append(space ? " " : scalar)
            lastWasSpace = space
        }
        var result = String(scalars)
        while result.last == " " { result.removeLast() }
        if result.count > maxCharacters || seen > maxCharacters * 8 {
            result = String(result.prefix(maxCharacters - 1)) + "…"
        }
        return result
    }

    /// The URL if it is an http(s) URL of sane length and without forbidden characters or spaces; else "".
    public static func url(_ text: String) -> String {
        guard text.utf8.count <= maxURLBytes, text.hasPrefix("https://") || text.hasPrefix("http://"),
              !text.unicodeScalars.contains(where: { isForbidden($0) || $0.properties.isWhitespace })
        else { return "" }
        return text
    }

    /// A local file's URL as a folder source makes it ("file:///…", percent-encoded, so no spaces or controls).
    public static func isFileURL(_ text: String) -> Bool {
        text.hasPrefix("file:///") && text.utf8.count <= 8192
            && !text.unicodeScalars.contains(where: { isForbidden($0) || $0.properties.isWhitespace })
    }
}

/// Fits a line of text to a width before it is rendered: the longest prefix that fits, with an ellipsis. Measuring
/// is cheap (no pixels); rendering a string far wider than the screen is not, and fails beyond the texture limit.
public enum TextFit {
    /// `text` broken into lines at spaces, each at most `maxWidth` wide as `measure` says, at most `maxLines` of
    /// them: the last one fitted with an ellipsis when more is left. A word wider than a line is fitted on its own.
    public static func wrap(_ text: String, width maxWidth: Int, maxLines: Int, measure: (String) -> Int) -> [String] {
        guard maxLines > 0, maxWidth > 0 else { return [] }
        var lines: [String] = []
        var current = ""
        let pieces = breakablePieces(text)
        for (i, piece) in pieces.enumerated() {
            let candidate = current.isEmpty ? piece.text : current + (piece.spaced ? " " : "") + piece.text
            if measure(candidate) <= maxWidth || current.isEmpty {
                current = candidate
                continue
            }
            if lines.count == maxLines - 1 {
                // The last line takes the rest, cut with an ellipsis.
                let rest = pieces[i...].reduce(current) { $0 + ($1.spaced ? " " : "") + $1.text }
                return lines + [fit(rest, width: maxWidth, measure: measure)]
            }
            lines.append(fit(current, width: maxWidth, measure: measure))
            current = piece.text
        }
        if !current.isEmpty { lines.append(fit(current, width: maxWidth, measure: measure)) }
        return lines
    }

    /// Where a line may break: at spaces, and between the characters of Chinese and Japanese, which write no
    /// spaces ("☆ をクリック、長押し" breaks after any kana or ideograph); a closing mark (、。）」) stays with
    /// the character before it, never starting a line.
    static func breakablePieces(_ text: String) -> [(text: String, spaced: Bool)] {
        var pieces: [(text: String, spaced: Bool)] = []
        var word = "", spaced = false, wordSpaced = false
        func endWord() {
            if !word.isEmpty { pieces.append((word, wordSpaced)) }
            word = ""
        }
        for c in text {
            if c == " " { endWord(); spaced = !pieces.isEmpty; continue }
            if isClosingMark(c), word.isEmpty, let last = pieces.popLast() {
                pieces.append((last.text + String(c), last.spaced))
                continue
            }
            if breaksAnywhere(c) {
                endWord()
                pieces.append((String(c), spaced))
                spaced = false
                continue
            }
            if word.isEmpty { wordSpaced = spaced; spaced = false }
            word.append(c)
        }
        endWord()
        return pieces
    }

    /// Kana and ideographs (as the shaper names their scripts), CJK punctuation and full-width forms: a line may
    /// break before or after each.
    private static func breaksAnywhere(_ c: Character) -> Bool {
        guard let scalar = c.unicodeScalars.first else { return false }
        if (0x3000...0x303F).contains(scalar.value) || (0xFF00...0xFFEF).contains(scalar.value) { return true }
        let script = Script.of(scalar)
        return script == "Hani" || script == "Hira" || script == "Kana"
    }

    private static func isClosingMark(_ c: Character) -> Bool { "、。，．）」』】！？：；・ー".contains(c) }

    /// `measure` returns the drawn width of a string. Asks it O(log n) times.
    public static func fit(_ text: String, width maxWidth: Int, measure: (String) -> Int) -> String {
        guard maxWidth > 0 else { return "" }
        if measure(text) <= maxWidth { return text }
        let characters = Array(text)
        var low = 0, high = characters.count  // the prefix of `low` characters fits (with the ellipsis)
        while low < high {
            let mid = (low + high + 1) / 2
            if measure(String(characters[..<mid]) + "…") <= maxWidth { low = mid } else { high = mid - 1 }
        }
        if low == 0 { return measure("…") <= maxWidth ? "…" : "" }
        var prefix = String(characters[..<low])
        while prefix.last == " " { prefix.removeLast() }
        return prefix + "…"
    }
}
