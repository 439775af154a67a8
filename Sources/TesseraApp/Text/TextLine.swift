import GalleryCore
import SDLKit
import TextKit

/// One line of text through a list of fonts (the main face first, then its fallbacks): cut into runs of one font,
/// script and direction (FriBidi's levels, `TextRuns.layout`), each shaped by HarfBuzz inside SDL_ttf and placed
/// left to right in visual order. Shared by the interface's fixed styles (`TextRenderer`) and large type
/// (`LargeType`), so both draw every script the same way.
enum TextLine {
    static func runs(_ text: String, fonts: [Font]) -> [TextRuns.Run] {
        if text.unicodeScalars.allSatisfy({ $0.isASCII }) { return [TextRuns.Run(font: 0, text: text, script: "Latn")] }
        // A left-to-right interface reads its lines left to right ("محمد · " keeps its separator on the right, by
        // the clock). A mirrored one reads right to left every line that has a right-to-left letter, wherever it
        // is: its sentences often start with a key, a placeholder's file name or a number ("Esc أو ? أو نقرة
        // تُغلق", "{name} كما كان"), which would otherwise turn the whole line around; a line with none (an English
        // name, words not yet translated: "30 photos") still reads as English, its number before it.
        let leftToRight = !Words.language.isRightToLeft
        let rightToLeft = !leftToRight && text.unicodeScalars.contains(where: TextLine.isRightToLeftLetter)
        let levels = Bidi.levels(of: text, leftToRight: leftToRight, rightToLeft: rightToLeft)
        let runs = TextRuns.layout(text, levels: levels, fonts: fonts.count) {
            fonts[$0].provides($1)
        }
        // The marks that steer the direction (ICU writes "19\u{200E}%\u{200E}" for Arabic's per cent) have done
        // their work in the levels; no font draws them (a run with one drew nothing at all).
        guard text.unicodeScalars.contains(where: TextLine.isDirectionMark) else { return runs }
        return runs.compactMap { run in
            var kept = run.text
            kept.unicodeScalars.removeAll(where: TextLine.isDirectionMark)
            return kept.isEmpty ? nil : TextRuns.Run(font: run.font, text: kept, script: run.script, rightToLeft: run.rightToLeft)
        }
    }

    /// A letter of a script written right to left (Hebrew, Arabic, Syriac, Thaana), as the shaper names scripts.
    private static func isRightToLeftLetter(_ scalar: Unicode.Scalar) -> Bool {
        rightToLeftScripts.contains(Script.of(scalar) ?? "") && scalar.properties.isAlphabetic
    }

    private static let rightToLeftScripts: Set<String> = ["Hebr", "Arab", "Syrc", "Thaa"]

    /// Left-to-right, right-to-left and Arabic letter marks (U+200E, U+200F, U+061C).
    private static func isDirectionMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x200E || scalar.value == 0x200F || scalar.value == 0x061C
    }

    /// The line's width in the fonts' pixels.
    static func width(_ text: String, fonts: [Font]) -> Int {
        runs(text, fonts: fonts).reduce(0) { sum, run in
            fonts[run.font].shape(rightToLeft: run.rightToLeft, script: run.script)
            return sum + fonts[run.font].size(of: run.text).width
        }
    }

    /// Renders a line run by run, each in the first font that has it, all on one baseline. A font taller than the
    /// primary one (Noto Sans Arabic's marks above) raises the line's top by `rise`, so the baseline still lines
    /// up with the primary font's when drawn.
    static func render(_ text: String, fonts: [Font]) throws -> (surface: Surface, rise: Int) {
        let primary = fonts[0]
        let rendered = try runs(text, fonts: fonts).map { run in
            fonts[run.font].shape(rightToLeft: run.rightToLeft, script: run.script)
            return (font: fonts[run.font], surface: try fonts[run.font].render(run.text))
        }
        if rendered.isEmpty { return (try primary.render(text), 0) }
        if rendered.count == 1 && rendered[0].font === primary { return (rendered[0].surface, 0) }
        let baseline = rendered.map(\.font.ascent).max()!
        let width = rendered.reduce(0) { $0 + $1.surface.width }
        let height = rendered.map { baseline - $0.font.ascent + $0.surface.height }.max()!
        let line = try Surface(width: max(1, width), height: max(1, height))
        var x = 0
        for part in rendered {
            try line.copy(part.surface, x: x, y: baseline - part.font.ascent)
            x += part.surface.width
        }
        return (line, max(0, baseline - primary.ascent))
    }
}
