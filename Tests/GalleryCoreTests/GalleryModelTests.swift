import XCTest
@testable import GalleryCore

final class GalleryModelTests: XCTestCase {
    private func loadedModel(pages: Int = 2) -> GalleryModel {
        let model = GalleryModel(pager: .init(pageSize: 30, minInterval: 0))
        for p in 0..<pages {
            // The next page is only wanted near the end: go there first.
            _ = model.apply(.scrollToBottom)
            settle(model)
            let r = model.nextPageRequest(now: 0)!
            model.receive(r, .success(PageContents(photos: photos(p * 30..<(p + 1) * 30, w: 300 + p, h: 400))), now: 0)
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
        XCTAssertEqual(model.scrollTop, model.gridHeight - Int(model.config.lineStep) / 2)
        _ = model.apply(.scrollPages(-1))
        settle(model)
        XCTAssertEqual(model.scrollTop, 0)
    }

    func testHomeAndEnd() {
        let model = loadedModel()
        _ = model.apply(.scrollToBottom)
        settle(model)
        XCTAssertEqual(model.scrollTop, Int(model.scroll.maxOffset))
        XCTAssertGreaterThan(model.scrollTop, 1000)
        _ = model.apply(.scrollToTop)
        settle(model)
        XCTAssertEqual(model.scrollTop, 0)
    }

    func testTheNextPageIsRequestedNearTheEnd() {
        let model = GalleryModel(pager: .init(pageSize: 30, minInterval: 0))
        let r = model.nextPageRequest(now: 0)!
        model.receive(r, .success(PageContents(photos: photos(0..<30))), now: 0)
        XCTAssertNil(model.nextPageRequest(now: 0), "plenty below the viewport")
        _ = model.apply(.scrollToBottom)
        settle(model)
        XCTAssertEqual(model.nextPageRequest(now: 0)?.page, 2)
    }

    func testClickOpensTheDetailPaneAndEscapeReturnsToTheSamePlace() {
        let model = loadedModel()
        _ = model.apply(.scrollLines(3))
        settle(model)
        let top = model.scrollTop
        let target = model.visibleIndices[1]
        let frame = model.screenFrame(of: target)
        model.click(atWindowX: frame.x + 10, y: max(frame.y, model.gridTop) + 10)
        XCTAssertEqual(model.detailIndex, target)
        _ = model.apply(.scrollPages(1))
        settle(model)
        XCTAssertEqual(model.scrollTop, top, "the grid does not move under the pane")
        _ = model.apply(.closeDetail)
        XCTAssertNil(model.detailIndex)
        XCTAssertEqual(model.scrollTop, top)
    }

    func testAClickOutsideThePaneClosesIt() {
        let model = loadedModel()
        _ = model.apply(.openDetail)
        XCTAssertNotNil(model.detailIndex)
        let panel = model.detailLayout(for: model.detailIndex!).panel
        model.click(atWindowX: panel.x + 20, y: panel.y + 20)
        XCTAssertNotNil(model.detailIndex, "a click inside stays open")
        model.click(atWindowX: 5, y: model.window.height - 5)
        XCTAssertNil(model.detailIndex)
    }

    func testEnterOpensTheFocusedCellAndFocusMovesIntoView() {
        let model = loadedModel()
        for _ in 0..<12 { _ = model.apply(.focusNext) }
        settle(model)
        let focused = model.focusedIndex!
        XCTAssertEqual(focused, 11)
        let frame = model.screenFrame(of: focused)
        XCTAssertGreaterThanOrEqual(frame.y, model.gridTop)
        if frame.height + 2 * model.config.gap <= model.gridHeight {
            XCTAssertLessThanOrEqual(frame.maxY, model.window.height)
        } else {
            XCTAssertEqual(frame.y, model.gridTop + model.config.gap, "a cell taller than the grid shows its top")
        }
        _ = model.apply(.openDetail)
        XCTAssertEqual(model.detailIndex, focused)
    }

    func testResizeKeepsTheTopItemAtTheTop() {
        let model = loadedModel(pages: 3)
        _ = model.apply(.scrollPages(3))
        settle(model)
        let anchor = model.layout.indices(intersecting: model.scrollTop, model.scrollTop + 1).first!
        model.resize(to: PixelSize(width: 900, height: 700))
        XCTAssertEqual(model.layout.frames[anchor].width, (900 - 36) / 2)
        XCTAssertTrue(model.layout.indices(intersecting: model.scrollTop, model.scrollTop + 1).contains(anchor))
    }

    func testWheelScrollsSmoothly() {
        let model = loadedModel()
        model.wheel(notches: -1)
        model.tick(dt: 1.0 / 60)
        XCTAssertGreaterThan(model.scrollTop, 0)
        XCTAssertLessThan(model.scrollTop, Int(model.config.wheelStep))
    }

    func testResetStartsOverWithANewGeneration() {
        let model = loadedModel()
        let generation = model.feed.generation
        model.resetFeed()
        XCTAssertTrue(model.feed.isEmpty)
        XCTAssertEqual(model.layout.count, 0)
        XCTAssertEqual(model.feed.generation, generation + 1)
        XCTAssertEqual(model.nextPageRequest(now: 0)?.page, 1)
    }
}
