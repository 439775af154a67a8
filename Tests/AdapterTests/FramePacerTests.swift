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

/// Which video driver SDL is pointed at: native Wayland under a compositor, the user's choice always first.
final class VideoHintTests: XCTestCase {
    func testWaylandIsChosenUnderACompositorAndTheUsersChoiceWins() {
        let wayland = Composition.videoHints(environment: ["WAYLAND_DISPLAY": "wayland-1", "DISPLAY": ":0"], undecorated: false)
        XCTAssertEqual(wayland.first { $0.0 == "SDL_VIDEODRIVER" }?.1, "wayland,x11")
        let forced = Composition.videoHints(environment: ["WAYLAND_DISPLAY": "wayland-1", "SDL_VIDEODRIVER": "x11"],
                                            undecorated: false)
        XCTAssertNil(forced.first { $0.0 == "SDL_VIDEODRIVER" })
        XCTAssertNil(Composition.videoHints(environment: ["DISPLAY": ":0"], undecorated: false).first { $0.0 == "SDL_VIDEODRIVER" })
        XCTAssertEqual(Composition.videoHints(environment: [:], undecorated: true).first?.0, "SDL_VIDEO_WAYLAND_ALLOW_LIBDECOR",
                       "a kiosk's window without libdecor (cage)")
    }
}
