import FixtureServer
import Foundation
import SDLKit
import XCTest

/// The calendar on a narrow portrait panel (480x800) and on a 1920x1080 one, by its pixels: its lines are sized to
/// the window's height (read across a room), and a long title is drawn smaller and cut with an ellipsis inside the
/// room between the window's insets, never past it. Judged on a black photo, where the light words are the only
/// light there is. The wall clock is set (libfaketime) to a Tuesday noon.
final class CalendarFitUITests: XCTestCase {
    private static let sdl: SDLSystem? = try? SDLSystem(video: false)
    private var root = ""
    private let noon = "2026-11-24 12:00:00"
    private let title = String(String(repeating: "Parents' evening at the school hall, ", count: 3).prefix(80))

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") else { throw missing("ImageMagick") }
        root = NSTemporaryDirectory() + "tessera-calendarfit-\(UUID().uuidString)"
        for size in ["480x800", "1920x1080"] {
            try FileManager.default.createDirectory(atPath: root + "/\(size)", withIntermediateDirectories: true)
            let convert = Process()
            convert.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
            convert.arguments = ["-size", size, "xc:black", root + "/\(size)/black.png"]
            try convert.run()
            convert.waitUntilExit()
        }
        let ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Tessera//Test//EN\r\n"
            + "BEGIN:VEVENT\r\nUID:long@test\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20261124T133000\r\n"
            + "DTEND:20261124T143000\r\nSUMMARY:\(title)\r\nEND:VEVENT\r\n"
            + "BEGIN:VEVENT\r\nUID:short@test\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20261124T170000\r\n"
            + "DTEND:20261124T180000\r\nSUMMARY:Choir\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        try Data(ics.utf8).write(to: URL(fileURLWithPath: root + "/family.ics"))
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: root) }

    /// The run's frame and log, and the light pixels' count and columns.
    private func show(width: Int, height: Int) throws -> (run: AppProcess.Run, light: Int, left: Int, right: Int, top: Int) {
        XCTAssertNotNil(CalendarFitUITests.sdl)
        var environment = try FakeClock.environment("@" + noon)
        environment["TESSERA_LOG_CALENDAR"] = "1"
        environment["XDG_CACHE_HOME"] = root + "/cache"
        environment["TESSERA_CONFIG"] = root + "/config"
        let run = try AppProcess.run(["--name", "Ada", "--no-cache", "--size", "\(width)x\(height)", "--mode", "slideshow",
                                      "--interval", "3600", "--transition", "none", "--fill", "black",
                                      "--caption", "none", "--calendar", root + "/family.ics",
                                      "--script", "await-slide:0,await-overlay:calendar,pause",
                                      root + "/\(width)x\(height)"], environment: environment)
        XCTAssertEqual(run.status, 0, run.log)
        let frame = try XCTUnwrap(run.frame, run.log)
        XCTAssertEqual(frame.width, width)
        var light = 0, left = Int.max, right = -1, top = Int.max
        // The lower half, where the calendar stands (the header and the pause mark stand at the top).
        for y in (frame.height / 2)..<frame.height {
            for x in 0..<frame.width {
                let p = frame.pixel(x: x, y: y)
                guard (Int(p.r) + Int(p.g) + Int(p.b)) / 3 > 100 else { continue }
                light += 1; left = min(left, x); right = max(right, x); top = min(top, y)
            }
        }
        let kept = NSTemporaryDirectory() + "tessera-calendar-\(width)x\(height).png"  // to look at after the run
        try? FileManager.default.removeItem(atPath: kept)
        try? frame.savePNG(to: kept)
        print("calendar at \(width)x\(height): \(light) light pixels, x \(left)...\(right), top \(top); \(kept)")
        return (run, light, left, right, top)
    }

    func testALongTitleStaysInsideA480PixelWindow() throws {
        let shown = try show(width: 480, height: 800)
        XCTAssertTrue(shown.run.log.contains("calendar shows: Today 13:30 Parents"), shown.run.log)
        let drawn = try XCTUnwrap(shown.run.log.split(separator: "\n").last { $0.contains("calendar shows: ") })
        XCTAssertTrue(drawn.contains("…"), "the long line is cut with an ellipsis: \(drawn)")
        XCTAssertFalse(drawn.contains(title), "not drawn whole: \(drawn)")
        XCTAssertGreaterThan(shown.light, 500, "the lines are drawn")
        // Inside the room (the 32 px insets), a pixel of antialiasing or shadow aside; and across most of it.
        XCTAssertGreaterThanOrEqual(shown.left, 32 - 2, "nothing before the calendar's room")
        XCTAssertLessThanOrEqual(shown.right, 480 - 32 + 2, "nothing past the calendar's room")
        XCTAssertGreaterThan(shown.right, 320, "the line fills its room")
    }

    /// At 1080 the lettering is sized to the window: two lines stand at least 2 × 3 % of its height tall (the
    /// header's fixed 20 pt title lettering stood about 50 px for two lines).
    func testTheLinesAreSizedToTheWindow() throws {
        let shown = try show(width: 1920, height: 1080)
        XCTAssertTrue(shown.run.log.contains("calendar shows: Today 13:30 \(title) | Today 17:00 Choir"), shown.run.log)
        let block = 1080 - 32 - shown.top
        XCTAssertGreaterThan(block, 2 * 1080 * 3 / 100, "the two lines' height: \(block) px")
        XCTAssertLessThanOrEqual(shown.right, 1920 - 32 + 2)
    }
}
