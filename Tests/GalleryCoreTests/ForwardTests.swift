import XCTest
@testable import GalleryCore

/// The brief's forward button: beside Back in the header, dimmed while nothing is forward, lit once Back (or the
/// pane's history) leaves something to go forward to, and forward it goes, as in a browser.
final class ForwardTests: XCTestCase {
    private func model(count: Int = 30) -> GalleryModel {
        var config = GalleryConfig()
        config.windowSize = PixelSize(width: 1280, height: 800)
        let m = GalleryModel(config: config, pager: .init(pageSize: count, minInterval: 0), library: MemoryLibrary(),
                             asksName: false)
        m.standIn.credits = { Credit(line: "Photo by \($0.author)", page: "https://example.org/\($0.id)") }
        let r = m.feed.nextPageRequest(now: 0)!
        m.feed.receive(r, .success(PageContents(photos: photos(0..<count))), now: 0)
        return m
    }

    private func button(_ m: GalleryModel, _ id: String) throws -> Toolbar.Button {
        try XCTUnwrap(m.toolbar.buttons.first { $0.id == id }, "no \(id) button: \(m.toolbar.buttons.map(\.id))")
    }

    private func press(_ m: GalleryModel, _ id: String) throws {
        let b = try button(m, id)
        m.pointer(.click(x: b.frame.x + 5, y: b.frame.y + 5))
    }

    private func shownID(_ m: GalleryModel) -> String? { m.detail.map { m.currentBrowse.catalog.items[$0.index].photo.id } }

    func testForwardIsBesideBackAndDimmedUntilBackLeavesSomethingForward() throws {
        let m = model()
        let back = try button(m, "back"), forward = try button(m, "forward")
        XCTAssertEqual(forward.frame.x, back.frame.maxX + Toolbar.gap, "right of Back")
        XCTAssertFalse(forward.enabled, "nothing to go forward to yet")
        try press(m, "forward")
        XCTAssertNil(m.detail, "a dimmed Forward does nothing")

        _ = m.apply(.focusNext); _ = m.apply(.focusNext)
        _ = m.apply(.openDetail)
        let opened = try XCTUnwrap(shownID(m))
        XCTAssertFalse(try button(m, "forward").enabled, "a new page: nothing forward")
        try press(m, "back")
        XCTAssertNil(m.detail)
        XCTAssertTrue(try button(m, "forward").enabled, "Back left the pane forward")
        try press(m, "forward")
        XCTAssertEqual(shownID(m), opened, "Forward opens the pane again on the same photo")
        XCTAssertFalse(try button(m, "forward").enabled)
    }

    func testForwardWalksThePanesHistoryAndAnythingNewForgetsIt() throws {
        let m = model()
        _ = m.apply(.openDetail)
        let first = try XCTUnwrap(shownID(m))
        _ = m.apply(.nextPhoto); _ = m.apply(.nextPhoto)
        let third = try XCTUnwrap(shownID(m))
        _ = m.handle(key: .left, modifiers: .alt)
        _ = m.handle(key: .left, modifiers: .alt)
        XCTAssertEqual(shownID(m), first, "Alt+← goes back through the photos viewed")
        XCTAssertTrue(try button(m, "forward").enabled)
        try press(m, "forward")
        XCTAssertNotNil(m.detail, "the pane's Forward does not close the pane")
        _ = m.handle(key: .character("]"))
        XCTAssertEqual(shownID(m), third)
        XCTAssertFalse(try button(m, "forward").enabled, "at the newest photo viewed")

        // Esc leaves the pane like Back; Alt+→ brings it back; opening something else forgets the way forward.
        _ = m.handle(key: .escape)
        XCTAssertNil(m.detail)
        _ = m.handle(key: .right, modifiers: .alt)
        XCTAssertEqual(shownID(m), third)
        _ = m.handle(key: .escape)
        try press(m, "bookmarks")
        XCTAssertFalse(try button(m, "forward").enabled, "a new way: nothing forward")
        try press(m, "back")
        XCTAssertTrue(try button(m, "forward").enabled)
        try press(m, "forward")
        XCTAssertTrue(m.screen is BookmarksScreen, "Forward opens the bookmarks again")
    }

    func testAPaneWhosePhotoTheFeedLetGoIsNotOpenedAgain() throws {
        let m = model()
        _ = m.apply(.openDetail)
        try press(m, "back")
        _ = m.apply(.reload)
        XCTAssertFalse(try button(m, "forward").enabled, "a feed that starts over forgets the way forward")
    }

    func testThePaneShowsItsURLOnOpeningAndTheLastArrowLeavesNoTooltip() throws {
        let m = model(count: 3)
        _ = m.apply(.openDetail)
        let pane = try XCTUnwrap(m.detail?.overlay)
        XCTAssertFalse(pane.showsInfo)
        let lines = pane.shownLines(DetailPane.lines(for: m.currentBrowse.catalog.items[0].photo, in: m))
        XCTAssertTrue(lines.contains { $0.style == .link && $0.text.hasSuffix("https://example.org/0") },
                      "the URL shows without pressing i: \(lines)")
        XCTAssertTrue(lines.contains { $0.style == .link && $0.text.hasPrefix("Download: ") }, "and the download link")
        _ = m.apply(.nextPhoto); _ = m.apply(.nextPhoto)
        XCTAssertFalse(pane.hasNext)
        let arrow = pane.layout(in: m).nextArrow
        m.pointer(.hover(x: arrow.x + arrow.width / 2, y: arrow.y + arrow.height / 2))
        XCTAssertNil(pane.tooltip(in: m), "no arrow at the feed's end, so no tooltip of one")
        let star = try XCTUnwrap(pane.layout(in: m).frame(of: .bookmark))
        m.pointer(.hover(x: star.x + 4, y: star.y + 4))
        XCTAssertEqual(pane.tooltip(in: m), "Bookmark (b)")
        m.click(atWindowX: star.x + 4, y: star.y + 4)
        XCTAssertEqual(pane.tooltip(in: m), "Remove the bookmark (b)", "the star says what a press does now")
        XCTAssertNotNil(m.toasts.current?.actionLabel, "Undo offered")
        for _ in 0..<30 { m.tick(dt: 0.02) }  // the pane has grown to its place
        XCTAssertLessThanOrEqual(m.onShow.toastFloor, pane.layout(in: m).textOrigin.y,
                                 "the toast stays off the pane's links")
        _ = m.apply(.closeDetail)
        for _ in 0..<30 { m.tick(dt: 0.02) }
        XCTAssertEqual(m.onShow.toastFloor, m.viewport.size.height, "on the wall, at the window's foot")
    }
}
