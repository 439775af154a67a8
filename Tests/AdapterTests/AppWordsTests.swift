import ArgumentParser
import Foundation
import GalleryCore
import LocalSources
@testable import NetworkSources
import SDLKit
@testable import TesseraApp
import TesseraOptions
import XCTest

/// The app's own words (views, sources, command-line refusals) come from the frame's book: with a book of made-up
/// words installed, what is drawn or said is the book's, placeholders filled; the English is only the key.
final class AppWordsTests: XCTestCase {
    /// A book of fixed words, English where it has none (as a catalogue with gaps is).
    struct FakeBook: WordBook {
        let language: Language
        let words: [String: String]
        func lookUp(_ english: String, context: String?) -> String { words[english] ?? english }
        func lookUp(_ singular: String, _ plural: String, count: Int, context: String?) -> String {
            words[count == 1 ? singular : plural] ?? (count == 1 ? singular : plural)
        }
    }

    private func withBook<T>(_ words: [String: String], language: String = "de", _ body: () throws -> T) rethrows -> T {
        let old = Words.install(FakeBook(language: Language(language), words: words))
        defer { Words.install(old) }
        return try body()
    }

    /// How wide the ink of a failed photo's label is: from the first to the last column whose pixels differ from
    /// the placeholder's fill (0: no label drawn).
    private func labelInk(_ canvas: Canvas, renderer: Renderer) throws -> Int {
        let frame = Rect(x: 0, y: 0, width: 320, height: 240)
        canvas.unavailable(frame)
        let pixels = try renderer.readPixels()
        let fill = pixels.pixel(x: 2, y: 2)
        let inked = (0..<320).filter { x in
            (0..<240).contains { y in
                let p = pixels.pixel(x: x, y: y)
                return abs(Int(p.r) - Int(fill.r)) + abs(Int(p.g) - Int(fill.g)) + abs(Int(p.b) - Int(fill.b)) > 60
            }
        }
        guard let first = inked.first, let last = inked.last else { return 0 }
        return last - first + 1
    }

    func testImageUnavailableIsDrawnInTheBooksWords() throws {
        let renderer = try TestVideo.renderer()
        let fonts = try XCTUnwrap(FontLocator.locate(override: nil))
        let text = try TextRenderer(renderer: renderer, regular: fonts.regular, bold: fonts.bold, scale: 1)
        let canvas = Canvas(renderer: renderer, text: text, config: GalleryConfig(),
                            viewport: Viewport(size: PixelSize(width: 320, height: 240)))
        let english = try labelInk(canvas, renderer: renderer)
        XCTAssertEqual(english, text.width(of: "image unavailable", .body), accuracy: 6, "the English label drawn")
        let short = try withBook(["image unavailable": "weg"]) { try labelInk(canvas, renderer: renderer) }
        XCTAssertEqual(short, text.width(of: "weg", .body), accuracy: 6, "the book's word drawn, not the English")
        XCTAssertLessThan(short, english / 2)
        let none = try withBook(["image unavailable": ""]) { try labelInk(canvas, renderer: renderer) }
        XCTAssertEqual(none, 0, "nothing but the book's (empty) words drawn")
    }

    func testTheZoomLevelIsWrittenAsTheLanguageWritesPerCent() {
        XCTAssertEqual(withBook([:], language: "en") { Words.language.percent(150) }, "150%")
        let french = withBook([:], language: "fr_FR") { Words.language.percent(150) }
        XCTAssertTrue(french.hasPrefix("150") && french.hasSuffix("%") && french != "150%", french)
    }

    func testASourcesWordsComeFromTheBookWithTheirPlaceholdersFilled() throws {
        let json = Data(#"[{"id": "a0000000-0000-4000-8000-000000000001", "albumName": "Summer"}]"#.utf8)
        // Whole words for each kind of thing named, so "kein" agrees with its noun ("keine Person").
        let book = ["no album named “{name}”": "kein Album namens „{name}“",
                    "no person named “{name}”": "keine Person namens „{name}“"]
        let problems = try withBook(book) {
            try ImmichNames.named(["Winter"], in: json, keys: ["albumName"], what: "album").problems
                + ImmichNames.named(["Ada"], in: Data("[]".utf8), keys: ["name"], what: "person").problems
        }
        XCTAssertEqual(problems, ["kein Album namens „Winter“", "keine Person namens „Ada“"])
        // A file that is not a photo, said on the command line.
        let file = NSTemporaryDirectory() + "app-words-\(UUID().uuidString).txt"
        try Data("not a photo".utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let said = withBook(["nothing to show: {reasons}": "nichts zu zeigen: {reasons}",
                             "{path} is not a photo or a clip ({reason})": "{path} ist kein Foto ({reason})"]) {
            FolderSource.nothingToShow([file])
        }
        let words = try XCTUnwrap(said)
        XCTAssertTrue(words.hasPrefix("nichts zu zeigen: "), words)
        XCTAssertTrue(words.contains(" ist kein Foto ("), words)
        XCTAssertFalse(words.contains("{"), "every placeholder filled: \(words)")
    }

    func testACommandLineRefusalIsInTheBooksWords() {
        // What the parser prints after "Error:" when --size is refused in validate().
        func refusal() -> String {
            do { _ = try WindowOptions.parse(["--size", "tiny"]); return "" } catch { return WindowOptions.message(for: error) }
        }
        let german = withBook(["--size must look like 1280x800 (width x height, at least {smallest})":
                                   "--size muss wie 1280x800 aussehen (mindestens {smallest})"]) { refusal() }
        XCTAssertEqual(german, "--size muss wie 1280x800 aussehen (mindestens \(GalleryConfig.smallestWindow))")
        // And English without a book of its own.
        XCTAssertEqual(refusal(), "--size must look like 1280x800 (width x height, at least \(GalleryConfig.smallestWindow))")
    }
}
