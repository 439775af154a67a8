import Foundation
import GalleryCore
@testable import TesseraApp
import XCTest

/// The week's brightness kept: sent to what sets the display's brightness once per change, chosen only when a level
/// below full is first wanted (a frame that never dims never probes), drawn darker where nothing can set it.
final class ScreenLevelTests: XCTestCase {
    /// The levels a stand-in brightness command was run with, in order.
    private final class Heard: @unchecked Sendable {
        private let lock = NSLock()
        private var levels: [String] = []
        func add(_ line: String) { lock.withLock { levels.append(line) } }
        var all: [String] { lock.withLock { levels } }
    }

    func testChosenAtTheFirstDimSentOncePerChangeAndDrawnWhereNothingSets() {
        let heard = Heard()
        var chosen = 0
        let level = ScreenLevel(brightness: nil) {
            chosen += 1
            return BrightnessSwitch(plan: BrightnessPlan(means: .command), command: "level {}") { arguments in
                heard.add(arguments.last ?? "")
                return HDMICEC.Output(status: 0, text: "")
            }
        }
        let kiosk = Kiosk()
        level.apply(.on, to: kiosk)
        XCTAssertEqual(chosen, 0, "full brightness needs no choice")
        // Each change waited out (the switch sends only the latest of levels asked while one is on its way).
        for state in [ScreenState.dim(30), .dim(30), .off, .nightClock(20), .on] {
            level.apply(state, to: kiosk)
            level.brightness?.settle()
        }
        XCTAssertEqual(chosen, 1)
        XCTAssertEqual(heard.all, ["level 30", "level 20", "level 100"])
        XCTAssertEqual(kiosk.drawnDarkness, 0, "the display dims itself: nothing drawn")

        // Nothing sets it: the black layer's opacity follows the level.
        let drawn = ScreenLevel(brightness: BrightnessSwitch(plan: BrightnessPlan(means: nil, why: "--brightness none")))
        drawn.apply(.dim(30), to: kiosk)
        XCTAssertEqual(kiosk.drawnDarkness, 0.7, accuracy: 1e-9)
        drawn.apply(.nightClock(20), to: kiosk)
        XCTAssertEqual(kiosk.drawnDarkness, 0.8, accuracy: 1e-9)
        drawn.apply(.on, to: kiosk)
        XCTAssertEqual(kiosk.drawnDarkness, 0)
    }

    /// A display back on (the hours' start, the night clock after a display off) may have forgotten its level: the
    /// same level is sent again when told so, and only then.
    func testTheSameLevelIsSentAgainWhenTheDisplayComesBackOn() {
        let heard = Heard()
        let level = ScreenLevel(brightness: BrightnessSwitch(plan: BrightnessPlan(means: .command), command: "level {}") {
            heard.add($0.last ?? "")
            return HDMICEC.Output(status: 0, text: "")
        })
        let kiosk = Kiosk()
        for (state, again) in [(ScreenState.dim(30), false), (.dim(30), false), (.off, false), (.dim(30), true),
                               (.nightClock(20), false), (.off, true), (.nightClock(20), true), (.on, false),
                               (.on, true)] {
            level.apply(state, to: kiosk, again: again)
            level.brightness?.settle()
        }
        XCTAssertEqual(heard.all, ["level 30", "level 30", "level 20", "level 20", "level 100", "level 100"])
    }

    /// A send that fails (the command exits non-zero) must not leave a dim spell at full light: the switch says it
    /// can no longer set, and the next turn draws the level darker.
    func testAFailedSendFallsBackToDrawingDarker() {
        let heard = Heard()
        let level = ScreenLevel(brightness: BrightnessSwitch(plan: BrightnessPlan(means: .command), command: "level {}") {
            heard.add($0.last ?? "")
            return HDMICEC.Output(status: 1, text: "no")
        })
        let kiosk = Kiosk()
        level.apply(.dim(30), to: kiosk)
        XCTAssertEqual(kiosk.drawnDarkness, 0, "on its way to the display")
        level.brightness?.settle()
        XCTAssertEqual(level.brightness?.sendFailed, true)
        level.apply(.dim(30), to: kiosk)
        XCTAssertEqual(kiosk.drawnDarkness, 0.7, accuracy: 1e-9, "the next turn draws the dim instead")
        level.apply(.nightClock(20), to: kiosk)
        XCTAssertEqual(kiosk.drawnDarkness, 0.8, accuracy: 1e-9)
        XCTAssertEqual(heard.all, ["level 30"], "nothing more is sent to a device that refused")
    }
}
