import GalleryCore
import SDLKit
@testable import TesseraApp
import TextKit
import XCTest

/// Names in every script, checked by the pixels drawn: Hebrew and Arabic right to left, Arabic letters joined,
/// Devanagari and Thai shaped in their own fonts, CJK as heavy as the bold Latin beside it.
final class ScriptTextTests: XCTestCase {
    private var renderer: Renderer!
    private var text: TextRenderer!

    override func setUpWithError() throws {
        renderer = try TestVideo.renderer()
        let fonts = try XCTUnwrap(FontLocator.locate(override: nil))
        text = try TextRenderer(renderer: renderer, regular: fonts.regular, bold: fonts.bold,
                                fallbacks: FontLocator.fallbacks(primary: fonts.regular), scale: 1)
    }

    /// Ink per column of what `draw` puts on a black frame, trimmed to the inked columns.
    private func columns(_ draw: () throws -> Void) throws -> [Int] {
        renderer.setColor(0, 0, 0)
        renderer.clear()
        try draw()
        let frame = try renderer.readPixels()
        var ink = [Int](repeating: 0, count: 320)
        for y in 0..<60 { for x in 0..<320 where frame.pixel(x: x, y: y).r > 100 { ink[x] += 1 } }
        guard let first = ink.firstIndex(where: { $0 > 0 }), let last = ink.lastIndex(where: { $0 > 0 }) else { return [] }
        return Array(ink[first...last])
    }

    private func drawn(_ line: String, _ style: TextRenderer.Style = .body) throws -> [Int] {
        try columns { text.draw(line, style, x: 4, y: 4, color: RGBA(255, 255, 255)) }
    }

    /// Pieces of ink separated by empty columns.
    private func pieces(_ ink: [Int]) -> Int {
        var count = 0, inside = false
        for c in ink { if c > 0 && !inside { count += 1 }; inside = c > 0 }
        return count
    }

    private func distance(_ a: ArraySlice<Int>, _ b: ArraySlice<Int>) -> Int {
        zip(a, b).reduce(0) { $0 + abs($1.0 - $1.1) } + abs(a.count - b.count) * 10
    }

    func testFriBidiGivesEachCharacterItsLevel() throws {
        let mixed = try XCTUnwrap(Bidi.levels(of: "abc אב"))
        XCTAssertEqual(mixed.characters, [0, 0, 0, 0, 1, 1])
        XCTAssertEqual(mixed.paragraph, 0)
        let arabic = try XCTUnwrap(Bidi.levels(of: "محمد 12"))
        XCTAssertEqual(arabic.paragraph, 1, "the first strong letter is Arabic")
        XCTAssertEqual(arabic.characters, [1, 1, 1, 1, 1, 2, 2])
        XCTAssertEqual(Bidi.levels(of: "")?.characters, [])
        // The header's name and separator: the name right to left, the separator after it, on its right.
        let line = try XCTUnwrap(Bidi.levels(of: "محمد · ", leftToRight: true))
        XCTAssertEqual(line.paragraph, 0)
        XCTAssertEqual(line.characters, [1, 1, 1, 1, 0, 0, 0])
    }

    /// An Arabic line with a number (a mirrored interface's line takes its direction from its first letter):
    /// the number is a left-to-right run inside it, drawn on the line's left with its digits in order.
    func testAnArabicLinesNumberReadsInOrder() throws {
        let count = try XCTUnwrap(Bidi.levels(of: "صور 12"))
        XCTAssertEqual(count.paragraph, 1)
        XCTAssertEqual(count.characters, [1, 1, 1, 1, 2, 2])
        let drawn = TextRuns.layout("صور 12", levels: count, fonts: 1) { _, _ in true }
        XCTAssertEqual(drawn.first?.text, "12", "the number on the left, its digits in order: \(drawn.map(\.text))")
        XCTAssertEqual(drawn.last?.rightToLeft, true, "the words right to left on its right")
    }

    func testHebrewIsDrawnRightToLeft() throws {
        let pair = try drawn("אב"), alef = try drawn("א"), bet = try drawn("ב")
        XCTAssertFalse(alef.isEmpty || bet.isEmpty)
        // Read from the left, the pair starts with its second letter.
        XCTAssertLessThan(distance(pair.prefix(bet.count), bet[...]), distance(pair.prefix(alef.count), alef[...]))
        XCTAssertLessThan(distance(pair.suffix(alef.count), alef[...]), distance(pair.suffix(bet.count), bet[...]))
    }

    func testArabicLettersAreJoined() throws {
        let joined = try drawn("محمد")
        // The same letters shaped as Latin: HarfBuzz leaves each in its isolated form.
        let path = try XCTUnwrap(FontLocator.fallbacks(primary: "").first { $0.regular.contains("Arabic") }?.regular)
        let font = try Font(system: TestVideo.system!, path: path, pointSize: Metrics.bodyPoints)
        font.shape(rightToLeft: false, script: "Latn")
        let isolated = try columns {
            let texture = try Texture(renderer: renderer, surface: try font.render("محمد"))
            renderer.copy(texture, to: 4, 4, texture.width, texture.height)
        }
        XCTAssertLessThanOrEqual(pieces(joined), 2, "م ح م د join into one stroke (د joins on its right only)")
        XCTAssertGreaterThan(pieces(isolated), pieces(joined))
    }

    func testDevanagariAndThaiAreShapedInTheirOwnFonts() throws {
        let fallbacks = FontLocator.fallbacks(primary: "")
        for (line, family) in [("नमस्ते", "Devanagari"), ("สวัสดี", "Thai")] {
            let runs = text.runs(line, .body)
            XCTAssertEqual(runs.count, 1)
            XCTAssertEqual(fallbacks[runs[0].font - 1].regular.contains(family), true, "\(line) in Noto Sans \(family)")
            // Glyphs, not the missing-glyph box drawn for each letter alike.
            XCTAssertNotEqual(try drawn(String(line.first!)), try drawn(String(line.dropFirst().first!)))
        }
        // Conjuncts: क्ष and स्त shaped as Devanagari take their joined forms, narrower than the letters with a
        // visible virama that the same font draws when HarfBuzz is not told the script.
        let path = try XCTUnwrap(fallbacks.first { $0.regular.contains("Devanagari") }?.regular)
        let font = try Font(system: TestVideo.system!, path: path, pointSize: 30)
        var widths: [String: Int] = [:]
        for script in ["Deva", "Latn"] {
            font.shape(rightToLeft: false, script: script)
            widths[script] = font.size(of: "क्ष स्त").width
        }
        XCTAssertLessThan(Double(widths["Deva"]!), Double(widths["Latn"]!) * 0.85)
        XCTAssertEqual(text.runs("क्ष स्त", .body).map(\.script), ["Deva"])
    }

    func testCJKIsAsHeavyAsBoldLatin() throws {
        let bold = try drawn("山田", .bold).reduce(0, +), body = try drawn("山田", .body).reduce(0, +)
        // One point larger alone gives about 1.15 times the ink; the emboldened strokes give more.
        XCTAssertGreaterThan(Double(bold), Double(body) * 1.35, "a CJK name in a bold line is drawn bold")
    }
}
