/// File names on Linux are bytes, not text: a name from an old camera or a Windows share may not be UTF-8
/// (`M\xfcnchen.jpg`). Paths travel through the app as Swift strings, so every byte that is not part of valid
/// UTF-8 is carried as a character of its own in a private-use block (U+F780 + byte − 0x80) and turned back into
/// that byte at the one door to the system (`withCString`). The mapping is exact both ways: a name that really holds
/// a character of that block has its bytes escaped the same way, so no two names share a string.
public enum PathBytes {
    private static let escapeBase: UInt32 = 0xF700

    private static func isEscape(_ v: UInt32) -> Bool { v >= escapeBase + 0x80 && v <= escapeBase + 0xFF }

    /// The string for a name or path read from the system.
    public static func string<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        let array = Array(bytes)
        // The common case: valid UTF-8 with no character of the escape block.
        if let text = String(validating: array, as: UTF8.self),
           !text.unicodeScalars.contains(where: { isEscape($0.value) }) {
            return text
        }
        var scalars = String.UnicodeScalarView()
        var i = 0
        while i < array.count {
            let length = validSequenceLength(array, at: i)
            if length > 0, let text = String(validating: array[i..<(i + length)], as: UTF8.self),
               let scalar = text.unicodeScalars.first, !isEscape(scalar.value) {
                scalars.append(scalar)
                i += length
            } else if array[i] < 0x80 {
                scalars.append(Unicode.Scalar(array[i]))
                i += 1
            } else {
                // Invalid here, or a real character of the escape block: each byte stands for itself.
                let end = length > 0 ? i + length : i + 1
                for b in array[i..<end] { scalars.append(Unicode.Scalar(escapeBase + UInt32(b))!) }
                i = end
            }
        }
        return String(scalars)
    }

    /// The bytes a string from `string(_:)` stands for.
    public static func bytes(_ path: String) -> [UInt8] {
        guard path.unicodeScalars.contains(where: { isEscape($0.value) }) else { return Array(path.utf8) }
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if isEscape(scalar.value) { out.append(UInt8(scalar.value - escapeBase)) } else { out += Array(String(scalar).utf8) }
        }
        return out
    }

    /// Calls `body` with the path as the system knows it, NUL-terminated.
    public static func withCString<R>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        var raw = bytes(path)
        raw.append(0)
        return try raw.withUnsafeBufferPointer { buffer in
            try buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { try body($0) }
        }
    }

    /// How a name is shown (the pane, search, the log): undecodable bytes as U+FFFD, and no control or bidi
    /// override characters (a name must not move the terminal's cursor or reverse the text around it).
    public static func display(_ path: String) -> String {
        var scalars = String.UnicodeScalarView()
        var lastWasReplacement = false
        for scalar in path.unicodeScalars {
            if isEscape(scalar.value) {
                if !lastWasReplacement { scalars.append("\u{FFFD}") }
                lastWasReplacement = true
                continue
            }
            lastWasReplacement = false
            if ExternalText.isForbidden(scalar) { continue }
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// The length of the valid UTF-8 sequence starting at `i`, or 0.
    private static func validSequenceLength(_ a: [UInt8], at i: Int) -> Int {
        let b0 = a[i]
        let length: Int
        switch b0 {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return 0
        }
        guard i + length <= a.count else { return 0 }
        for k in 1..<length where a[i + k] & 0xC0 != 0x80 { return 0 }
        return String(validating: a[i..<(i + length)], as: UTF8.self) == nil ? 0 : length
    }
}
