extension Icon {
    /// Whether the icon points along the line of reading (back and forward arrows, the previous and next
    /// chevrons): on a screen read right to left it is drawn mirrored, so "next" points to the left, where the
    /// reading goes. Other icons are pictures of things (a star, a bin, a folder) or of a turn that is the same in
    /// any script (play, the clock-wise and counter-clock-wise rotations, history) and stay as they are, as
    /// Material Design's guidance for bidirectional icons says.
    public var pointsAlongReading: Bool {
        switch self {
        case .arrowBack, .arrowForward, .chevronLeft, .chevronRight: true
        default: false
        }
    }
}

extension Icon {
    /// The text glyph a button shows for an arrow along the reading where the icon font is missing, on a mirrored
    /// screen: the one pointing the other way (a glyph is a word, drawn as it is, not flipped). Other glyphs stay.
    public static func glyph(_ glyph: String, mirrored: Bool) -> String {
        guard mirrored else { return glyph }
        switch glyph {
        case "‹": return "›"
        case "›": return "‹"
        case "←": return "→"
        case "→": return "←"
        default: return glyph
        }
    }
}
