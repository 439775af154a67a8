import XCTest
@testable import GalleryCore

/// A slideshow that looks like a frame: two photos of the other shape than the window side by side, the header
/// fading away without input and back with it.
final class SlideshowFrameTests: XCTestCase {
    private func model(_ sizes: [(Int, Int)], window: PixelSize = PixelSize(width: 1280, height: 800),
                       pairs: Bool = true) -> GalleryModel {
        var config = GalleryConfig()
        config.windowSize = window
        config.slideInterval = 10
        config.slidePairs = pairs
        let m = GalleryModel(config: config, pager: .init(pageSize: 50, wraps: false, minInterval: 0))
        let photos = sizes.enumerated().map { i, s in
            Photo(id: "\(i)", author: "A", width: s.0, height: s.1, url: "", downloadURL: "")
        }
        let r = m.feed.nextPageRequest(now: 0)!
        m.feed.receive(r, .success(PageContents(photos: photos)), now: 0)
        return m
    }

    private func show(_ m: GalleryModel) throws -> SlideshowScreen {
        _ = m.handle(key: .character("s"))
        return try XCTUnwrap(m.screen as? SlideshowScreen)
    }

    func testTwoPortraitPhotosStandSideBySideOnALandscapeWindow() throws {
        // Portrait, portrait, landscape, portrait, portrait.
        let m = model([(600, 900), (600, 900), (900, 600), (600, 900), (600, 900)])
        let s = try show(m)
        let pair = s.layout(s.current, beside: s.companion)
        XCTAssertEqual(pair.map(\.photo.id), ["0", "1"])
        XCTAssertLessThan(pair[0].frame.maxX, pair[1].frame.x, "side by side, apart")
        XCTAssertEqual(pair[0].frame.height, 800, "each as tall as the window")
        let large = m.onShow.largeImages
        XCTAssertEqual(Set(large.map(\.item)).count, large.count, "nothing asked for twice")
        XCTAssertTrue(m.onShow.photosOnShow.map(\.id) == ["0", "1"], "both are on show (the place keeps both)")
        s.step(1)
        XCTAssertEqual(s.layout(s.current, beside: s.companion).map(\.photo.id), ["2"], "a landscape one alone")
        s.step(1)
        XCTAssertEqual(s.layout(s.current, beside: s.companion).map(\.photo.id), ["3", "4"])
        XCTAssertEqual(s.layout(s.previous, beside: s.previousCompanion).map(\.photo.id), ["2"], "fading out")
        s.step(-1)
        XCTAssertEqual(s.layout(s.current, beside: s.companion).map(\.photo.id), ["2"], "back: the landscape one")
        s.step(-1)
        XCTAssertEqual(s.layout(s.current, beside: s.companion).map(\.photo.id), ["0", "1"],
                       "back onto the first pair whole, no photo twice in a row")
        XCTAssertFalse(s.forward, "a slide would come in from the left")
    }

    func testLandscapePhotosStackOnAPortraitWindowAndNothingPairsWhenAskedNot() throws {
        let portrait = model([(900, 600), (900, 600)], window: PixelSize(width: 800, height: 1280))
        let s = try show(portrait)
        let pair = s.layout(s.current, beside: s.companion)
        XCTAssertEqual(pair.count, 2)
        XCTAssertLessThan(pair[0].frame.maxY, pair[1].frame.y, "one above the other")
        let single = try show(model([(600, 900), (600, 900)], pairs: false))
        XCTAssertNil(single.companion)
    }

    func testTheHeaderFadesAwayWithoutInputAndComesBackWithIt() throws {
        let m = model([(900, 600), (900, 600)])
        let s = try show(m)
        XCTAssertEqual(s.chromeOpacity, 1)
        m.tick(dt: SlideshowScreen.chromeStays)
        XCTAssertEqual(s.chromeOpacity, 1, "it stays a few seconds")
        m.tick(dt: SlideshowScreen.chromeFades / 2)
        XCTAssertEqual(s.chromeOpacity, 0.5, accuracy: 0.01)
        XCTAssertTrue(m.isAnimating, "fading is drawn frame by frame")
        m.tick(dt: SlideshowScreen.chromeFades)
        XCTAssertEqual(s.chromeOpacity, 0, "then only the photo")
        XCTAssertFalse(m.isAnimating)
        m.screen.noteInput()
        XCTAssertEqual(s.chromeOpacity, 1, "a touch brings it back")
        XCTAssertEqual(m.browse.chromeOpacity, 1, "the wall keeps its header")
    }

    func testEachTransitionTakesItsOwnTimeAndNoneIsAtOnce() throws {
        for transition in SlideTransition.allCases {
            var config = GalleryConfig()
            config.windowSize = PixelSize(width: 1280, height: 800)
            config.slideTransition = transition
            let m = GalleryModel(config: config, pager: .init(pageSize: 50, wraps: false, minInterval: 0))
            let r = m.feed.nextPageRequest(now: 0)!
            m.feed.receive(r, .success(PageContents(photos: (0..<3).map {
                Photo(id: "\($0)", author: "A", width: 900, height: 600, url: "", downloadURL: "")
            })), now: 0)
            let s = try show(m)
            s.step(1)
            if transition == .none {
                XCTAssertEqual(s.fade, 1, "at once")
                XCTAssertNil(s.previous)
                continue
            }
            XCTAssertEqual(s.fade, 0)
            m.tick(dt: transition.duration * 0.9)
            XCTAssertLessThan(s.fade, 1, "\(transition) still running")
            m.tick(dt: transition.duration * 0.2)
            XCTAssertEqual(s.fade, 1, "\(transition) done in \(transition.duration) s")
        }
    }
}
