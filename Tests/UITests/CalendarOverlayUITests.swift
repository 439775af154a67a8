import FixtureServer
import Foundation
import SDLKit
import XCTest

/// The calendar overlay on a 1920x1080 slideshow, by its pixels and its words: today's next event in the bottom-left
/// corner, light words on a soft shade that read on a white photo and a black one; a weekly event begun three weeks
/// ago on today's weekday is under "Today", one on tomorrow's weekday is not. The wall clock is set (libfaketime) to
/// a Tuesday noon, and the .ics is built relative to it.
final class CalendarOverlayUITests: XCTestCase {
    private static let sdl: SDLSystem? = try? SDLSystem(video: false)
    private var root = ""
    /// Tuesday 24 November 2026, 12:00 local time.
    private let noon = "2026-11-24 12:00:00"

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "tessera-calendar-\(UUID().uuidString)"
        for shade in ["white", "black"] {
            try FileManager.default.createDirectory(atPath: root + "/\(shade)", withIntermediateDirectories: true)
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") else { throw missing("ImageMagick") }
        try convert(["-size", "1920x1080", "xc:white", root + "/white/white.jpg"])
        try convert(["-size", "1920x1080", "xc:black", root + "/black/black.jpg"])
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        formatter.timeZone = .current
        let now = try XCTUnwrap(formatter.date(from: noon))
        try Data(FixtureCalendar.today(now: now).utf8).write(to: URL(fileURLWithPath: root + "/family.ics"))
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: root) }

    private func convert(_ arguments: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        p.arguments = arguments
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
    }

    private func show(_ folder: String, calendar: Bool) throws -> AppProcess.Run {
        XCTAssertNotNil(CalendarOverlayUITests.sdl)
        var environment = try FakeClock.environment("@" + noon)
        environment["TESSERA_LOG_CALENDAR"] = "1"
        environment["XDG_CACHE_HOME"] = root + "/cache"
        let script = calendar ? "await-slide:0,await-overlay:calendar,pause" : "await-slide:0,pause"
        let run = try AppProcess.run(["--name", "Ada", "--no-cache", "--size", "1920x1080", "--mode", "slideshow",
                                      "--fill", "black", "--caption", "none", "--script", script]
                                     + (calendar ? ["--calendar", root + "/family.ics"] : []) + [root + "/" + folder],
                                     environment: environment)
        XCTAssertEqual(run.status, 0, run.log)
        return run
    }

    /// Pixels of the bottom-left corner where the calendar stands: light (words) and dark (shade).
    private func corner(_ frame: Surface) -> (light: Int, dark: Int) {
        var light = 0, dark = 0
        for y in stride(from: frame.height - 240, to: frame.height - 16, by: 2) {
            for x in stride(from: 16, to: 760, by: 2) {
                let p = frame.pixel(x: x, y: y)
                let level = (Int(p.r) + Int(p.g) + Int(p.b)) / 3
                if level > 215 { light += 1 } else if level < 140 { dark += 1 }
            }
        }
        return (light, dark)
    }

    func testTodaysNextEventReadsOnWhiteAndBlackAndAWeeklyEventIsOnItsDay() throws {
        let white = try show("white", calendar: true)
        let whiteFrame = try XCTUnwrap(white.frame, white.log)
        let expected = "calendar shows: Today 13:30 Choir | Today 13:30 Weekly today | Tomorrow all day Bins"
            + " | Tomorrow 10:00 Weekly tomorrow"
        XCTAssertTrue(white.log.contains(expected), white.log)
        let onWhite = corner(whiteFrame)
        XCTAssertGreaterThan(onWhite.dark, 2_000, "a shade under the words on the white photo")
        XCTAssertGreaterThan(onWhite.light, 300, "light words in the shade")
        XCTAssertEqual(corner(try XCTUnwrap(try show("white", calendar: false).frame)).dark, 0, "white without a calendar")
        // Soft, never a hard box: on the row where the shade is darkest just left of the words, it falls from the
        // photo's white in small steps.
        let rows = (whiteFrame.height - 250)..<whiteFrame.height
        let row = try XCTUnwrap(rows.min { level(whiteFrame.pixel(x: 30, y: $0)) < level(whiteFrame.pixel(x: 30, y: $1)) })
        let profile = (0...30).map { level(whiteFrame.pixel(x: $0, y: row)) }
        XCTAssertGreaterThan(profile[0] - profile[30], 100, "dark beside the words: \(profile)")
        XCTAssertLessThan(zip(profile, profile.dropFirst()).map { abs($0 - $1) }.max() ?? 0, 16, "no hard edge: \(profile)")

        let black = try show("black", calendar: true)
        let onBlack = corner(try XCTUnwrap(black.frame, black.log))
        XCTAssertGreaterThan(onBlack.light, 300, "light words on the black photo")
        XCTAssertEqual(corner(try XCTUnwrap(try show("black", calendar: false).frame)).light, 0, "black without a calendar")
    }

    /// A calendar of 100,000 events (12 MB) and one of 50 MB beside a good one: the big one is cut to its first
    /// 20,000 events, the huge one refused unread, each with a line in the log; the photos come, the good calendar
    /// shows, and the frame's peak memory stays within a bound of the same frame without calendars.
    func testHostileCalendarsCostBoundedMemoryAndThePhotosKeepGoing() throws {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Tessera//Tests//EN\r\n"
        for i in 0..<100_000 {
            text += "BEGIN:VEVENT\r\nUID:e\(i)@tessera\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20261124T"
                + String(format: "%02d%02d00", 13 + (i / 60) % 10, i % 60) + "\r\nDURATION:PT30M\r\nSUMMARY:Event \(i)\r\nEND:VEVENT\r\n"
        }
        text += "END:VCALENDAR\r\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/many.ics"))
        let huge = root + "/huge.ics"
        FileManager.default.createFile(atPath: huge, contents: nil)
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: huge))
        try handle.truncate(atOffset: 50 << 20)
        try handle.close()

        var environment = try FakeClock.environment("@" + noon)
        environment["TESSERA_LOG_CALENDAR"] = "1"
        environment["XDG_CACHE_HOME"] = root + "/cache"
        let base = ["--name", "Ada", "--no-cache", "--size", "1920x1080", "--mode", "slideshow", "--fill", "black",
                    "--caption", "none", "--calendar-lines", "2"]
        let started = Date()
        let hostile = try AppProcess.run(base + ["--calendar", root + "/many.ics", "--calendar", huge, "--calendar", root + "/family.ics",
                                                 "--script", "await-slide:0,await-overlay:calendar,pause", root + "/white"],
                                         environment: environment, measuresMemory: true)
        let seconds = Date().timeIntervalSince(started)
        XCTAssertEqual(hostile.status, 0, hostile.log)
        XCTAssertNotNil(hostile.frame, hostile.log)
        XCTAssertTrue(hostile.log.contains("80000 events past the first 20000 left out"), hostile.log)
        XCTAssertTrue(hostile.log.contains("huge.ics: 50 MB, larger than 16 MB: refused"), hostile.log)
        XCTAssertTrue(hostile.log.contains("calendar shows: Today 13:00 Event 0 | "), hostile.log)
        let plain = try AppProcess.run(base + ["--script", "await-slide:0,pause", root + "/white"],
                                       environment: environment, measuresMemory: true)
        let peak = try XCTUnwrap(hostile.peakRSSMB), without = try XCTUnwrap(plain.peakRSSMB)
        print("calendar: hostile calendars peak \(Int(peak)) MB, without \(Int(without)) MB, run \(String(format: "%.1f", seconds)) s")
        XCTAssertLessThan(peak - without, 150, "bounded memory: \(Int(peak)) MB against \(Int(without)) MB")
    }

    private func level(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Int { (Int(p.r) + Int(p.g) + Int(p.b)) / 3 }
}
