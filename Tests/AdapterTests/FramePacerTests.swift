import GalleryCore
import SDLKit
@testable import TesseraApp
import XCTest

/// `--clock-hz` paces the clock's redraws, not the animations: a crossfade, scrolling or a zoom runs at the
/// display's rate whatever the clock's.
final class FramePacerTests: XCTestCase {
    func testASlowClockDoesNotSlowWhatMoves() {
        var pacer = FramePacer(clockHz: 10, refreshHz: 60, now: 0)
        _ = pacer.begin(at: 0)
        XCTAssertEqual(pacer.wait(now: 0, drawing: true), 0.1, accuracy: 1e-9, "still: the clock's tick")
        XCTAssertEqual(pacer.wait(now: 0, drawing: true, moving: true), 1.0 / 60, accuracy: 1e-9, "moving: the display's")
        XCTAssertFalse(pacer.isDue(now: 0.005, moving: true, arrived: false), "not faster than the display")
        XCTAssertTrue(pacer.isDue(now: 1.0 / 60, moving: true, arrived: false))
        XCTAssertFalse(pacer.isDue(now: 1.0 / 60, moving: false, arrived: false))
        // A crossfade of one second at a 10 Hz clock: 60 frames, not 10.
        var frames = 0, t = 0.0
        pacer = FramePacer(clockHz: 10, refreshHz: 60, now: 0)
        while t < 1 {
            t += max(1e-4, pacer.wait(now: t, drawing: true, moving: true))
            if pacer.isDue(now: t, moving: true, arrived: false) { _ = pacer.begin(at: t); frames += 1 }
        }
        XCTAssertGreaterThanOrEqual(frames, 55)
        // A fast clock is not slowed by a slow display.
        XCTAssertEqual(FramePacer(clockHz: 120, refreshHz: 60, now: 0).motionInterval, 1.0 / 120, accuracy: 1e-9)
    }

    /// The model's time keeps the wall clock's pace while the loop rests (a still slideshow between its steps looks
    /// 4 times a second), at the slowest clock `--clock-hz` takes (10) and the default: a 10 s interval is 10 s, not
    /// 25. After a stall while something moves, a frame still counts 0.1 s at most.
    func testTheModelsTimeKeepsPaceWhileTheLoopRests() {
        for clockHz in [60, 10] {
            var pacer = FramePacer(clockHz: clockHz, refreshHz: 60, now: 0)
            var t = 0.0, modelTime = 0.0
            while t < 10 {
                t += max(1e-4, pacer.wait(now: t, drawing: true, resting: true))
                guard pacer.isDue(now: t, moving: false, arrived: false) else { continue }
                modelTime += pacer.modelStep(pacer.begin(at: t), moving: false)
            }
            XCTAssertEqual(modelTime, t, accuracy: 0.01, "clock at \(clockHz) Hz, resting")
        }
        let pacer = FramePacer(clockHz: 60, refreshHz: 60, now: 0)
        XCTAssertEqual(pacer.modelStep(2.0, moving: true), FramePacer.longestMotionStep, "a stall mid-fade")
        XCTAssertEqual(pacer.modelStep(1.0 / 60, moving: true), 1.0 / 60, accuracy: 1e-12)
        XCTAssertEqual(pacer.modelStep(30, moving: false), FramePacer.idleWait + FramePacer.longestMotionStep,
                       accuracy: 1e-12, "a stall while resting counts as the longest planned gap")
        XCTAssertEqual(FramePacer(clockHz: 10, now: 0).modelStep(0.25, moving: false), 0.25, accuracy: 1e-12)
    }
}

/// Input on a turned panel and on a sleeping frame.
final class InputRouterTests: XCTestCase {
    func testTheMouseOnATurnedPanelIsTurnedBack() {
        let quarter = PanelRotation(degrees: 90)!
        // The panel's top-right pixel is the picture's top-left; its bottom-left, the picture's bottom-right.
        if case let .buttonDown(_, x, y, _) = InputRouter.turned(.buttonDown(button: 1, x: 799, y: 0, clicks: 1), quarter,
                                                                  panel: (800, 480)) {
            XCTAssertEqual([x, y], [0, 0])
        } else { XCTFail() }
        if case let .buttonUp(_, x, y) = InputRouter.turned(.buttonUp(button: 1, x: 0, y: 479), quarter, panel: (800, 480)) {
            XCTAssertEqual([x, y], [479, 799])
        } else { XCTFail() }
        // A finger's share and a drag's direction: moving down the panel moves right across the picture.
        if case let .fingerMotion(_, x, y, dx, dy) = InputRouter.turned(.fingerMotion(id: 1, x: 0.75, y: 0.25, dx: 0, dy: 0.1),
                                                                         quarter, panel: (800, 480)) {
            XCTAssertEqual(x, 0.25, accuracy: 1e-9)
            XCTAssertEqual(y, 0.25, accuracy: 1e-9)
            XCTAssertEqual(dx, 0.1, accuracy: 1e-9)
            XCTAssertEqual(dy, 0, accuracy: 1e-9)
        } else { XCTFail() }
    }

    func testAsleepATapOnlyWakesAndOpensNothing() {
        var config = GalleryConfig()
        config.windowSize = PixelSize(width: 800, height: 600)
        let kiosk = Kiosk(idle: 5, schedule: Schedule(parsing: "12:00-12:01"))
        let model = GalleryModel(config: config, pager: .init(pageSize: 30, minInterval: 0), kiosk: kiosk,
                                 library: MemoryLibrary(), asksName: false)
        let r = model.feed.nextPageRequest(now: 0)!
        model.feed.receive(r, .success(PageContents(photos: (0..<30).map {
            Photo(id: String($0), author: "A", width: 300, height: 200, url: "", downloadURL: "") })), now: 0)
        let router = InputRouter()
        router.asleep = true
        let cell = model.browse.screenFrame(of: 0)
        let fx = Double(cell.x + 40) / 800, fy = Double(cell.y + 40) / 600
        _ = router.handle(.fingerDown(id: 1, x: fx, y: fy), model: model, now: 10)
        _ = router.handle(.fingerUp(id: 1, x: fx, y: fy), model: model, now: 10.05)
        XCTAssertNil(DetailPane.shown(in: model), "a tap in the dark opens nothing")
        XCTAssertEqual(kiosk.autoScroll.lastInput, 10, "but it is noted: it may wake the display")
        router.asleep = false
        _ = router.handle(.fingerDown(id: 2, x: fx, y: fy), model: model, now: 20)
        _ = router.handle(.fingerUp(id: 2, x: fx, y: fy), model: model, now: 20.05)
        XCTAssertNotNil(DetailPane.shown(in: model), "awake, the same tap opens the photo")
    }
}
