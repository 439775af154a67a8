import CFriBidi

/// The Unicode bidirectional algorithm (UAX #9) through GNU FriBidi: the embedding level of each character of a
/// paragraph, so a line can be cut into runs of one direction and put in visual order (`TextRuns.layout`).
/// SDL_ttf shapes a run with HarfBuzz but does not reorder a line; "محمد العلي" drawn as it is stored comes out
/// backwards.
public enum Bidi {
    /// One level per `Character` of `text` (the level of its first scalar: even is left to right, odd right to
    /// left), and the paragraph's own level. The paragraph's direction is taken from its first strong character
    /// (`FRIBIDI_PAR_ON`), or is left to right when `leftToRight` (a line of a left-to-right interface, such as
    /// "محمد · 12:00": the name is drawn right to left, the separator and clock stay after it), or right to left
    /// when `rightToLeft` (an Arabic sentence that starts with a key or a file name: "Esc أو ? أو نقرة تُغلق").
    /// Nil when FriBidi fails (out of memory), in which case the line is drawn as stored.
    /// `fribidi_get_bidi_types`, `fribidi_get_bracket_types`, `fribidi_get_par_embedding_levels_ex`.
    public static func levels(of text: String, leftToRight: Bool = false,
                              rightToLeft: Bool = false) -> (characters: [UInt8], paragraph: UInt8)? {
        let scalars = text.unicodeScalars.map { FriBidiChar($0.value) }
        guard !scalars.isEmpty else { return ([], 0) }
        // Names and captions are short; a pasted essay is capped so the arrays below stay small.
        guard scalars.count <= 1 << 16 else { return nil }
        let count = FriBidiStrIndex(scalars.count)
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: scalars.count)
        var brackets = [FriBidiBracketType](repeating: FriBidiBracketType(0), count: scalars.count)
        var levels = [FriBidiLevel](repeating: FriBidiLevel(0), count: scalars.count)
        var direction = leftToRight ? tessera_fribidi_par_ltr()
            : rightToLeft ? tessera_fribidi_par_rtl() : tessera_fribidi_par_auto()
        fribidi_get_bidi_types(scalars, count, &types)
        fribidi_get_bracket_types(scalars, count, types, &brackets)
        guard fribidi_get_par_embedding_levels_ex(types, brackets, count, &direction, &levels) != 0 else { return nil }
        var perCharacter: [UInt8] = []
        perCharacter.reserveCapacity(text.count)
        var index = 0
        for character in text {
            perCharacter.append(UInt8(bitPattern: levels[index]))
            index += character.unicodeScalars.count
        }
        let paragraph: UInt8 = tessera_fribidi_par_is_rtl(direction) != 0 ? 1 : 0
        return (perCharacter, paragraph)
    }
}
