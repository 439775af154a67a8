import Foundation
import SDLKit
import XCTest

/// A kiosk's week as a kitchen frame meets it, its clock shifted (`--clock-shift`) so that today's edges are seconds
/// away: a weekday's hours switch the display on and off at the right local times (the display commands say
/// when), a dim spell sends its level to `--brightness-command` or, with nothing to set the brightness, draws the
/// photo darker; judged by the screen's pixels and by the files the commands write. Another day's hours, lit all
/// through the test's minutes, would light it if the days were not told apart.
final class WeekScheduleUITests: XSessionTestCase {
    private static let days = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

    /// The shift that makes the kiosk's clock read `hh:mm:ss` now, and today's and tomorrow's day names.
    private func clock(_ hour: Int, _ minute: Int, _ second: Int) -> (shift: Int, today: String, tomorrow: String) {
        var t = time_t(Date().timeIntervalSince1970)
        var parts = tm()
        localtime_r(&t, &parts)
        let now = Int(parts.tm_hour) * 3600 + Int(parts.tm_min) * 60 + Int(parts.tm_sec)
        let day = Int(parts.tm_wday)
        return (hour * 3600 + minute * 60 + second - now, Self.days[day], Self.days[(day + 1) % 7])
    }

    private func launch(_ extra: [String], environment: [String: String] = [:]) throws -> String {
        try x.launch(["--kiosk", "--name", "Kitchen", "--demo", "--cache-dir", root + "/cache", "--renderer", "software",
                      "--size", "900x600", "--mode", "slideshow", "--interval", "3600", "--transition", "none",
                      "--fill", "black", "--display-off-command", "echo off >> \(root)/display",
                      "--display-on-command", "echo on >> \(root)/display"] + extra, environment: environment)
    }

    /// The app's wall clock run `fast` times as fast as the test's (libfaketime's rate; its monotonic clock, and so
    /// the loop's timers, left real; see `FakeClock`): a test that crosses two of the schedule's minute edges waits
    /// twelve seconds for them, not two minutes. The shift still puts the first edge as many real seconds away as
    /// before; the edges, levels, commands and pixels judged are the same.
    private static let fast = 10
    private func fastClock() throws -> [String: String] { try FakeClock.environment("+0 x\(Self.fast)") }

    /// `clock(hour, minute, second)` on the fast clock: a shift that puts `hh:mm:00` `lead` real seconds away.
    private func fastClock(_ hour: Int, _ minute: Int, lead: Int) -> (shift: Int, today: String, tomorrow: String) {
        let at = hour * 3600 + minute * 60 - lead * Self.fast
        return clock(at / 3600, at % 3600 / 60, at % 60)
    }

    private func lines(_ name: String) -> [String] {
        ((try? String(contentsOfFile: root + "/" + name, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Frames until `condition` holds, up to `seconds` (an edge a minute away is waited for by looking, not sleeping).
    @discardableResult
    private func until(_ id: String, _ what: String, seconds: Double = 90, _ condition: (Surface) -> Bool) throws -> Surface {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let frame = try x.frame(id)
            if condition(frame) { return frame }
        }
        XCTFail("timed out waiting for \(what)")
        return try x.frame(id)
    }

    private func isBlack(_ frame: Surface) -> Bool {
        stride(from: 0, to: frame.height, by: 50).allSatisfy { y in
            stride(from: 0, to: frame.width, by: 50).allSatisfy { x in
                let p = frame.pixel(x: x, y: y)
                return p.r < 4 && p.g < 4 && p.b < 4
            }
        }
    }

    /// A photo drawn whole: not black, not a placeholder's one colour over the middle of the window.
    private func isPhoto(_ frame: Surface) -> Bool {
        var colours = Set<UInt32>()
        for y in stride(from: frame.height / 3, to: frame.height * 2 / 3, by: 20) {
            for x in stride(from: frame.width / 3, to: frame.width * 2 / 3, by: 20) {
                let p = frame.pixel(x: x, y: y)
                colours.insert(UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b))
            }
        }
        return !isBlack(frame) && colours.count > 20
    }

    /// The photo's light: the sum of its channels over a grid in the middle of the window.
    private func light(_ frame: Surface) -> Int {
        var sum = 0
        for y in stride(from: frame.height / 3, to: frame.height * 2 / 3, by: 20) {
            for x in stride(from: frame.width / 3, to: frame.width * 2 / 3, by: 20) {
                let p = frame.pixel(x: x, y: y)
                sum += Int(p.r) + Int(p.g) + Int(p.b)
            }
        }
        return sum
    }

    /// Five real seconds before 12:01 today, the clock fast: the hours 12:00-12:02, dimmed to 30 % from 12:01;
    /// tomorrow's hours would light all day. The brightness command hears 100 at the start and 30 at 12:01; the
    /// display goes off at 12:02.
    func testAWeekdayScheduleDimsThroughTheBrightnessCommandAndSwitchesOff() throws {
        let (shift, today, tomorrow) = fastClock(12, 1, lead: 5)
        let id = try launch(["--clock-shift=\(shift)", "--schedule", "\(today) 12:00-12:02; \(tomorrow) 00:00-24:00",
                             "--dim", "\(today) 12:01-12:02 30%",
                             "--brightness-command", "echo {} >> \(root)/levels"], environment: try fastClock())
        let photo = try until(id, "a photo in the hours", seconds: 20) { self.isPhoto($0) }
        XCTAssertEqual(lines("levels").first, "100", "full brightness at the start")
        try until(id, "the level 30 at 12:01") { _ in self.lines("levels").contains("30") }
        XCTAssertEqual(lines("levels"), ["100", "30"])
        // The display's own brightness dims: nothing is drawn darker.
        let dimmed = try x.frame(id)
        XCTAssertEqual(Double(light(dimmed)), Double(light(photo)), accuracy: Double(light(photo)) * 0.1)
        try until(id, "the display off at 12:02") { _ in self.lines("display") == ["off"] }
        try until(id, "black after the hours", seconds: 10) { self.isBlack($0) }
    }

    /// Four real seconds before 12:00 today, the clock fast, nothing to set the brightness: off (black) until 12:00,
    /// the photo, then drawn at 30 % from 12:01; the display switched on at 12:00.
    func testOffThenOnThenDrawnDarkerWhereNothingSetsTheBrightness() throws {
        let (shift, today, tomorrow) = fastClock(12, 0, lead: 4)
        let id = try launch(["--clock-shift=\(shift)", "--schedule", "\(today) 12:00-12:03; \(tomorrow) 00:00-24:00",
                             "--dim", "\(today) 12:01-12:03 30%", "--brightness", "none"], environment: try fastClock())
        try until(id, "black before the hours", seconds: 20) { self.isBlack($0) }
        try until(id, "the display off before the hours", seconds: 10) { _ in self.lines("display") == ["off"] }
        let photo = try until(id, "a photo at 12:00", seconds: 30) { self.isPhoto($0) }
        XCTAssertEqual(lines("display"), ["off", "on"])
        let bright = light(photo)
        let dimmed = try until(id, "the photo drawn darker at 12:01") { Double(self.light($0)) < Double(bright) * 0.5 }
        let ratio = Double(light(dimmed)) / Double(bright)
        print("drawn dim: \(light(dimmed)) of \(bright) = \(String(format: "%.2f", ratio))")
        XCTAssertEqual(ratio, 0.3, accuracy: 0.05, "30 % of the photo's light")
    }

    /// 12:00:55 today with `--night-clock 60%`: at 12:01 the photo goes and a clock alone shows on black, the display
    /// left on (no off command) at the level 60 the brightness command hears.
    func testOutsideTheHoursTheNightClockShowsAloneOnBlack() throws {
        let (shift, today, tomorrow) = clock(12, 0, 55)
        let id = try launch(["--clock-shift=\(shift)", "--schedule", "\(today) 12:00-12:01; \(tomorrow) 00:00-24:00",
                             "--night-clock", "60%", "--brightness-command", "echo {} >> \(root)/levels"])
        try until(id, "a photo in the hours", seconds: 20) { self.isPhoto($0) }
        func lettering(_ frame: Surface) -> Int {
            var lit = 0
            for y in stride(from: frame.height / 4, to: frame.height * 3 / 4, by: 3) {
                for x in stride(from: 0, to: frame.width, by: 3) where frame.pixel(x: x, y: y).r > 150 { lit += 1 }
            }
            return lit
        }
        func nightClock(_ frame: Surface) -> Bool {
            let corners = [(5, 5), (frame.width - 6, 5), (5, frame.height - 6), (frame.width - 6, frame.height - 6)]
            return !isPhoto(frame) && corners.allSatisfy { XSession.isColor(frame.pixel(x: $0.0, y: $0.1), (0, 0, 0)) }
                && lettering(frame) > 300
        }
        let night = try until(id, "the clock alone on black at 12:01") { nightClock($0) }
        try until(id, "the level 60", seconds: 10) { _ in self.lines("levels").contains("60") }
        XCTAssertEqual(lines("levels"), ["100", "60"])
        XCTAssertEqual(lines("display"), [], "the display stays on for the night clock")
        // Its processor time over three seconds of the night (a measurement, not a wait for anything): the loop
        // wakes four times a second and draws once a minute, as little as a display off (KioskUITests).
        let pid = try XCTUnwrap(x.app?.processIdentifier)
        let before = try processorSeconds(pid)
        Thread.sleep(forTimeInterval: 3)
        let used = try processorSeconds(pid) - before
        print("night clock: \(String(format: "%.3f", used / 3)) of a core")
        XCTAssertLessThan(used / 3, 0.02, "\(used) s of processor time in 3 s of the night clock")
    }

    /// The clock switched off from Home Assistant or the remote (kept in overlays.json) is switched off for the day:
    /// the night clock still shows at 12:01 (the panel is not left lit and black all night).
    func testTheNightClockShowsWithTheClockSwitchedOff() throws {
        try FileManager.default.createDirectory(atPath: root + "/config", withIntermediateDirectories: true)
        try #"{"off":["clock"]}"#.write(toFile: root + "/config/overlays.json", atomically: true, encoding: .utf8)
        let (shift, today, tomorrow) = clock(12, 0, 50)
        let id = try launch(["--clock-shift=\(shift)", "--schedule", "\(today) 12:00-12:01; \(tomorrow) 00:00-24:00",
                             "--night-clock", "60%", "--brightness-command", "echo {} >> \(root)/levels"],
                            environment: ["TESSERA_CONFIG": root + "/config/config"])
        try until(id, "a photo in the hours", seconds: 20) { self.isPhoto($0) }
        try until(id, "the level 60 at 12:01", seconds: 30) { _ in self.lines("levels").contains("60") }
        // Before it was fixed: black (the switched-off clock drawn by nobody), the display lit all night.
        try until(id, "the clock's digits on black", seconds: 10) { frame in
            var lit = 0
            for y in stride(from: frame.height / 4, to: frame.height * 3 / 4, by: 3) {
                for x in stride(from: 0, to: frame.width, by: 3) where frame.pixel(x: x, y: y).r > 150 { lit += 1 }
            }
            return lit > 300 && !self.isPhoto(frame) && XSession.isColor(frame.pixel(x: 5, y: 5), (0, 0, 0))
        }
        XCTAssertEqual(lines("display"), [], "the display stays on for the night clock")
    }

    /// A week that does not read is refused at once, in one line naming the option and saying what to give.
    func testAWeekThatDoesNotReadIsRefusedInOneLine() throws {
        for (option, value, says) in [("--schedule", "mo-fr 07:00-09:00", "mon-fri"), ("--dim", "21:00-23:00", "percent"),
                                      ("--schedule-except", "2026-02-30", "YYYY-MM-DD"), ("--location", "Berlin", "LAT,LON"),
                                      ("--night-clock", "dim", "1% to 100%")] {
            let run = try AppProcess.run(["--demo", "--kiosk", "--cache-dir", root + "/cache", option, value])
            XCTAssertNotEqual(run.status, 0, "\(option) \(value)")
            XCTAssertNil(run.frame, "nothing shown")
            let line = run.log.split(separator: "\n").first { $0.contains(option + " " + value) }.map(String.init) ?? ""
            XCTAssertTrue(line.contains(says), "\(option) \(value): \(run.log)")
        }
    }

    /// A process's user and system time so far (/proc/PID/stat, in clock ticks of 1/100 s).
    private func processorSeconds(_ pid: Int32) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        let fields = stat[stat.index(after: try XCTUnwrap(stat.lastIndex(of: ")")))...].split(separator: " ")
        return (Double(fields[11]) ?? 0) / 100 + (Double(fields[12]) ?? 0) / 100
    }
}
