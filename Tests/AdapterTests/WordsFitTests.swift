import AppDriving
import Foundation
import GalleryCore
import SDLKit
@testable import TesseraApp
import XCTest

/// Every shipped language's words fit the boxes they are drawn in, at the narrowest window the interface is laid
/// out for (480x800, a portrait frame) and at 1920x1080: the buttons with words (the welcome screen's Start and
/// Choose…, an alert's OK, the empty screens' actions, the toast's Undo), the welcome screen's field labels, and
/// the tooltips of the header's buttons and of the pane's controls, which must stay inside the window or the panel.
/// Each catalogue is this checkout's po/LANG.po compiled by GNU gettext's msgfmt and read by `MOCatalog`, the
/// words measured by the app's own `TextRenderer` (DejaVu Sans with the fallback fonts, shaped as drawn).
/// A failure names the language, the window, the English, the translation and how many pixels it is over.
final class WordsFitTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    private static let windows = [PixelSize(width: 480, height: 800), PixelSize(width: 1920, height: 1080)]
    private var renderer: Renderer!
    private var text: TextRenderer!
    private var scratch: URL!

    override func setUpWithError() throws {
        renderer = try TestVideo.renderer()
        let fonts = try XCTUnwrap(FontLocator.locate(override: nil), "DejaVu Sans (fonts-dejavu-core)")
        text = try TextRenderer(renderer: renderer, regular: fonts.regular, bold: fonts.bold,
                                fallbacks: FontLocator.fallbacks(primary: fonts.regular), scale: 1)
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("words-fit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDown() {
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
    }

    /// English and every language in po/LINGUAS that has its catalogue.
    private func books() throws -> [any WordBook] {
        let linguas = try String(contentsOf: Self.repository.appendingPathComponent("po/LINGUAS"), encoding: .utf8)
        let listed = linguas.split(separator: "\n").flatMap { $0.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first?
            .split(separator: " ").map(String.init) ?? [] }
        var books: [any WordBook] = [EnglishBook()]
        for code in listed {
            let po = Self.repository.appendingPathComponent("po/\(code).po").path
            guard FileManager.default.fileExists(atPath: po) else { continue }
            let mo = scratch.appendingPathComponent("\(code).mo").path
            try CatalogueCompiler.compile(po, to: mo)
            books.append(try XCTUnwrap(MOCatalog(contentsOf: mo, language: Language(code)), "po/\(code).po's .mo"))
        }
        XCTAssertGreaterThan(books.count, 1, "no catalogue in po/LINGUAS was measured")
        return books
    }

    /// One label and the room it has: `english` translated by the installed book.
    private struct Box { let english: String; let words: String; let style: TextRenderer.Style; let room: Int; let what: String }

    /// The boxes whose words are wider than their room, said as a reader needs it.
    private func overflows(_ boxes: [Box], _ book: any WordBook, _ window: PixelSize) -> [String] {
        boxes.compactMap { box in
            let width = text.width(of: box.words, box.style)
            guard width > box.room else { return nil }
            return "\(book.language) at \(window.width)x\(window.height): \(box.what) \"\(box.english)\" as "
                + "\"\(box.words)\" is \(width) px, \(width - box.room) px over its \(box.room)"
        }
    }

    func testButtonLabelsFitTheirButtons() throws {
        for book in try books() {
            for window in Self.windows {
                XCTAssertEqual(buttonOverflows(book, window), [])
            }
        }
    }

    /// The check can fail: a book whose words are all long overflows the alert's OK and the welcome's Start.
    func testAnOverlongTranslationIsCaught() {
        let said = buttonOverflows(LongBook(), PixelSize(width: 480, height: 800))
        XCTAssertTrue(said.contains { $0.contains("the alert's button \"OK\"") }, "\(said)")
        XCTAssertTrue(said.contains { $0.contains("the welcome's button \"Start\"") }, "\(said)")
    }

    private func buttonOverflows(_ book: any WordBook, _ window: PixelSize) -> [String] {
        let old = Words.install(book)
        defer { Words.install(old) }
        let welcome = WelcomeScreen.layout(window: window, offersFolder: true, canChoose: true)
        let inside = { (frame: Rect) in frame.width - 2 * Metrics.padding }
        var boxes = [
            Box(english: "Start", words: tr("Start"), style: .bold, room: inside(welcome.button), what: "the welcome's button"),
            Box(english: "OK", words: tr("OK"), style: .bold, room: inside(AlertOverlay.layout(window: window).button),
                what: "the alert's button"),
            // Labels above the fields, as wide as the field at most.
            Box(english: "Your name", words: tr("Your name"), style: .body, room: welcome.field.width, what: "a field's label"),
            Box(english: "Photos to show", words: tr("Photos to show"), style: .body, room: welcome.field.width,
                what: "a field's label"),
        ]
        if let choose = welcome.choose {
            boxes.append(Box(english: "Choose…", words: tr("Choose…"), style: .bold, room: inside(choose),
                             what: "the welcome's Choose button"))
        }
        // The empty screens' actions: one button each, as wide as EmptyState lays them out.
        let action = min(EmptyState.maxButtonWidth, window.width - 2 * EmptyState.margin) - 2 * Metrics.padding
        for english in ["Back to the photos", "Retry", "Show the demo", "Choose another folder", "Ask again",
                        "Clear search"] {
            boxes.append(Box(english: english, words: book.tr(english), style: .bold, room: action,
                             what: "an empty screen's button"))
        }
        // The toast's Undo: the band keeps 40 px for its words and stays inside the window's margins.
        let undoRoom = window.width - 2 * Metrics.margin - 40 - 5 * Metrics.fieldPadding
        boxes.append(Box(english: "Undo", words: tr("Undo"), style: .bold, room: undoRoom, what: "the toast's button"))
        return overflows(boxes, book, window)
    }

    /// The header's tooltips stand inside the window; the pane's inside its panel.
    func testTooltipsStayInsideTheWindow() throws {
        for book in try books() {
            let old = Words.install(book)
            defer { Words.install(old) }
            for window in Self.windows {
                let model = GalleryModel(config: GalleryConfig())
                let toolbar = Toolbar(for: model, width: 10_000, headerHeight: model.config.headerHeight, room: 10_000)
                let windowRoom = window.width - 2 * Metrics.inset - 2 * Metrics.padding
                var boxes = (toolbar.buttons + toolbar.overflow).map {
                    Box(english: $0.id, words: $0.tooltip, style: .body, room: windowRoom, what: "the header's tooltip for")
                }
                let paneRoom = window.width - 2 * model.config.detailMargin - 2 * Metrics.padding
                for english in ["Play or pause (Space)", "Remove the bookmark (b)", "Bookmark (b)", "Zoom out (−, wheel, pinch)",
                                "Fit to the window (0)", "Actual size (1)", "Zoom in (+, wheel, pinch)", "Details (i)",
                                "Previous photo (←)", "Next photo (→)", "Open (o)", "Move to the trash (Delete)",
                                "Rotate right, for good (Ctrl+R)", "Rotate left, for good (Ctrl+Shift+R)",
                                "Copy the file's path (Ctrl+Shift+C)", "Show in its folder (Ctrl+Shift+O)"] {
                    boxes.append(Box(english: english, words: book.tr(english), style: .body, room: paneRoom,
                                     what: "the pane's tooltip"))
                }
                XCTAssertEqual(overflows(boxes, book, window), [])
            }
        }
    }
}

/// Every English string as forty W's: wider than any box.
private struct LongBook: WordBook {
    let language = Language("xx")
    func lookUp(_ english: String, context: String?) -> String { String(repeating: "W", count: 40) }
    func lookUp(_ singular: String, _ plural: String, count: Int, context: String?) -> String {
        String(repeating: "W", count: 40)
    }
}
