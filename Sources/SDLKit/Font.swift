import CSDL2

/// A TrueType font at one point size (`TTF_OpenFont` / `TTF_CloseFont`).
public final class Font {
    public let pointer: OpaquePointer
    public let path: String
    /// SDL_ttf must outlive its fonts (`TTF_CloseFont` after `TTF_Quit` crashes), so a font keeps it running.
    private let system: SDLSystem

    public init(system: SDLSystem, path: String, pointSize: Int) throws {
        guard let f = TTF_OpenFont(path, Int32(pointSize)) else { throw SDLError("TTF_OpenFont") }
        pointer = f
        self.path = path
        self.system = system
    }

    deinit { TTF_CloseFont(pointer) }

    /// How HarfBuzz shapes what this font renders next: the direction (`TTF_SetFontDirection`) and the ISO 15924
    /// script (`TTF_SetFontScriptName`; "Zyyy", common, when nil). Arabic letters join and Indic clusters stack only
    /// when their script is named. Both are state of the font, so a caller sets them before each run.
    public func shape(rightToLeft: Bool, script: String?) {
        TTF_SetFontDirection(pointer, rightToLeft ? TTF_DIRECTION_RTL : TTF_DIRECTION_LTR)
        TTF_SetFontScriptName(pointer, script ?? "Zyyy")
    }

    /// Draws strokes thicker (`TTF_SetFontStyle` with `TTF_STYLE_BOLD`), for a fallback font that has no bold face:
    /// a CJK name in a bold line should not look lighter than the Latin beside it.
    public func embolden() { TTF_SetFontStyle(pointer, TTF_STYLE_BOLD) }

    /// Whether the font has a glyph for a character (`TTF_GlyphIsProvided32`).
    public func provides(_ scalar: Unicode.Scalar) -> Bool { TTF_GlyphIsProvided32(pointer, scalar.value) != 0 }

    /// Height above the baseline (`TTF_FontAscent`), for lining up runs of different fonts.
    public var ascent: Int { Int(TTF_FontAscent(pointer)) }

    /// Distance between baselines (`TTF_FontLineSkip`).
    public var lineHeight: Int { Int(TTF_FontLineSkip(pointer)) }

    /// Width and height of a line of text (`TTF_SizeUTF8`).
    public func size(of text: String) -> (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        TTF_SizeUTF8(pointer, text, &w, &h)
        return (Int(w), Int(h))
    }

    /// Renders anti-aliased white text on transparent (`TTF_RenderUTF8_Blended`); tint it with a colour mod.
    public func render(_ text: String) throws -> Surface {
        let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
        guard let s = TTF_RenderUTF8_Blended(pointer, text.isEmpty ? " " : text, white) else {
            throw SDLError("TTF_RenderUTF8_Blended")
        }
        return Surface(owning: s)
    }
}
