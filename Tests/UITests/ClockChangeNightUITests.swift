import Foundation
import SDLKit
import XCTest

/// A kiosk's hours on the night the clocks go back, the real app with its wall clock put there by libfaketime
/// (`TZ=Europe/Berlin`): judged by the commands that switch its display and by what it draws.
final class ClockChangeNightUITests: XSessionTestCase {
    private func isBlack(_ frame: Surface) -> Bool {
        stride(from: 0, to: frame.height, by: 50).allSatisfy { y in
            stride(from: 0, to: frame.width, by: 50).allSatisfy { x in
                let p = frame.pixel(x: x, y: y)
                return p.r < 4 && p.g < 4 && p.b < 4
            }
        }
    }

    /// `--schedule 02:30-06:00` on 25 October 2026 in Berlin, where 03:00 CEST (01:00 UTC) becomes 02:00 CET. The
    /// frame starts at 02:58:40 CEST, inside its hours; the clocks then go back to 02:00, which the minute of the
    /// day reads as before the hours: the display went off there (and on again at 02:30 CET). Hours begun last
    /// until their end: it stays lit and its display is switched by nobody.
    /// The app's wall clock runs ten times as fast as the test's (libfaketime's rate, as in `WeekScheduleUITests`):
    /// 80 s of its time before the change are 8 real seconds to start and draw, and 30 s after it (three times
    /// what was watched at one to one) are 3, where the same night at one to one waited 22 s.
    func testHoursBegunBeforeTheClocksGoBackLastThroughTheRepeatedHour() throws {
        let change = try XCTUnwrap(ISO8601DateFormatter().date(from: "2026-10-25T01:00:00Z")).timeIntervalSince1970
        let fast = 10.0, lead = 8.0, watched = 3.0
        let switches = root + "/switches"
        let launched = Date()
        let shift = Int((change - lead * fast - launched.timeIntervalSince1970).rounded())
        var environment = try FakeClock.environment((shift < 0 ? "\(shift)" : "+\(shift)") + " x\(Int(fast))")
        environment["TZ"] = "Europe/Berlin"
        let id = try x.launch(["--kiosk", "--name", "Lobby", "--demo", "--cache-dir", root + "/cache",
                               "--renderer", "software", "--size", "900x600", "--schedule", "02:30-06:00",
                               "--display-off-command", "echo off >> \(switches)",
                               "--display-on-command", "echo on >> \(switches)"],
                              environment: environment)
        let background = (24, 24, 27)
        try x.waitForFrame(id, "photos at 02:59 CEST, inside the hours") {
            !self.isBlack($0) && !XSession.isColor($0.pixel(x: 100, y: 200), background)
        }
        XCTAssertLessThan(Date().timeIntervalSince(launched), lead, "lit before the clocks went back")
        // From the change (by the app's clock) for `watched` real seconds, and on until four frames are looked at (a
        // loaded machine reads a frame off the X server slowly; the hours last until 06:00, so the longer look is
        // still inside them, up to four times the span): the display is never switched, never black.
        var frames = 0
        while Date().timeIntervalSince(launched) < lead + watched
            || (frames < 4 && Date().timeIntervalSince(launched) < lead + 4 * watched) {
            let frame = try x.frame(id)
            frames += 1
            XCTAssertFalse(isBlack(frame), "black at \(String(format: "%.1f", (Date().timeIntervalSince(launched) - lead) * fast)) s after 03:00 CEST became 02:00 CET")
            if FileManager.default.fileExists(atPath: switches) { break }
        }
        let said = (try? String(contentsOfFile: switches, encoding: .utf8)) ?? ""
        XCTAssertEqual(said, "", "the display was switched at 02:00 CET, inside hours begun at 02:30 CEST")
        XCTAssertGreaterThan(frames, 3)
        XCTAssertTrue(x.app?.isRunning == true)
    }

    /// `--schedule 07:00-07:00` could mean all day or never: a frame of a hundred must not guess. It is refused at
    /// once, in one line that names the option and says what to give instead.
    func testEqualEndsAreRefusedInOneLineNamingTheOption() throws {
        let run = try AppProcess.run(["--demo", "--cache-dir", root + "/cache", "--schedule", "07:00-07:00"])
        XCTAssertNotEqual(run.status, 0)
        XCTAssertNil(run.frame, "nothing shown")
        let line = run.log.split(separator: "\n").first { $0.contains("--schedule") }.map(String.init) ?? ""
        XCTAssertTrue(line.contains("--schedule 07:00-07:00"), run.log)
        XCTAssertTrue(line.contains("00:00-24:00"), "says how to ask for all day: \(run.log)")
        let allDay = try AppProcess.run(["--demo", "--cache-dir", root + "/cache", "--schedule", "00:00-24:00"])
        XCTAssertEqual(allDay.status, 0, allDay.log)
        XCTAssertNotNil(allDay.frame, "00:00-24:00: photos all day")
    }
}
