import XCTest
@testable import GalleryCore

final class DetailHistoryTests: XCTestCase {
    private func key(_ id: Int) -> ItemKey { ItemKey(pass: 0, photoID: String(id)) }

    func testBackAndForwardLikeABrowser() {
        var pane = DetailHistory(key: key(1))
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
        var pane = DetailHistory(key: key(0))
        for i in 1...2000 { pane.show(key(i)) }
        XCTAssertEqual(pane.history.count, DetailHistory.maxHistory)
        XCTAssertEqual(pane.key, key(2000))
    }

    func testArrowsPageThroughTheFeedAndTheWallFollows() {
        let model = GalleryModel(pager: .init(pageSize: 30, minInterval: 0))
        let r = model.feed.nextPageRequest(now: 0)!
        model.feed.receive(r, .success(PageContents(photos: photos(0..<30))), now: 0)
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
        // The arrows at the photo's sides (shown with the pointer over the photo) move through the wall.
        let layout = DetailPane.layout(of: model.detail!.index, in: model)
        model.pointer(.hover(x: layout.previousArrow.x + 4, y: layout.previousArrow.y + 4))
        model.click(atWindowX: layout.previousArrow.x + 4, y: layout.previousArrow.y + 4)
        XCTAssertEqual(model.detail?.index, first)
        model.click(atWindowX: layout.nextArrow.x + 4, y: layout.nextArrow.y + 4)
        XCTAssertEqual(model.detail?.index, first + 1)
        XCTAssertNotNil(model.detail, "clicks on the arrows do not close the pane")
        _ = model.handle(key: .escape)
        XCTAssertNil(model.detail)
        XCTAssertEqual(model.browse.focusedIndex, first + 1)
    }
}

final class LinkCommandTests: XCTestCase {
    func testCAndOGiveThePageLinkOnlyForHTTP() {
        let model = GalleryModel(pager: .init(pageSize: 30, minInterval: 0))
        let r = model.feed.nextPageRequest(now: 0)!
        let good = Photo(id: "1", author: "A", width: 300, height: 200, url: "https://unsplash.com/photos/x", downloadURL: "")
        let bad = Photo(id: "2", author: "B", width: 300, height: 200, url: "file:///etc/passwd", downloadURL: "")
        model.feed.receive(r, .success(PageContents(photos: [good, bad].compactMap { $0.validated() ?? $0 })), now: 0)
        XCTAssertEqual(model.handle(key: .character("o")), .none, "only in the pane")
        _ = model.apply(.focusNext)
        _ = model.handle(key: .enter)
        XCTAssertEqual(model.handle(key: .character("c")), .copy("https://unsplash.com/photos/x"))
        XCTAssertEqual(model.handle(key: .character("o")), .open("https://unsplash.com/photos/x"))
        _ = model.handle(key: .right)
        XCTAssertEqual(model.handle(key: .character("o")), .none, "a file: URL never leaves the app")
    }
}

final class TransitionTests: XCTestCase {
    func testRevealIsEasedTimedAndTurnsAroundWithoutJumping() {
        var reveal = Reveal(duration: 0.2)
        reveal.step(dt: 0.05)
        XCTAssertEqual(reveal.progress, 0.25, accuracy: 1e-9)
        XCTAssertGreaterThan(reveal.eased, reveal.progress, "ease-out: quick start")
        reveal.turn(to: 0)
        reveal.step(dt: 0.025)
        XCTAssertEqual(reveal.progress, 0.125, accuracy: 1e-9, "turned around from where it was")
        reveal.step(dt: 1)
        XCTAssertFalse(reveal.isMoving)
        XCTAssertEqual(reveal.progress, 0)
        XCTAssertEqual(Rect(x: 0, y: 0, width: 100, height: 100).interpolated(to: Rect(x: 100, y: 50, width: 300, height: 100), 0.5),
                       Rect(x: 50, y: 25, width: 200, height: 100))
    }

    func testThePaneGrowsFromItsCellAndShrinksBackIntoIt() {
        let model = GalleryModel(pager: .init(pageSize: 30, minInterval: 0))
        let r = model.feed.nextPageRequest(now: 0)!
        model.feed.receive(r, .success(PageContents(photos: photos(0..<30))), now: 0)
        _ = model.apply(.focusNext)
        let cell = model.browse.screenFrame(of: model.browse.focusedIndex!)
        _ = model.apply(.openDetail)
        XCTAssertEqual(model.detail?.overlay.origin, cell)
        XCTAssertTrue(model.isAnimating)
        for _ in 0..<6 { model.tick(dt: 1.0 / 60) }  // 100 ms: half way
        XCTAssertTrue(model.isAnimating)
        _ = model.handle(key: .escape)  // interrupted
        XCTAssertNil(model.detail, "input is the wall's again at once")
        let closing = DetailPane.closing(in: model)!
        XCTAssertEqual(closing.reveal.progress, 0.5, accuracy: 0.01, "it shrinks from where it got to")
        _ = model.apply(.openDetail)  // and reopened mid-way
        XCTAssertEqual(model.detail!.overlay.reveal.progress, closing.reveal.progress, accuracy: 0.01)
        for _ in 0..<20 { model.tick(dt: 1.0 / 60) }
        XCTAssertFalse(model.isAnimating)
    }
}
