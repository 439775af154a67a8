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
}
