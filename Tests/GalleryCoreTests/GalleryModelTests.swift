import XCTest
@testable import GalleryCore

final class GalleryModelTests: XCTestCase {
    private func loadedModel(pages: Int = 2) -> GalleryModel {
        let model = GalleryModel(pager: .init(pageSize: 30, minInterval: 0))
        for p in 0..<pages {
            // The next page is only wanted near the end: go there first.
            _ = model.apply(.scrollToBottom)
            settle(model)
            let r = model.feed.nextPageRequest(now: 0)!
            model.feed.receive(r, .success(PageContents(photos: photos(p * 30..<(p + 1) * 30, w: 300 + p, h: 400))), now: 0)
        }
        _ = model.apply(.scrollToTop)
        settle(model)
        return model
    }

    private func settle(_ model: GalleryModel) { for _ in 0..<300 { model.tick(dt: 1.0 / 60) } }

    func testPageDownMovesAboutOneViewport() {
        let model = loadedModel()
        _ = model.apply(.scrollPages(1))
        settle(model)
        XCTAssertEqual(model.browse.scrollTop, model.browse.gridHeight - Int(model.config.lineStep) / 2)
        _ = model.apply(.scrollPages(-1))
        settle(model)
        XCTAssertEqual(model.browse.scrollTop, 0)
    }

    func testHomeAndEnd() {
        let model = loadedModel()
        _ = model.apply(.scrollToBottom)
        settle(model)
        XCTAssertEqual(model.browse.scrollTop, Int(model.browse.scroll.maxOffset))
        XCTAssertGreaterThan(model.browse.scrollTop, 1000)
        _ = model.apply(.scrollToTop)
        settle(model)
        XCTAssertEqual(model.browse.scrollTop, 0)
    }

    func testTheNextPageIsRequestedNearTheEnd() {
        let model = GalleryModel(pager: .init(pageSize: 30, minInterval: 0))
        let r = model.feed.nextPageRequest(now: 0)!
        model.feed.receive(r, .success(PageContents(photos: photos(0..<30))), now: 0)
        XCTAssertNil(model.feed.nextPageRequest(now: 0), "plenty below the viewport")
        _ = model.apply(.scrollToBottom)
        settle(model)
        XCTAssertEqual(model.feed.nextPageRequest(now: 0)?.page, 2)
    }

    func testClickOpensTheDetailPaneAndEscapeReturnsToTheSamePlace() {
        let model = loadedModel()
        _ = model.apply(.scrollLines(3))
        settle(model)
        let top = model.browse.scrollTop
        let target = model.browse.visibleIndices[1]
        let frame = model.browse.screenFrame(of: target)
        model.click(atWindowX: frame.x + 10, y: max(frame.y, model.browse.gridTop) + 10)
        XCTAssertEqual(model.detail?.index, target)
        _ = model.apply(.scrollPages(1))
        settle(model)
        XCTAssertEqual(model.browse.scrollTop, top, "the grid does not move under the pane")
        _ = model.apply(.closeDetail)
        XCTAssertNil(model.detail?.index)
        XCTAssertEqual(model.browse.scrollTop, top)
    }

    func testAClickOutsideThePaneClosesIt() {
        let model = loadedModel()
        _ = model.apply(.openDetail)
        XCTAssertNotNil(model.detail?.index)
        let panel = DetailPane.layout(of: model.detail!.index, in: model).panel
        model.click(atWindowX: panel.x + 20, y: panel.y + 20)
        XCTAssertNotNil(model.detail?.index, "a click inside stays open")
        model.click(atWindowX: 5, y: model.browse.window.height - 5)
        XCTAssertNil(model.detail?.index)
    }

    func testEnterOpensTheFocusedCellAndFocusMovesIntoView() {
        let model = loadedModel()
        for _ in 0..<12 { _ = model.apply(.focusNext) }
        settle(model)
        let focused = model.browse.focusedIndex!
        XCTAssertEqual(focused, 11)
        let frame = model.browse.screenFrame(of: focused)
        XCTAssertGreaterThanOrEqual(frame.y, model.browse.gridTop)
        if frame.height + 2 * model.config.gap <= model.browse.gridHeight {
            XCTAssertLessThanOrEqual(frame.maxY, model.browse.window.height)
        } else {
            XCTAssertEqual(frame.y, model.browse.gridTop + model.config.gap, "a cell taller than the grid shows its top")
        }
        _ = model.apply(.openDetail)
        XCTAssertEqual(model.detail?.index, focused)
    }

    func testResizeKeepsTheTopItemAtTheTop() {
        let model = loadedModel(pages: 3)
        _ = model.apply(.scrollPages(3))
        settle(model)
        let anchor = model.browse.layout.indices(intersecting: model.browse.scrollTop, model.browse.scrollTop + 1).first!
        model.resize(to: Viewport(size: PixelSize(width: 900, height: 700)))
        XCTAssertEqual(model.browse.layout.frames[anchor].width, (900 - 36) / 2)
        XCTAssertTrue(model.browse.layout.indices(intersecting: model.browse.scrollTop, model.browse.scrollTop + 1).contains(anchor))
    }

    func testWheelScrollsSmoothly() {
        let model = loadedModel()
        model.pointer(.wheel(notches: -1))
        model.tick(dt: 1.0 / 60)
        XCTAssertGreaterThan(model.browse.scrollTop, 0)
        XCTAssertLessThan(model.browse.scrollTop, Int(model.config.wheelStep))
    }

    func testResetStartsOverWithANewGeneration() {
        let model = loadedModel()
        let generation = model.catalog.feed.generation
        model.resetFeed()
        XCTAssertTrue(model.catalog.feed.isEmpty)
        XCTAssertEqual(model.browse.layout.count, 0)
        XCTAssertEqual(model.catalog.feed.generation, generation + 1)
        XCTAssertEqual(model.feed.nextPageRequest(now: 0)?.page, 1)
    }
}

final class ReloadTests: XCTestCase {
    private func model(pages: Int) -> GalleryModel {
        let m = GalleryModel(pager: .init(pageSize: 30, minInterval: 0))
        for p in 0..<pages { feed(m, p) }
        return m
    }

    private func feed(_ m: GalleryModel, _ p: Int) {
        _ = m.apply(.scrollToBottom)
        for _ in 0..<300 { m.tick(dt: 1.0 / 60) }
        guard let r = m.feed.nextPageRequest(now: 0) else { return XCTFail("no request") }
        XCTAssertEqual(r.page, p + 1)
        m.feed.receive(r, .success(PageContents(photos: photos(p * 30..<(p + 1) * 30, w: 300, h: 200 + p))), now: 0)
    }

    func testReloadReturnsToTheItemThatWasAtTheTop() {
        let m = model(pages: 3)
        m.browse.setScroll(offset: Double(m.browse.layout.frames[40].y - 25))
        let anchorID = m.catalog.feed.items[m.browse.layout.indices(intersecting: m.browse.scrollTop, m.browse.scrollTop + 1)[0]].photo.id
        let screenY = m.browse.screenFrame(of: Int(anchorID)!).y
        _ = m.apply(.reload)
        XCTAssertTrue(m.catalog.feed.isEmpty)
        XCTAssertEqual(m.browse.scrollTop, 0)
        // Pages come again until the anchor is back, whatever the viewport.
        for p in 0..<3 {
            guard let r = m.feed.nextPageRequest(now: 0) else { break }
            XCTAssertEqual(r.page, p + 1)
            m.feed.receive(r, .success(PageContents(photos: photos(p * 30..<(p + 1) * 30, w: 300, h: 200 + p))), now: 0)
        }
        XCTAssertNil(m.browse.reloadAnchor)
        let index = m.catalog.feed.items.firstIndex { $0.photo.id == anchorID }!
        XCTAssertEqual(m.browse.screenFrame(of: index).y, screenY, "same item, same place on screen")
    }

    func testPullingPastTheTopAndLettingGoReloads() {
        let m = model(pages: 1)
        _ = m.apply(.scrollToTop)
        for _ in 0..<300 { m.tick(dt: 1.0 / 60) }
        let generation = m.catalog.feed.generation
        m.pointer(.beginDrag(x: 0, y: 0, time: 0))
        m.pointer(.drag(dx: 0, dy: 60, time: 0.1))
        XCTAssertEqual(m.browse.pullDistance, 60)
        m.pointer(.endDrag(time: 0.2))
        XCTAssertEqual(m.catalog.feed.generation, generation, "a short pull does nothing")
        m.pointer(.beginDrag(x: 0, y: 0, time: 1))
        for i in 1...4 { m.pointer(.drag(dx: 0, dy: 40, time: 1 + Double(i) * 0.05)) }
        XCTAssertGreaterThanOrEqual(m.browse.pullDistance, BrowseScreen.pullToReload)
        m.pointer(.endDrag(time: 1.3))
        XCTAssertEqual(m.catalog.feed.generation, generation + 1, "reloaded")
        XCTAssertEqual(m.browse.pullDistance, 0)
    }

    func testRestoringCachedPagesShowsThemAndContinuesAfter() {
        let m = GalleryModel(pager: .init(pageSize: 30, minInterval: 0))
        m.feed.restore([(1, PageContents(photos: photos(0..<30))), (2, PageContents(photos: photos(30..<60))),
                   (4, PageContents(photos: photos(90..<120)))])
        XCTAssertEqual(m.catalog.feed.count, 60, "page 4 does not follow on from page 2")
        XCTAssertEqual(m.browse.layout.count, 60)
        _ = m.apply(.scrollToBottom)
        for _ in 0..<300 { m.tick(dt: 1.0 / 60) }
        XCTAssertEqual(m.feed.nextPageRequest(now: 0)?.page, 3)
    }
}

final class ListViewTests: XCTestCase {
    private func loaded() -> GalleryModel {
        let model = GalleryModel(pager: .init(pageSize: 30, minInterval: 0))
        let r = model.feed.nextPageRequest(now: 0)!
        model.feed.receive(r, .success(PageContents(photos: photos(0..<30, w: 400, h: 300))), now: 0)
        return model
    }

    func testVSwitchesToOneFullWidthColumnAndBackKeepingThePhotoInView() {
        let model = loaded()
        model.browse.setScroll(offset: 900)
        _ = model.apply(.focusNext)  // focus lands on a visible photo
        let focused = model.browse.focusedIndex!
        XCTAssertTrue(model.browse.visibleIndices.contains(focused))
        let before = model.browse.screenFrame(of: focused).y
        _ = model.handle(key: .character("v"))
        XCTAssertEqual(model.browse.mode, .list)
        XCTAssertEqual(model.browse.layout.frames[0].width, 1280 - 24, "one column, full width")
        XCTAssertEqual(model.browse.screenFrame(of: focused).y, before, "the photo stays where it was on screen")
        _ = model.handle(key: .character("v"))
        XCTAssertEqual(model.browse.mode, .grid)
        XCTAssertTrue(model.browse.visibleIndices.contains(focused))
        XCTAssertNil(model.feed.nextPageRequest(now: 0), "switching asks for no page")
    }

    func testShiftEnterAndAMiddleClickOpenTheListAtThatPhoto() {
        let model = loaded()
        for _ in 0..<5 { _ = model.apply(.focusNext) }
        let focused = model.browse.focusedIndex!
        _ = model.handle(key: .enter, modifiers: .shift)
        XCTAssertEqual(model.browse.mode, .list)
        XCTAssertEqual(model.browse.screenFrame(of: focused).y, model.browse.gridTop + model.config.gap,
                       "the photo at the top")
        _ = model.apply(.toggleView)
        let target = model.browse.visibleIndices.last!
        let frame = model.browse.screenFrame(of: target)
        model.pointer(.middleClick(x: frame.x + 5, y: min(frame.maxY, model.browse.window.height) - 5))
        XCTAssertEqual(model.browse.mode, .list)
        XCTAssertEqual(model.browse.focusedIndex, target)
        // Focus keys work in the list too; Enter still opens the pane.
        _ = model.handle(key: .right)
        XCTAssertEqual(model.browse.focusedIndex, target + 1)
        _ = model.handle(key: .enter)
        XCTAssertEqual(model.detail?.index, target + 1)
    }

    func testEscLeavesTheListForTheGrid() {
        let model = GalleryModel(pager: .init(pageSize: 30, minInterval: 0))
        model.feed.receive(model.feed.nextPageRequest(now: 0)!, .success(PageContents(photos: photos(0..<30))), now: 0)
        _ = model.handle(key: .character("v"))
        XCTAssertEqual(model.browse.mode, .list)
        _ = model.handle(key: .escape)
        XCTAssertEqual(model.browse.mode, .grid, "Esc goes back, as a person expects")
        _ = model.handle(key: .escape)
        XCTAssertEqual(model.browse.mode, .grid)
    }

    /// The list shows whole photos: a photo taller than the window is fitted inside its cell, never cropped; the
    /// grid fills its cells.
    func testTheListShowsTallPhotosWholeAndTheGridFillsItsCells() {
        let model = GalleryModel(pager: .init(pageSize: 30, minInterval: 0))
        let shots = [photo("tall", 300, 1200), photo("wide", 300, 100)] + photos(0..<10)
        model.feed.receive(model.feed.nextPageRequest(now: 0)!, .success(PageContents(photos: shots)), now: 0)
        let wall = model.browse
        XCTAssertEqual(wall.pictureFrame(of: 0), wall.screenFrame(of: 0), "the grid fills the cell")
        _ = model.handle(key: .character("v"))
        for _ in 0..<120 { model.tick(dt: 1.0 / 60) }
        let cell = wall.screenFrame(of: 0), picture = wall.pictureFrame(of: 0)
        XCTAssertLessThanOrEqual(cell.height, wall.gridHeight, "at most a window tall")
        XCTAssertEqual(picture.height, cell.height)
        XCTAssertEqual(Double(picture.width), Double(picture.height) / 4, accuracy: 1, "its own shape, whole")
        XCTAssertEqual(picture.x + picture.width / 2, cell.x + cell.width / 2, accuracy: 1, "centred on the background")
        XCTAssertEqual(wall.pictureFrame(of: 1), wall.screenFrame(of: 1), "a photo that fits fills its full-width cell")
    }
}
