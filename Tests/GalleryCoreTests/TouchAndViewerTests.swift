import XCTest
@testable import GalleryCore

/// Mouse and touch turned into gestures, and what the rooms do with them.
final class GestureRecognizerTests: XCTestCase {
    func testATapIsAClickAndASecondTapSoonAfterADoubleClick() {
        var g = GestureRecognizer()
        XCTAssertEqual(g.down(id: 1, x: 100, y: 100, time: 0), [])
        XCTAssertEqual(g.up(id: 1, x: 102, y: 101, time: 0.05), [.click(x: 102, y: 101)])
        _ = g.down(id: 1, x: 104, y: 100, time: 0.2)
        XCTAssertEqual(g.up(id: 1, x: 104, y: 100, time: 0.25), [.doubleClick(x: 104, y: 100)])
        // Later, or far away: a click again.
        _ = g.down(id: 1, x: 104, y: 100, time: 2)
        XCTAssertEqual(g.up(id: 1, x: 104, y: 100, time: 2.05), [.click(x: 104, y: 100)])
        _ = g.down(id: 1, x: 400, y: 400, time: 2.1)
        XCTAssertEqual(g.up(id: 1, x: 400, y: 400, time: 2.15), [.click(x: 400, y: 400)])
    }

    func testAPressThatMovesDragsAndAQuickSidewaysOneIsAlsoASwipe() {
        var g = GestureRecognizer()
        g.windowWidth = 1000
        _ = g.down(id: 1, x: 500, y: 500, time: 0)
        XCTAssertEqual(g.move(id: 1, x: 503, y: 500, time: 0.01), [], "a tremor is no drag")
        XCTAssertEqual(g.move(id: 1, x: 480, y: 500, time: 0.02),
                       [.beginDrag(x: 500, y: 500, time: 0.02), .drag(dx: -20, dy: 0, time: 0.02)])
        XCTAssertEqual(g.move(id: 1, x: 300, y: 510, time: 0.1), [.drag(dx: -180, dy: 10, time: 0.1)])
        XCTAssertEqual(g.up(id: 1, x: 300, y: 510, time: 0.12),
                       [.endDrag(time: 0.12), .swipe(dx: -200, dy: 10, fromEdge: false)])
        // Slow, or mostly vertical: a drag only.
        _ = g.down(id: 1, x: 500, y: 500, time: 1)
        _ = g.move(id: 1, x: 500, y: 200, time: 1.1)
        XCTAssertEqual(g.up(id: 1, x: 500, y: 200, time: 1.2), [.endDrag(time: 1.2)])
        _ = g.down(id: 1, x: 500, y: 500, time: 2)
        _ = g.move(id: 1, x: 200, y: 500, time: 3)
        XCTAssertEqual(g.up(id: 1, x: 200, y: 500, time: 3), [.endDrag(time: 3)])
        // From the right edge towards the middle: an edge swipe.
        _ = g.down(id: 1, x: 990, y: 400, time: 4)
        _ = g.move(id: 1, x: 800, y: 405, time: 4.1)
        XCTAssertEqual(g.up(id: 1, x: 800, y: 405, time: 4.15).last, .swipe(dx: -190, dy: 5, fromEdge: true))
    }

    func testAFingerHeldStillIsALongPressOnceAndNoClick() {
        var g = GestureRecognizer()
        _ = g.down(id: 7, x: 50, y: 60, time: 0)
        XCTAssertEqual(g.poll(time: 0.3), [])
        XCTAssertEqual(g.poll(time: 0.6), [.longPress(x: 50, y: 60)])
        XCTAssertEqual(g.poll(time: 0.9), [], "once")
        XCTAssertEqual(g.up(id: 7, x: 50, y: 60, time: 1), [], "letting go is no click")
        // A press that moved first is a drag, never a long press.
        _ = g.down(id: 7, x: 50, y: 60, time: 2)
        _ = g.move(id: 7, x: 50, y: 100, time: 2.1)
        XCTAssertEqual(g.poll(time: 3), [])
    }

    func testTwoFingersPinchAndEndTheFirstFingersDrag() {
        var g = GestureRecognizer()
        _ = g.down(id: 1, x: 400, y: 300, time: 0)
        _ = g.move(id: 1, x: 400, y: 330, time: 0.05)
        XCTAssertEqual(g.down(id: 2, x: 600, y: 330, time: 0.1), [.endDrag(time: 0.1)])
        XCTAssertEqual(g.move(id: 2, x: 800, y: 330, time: 0.2), [.pinch(scale: 2, x: 600, y: 330)])
        XCTAssertEqual(g.up(id: 1, x: 400, y: 330, time: 0.3), [])
        XCTAssertEqual(g.move(id: 2, x: 700, y: 330, time: 0.35), [], "the pinch is over; the last finger does nothing")
        XCTAssertEqual(g.up(id: 2, x: 700, y: 330, time: 0.4), [])
        XCTAssertFalse(g.isActive)
    }

    func testTouchScriptsParseIntoTimedFingerEvents() throws {
        let tap = try XCTUnwrap(TouchScript(name: "tap:10:20"))
        XCTAssertEqual(tap.events.map(\.phase), [.down, .up])
        let pinch = try XCTUnwrap(TouchScript(name: "pinch:640:400:2"))
        XCTAssertEqual(Set(pinch.events.map(\.finger)), [1, 2])
        XCTAssertEqual(pinch.events.filter { $0.phase == .up }.map(\.x), [440, 840])
        let swipe = try XCTUnwrap(TouchScript(name: "swipe:900:300:100:300"))
        XCTAssertLessThan(swipe.duration, TouchScript(name: "drag:900:300:100:300")!.duration)
        XCTAssertNil(TouchScript(name: "tap:10"))
        XCTAssertNil(TouchScript(name: "pinch:1:1:0"))
        XCTAssertNil(TouchScript(name: "tap:x:1"))
        XCTAssertEqual(ScriptStep(name: "longpress:5:6"), .touch(TouchScript(name: "longpress:5:6")!))
    }
}

final class ZoomTests: XCTestCase {
    private let fit = Rect(x: 100, y: 100, width: 400, height: 300), area = Rect(x: 0, y: 100, width: 600, height: 300)

    func testZoomingKeepsThePointUnderThePointerAndPanningStopsAtTheEdges() {
        var zoom = Zoom()
        XCTAssertFalse(zoom.isZoomed)
        XCTAssertEqual(zoom.frame(fit: fit, area: area), fit)
        // The photo's top-left quarter point, at window (200, 175), stays there at twice the size.
        zoom.zoom(by: 2, at: (200, 175), fit: fit, area: area, photoWidth: 4000)
        let z = zoom.frame(fit: fit, area: area)
        XCTAssertEqual(z.width, 800)
        XCTAssertEqual(Double(200 - z.x) / Double(z.width), 0.25, accuracy: 0.01)
        XCTAssertEqual(Double(175 - z.y) / Double(z.height), 0.25, accuracy: 0.01)
        // Dragging far right: the photo's left edge stops at the area's.
        zoom.pan(dx: 5000, dy: 0, fit: fit, area: area)
        XCTAssertEqual(zoom.frame(fit: fit, area: area).x, area.x)
        let shown = zoom.visible(fit: fit, area: area)
        XCTAssertEqual(shown.destination, Rect(x: 0, y: 100, width: 600, height: 300))
        XCTAssertEqual(shown.source.x, 0, accuracy: 1e-9)
        XCTAssertEqual(shown.source.width, 0.75, accuracy: 0.01, "600 of 800 pixels wide")
        zoom.reset()
        XCTAssertEqual(zoom.frame(fit: fit, area: area), fit)
    }

    func testZoomStaysBetweenFittedAndFourPhotoPixelsAPixel() {
        var zoom = Zoom()
        zoom.zoom(by: 0.2, fit: fit, area: area, photoWidth: 4000)
        XCTAssertEqual(zoom.scale, 1, "never smaller than fitted")
        zoom.zoom(by: 1000, fit: fit, area: area, photoWidth: 4000)
        XCTAssertEqual(zoom.scale, 40, "4000 photo pixels over 400: 10 at one to one, 40 at four screen pixels each")
        XCTAssertEqual(Zoom.actualSize(fit: fit, photoWidth: 4000, scalePerPixel: 2), 5)
    }
}

final class DetailViewerTests: XCTestCase {
    private func opened(width: Int = 6000) -> GalleryModel {
        var config = GalleryConfig()
        config.windowSize = PixelSize(width: 1280, height: 800)
        let model = GalleryModel(config: config, pager: .init(pageSize: 30, minInterval: 0))
        let r = model.feed.nextPageRequest(now: 0)!
        model.feed.receive(r, .success(PageContents(photos: photos(0..<30, w: width, h: 4000))), now: 0)
        _ = model.apply(.focusNext)
        _ = model.apply(.openDetail)
        return model
    }

    func testKeysZoomAndTheImageIsAskedForAtTheSizeShownWithinTheBudget() throws {
        let model = opened()
        let pane = try XCTUnwrap(model.detail?.overlay)
        let fitted = try XCTUnwrap(model.onShow.largeImages.first).frame
        _ = model.handle(key: .character("+"))
        XCTAssertEqual(pane.zoom.scale, 1.5)
        XCTAssertEqual(model.onShow.largeImages.first?.frame.width, fitted.width * 2,
                       "asked for at the next power of two")
        for _ in 0..<10 { _ = model.handle(key: .character("+")) }
        let asked = try XCTUnwrap(model.onShow.largeImages.first).frame
        XCTAssertLessThanOrEqual(asked.width * asked.height, DetailPane.maxZoomedPixels, "never over the decode budget")
        XCTAssertLessThanOrEqual(asked.width, 6000, "never more pixels than the photo has")
        _ = model.handle(key: .character("0"))
        XCTAssertFalse(pane.zoom.isZoomed)
        XCTAssertEqual(model.onShow.largeImages.first?.frame, fitted)
        _ = model.handle(key: .character("1"))
        XCTAssertEqual(pane.zoom.scale, Zoom.actualSize(fit: fitted, photoWidth: 6000), accuracy: 1e-9)
        _ = model.handle(key: .right)
        XCTAssertFalse(pane.zoom.isZoomed, "another photo starts fitted")
    }

    func testPinchDoubleTapDragAndSwipeInThePane() throws {
        let model = opened()
        let pane = try XCTUnwrap(model.detail?.overlay)
        let start = pane.key
        model.pointer(.swipe(dx: -300, dy: 0, fromEdge: false))
        XCTAssertNotEqual(pane.key, start, "a swipe over a fitted photo moves to the next")
        let layout = DetailPane.layout(of: model.detail!.index, in: model)
        let middle = (layout.image.x + layout.image.width / 2, layout.image.y + layout.image.height / 2)
        model.pointer(.pinch(scale: 2, x: middle.0, y: middle.1))
        XCTAssertEqual(pane.zoom.scale, 2, accuracy: 1e-9)
        let key = pane.key
        model.pointer(.swipe(dx: -300, dy: 0, fromEdge: false))
        XCTAssertEqual(pane.key, key, "zoomed, a swipe does not leave the photo")
        let before = pane.zoom.frame(fit: layout.image, area: layout.imageArea)
        model.pointer(.beginDrag(x: middle.0, y: middle.1, time: 0))
        model.pointer(.drag(dx: 40, dy: 0, time: 0.1))
        model.pointer(.endDrag(time: 0.2))
        XCTAssertEqual(pane.zoom.frame(fit: layout.image, area: layout.imageArea).x, before.x + 40, "dragging pans")
        model.pointer(.doubleClick(x: middle.0, y: middle.1))
        XCTAssertFalse(pane.zoom.isZoomed, "a double tap on a zoomed photo fits it again")
        model.pointer(.doubleClick(x: middle.0, y: middle.1))
        XCTAssertEqual(pane.zoom.scale, 2.5)
    }
}

final class SlideshowTests: XCTestCase {
    private func model(pages: Int = 1, wraps: Bool = false, arrived: @escaping (ItemKey) -> Bool = { _ in true },
                       kiosk: Kiosk? = nil) -> GalleryModel {
        var config = GalleryConfig()
        config.windowSize = PixelSize(width: 1280, height: 800)
        config.slideInterval = 10
        // Pages of five where ten were asked for: a feed that does not wrap has ended after the first.
        let m = GalleryModel(config: config, pager: .init(pageSize: 10, wraps: wraps, minInterval: 0), kiosk: kiosk)
        m.standIn.arrived = arrived
        for p in 0..<pages {
            let r = m.feed.nextPageRequest(now: 0)!
            m.feed.receive(r, .success(PageContents(photos: photos(p * 5..<(p + 1) * 5))), now: 0)
        }
        return m
    }

    private func shown(_ m: GalleryModel) -> String? {
        (m.screen as? SlideshowScreen)?.photo((m.screen as? SlideshowScreen)?.current)?.id
    }

    func testSOpensAtTheFocusedPhotoAndPhotosFollowEveryIntervalWithACrossfade() throws {
        let m = model()
        _ = m.apply(.focusNext); _ = m.apply(.focusNext)
        _ = m.handle(key: .character("s"))
        let show = try XCTUnwrap(m.screen as? SlideshowScreen)
        XCTAssertEqual(shown(m), "1")
        XCTAssertEqual(m.onShow.largeImages.map(\.item), [m.catalog.items[1].key, m.catalog.items[2].key],
                       "the photo shown, then the next one ready in advance")
        XCTAssertFalse(m.onShow.showsCells, "no cells are wanted behind it")
        let frame = m.onShow.largeImages[0].frame
        XCTAssertEqual(frame.height, 800, "a landscape photo as tall as the window (the header fades over it)")
        m.tick(dt: 9.9)
        XCTAssertEqual(shown(m), "1")
        m.tick(dt: 0.2)
        XCTAssertEqual(shown(m), "2")
        XCTAssertTrue(m.isAnimating, "crossfading")
        XCTAssertNil(StillPicture(of: m))
        XCTAssertEqual(m.onShow.largeImages.map(\.item).count, 3, "the one fading out is still wanted")
        m.tick(dt: SlideshowScreen.fadeDuration)
        XCTAssertEqual(show.fade, 1)
        XCTAssertNil(show.previous)
        XCTAssertEqual(m.browse.focusedIndex, 2, "the wall follows, so leaving lands on the photo shown")
        _ = m.handle(key: .escape)
        XCTAssertTrue(m.screen === m.browse)
    }

    func testANextPhotoThatDoesNotArriveIsWaitedForOneIntervalThenPassedOver() {
        let m = model(arrived: { _ in false })
        _ = m.apply(.showSlideshow)
        m.tick(dt: 10.5)
        XCTAssertEqual(shown(m), "0", "waiting for the next photo")
        m.tick(dt: 9.6)
        XCTAssertEqual(shown(m), "1", "but not for ever: the show never stops")
    }

    func testKeysSwipesPauseAndTheEndOfAFeedThatEnded() {
        let m = model()
        _ = m.apply(.showSlideshow)
        _ = m.handle(key: .right)
        XCTAssertEqual(shown(m), "1")
        _ = m.handle(key: .left); _ = m.handle(key: .left)
        XCTAssertEqual(shown(m), "0", "no further back than the first")
        m.pointer(.swipe(dx: -200, dy: 0, fromEdge: false))
        XCTAssertEqual(shown(m), "1")
        m.pointer(.swipe(dx: 200, dy: 0, fromEdge: false))
        XCTAssertEqual(shown(m), "0")
        _ = m.handle(key: .space)
        m.tick(dt: 60)
        XCTAssertEqual(shown(m), "0", "paused")
        var status = HeaderStatus(photos: 5, sourceName: "x", pageLoading: false, imagesLoading: 0)
        m.screen.adjust(&status, in: m)
        XCTAssertNotNil(status.note, "the header says it is paused")
        m.click(atWindowX: 640, y: 400)
        XCTAssertFalse((m.screen as! SlideshowScreen).paused, "a tap in the middle goes on")
        m.click(atWindowX: 1200, y: 400)
        XCTAssertEqual(shown(m), "1", "a tap on the right third goes on to the next")
        for _ in 0..<4 { _ = m.handle(key: .right) }
        XCTAssertEqual(shown(m), "0", "past the last photo of a feed that ended: the first again")
    }

    func testAtTheEndOfAGrowingFeedTheNextPageIsAskedForAndWaitedFor() {
        let m = model(wraps: true)
        _ = m.apply(.showSlideshow)
        for _ in 0..<4 { _ = m.handle(key: .right) }
        XCTAssertEqual(shown(m), "4")
        XCTAssertEqual(m.screen.wantsFeedPages, true)
        XCTAssertNotNil(m.feed.nextPageRequest(now: 1))
        _ = m.handle(key: .right)
        XCTAssertEqual(shown(m), "4", "nothing after it yet")
    }

    func testAKioskPhotoFrameComesBackToTheSlideshowAfterAQuietSpell() {
        let m = model(kiosk: Kiosk(speed: 40, idle: 30, slideshow: true, interval: 20))
        SlideshowScreen.open(in: m)
        m.kiosk?.autoScroll.start()
        m.kiosk?.noteInput(at: 1)
        _ = m.handle(key: .escape)
        XCTAssertTrue(m.screen is SlideshowScreen, "a kiosk's Esc does nothing")
        m.goBack()
        XCTAssertTrue(m.screen === m.browse)
        m.kiosk?.advance(m, now: 31.2, dt: 0.5)
        XCTAssertTrue(m.screen is SlideshowScreen, "the quiet spell brings the photo frame back")
        XCTAssertEqual(m.kiosk?.watchdog.limit, 180)
        XCTAssertEqual(Kiosk(slideshow: true, interval: 600).watchdog.limit, 1800, "three intervals without a photo")
    }
}
