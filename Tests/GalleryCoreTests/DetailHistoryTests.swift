import XCTest
@testable import GalleryCore

final class DetailHistoryTests: XCTestCase {
    private func key(_ id: Int) -> ItemKey { ItemKey(pass: 0, photoID: String(id)) }

    func testBackAndForwardLikeABrowser() {
        var pane = DetailOverlay(key: key(1))
        XCTAssertFalse(pane.canGoBack)
        XCTAssertFalse(pane.canGoForward, "nothing to go forward to")
        pane.show(key(2)); pane.show(key(3))
        XCTAssertTrue(pane.back())
        XCTAssertEqual(pane.key, key(2))
        XCTAssertTrue(pane.canGoForward)
        XCTAssertTrue(pane.forward())
        XCTAssertFalse(pane.canGoForward, "at the end again")
        XCTAssertFalse(pane.forward())
        pane.back(); pane.back()
        pane.show(key(9))
        XCTAssertEqual(pane.history, [key(1), key(9)], "going somewhere new drops what was forward")
        XCTAssertFalse(pane.canGoForward)
    }

    func testHistoryIsBounded() {
        var pane = DetailOverlay(key: key(0))
        for i in 1...2000 { pane.show(key(i)) }
        XCTAssertEqual(pane.history.count, DetailOverlay.maxHistory)
        XCTAssertEqual(pane.key, key(2000))
    }

    func testArrowsPageThroughTheFeedAndTheWallFollows() {
        let model = GalleryModel(pager: .init(pageSize: 30, minInterval: 0))
        let r = model.nextPageRequest(now: 0)!
        model.receive(r, .success(PageContents(photos: photos(0..<30))), now: 0)
        _ = model.apply(.focusNext)
        _ = model.handle(key: .enter)
        let first = model.detail!.index
        _ = model.handle(key: .right)
        XCTAssertEqual(model.detail?.index, first + 1)
        XCTAssertEqual(model.browse.focusedIndex, first + 1, "closing lands on the photo shown")
        _ = model.handle(key: .left, modifiers: .alt)
        XCTAssertEqual(model.detail?.index, first)
        XCTAssertTrue(model.detail!.overlay.canGoForward)
        _ = model.handle(key: .character("]"))
        XCTAssertEqual(model.detail?.index, first + 1)
        XCTAssertFalse(model.detail!.overlay.canGoForward)
        // The buttons in the pane do the same.
        let layout = model.detailLayout(for: model.detail!.index)
        model.click(atWindowX: layout.backButton.x + 4, y: layout.backButton.y + 4)
        XCTAssertEqual(model.detail?.index, first)
        model.click(atWindowX: layout.forwardButton.x + 4, y: layout.forwardButton.y + 4)
        XCTAssertEqual(model.detail?.index, first + 1)
        XCTAssertNotNil(model.detail, "clicks on the buttons do not close the pane")
        _ = model.handle(key: .escape)
        XCTAssertNil(model.detail)
        XCTAssertEqual(model.browse.focusedIndex, first + 1)
    }
}

final class LinkCommandTests: XCTestCase {
    func testCAndOGiveThePageLinkOnlyForHTTP() {
        let model = GalleryModel(pager: .init(pageSize: 30, minInterval: 0))
        let r = model.nextPageRequest(now: 0)!
        let good = Photo(id: "1", author: "A", width: 300, height: 200, url: "https://unsplash.com/photos/x", downloadURL: "")
        let bad = Photo(id: "2", author: "B", width: 300, height: 200, url: "file:///etc/passwd", downloadURL: "")
        model.receive(r, .success(PageContents(photos: [good, bad].compactMap { $0.validated() ?? $0 })), now: 0)
        XCTAssertEqual(model.handle(key: .character("o")), .none, "only in the pane")
        _ = model.apply(.focusNext)
        _ = model.handle(key: .enter)
        XCTAssertEqual(model.handle(key: .character("c")), .copy("https://unsplash.com/photos/x"))
        XCTAssertEqual(model.handle(key: .character("o")), .open("https://unsplash.com/photos/x"))
        _ = model.handle(key: .right)
        XCTAssertEqual(model.handle(key: .character("o")), .none, "a file: URL never leaves the app")
    }
}
