import XCTest
@testable import GalleryCore

/// The pane as people expect a viewer: arrows at the photo's sides on hover or after a tap, a star that is always
/// there, zoom buttons with the level, a details panel, tooltips that name the keys, links that open.
final class PaneViewerTests: XCTestCase {
    private func opened(library: Library? = MemoryLibrary()) -> GalleryModel {
        var config = GalleryConfig()
        config.windowSize = PixelSize(width: 1280, height: 800)
        let model = GalleryModel(config: config, pager: .init(pageSize: 30, minInterval: 0), library: library,
                                 asksName: false)
        model.standIn.credits = { Credit(line: "Photo by \($0.author)", page: "https://example.org/\($0.id)") }
        let r = model.feed.nextPageRequest(now: 0)!
        model.feed.receive(r, .success(PageContents(photos: photos(0..<30, w: 2000, h: 1500))), now: 0)
        _ = model.apply(.focusNext)
        _ = model.apply(.nextPhoto)
        _ = model.apply(.focusNext)
        _ = model.apply(.openDetail)
        return model
    }

    private func centre(_ r: Rect) -> (Int, Int) { (r.x + r.width / 2, r.y + r.height / 2) }

    func testArrowsShowOnHoverOrAfterATapAndMoveThroughTheWall() throws {
        let model = opened()
        let pane = try XCTUnwrap(model.detail?.overlay)
        let layout = pane.layout(in: model)
        XCTAssertFalse(pane.showsArrows, "not until the pointer is over the photo")
        let before = try XCTUnwrap(model.detail?.index)
        model.click(atWindowX: layout.nextArrow.x + 4, y: layout.nextArrow.y + 4)
        XCTAssertEqual(model.detail?.index, before, "an arrow not drawn does not answer: the tap shows the arrows")
        XCTAssertTrue(pane.showsArrows)
        model.click(atWindowX: layout.nextArrow.x + 4, y: layout.nextArrow.y + 4)
        XCTAssertEqual(model.detail?.index, before + 1, "drawn, it does")
        _ = model.apply(.previousPhoto)
        model.click(atWindowX: centre(layout.imageArea).0, y: centre(layout.imageArea).1)
        XCTAssertFalse(pane.showsArrows)
        let (x, y) = centre(layout.imageArea)
        model.pointer(.hover(x: x, y: y))
        XCTAssertTrue(pane.showsArrows)
        model.pointer(.hover(x: 2, y: 2))
        XCTAssertFalse(pane.showsArrows)
        // A finger has no hover: a tap on the photo shows them, another hides them; neither closes the pane.
        model.click(atWindowX: x, y: y)
        XCTAssertTrue(pane.showsArrows)
        XCTAssertNotNil(model.detail)
        let index = try XCTUnwrap(model.detail?.index)
        let (nx, ny) = centre(layout.nextArrow)
        model.pointer(.hover(x: nx, y: ny))
        XCTAssertEqual(pane.tooltip(in: model), "Next photo (→)")
        model.click(atWindowX: nx, y: ny)
        XCTAssertEqual(model.detail?.index, index + 1)
        let (px, py) = centre(layout.previousArrow)
        model.click(atWindowX: px, y: py)
        model.click(atWindowX: px, y: py)
        XCTAssertEqual(model.detail?.index, index - 1)
        model.pointer(.hover(x: 2, y: 2))
        model.click(atWindowX: x, y: y)
        XCTAssertFalse(pane.showsArrows)
    }

    func testTheStarIsAlwaysThereAndTogglesTheBookmark() throws {
        let model = opened()
        let pane = try XCTUnwrap(model.detail?.overlay)
        let star = try XCTUnwrap(pane.layout(in: model).frame(of: .bookmark))
        let id = model.currentBrowse.catalog.items[model.detail!.index].photo.id
        model.pointer(.hover(x: star.x + 4, y: star.y + 4))
        XCTAssertEqual(pane.tooltip(in: model), "Bookmark (b)")
        model.click(atWindowX: star.x + 4, y: star.y + 4)
        XCTAssertTrue(model.user.isBookmarked(id))
        XCTAssertEqual(model.toasts.current?.text, "Bookmarked")
        model.click(atWindowX: star.x + 4, y: star.y + 4)
        XCTAssertFalse(model.user.isBookmarked(id))
        XCTAssertNotNil(model.detail)
    }

    func testZoomButtonsChangeTheZoomAndTheLevelSaysIt() throws {
        let model = opened()
        let pane = try XCTUnwrap(model.detail?.overlay)
        let layout = pane.layout(in: model)
        let fitted = pane.zoomPercent(in: model)
        XCTAssertEqual(fitted, Int((Double(layout.image.width) / 2000 * 100).rounded()))
        let zoomIn = try XCTUnwrap(layout.frame(of: .zoomIn)), zoomOut = try XCTUnwrap(layout.frame(of: .zoomOut))
        let level = try XCTUnwrap(layout.frame(of: .zoomLevel))
        model.click(atWindowX: zoomIn.x + 4, y: zoomIn.y + 4)
        XCTAssertEqual(pane.zoom.scale, 1.5, accuracy: 1e-9)
        XCTAssertGreaterThan(pane.zoomPercent(in: model), fitted)
        model.click(atWindowX: zoomOut.x + 4, y: zoomOut.y + 4)
        XCTAssertFalse(pane.zoom.isZoomed)
        // The level's button goes to actual size, and from there back to fitted.
        model.click(atWindowX: level.x + 4, y: level.y + 4)
        XCTAssertEqual(pane.zoomPercent(in: model), 100)
        model.pointer(.hover(x: level.x + 4, y: level.y + 4))
        XCTAssertEqual(pane.tooltip(in: model), "Fit to the window (0)")
        model.click(atWindowX: level.x + 4, y: level.y + 4)
        XCTAssertEqual(pane.zoomPercent(in: model), fitted)
    }

    func testDetailsOpenUnderThePhotoAndTheirLinksOpen() throws {
        let model = opened()
        let pane = try XCTUnwrap(model.detail?.overlay)
        let closed = pane.layout(in: model)
        XCTAssertFalse(pane.showsInfo)
        XCTAssertEqual(pane.shownLines(DetailPane.lines(for: photo("1"), in: model)).map(\.text),
                       ["Page: https://example.org/1", "Download: d1"], "the pane shows its photo's URL from the start (the brief)")
        _ = model.handle(key: .character("i"))
        XCTAssertTrue(pane.showsInfo)
        let open = pane.layout(in: model)
        XCTAssertLessThan(open.imageArea.height, closed.imageArea.height, "the photo makes room for the details")
        let shown = pane.shownLines(DetailPane.lines(for: model.currentBrowse.catalog.items[model.detail!.index].photo,
                                                     in: model))
        XCTAssertEqual(shown.first?.style, .link, "the credit stays along the top; the page link leads the details")
        // A click on the page line asks the app to open it.
        let y = open.textOrigin.y + model.services.detailLineHeight / 2
        model.pointer(.hover(x: open.textOrigin.x + 10, y: y))
        XCTAssertEqual(pane.tooltip(in: model), "Open (o)")
        model.click(atWindowX: open.textOrigin.x + 10, y: y)
        let id = model.currentBrowse.catalog.items[model.detail!.index].photo.id
        XCTAssertEqual(model.input.takeRequested(), .open("https://example.org/\(id)"))
        XCTAssertEqual(model.input.takeRequested(), .none, "taken once")
        // The details button closes them again.
        let info = try XCTUnwrap(open.frame(of: .info))
        model.click(atWindowX: info.x + 4, y: info.y + 4)
        XCTAssertFalse(pane.showsInfo)
    }
}

/// A kiosk's pane: no star (it keeps no bookmarks), no link that opens a browser; the first tap after a quiet spell
/// opens the photo under it, as on any other screen.
final class KioskPaneTests: XCTestCase {
    func testAKioskPaneHasNoStarAndOpensNoLinkAndOneTapOpensAPhoto() throws {
        // The same click on a desktop's pane opens the link: the kiosk's refusal below is not a missed click.
        for kiosk in [nil, Kiosk(idle: 5)] {
            try check(kiosk: kiosk)
        }
    }

    private func check(kiosk: Kiosk?) throws {
        var config = GalleryConfig()
        config.windowSize = PixelSize(width: 1280, height: 800)
        let model = GalleryModel(config: config, pager: .init(pageSize: 30, minInterval: 0), kiosk: kiosk,
                                 library: MemoryLibrary(), asksName: false)
        model.standIn.credits = { Credit(line: $0.author, page: "https://example.org/\($0.id)") }
        let r = model.feed.nextPageRequest(now: 0)!
        model.feed.receive(r, .success(PageContents(photos: photos(0..<30, w: 2000, h: 1500))), now: 0)
        // The wall has scrolled by itself, a visitor tapped, went away, and the quiet spell brought the wall back.
        for t in stride(from: 0.0, to: 10, by: 0.1) { kiosk?.advance(model, now: t, dt: 0.1) }
        kiosk?.noteInput(at: 10)
        for t in stride(from: 10.0, to: 20, by: 0.1) { kiosk?.advance(model, now: t, dt: 0.1) }
        XCTAssertTrue(model.overlays.isEmpty)
        let cell = model.browse.screenFrame(of: try XCTUnwrap(model.browse.visibleIndices.first { model.browse.screenFrame(of: $0).y > 60 }))
        kiosk?.noteInput(at: 20)
        model.click(atWindowX: cell.x + cell.width / 2, y: cell.y + cell.height / 2)
        let pane = try XCTUnwrap(model.detail?.overlay, "one tap opens the photo")
        let layout = pane.layout(in: model)
        XCTAssertEqual(layout.frame(of: .bookmark) == nil, kiosk != nil, "no star on a kiosk")
        _ = pane.perform(.action(RoomAction.info), in: model)
        let open = pane.layout(in: model)
        model.click(atWindowX: open.textOrigin.x + 10, y: open.textOrigin.y + model.services.detailLineHeight / 2)
        if kiosk == nil {
            XCTAssertNotEqual(model.input.takeRequested(), .none, "a desktop opens the link")
        } else {
            XCTAssertEqual(model.input.takeRequested(), .none, "a kiosk opens no browser")
        }
    }
}
