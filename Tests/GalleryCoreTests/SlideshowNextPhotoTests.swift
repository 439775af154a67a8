import XCTest
@testable import GalleryCore

/// The photo after the current one is asked for once a transition is over, not during it (its fetch, decode, upload
/// and backdrop made the transition's slowest frames), and still in time: no transition starts later for it.
final class SlideshowNextPhotoTests: XCTestCase {
    /// A stand-in for the image pipeline: an image arrives `loadSeconds` after it is first asked for.
    private final class Loader {
        let loadSeconds: Double
        var now = 0.0
        var arrivesAt: [ItemKey: Double] = [:]
        init(loadSeconds: Double) { self.loadSeconds = loadSeconds }
        func arrived(_ key: ItemKey) -> Bool { arrivesAt[key].map { now >= $0 } ?? false }
        func ask(_ keys: [ItemKey]) { for k in keys where arrivesAt[k] == nil { arrivesAt[k] = now + loadSeconds } }
        func isLoading(_ key: ItemKey) -> Bool { arrivesAt[key] != nil && !arrived(key) }
    }

    private func wall(photos: Int, motion: PhotoMotion? = nil) -> BrowseScreen {
        var config = GalleryConfig()
        config.windowSize = PixelSize(width: 1920, height: 1080)
        let m = GalleryModel(config: config, pager: .init(pageSize: 50, wraps: false, minInterval: 0))
        let r = m.feed.nextPageRequest(now: 0)!
        m.feed.receive(r, .success(PageContents(photos: (0..<photos).map {
            var photo = Photo(id: "\($0)", author: "A", width: 1800, height: 1200, url: "", downloadURL: "")
            photo.motion = motion
            return photo
        })), now: 0)
        return m.currentBrowse
    }

    /// Runs a show at 60 frames a second for `seconds`: when each step came, and the images that were on their way
    /// (asked for, not arrived) during a transition's frames.
    private func run(interval: Double, loadSeconds: Double, seconds: Double)
        -> (steps: [Double], loadingInTransitions: Set<String>, show: SlideshowScreen, loader: Loader) {
        let loader = Loader(loadSeconds: loadSeconds)
        let show = SlideshowScreen(wall: wall(photos: 12), interval: interval, arrived: { loader.arrived($0) })
        var steps: [Double] = [], loading = Set<String>(), shown = show.current
        let dt = 1.0 / 60
        for frame in 1...Int(seconds * 60) {
            loader.ask(show.wanted().map(\.item))
            loader.now = Double(frame) * dt
            show.tick(dt: dt)
            if show.current != shown { steps.append(loader.now); shown = show.current }
            if show.fade < 1 {
                loading.formUnion(show.wanted().map(\.item).filter(loader.isLoading).map(\.photoID))
            }
        }
        return (steps, loading, show, loader)
    }

    func testNothingLoadsDuringATransitionAndEachStillStartsOnTime() {
        let r = run(interval: 10, loadSeconds: 1, seconds: 41)
        XCTAssertEqual(r.steps.count, 4)
        for (i, t) in r.steps.enumerated() {
            XCTAssertEqual(t, Double(i + 1) * 10, accuracy: 2.0 / 60, "step \(i + 1) at its interval, no later")
        }
        XCTAssertEqual(r.loadingInTransitions, [], "every image asked for during a transition had arrived")
        XCTAssertEqual(r.show.current?.photoID, "4")
        XCTAssertTrue(r.loader.arrived(r.show.current!), "the photo fading in is there")
    }

    func testTheNextPhotoIsAskedForWhenTheTransitionEnds() {
        let r = run(interval: 10, loadSeconds: 1, seconds: 10.2)
        XCTAssertLessThan(r.show.fade, 1, "a transition runs")
        XCTAssertEqual(r.show.previous?.photoID, "0")
        XCTAssertEqual(r.show.wanted().map(\.item.photoID), ["1", "0"], "the photo shown, the one fading out; not the next")
        r.show.tick(dt: SlideTransition.crossfade.duration)
        XCTAssertEqual(r.show.fade, 1)
        XCTAssertEqual(r.show.wanted().map(\.item.photoID), ["1", "2"], "once over, the next")
    }

    func testAShortIntervalStillHasItsNextPhotoInTime() {
        // One second a photo, 0.8 s a load: asked for only after the 0.45 s crossfade, the next would be late.
        let r = run(interval: 1, loadSeconds: 0.8, seconds: 4.1)
        XCTAssertEqual(r.steps.count, 4)
        for (i, t) in r.steps.enumerated() {
            XCTAssertEqual(t, Double(i + 1), accuracy: 2.0 / 60, "step \(i + 1) at its interval, no later")
        }
    }

    func testAPhotoAlreadyThereIsKeptThroughATransition() {
        let r = run(interval: 10, loadSeconds: 1, seconds: 25)
        XCTAssertEqual(r.show.current?.photoID, "2")
        r.show.step(-2)
        XCTAssertLessThan(r.show.fade, 1)
        XCTAssertEqual(r.show.wanted().map(\.item.photoID), ["0", "2", "1"],
                       "back two: the one between, already there, is the next and kept (not let go and fetched again)")
    }

    func testAStepByHandDuringATransitionAsksForTheNextAtOnce() {
        let r = run(interval: 10, loadSeconds: 1, seconds: 10.2)
        XCTAssertEqual(r.show.wanted().map(\.item.photoID), ["1", "0"], "a timed transition runs")
        r.show.step(1)  // 'next' pressed during it: another press may follow at once
        XCTAssertLessThan(r.show.fade, 1)
        XCTAssertEqual(r.show.wanted().map(\.item.photoID), ["2", "1", "3"], "the next after a step by hand, at once")
    }

    func testAClipsNextIsAskedForDuringItsTransition() {
        // A clip may end long before its interval; its step would then wait for a whole load.
        let show = SlideshowScreen(wall: wall(photos: 12, motion: PhotoMotion(kind: .clip, duration: 0.5)), interval: 10,
                                   arrived: { _ in false })
        show.step(1, timed: true)
        XCTAssertLessThan(show.fade, 1)
        XCTAssertEqual(show.wanted().map(\.item.photoID), ["1", "0", "2"])
    }
}
