import Foundation
import XCTest
@testable import GalleryCore

/// The overlay layer's models: where an overlay stands, when it shows, how it fades, when it is asked again, and
/// what the frame's clock, the toasts and the captions show.
final class OverlayLayerTests: XCTestCase {
    private let window = Rect(x: 0, y: 0, width: 1280, height: 800)

    func testEachSpotStandsItsInsetOffTheEdgesItTouches() {
        let size = PixelSize(width: 100, height: 20)
        func at(_ spot: OverlayPlacement.Spot) -> Rect { OverlayPlacement(spot, inset: 32).frame(size: size, in: window) }
        XCTAssertEqual(at(.topLeft), Rect(x: 32, y: 32, width: 100, height: 20))
        XCTAssertEqual(at(.topRight), Rect(x: 1148, y: 32, width: 100, height: 20))
        XCTAssertEqual(at(.bottomLeft), Rect(x: 32, y: 748, width: 100, height: 20))
        XCTAssertEqual(at(.bottomRight), Rect(x: 1148, y: 748, width: 100, height: 20))
        XCTAssertEqual(at(.topBand), Rect(x: 590, y: 32, width: 100, height: 20))
        XCTAssertEqual(at(.bottomBand), Rect(x: 590, y: 748, width: 100, height: 20))
        XCTAssertEqual(at(.centred), Rect(x: 590, y: 390, width: 100, height: 20))
        XCTAssertEqual(at(.fullScreen), window)
        // An area that keeps its foot (the pane's links): the band stands above it.
        let above = OverlayPlacement(.bottomBand, inset: 16).frame(size: size, in: Rect(x: 0, y: 0, width: 1280, height: 700))
        XCTAssertEqual(above.maxY, 684)
    }

    func testAPanelsCornerIsAnotherCornerOfTheTurnedPicture() throws {
        let quarter = try XCTUnwrap(PanelRotation(degrees: 90)), half = try XCTUnwrap(PanelRotation(degrees: 180))
        // Turned a quarter clockwise, the picture's top-left is the panel's top-right.
        XCTAssertEqual(OverlayPlacement(.topRight).onPanel(turned: quarter).spot, .topLeft)
        XCTAssertEqual(OverlayPlacement(.bottomRight).onPanel(turned: quarter).spot, .topRight)
        XCTAssertEqual(OverlayPlacement(.topLeft).onPanel(turned: half).spot, .bottomRight)
        XCTAssertEqual(OverlayPlacement(.bottomBand, inset: 5).onPanel(turned: quarter), OverlayPlacement(.bottomBand, inset: 5))
        XCTAssertEqual(OverlayPlacement(.topLeft).onPanel(turned: PanelRotation(degrees: 0)!).spot, .topLeft)
    }

    func testScenesAndFades() {
        let model = loadedGallery()
        XCTAssertEqual(OverlayScene.of(model, asleep: false), .desktopWall)
        XCTAssertEqual(OverlayScene.of(model, asleep: true), .asleep)
        XCTAssertEqual(OverlayScene.of(loadedGallery(kiosk: Kiosk()), asleep: false), .kioskWall)
        model.show(.slideshow)
        XCTAssertEqual(OverlayScene.of(model, asleep: false), .slideshow)
        XCTAssertTrue(OverlayScenes.awake.include(.elsewhere))
        XCTAssertFalse(OverlayScenes.awake.include(.asleep))
        XCTAssertFalse(OverlayScenes.walls.include(.slideshow))
        XCTAssertEqual(OverlayFade.steady.opacity(header: 0), 1)
        XCTAssertEqual(OverlayFade.withHeader.opacity(header: 0.25), 0.25)
    }

    func testARefreshComesOnTheNextMultipleOfItsPeriodOrEveryFrame() {
        XCTAssertEqual(OverlayRefresh.every(seconds: 1).next(after: 100.4), 101)
        XCTAssertEqual(OverlayRefresh.every(seconds: 600).next(after: 1200), 1800)
        XCTAssertNil(OverlayRefresh.everyFrame.next(after: 5))
        let traits = OverlayTraits(placement: OverlayPlacement(.centred), scenes: .slideshow, shiftShare: 3, refresh: .everyFrame)
        XCTAssertEqual(traits.shiftShare, 1, "a share is at most the whole shift")
    }

    /// A clock set back (an NTP step, a Pi's clock set at boot) makes a refresh due at once, not when the time comes
    /// round again (a frame's clock stood an hour on a clock put back an hour).
    func testARefreshIsDueWhenItsTimeComesOrAtOnceWhenTheClockWentBack() {
        let minute = OverlayRefresh.every(seconds: 60)
        let due = minute.next(after: 3600)  // 3660
        XCTAssertFalse(minute.isDue(due, at: 3630))
        XCTAssertTrue(minute.isDue(due, at: 3660))
        XCTAssertTrue(minute.isDue(due, at: 0), "the clock went back an hour")
        XCTAssertTrue(minute.isDue(-.infinity, at: 5), "never refreshed yet")
        XCTAssertTrue(OverlayRefresh.everyFrame.isDue(nil, at: 5))
    }

    /// The frame's clock stands over a photo only, as the slideshow drew it: not over "Waiting for photos…".
    func testTheFrameClockShowsOverAPhotoOnly() throws {
        var config = GalleryConfig()
        config.windowSize = PixelSize(width: 1280, height: 800)
        let model = GalleryModel(config: config, pager: .init(pageSize: 50, wraps: false, minInterval: 0))
        let clock = FrameClockOverlay(corner: .bottomRight)
        model.show(.slideshow)
        XCTAssertFalse(clock.shows(in: model), "the slideshow waits for its first photo")
        let r = try XCTUnwrap(model.feed.nextPageRequest(now: 0))
        model.feed.receive(r, .success(PageContents(photos: [Photo(id: "0", author: "A", width: 900, height: 600,
                                                                   url: "", downloadURL: "")])), now: 0)
        model.tick(dt: 0.1)
        XCTAssertTrue(clock.shows(in: model))
    }

    func testTheFrameClockChangesOnceAMinuteAndWithMillisecondsEveryFrame() throws {
        let model = loadedGallery()
        let clock = FrameClockOverlay(corner: .bottomRight)
        XCTAssertEqual(clock.traits.refresh, .every(seconds: 60), "on the minute: it shows no seconds")
        XCTAssertEqual(clock.traits.placement, OverlayPlacement(.bottomRight, inset: 32))
        XCTAssertEqual(clock.traits.scenes, .slideshow)
        let start = Date(timeIntervalSince1970: 7 * 3600 + 5 * 60 + 58)
        XCTAssertTrue(clock.refresh(OverlayContext(date: start, timeZone: utc, gallery: model)))
        XCTAssertEqual(clock.text, "07:05")
        XCTAssertFalse(clock.refresh(OverlayContext(date: start + 1, timeZone: utc, gallery: model)), "the same minute")
        XCTAssertTrue(clock.refresh(OverlayContext(date: start + 2, timeZone: utc, gallery: model)))
        XCTAssertEqual(clock.text, "07:06")
        let fine = FrameClockOverlay(corner: .topLeft, showsMilliseconds: true)
        XCTAssertEqual(fine.traits.refresh, .everyFrame)
        _ = fine.refresh(OverlayContext(date: start, timeZone: utc, gallery: model))
        XCTAssertTrue(fine.refresh(OverlayContext(date: start + 0.016, timeZone: utc, gallery: model)))
        XCTAssertEqual(fine.text, "07:05:58.016")
        var config = GalleryConfig()
        XCTAssertNil(FrameClockOverlay(config: config), "no --clock, no clock")
        config.slideClock = .topLeft
        XCTAssertEqual(FrameClockOverlay(config: config)?.traits.placement.spot, .topLeft)
    }

    func testTheToastOverlayChangesWhenAToastComesAndGoes() {
        let model = loadedGallery(), toasts = ToastOverlay()
        XCTAssertEqual(toasts.traits.depth, .top)
        XCTAssertFalse(toasts.refresh(OverlayContext(date: Date(), gallery: model)))
        XCTAssertFalse(toasts.isShowing)
        model.toasts.show("Link copied")
        XCTAssertTrue(toasts.refresh(OverlayContext(date: Date(), gallery: model)))
        XCTAssertTrue(toasts.isShowing)
        XCTAssertFalse(toasts.refresh(OverlayContext(date: Date(), gallery: model)), "the same toast")
        model.toasts.show("Link copied")
        XCTAssertTrue(toasts.refresh(OverlayContext(date: Date(), gallery: model)), "a new one with the same words")
        model.toasts.tick(dt: 10)
        XCTAssertTrue(toasts.refresh(OverlayContext(date: Date(), gallery: model)))
        XCTAssertFalse(toasts.isShowing)
        XCTAssertEqual(toasts.area(in: model).height, model.onShow.toastFloor)
    }

    func testCaptionsFollowTheSlideshowsPhotosAndHideWhileOneGivesWay() throws {
        var config = GalleryConfig()
        config.windowSize = PixelSize(width: 1280, height: 800)
        let model = GalleryModel(config: config, pager: .init(pageSize: 50, wraps: false, minInterval: 0))
        let photos = (0..<3).map { i in
            var photo = Photo(id: "\(i)", author: "A", width: 900, height: 600, url: "", downloadURL: "")
            photo.facts = PhotoFacts(taken: 1_717_250_602, place: "Place \(i)")
            return photo
        }
        let r = try XCTUnwrap(model.feed.nextPageRequest(now: 0))
        model.feed.receive(r, .success(PageContents(photos: photos)), now: 0)
        let captions = CaptionsOverlay()
        XCTAssertFalse(captions.refresh(OverlayContext(date: Date(), gallery: model)), "none on the wall")
        model.show(.slideshow)
        let show = try XCTUnwrap(model.screen as? SlideshowScreen)
        XCTAssertTrue(captions.refresh(OverlayContext(date: Date(), gallery: model)))
        XCTAssertEqual(captions.captions.map(\.text), ["1 June 2024 · Place 0"])
        XCTAssertEqual(captions.captions.first?.photoFrame, show.frame(of: photos[0]))
        show.step(1)
        XCTAssertTrue(captions.refresh(OverlayContext(date: Date(), gallery: model)))
        XCTAssertEqual(captions.captions, [], "none while the next photo fades in")
        model.tick(dt: 5)
        XCTAssertTrue(captions.refresh(OverlayContext(date: Date(), gallery: model)))
        XCTAssertEqual(captions.captions.map(\.text), ["1 June 2024 · Place 1"])
    }
}
