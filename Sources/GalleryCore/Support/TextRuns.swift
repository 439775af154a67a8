/// Splits a line into runs that one font each can draw. SDL_ttf has no font fallback and DejaVu Sans has no CJK
/// or emoji, so a name like "山田 Zoë 🙂" is drawn as three runs through three fonts. Each character goes to the
/// first font (in order) that has its first scalar; one that no font has stays with the first font (which draws
/// its "missing" box).
public enum TextRuns {
    public struct Run: Equatable {
        public let font: Int
        public let text: String
        public init(font: Int, text: String) { self.font = font; self.text = text }
    }

    public static func split(_ text: String, fonts: Int, provides: (Int, Unicode.Scalar) -> Bool) -> [Run] {
        var runs: [Run] = []
        var current = "", currentFont = 0
        for character in text {
            guard let first = character.unicodeScalars.first else { continue }
            // Spaces and joiners stay with the run they are in.
            let font = first.properties.isWhitespace && !current.isEmpty
                ? currentFont : (0..<max(1, fonts)).first { provides($0, first) } ?? 0
            if font != currentFont && !current.isEmpty {
                runs.append(Run(font: currentFont, text: current))
                current = ""
            }
            currentFont = font
            current.append(character)
        }
        if !current.isEmpty { runs.append(Run(font: currentFont, text: current)) }
        return runs
    }
}
