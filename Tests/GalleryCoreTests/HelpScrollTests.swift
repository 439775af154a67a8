import XCTest
@testable import GalleryCore

/// Help that fits any window: wrapped, never cut, in one column or two, scrolled by keys, the wheel and a drag, and
/// listing what the mouse and fingers do.
final class HelpScrollTests: XCTestCase {
    /// Every character 8 pixels wide.
    private func measure(_ s: String) -> Int { s.count * 8 }

    func testANarrowWindowWrapsEveryLineInsteadOfCuttingIt() {
        let sections = HelpSheet.sections(for: KeyMap())
        let narrow = HelpLayout.plan(sections, width: 300, lineHeight: 20, measure: measure)
        XCTAssertTrue(narrow.items.allSatisfy { $0.x + measure($0.text) <= 300 || !$0.text.contains(" ") },
                      "no line runs past the panel")
        XCTAssertFalse(narrow.items.contains { $0.text.hasSuffix("…") }, "nothing is cut")
        XCTAssertEqual(Set(narrow.items.map(\.x)).count, 2, "one column: keys and what they do")
        let wide = HelpLayout.plan(sections, width: 1400, lineHeight: 20, measure: measure)
        XCTAssertEqual(Set(wide.items.filter { $0.kind == .heading }.map(\.x)).count, 2, "two columns of sections")
        XCTAssertLessThan(wide.height, narrow.height)
        let allWords = { (l: HelpLayout) in l.items.map(\.text).joined(separator: " ").split(separator: " ").count }
        XCTAssertEqual(allWords(narrow), allWords(wide), "the same words, only placed otherwise")
    }

    /// `?` is shifted on a US keyboard, not on every layout, and a Wayland virtual keyboard (an on-screen one,
    /// wtype) sends the character without Shift: help opens and closes either way.
    func testQuestionMarkOpensHelpWithOrWithoutShift() {
        let model = GalleryModel(pager: .init(pageSize: 30, minInterval: 0))
        _ = model.handle(key: .character("?"))
        XCTAssertTrue(model.innermost is HelpOverlay, "unshifted ? opens help")
        _ = model.handle(key: .character("?"))
        XCTAssertFalse(model.innermost is HelpOverlay, "and closes it")
        _ = model.handle(key: .character("?"), modifiers: .shift)
        XCTAssertTrue(model.innermost is HelpOverlay, "shifted ? too")
    }

    func testItScrollsByKeysWheelAndDragWithinTheSheet() {
        let model = GalleryModel(pager: .init(pageSize: 30, minInterval: 0))
        _ = model.apply(.toggleHelp)
        let help = model.innermost as! HelpOverlay
        help.contentHeight = 1000
        help.viewHeight = 400
        XCTAssertTrue(help.hasMore)
        _ = model.handle(key: .down)
        XCTAssertEqual(help.scroll, HelpOverlay.lineStep)
        _ = model.handle(key: .pageDown)
        XCTAssertGreaterThan(help.scroll, 300)
        _ = model.handle(key: .end)
        XCTAssertEqual(help.scroll, 600, "no further than the sheet's end")
        XCTAssertFalse(help.hasMore)
        model.pointer(.wheel(notches: 2))
        XCTAssertEqual(help.scroll, 600 - 2 * HelpOverlay.lineStep, "the wheel up scrolls up")
        model.pointer(.beginDrag(x: 100, y: 300, time: 0))
        model.pointer(.drag(dx: 0, dy: 100, time: 0.1))
        model.pointer(.endDrag(time: 0.2))
        XCTAssertEqual(help.scroll, 600 - 2 * HelpOverlay.lineStep - 100, "a finger pulling down shows what is above")
        // A slow finger: a tenth of a pixel per event still moves the sheet.
        let slow = help.scroll
        model.pointer(.beginDrag(x: 100, y: 300, time: 1))
        for i in 0..<50 { model.pointer(.drag(dx: 0, dy: -0.1, time: 1 + Double(i) * 0.01)) }
        model.pointer(.endDrag(time: 2))
        XCTAssertEqual(help.scroll, slow + 5)
        _ = model.handle(key: .home)
        XCTAssertEqual(help.scroll, 0)
        XCTAssertTrue(model.innermost is HelpOverlay, "scrolling does not close it")
        _ = model.handle(key: .escape)
        XCTAssertFalse(model.innermost is HelpOverlay)
    }

    func testItListsGesturesAndAKioskIsNotToldOfBookmarks() {
        let desktop = HelpSheet.sections(for: GalleryModel(pager: .init(pageSize: 30, minInterval: 0)))
        XCTAssertEqual(desktop.first?.title, "Mouse and touch")
        XCTAssertTrue(desktop.first!.rows.contains { $0.keys.contains("pinch") })
        XCTAssertTrue(desktop.first!.rows.contains { $0.action == "Bookmark a photo" })
        let kiosk = HelpSheet.sections(for: GalleryModel(pager: .init(pageSize: 30, minInterval: 0), kiosk: Kiosk()))
        XCTAssertFalse(kiosk.first!.rows.contains { $0.action == "Bookmark a photo" })
    }
}
