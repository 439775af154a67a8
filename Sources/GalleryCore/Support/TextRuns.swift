/// Cuts a line into runs that one font each can draw, shaped for one script and one direction, in the order they
/// are drawn left to right. SDL_ttf has no font fallback, shapes one run at a time (HarfBuzz, told its script and
/// direction) and does not reorder a line; so "محمد العلي" needs a right-to-left run in an Arabic font, and
/// "山田 Zoë 🙂" three runs through three fonts.
public enum TextRuns {
    public struct Run: Equatable {
        public let font: Int
        public let text: String
        /// The ISO 15924 tag HarfBuzz shapes the run as ("Arab", "Deva", …), nil for Latin and the rest, where
        /// the default shaping is right.
        public let script: String?
        /// Drawn right to left (HarfBuzz lays its glyphs out from the right).
        public let rightToLeft: Bool
        public init(font: Int, text: String, script: String? = nil, rightToLeft: Bool = false) {
            self.font = font; self.text = text; self.script = script; self.rightToLeft = rightToLeft
        }
    }

    /// Runs of one font each, in the order stored. Each character goes to the first font (in order) that has its
    /// first scalar; one that no font has stays with the first font (which draws its "missing" box). Spaces stay
    /// with the run they are in.
    public static func split(_ text: String, fonts: Int, provides: (Int, Unicode.Scalar) -> Bool) -> [Run] {
        layout(text, levels: nil, fonts: fonts, provides: provides)
    }

    /// Runs in visual order. `levels`: the bidi embedding level of each character and the paragraph's (from
    /// FriBidi: odd is right to left), nil for a line drawn as stored. A new run starts where the font, the script
    /// or the level changes; runs of a higher level are reversed as rule L2 of UAX #9 says, the run being the unit
    /// (HarfBuzz orders the glyphs inside one).
    public static func layout(_ text: String, levels: (characters: [UInt8], paragraph: UInt8)?, fonts: Int,
                              provides: (Int, Unicode.Scalar) -> Bool) -> [Run] {
        var runs: [(run: Run, level: UInt8)] = []
        var current = "", currentFont = 0, currentScript: String?, currentLevel: UInt8 = levels?.paragraph ?? 0
        for (index, character) in text.enumerated() {
            guard let first = character.unicodeScalars.first else { continue }
            let level = levels.flatMap { index < $0.characters.count ? $0.characters[index] : nil } ?? currentLevel
            let neutral = Script.of(first) == nil
            // Spaces, digits and punctuation stay with the run they are in, in its font if that has them.
            let font = (neutral && !current.isEmpty && provides(currentFont, first))
                ? currentFont : (0..<max(1, fonts)).first { provides($0, first) } ?? 0
            // A neutral in another font starts a run of no script: HarfBuzz shapes it as common text.
            let script = neutral ? (font == currentFont && !current.isEmpty ? currentScript : nil) : Script.of(first)
            // A run of neutrals so far ("(", "12 ") takes the script of the first letter after it.
            if !neutral, currentScript == nil, font == currentFont, level == currentLevel { currentScript = script }
            if !current.isEmpty && (font != currentFont || script != currentScript || level != currentLevel) {
                runs.append((Run(font: currentFont, text: current, script: currentScript,
                                 rightToLeft: currentLevel % 2 == 1), currentLevel))
                current = ""
            }
            currentFont = font
            currentScript = script
            currentLevel = level
            current.append(character)
        }
        if !current.isEmpty {
            runs.append((Run(font: currentFont, text: current, script: currentScript, rightToLeft: currentLevel % 2 == 1),
                         currentLevel))
        }
        guard let highest = runs.map(\.level).max(), highest > 0 else { return runs.map(\.run) }
        // L2: from the highest level down to the lowest odd one, reverse every stretch of runs at that level or
        // higher.
        let lowestOdd = runs.map(\.level).filter { $0 % 2 == 1 }.min() ?? highest
        var level = highest
        while level >= lowestOdd && level > 0 {
            var start = 0
            while start < runs.count {
                guard runs[start].level >= level else { start += 1; continue }
                var end = start
                while end + 1 < runs.count && runs[end + 1].level >= level { end += 1 }
                runs[start...end].reverse()
                start = end + 1
            }
            level -= 1
        }
        return runs.map(\.run)
    }
}

/// The writing system of a character, as the ISO 15924 tag HarfBuzz takes, for the scripts whose shaping differs
/// from the default: joined (Arabic), reordered or stacked (Indic, Thai), right to left (Hebrew). Latin, Greek and
/// Cyrillic shape alike and are "Latn"; CJK needs no shaping but is named so a run of it stays in a CJK font.
/// Spaces, digits and punctuation have no script (nil): they join the run around them.
public enum Script {
    public static func of(_ scalar: Unicode.Scalar) -> String? {
        let v = scalar.value
        switch v {
        case 0x0370...0x03FF, 0x1F00...0x1FFF: return "Grek"
        case 0x0400...0x052F: return "Cyrl"
        case 0x0530...0x058F: return "Armn"
        case 0x0590...0x05FF, 0xFB1D...0xFB4F: return "Hebr"
        case 0x0700...0x074F: return "Syrc"
        case 0x0780...0x07BF: return "Thaa"
        case 0x0A00...0x0A7F: return "Guru"
        case 0x0A80...0x0AFF: return "Gujr"
        case 0x0B00...0x0B7F: return "Orya"
        case 0x0C00...0x0C7F: return "Telu"
        case 0x0C80...0x0CFF: return "Knda"
        case 0x0D00...0x0D7F: return "Mlym"
        case 0x0D80...0x0DFF: return "Sinh"
        case 0x0E80...0x0EFF: return "Laoo"
        case 0x0F00...0x0FFF: return "Tibt"
        case 0x1000...0x109F: return "Mymr"
        case 0x10A0...0x10FF: return "Geor"
        case 0x1200...0x139F: return "Ethi"
        case 0x1780...0x17FF: return "Khmr"
        case 0x1800...0x18AF: return "Mong"
        case 0x0600...0x06FF, 0x0750...0x077F, 0x08A0...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return "Arab"
        case 0x0900...0x097F, 0xA8E0...0xA8FF: return "Deva"
        case 0x0980...0x09FF: return "Beng"
        case 0x0B80...0x0BFF: return "Taml"
        case 0x0E00...0x0E7F: return "Thai"
        case 0x1100...0x11FF, 0xAC00...0xD7AF, 0x3130...0x318F: return "Hang"
        case 0x3040...0x309F: return "Hira"
        case 0x30A0...0x30FF, 0x31F0...0x31FF: return "Kana"
        case 0x2100...0x2BFF, 0x1F000...0x1FAFF, 0xFE00...0xFE0F, 0x200D: return nil  // symbols and emoji
        case 0x2E80...0x2FDF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: return "Hani"
        default:
            let p = scalar.properties
            if p.isWhitespace || p.numericType != nil || v < 0x41 || (0x5B...0x60).contains(v) || (0x7B...0xBF).contains(v)
                || (0x2000...0x206F).contains(v) || (0x3000...0x303F).contains(v) || (0xFF00...0xFF20).contains(v)
                || [.nonspacingMark, .privateUse, .unassigned, .format].contains(p.generalCategory) { return nil }
            // A script not named above shapes as common text, never as Latin (whose shaper would break it).
            return v < 0x0250 || (0x1E00...0x1EFF).contains(v) ? "Latn" : "Zyyy"
        }
    }
}
