import XCTest
@testable import GalleryCore

/// The header's buttons, the interface scale and shuffled pages.
final class ToolbarTests: XCTestCase {
    private func model(width: Int = 1280, kiosk: Kiosk? = nil) -> GalleryModel {
        var config = GalleryConfig()
        config.windowSize = PixelSize(width: width, height: 800)
        let m = GalleryModel(config: config, pager: .init(pageSize: 30, minInterval: 0), kiosk: kiosk,
                             library: MemoryLibrary(), asksName: false)
        let r = m.feed.nextPageRequest(now: 0)!
        m.feed.receive(r, .success(PageContents(photos: photos(0..<30))), now: 0)
        return m
    }

    private func press(_ m: GalleryModel, _ id: String) throws {
        let button = try XCTUnwrap(m.toolbar.buttons.first { $0.id == id }, "no \(id) button: \(m.toolbar.buttons.map(\.id))")
        m.pointer(.click(x: button.frame.x + 5, y: button.frame.y + 5))
    }

    func testButtonsKeepTheirPlacesAndNoneLooksActiveInVain() throws {
        let m = model()
        let wall = m.toolbar.buttons.map(\.frame)
        try press(m, "slideshow")
        XCTAssertEqual(m.toolbar.buttons.map(\.frame), wall, "no button moves when the slideshow opens")
        XCTAssertFalse(try XCTUnwrap(m.toolbar.buttons.first { $0.id == "view" }).enabled, "no grid or list in a slideshow")
        try press(m, "back")
        XCTAssertEqual(m.toolbar.buttons.map(\.frame), wall)
        // From the bookmarks, the search button searches (over the feed's wall).
        try press(m, "bookmarks")
        try press(m, "search")
        XCTAssertTrue(m.screen is SearchScreen)
        // Over the welcome screen only help answers: the rest waits for a name.
        let first = GalleryModel(pager: .init(pageSize: 30, minInterval: 0), library: MemoryLibrary())
        XCTAssertTrue(first.screen is WelcomeScreen)
        XCTAssertEqual(first.toolbar.buttons.filter(\.enabled).map(\.id), ["help"])
        try press(first, "search")
        try press(first, "back")
        XCTAssertTrue(first.screen is WelcomeScreen, "neither search nor Back skips the welcome")
        // Narrow, the dimmed buttons give way and help stays on the header, never under a dimmed ⋯.
        first.toolbarRoom = 60
        XCTAssertEqual(first.toolbar.buttons.map(\.id), ["help"])
    }

    func testEveryRoomCanBeReachedAndLeftByButtonsAlone() throws {
        let m = model()
        XCTAssertEqual(m.toolbar.buttons.map(\.id), ["back", "forward", "view", "slideshow", "search", "bookmarks", "name", "help"])
        XCTAssertFalse(m.toolbar.buttons[0].enabled, "Back keeps its place, dimmed, with nowhere to go")
        XCTAssertTrue(m.toolbar.buttons.allSatisfy { $0.frame.maxY <= m.config.headerHeight }, "in the header")
        XCTAssertEqual(m.toolbar.buttons.first { $0.id == "view" }?.tooltip, "List (v)", "the tooltip names the key")
        try press(m, "view")
        XCTAssertEqual(m.browse.mode, .list)
        XCTAssertEqual(m.toolbar.buttons.first?.id, "back")
        try press(m, "back")
        XCTAssertEqual(m.browse.mode, .grid)
        try press(m, "bookmarks")
        XCTAssertTrue(m.screen is BookmarksScreen)
        try press(m, "back")
        XCTAssertTrue(m.screen === m.browse)
        try press(m, "slideshow")
        XCTAssertTrue(m.screen is SlideshowScreen)
        try press(m, "slideshow")
        XCTAssertTrue(m.screen === m.browse)
        try press(m, "help")
        XCTAssertTrue(m.innermost is HelpOverlay)
        try press(m, "help")
        XCTAssertTrue(m.overlays.isEmpty)
        try press(m, "search")
        XCTAssertTrue(m.screen is SearchScreen)
        // The list again, left by an edge swipe instead.
        try press(m, "back")
        try press(m, "view")
        m.pointer(.swipe(dx: -150, dy: 0, fromEdge: true))
        XCTAssertEqual(m.browse.mode, .grid, "a swipe from the edge goes back")
    }

    func testAButtonPressedTwiceQuicklyActsTwice() throws {
        let m = model()
        let view = try XCTUnwrap(m.toolbar.buttons.first { $0.id == "view" })
        m.pointer(.click(x: view.frame.x + 5, y: view.frame.y + 5))
        XCTAssertEqual(m.browse.mode, .list)
        let again = try XCTUnwrap(m.toolbar.buttons.first { $0.id == "view" })
        m.pointer(.doubleClick(x: again.frame.x + 5, y: again.frame.y + 5))
        XCTAssertEqual(m.browse.mode, .grid, "the second press is a press, not lost as a double click")
        // In the pane, the previous arrow pressed twice goes back twice; elsewhere on the photo a double click zooms.
        _ = m.apply(.openDetail)
        let first = try XCTUnwrap(m.detail?.index)
        _ = m.apply(.nextPhoto); _ = m.apply(.nextPhoto)
        let pane = try XCTUnwrap(m.detail?.overlay)
        let layout = DetailPane.layout(of: m.detail!.index, in: m)
        m.pointer(.hover(x: layout.previousArrow.x + 5, y: layout.previousArrow.y + 5))
        m.pointer(.click(x: layout.previousArrow.x + 5, y: layout.previousArrow.y + 5))
        m.pointer(.doubleClick(x: layout.previousArrow.x + 5, y: layout.previousArrow.y + 5))
        XCTAssertEqual(m.detail?.index, first, "back twice, to the first photo")
        XCTAssertFalse(pane.zoom.isZoomed)
    }

    func testANarrowWindowListsTheRestUnderMoreAndAKioskShowsOnlyWhatItAllows() throws {
        let m = model(width: 480)
        m.toolbarRoom = 100
        XCTAssertEqual(m.toolbar.buttons.map(\.id), ["view", "more"])
        XCTAssertEqual(m.toolbar.overflow.map(\.id), ["slideshow", "search", "bookmarks", "name", "help"])
        try press(m, "more")
        let menu = try XCTUnwrap(m.innermost as? MenuOverlay)
        let row = menu.rows[menu.entries.firstIndex { $0.id == "slideshow" }!]
        m.pointer(.click(x: row.x + 10, y: row.y + 10))
        XCTAssertTrue(m.screen is SlideshowScreen, "a row of the menu runs its command")
        XCTAssertTrue(m.overlays.isEmpty)
        m.toolbarRoom = 0
        XCTAssertEqual(m.toolbar.buttons.map(\.id), ["back", "more"], "in the slideshow, Back never hides under ⋯")
        m.goBack()
        XCTAssertEqual(m.toolbar.buttons.map(\.id), ["more"], "one button always shows")

        let kiosk = model(kiosk: Kiosk())
        XCTAssertEqual(kiosk.toolbar.buttons.map(\.id), ["back", "forward", "view", "slideshow", "help"],
                       "no search, bookmarks or name on a public screen")
    }

    func testALongPressOrTheRightButtonStarsAPhotoOnTheWall() throws {
        let library = MemoryLibrary()
        var config = GalleryConfig()
        config.windowSize = PixelSize(width: 1280, height: 800)
        let m = GalleryModel(config: config, pager: .init(pageSize: 30, minInterval: 0), library: library, asksName: false)
        let r = m.feed.nextPageRequest(now: 0)!
        m.feed.receive(r, .success(PageContents(photos: photos(0..<30))), now: 0)
        let cell = m.browse.screenFrame(of: 0)
        m.pointer(.longPress(x: cell.x + 50, y: cell.y + 50))
        XCTAssertTrue(m.user.isBookmarked("0"))
    }
}

final class InterfaceScaleTests: XCTestCase {
    func testTheScaleComesFromTheOptionTheKiosksDisplayOrTheDesktop() {
        XCTAssertEqual(InterfaceScale.resolve(forced: 1.5, kiosk: true, displayHeight: 2160, gdkScale: "2", xftDPI: 192), 1.5)
        XCTAssertEqual(InterfaceScale.resolve(forced: 9, kiosk: false, displayHeight: nil, gdkScale: nil, xftDPI: nil), 4)
        XCTAssertEqual(InterfaceScale.resolve(forced: nil, kiosk: true, displayHeight: 2160, gdkScale: nil, xftDPI: nil), 2,
                       "a 4K kiosk reads across the room as a 1080-line one")
        XCTAssertEqual(InterfaceScale.resolve(forced: nil, kiosk: true, displayHeight: 1440, gdkScale: nil, xftDPI: nil), 1.25)
        XCTAssertEqual(InterfaceScale.resolve(forced: nil, kiosk: true, displayHeight: 800, gdkScale: nil, xftDPI: nil), 1)
        XCTAssertEqual(InterfaceScale.resolve(forced: nil, kiosk: false, displayHeight: 2160, gdkScale: "2", xftDPI: 96), 2)
        XCTAssertEqual(InterfaceScale.resolve(forced: nil, kiosk: false, displayHeight: 2160, gdkScale: nil, xftDPI: 192), 2)
        XCTAssertEqual(InterfaceScale.resolve(forced: nil, kiosk: false, displayHeight: 2160, gdkScale: nil, xftDPI: 144), 1.5)
        XCTAssertEqual(InterfaceScale.resolve(forced: nil, kiosk: false, displayHeight: 2160, gdkScale: "x", xftDPI: nil), 1)
        XCTAssertEqual(InterfaceScale.resolve(forced: nil, kiosk: false, displayHeight: nil, gdkScale: "2", xftDPI: nil,
                                              drawableRatio: 2), 1, "Wayland's own scale is not doubled")
    }
}
