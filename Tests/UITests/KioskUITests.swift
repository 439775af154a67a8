import FixtureServer
import Foundation
import SDLKit
import XCTest

/// Kiosk mode as a lobby screen meets it: a real fullscreen window under Xvfb that scrolls by itself, shrugs off
/// stray keys, stops only for Ctrl+Alt+Q or SIGTERM, and is dark outside its hours.
final class KioskUITests: XSessionTestCase {
    private func launch(_ extra: [String] = []) throws -> String {
        try x.launch(["--kiosk", "--name", "Lobby", "--demo", "--cache-dir", root + "/cache",
                             "--renderer", "software", "--size", "900x600"] + extra,
                            environment: ["XDG_DATA_HOME": root + "/data"])
    }

    /// A fingerprint of the wall below the header (the clock changes every frame; the wall only when it moves).
    private func wall(_ frame: Surface) -> [UInt32] {
        stride(from: 80, to: min(frame.height, 560), by: 23).flatMap { y in
            stride(from: 30, to: min(frame.width, 860), by: 37).map { x in
                let p = frame.pixel(x: x, y: y)
                return UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b)
            }
        }
    }

    private func isBlack(_ frame: Surface) -> Bool {
        stride(from: 0, to: frame.height, by: 50).allSatisfy { y in
            stride(from: 0, to: frame.width, by: 50).allSatisfy { x in
                let p = frame.pixel(x: x, y: y)
                return p.r < 4 && p.g < 4 && p.b < 4
            }
        }
    }

    func testItScrollsByItselfShrugsOffStrayKeysAndQuitsOnlyOnControlAltQ() throws {
        let id = try launch(["--speed", "400", "--idle", "1"])
        let background = (24, 24, 27)
        let first = try x.waitForFrame(id, "photos") { !XSession.isColor($0.pixel(x: 100, y: 200), background) }
        XCTAssertGreaterThan(first.width, 900, "fullscreen on the display (the request was 900x600)")
        let start = wall(first)
        try x.waitForFrame(id, "the wall moving by itself") { self.wall($0) != start }

        // Keys that quit, leave fullscreen or open things on a desktop do nothing here.
        try x.tool(["xdotool", "key", "--window", id, "q", "Escape", "F11", "f", "o", "shift+b"])
        XCTAssertTrue(x.app?.isRunning == true)
        let paused = wall(try x.frame(id))
        // After a second of quiet it scrolls on (and is still fullscreen: F11 did nothing).
        let again = try x.waitForFrame(id, "scrolling again after the quiet spell") { self.wall($0) != paused }
        XCTAssertEqual(again.width, first.width)
        XCTAssertTrue(x.app?.isRunning == true, "a stray q did not quit")

        try x.tool(["xdotool", "key", "--window", id, "ctrl+alt+q"], check: false)
        x.app?.waitUntilExit()
        XCTAssertEqual(x.app?.terminationStatus, 0)
    }

    /// One photo of the first screen held by the server forever (a byte a second): the kiosk does not wait for it.
    /// It scrolls within 10 s with what has arrived, and that photo is asked for again later.
    func testOnePhotoThatNeverArrivesDoesNotHoldTheWallStill() throws {
        var faults = FixtureFaults()
        faults.trickleImages = ["0"]
        faults.trickleBytesPerSecond = 1
        let server = FixtureServer(photos: 200, faults: faults)
        try server.start(port: 0)
        defer { server.stop() }
        let started = Date()
        let id = try x.launch(["--kiosk", "--name", "Lobby", "--api", server.baseURL, "--cache-dir", root + "/cache",
                               "--renderer", "software", "--speed", "400"],
                              environment: ["XDG_DATA_HOME": root + "/data"])
        let background = (24, 24, 27)
        let first = try x.waitForFrame(id, "photos") { !XSession.isColor($0.pixel(x: 700, y: 300), background) }
        let start = wall(first)
        try x.waitForFrame(id, "the wall moving without its first photo") { self.wall($0) != start }
        let took = Date().timeIntervalSince(started)
        print("scrolling \(String(format: "%.1f", took)) s after launch, with photo 0 still on its way")
        XCTAssertLessThan(took, 10, "within 10 s of launch")
        XCTAssertTrue(x.app?.isRunning == true)
    }

    /// A server that answers every page with its first one (the fixture's hostile mode): the wall runs out of new
    /// photos in seconds at this speed, and a kiosk goes round what it has instead of standing still at the end.
    func testARepeatingServerDoesNotStopTheWall() throws {
        var faults = FixtureFaults()
        faults.hostile = true
        let server = FixtureServer(photos: 30, faults: faults)
        try server.start(port: 0)
        defer { server.stop() }
        let id = try x.launch(["--kiosk", "--name", "Lobby", "--api", server.baseURL, "--cache-dir", root + "/cache",
                               "--renderer", "software", "--speed", "1600", "--page-size", "30"],
                              environment: ["XDG_DATA_HOME": root + "/data"])
        let background = (24, 24, 27)
        _ = try x.waitForFrame(id, "photos") { !XSession.isColor($0.pixel(x: 700, y: 300), background) }
        // Ten seconds at 1600 px/s (the distance of twenty at 800, which this waited out before) is several times
        // the one page's height: long past where a wall that stops would stand still.
        let started = Date()
        var walls: [[UInt32]] = []
        while Date().timeIntervalSince(started) < 10 {
            walls.append(wall(try x.frame(id)))
        }
        let lastFive = walls.suffix(max(2, walls.count / 4))
        XCTAssertGreaterThan(Set(lastFive).count, 1, "the wall still moves in the last quarter of its ten seconds")
        XCTAssertGreaterThan(server.counters.pages, 4, "it went round: \(server.counters.pages) page requests")
        XCTAssertTrue(x.app?.isRunning == true)
    }

    func testAsAPhotoFrameItShowsOnePhotoAtATimeAndMovesOnByItself() throws {
        let id = try launch(["--mode", "slideshow", "--interval", "1", "--fill", "black"])
        func fitted(_ frame: Surface) -> Bool {
            // On black: bars beside a photo narrower than the screen, or above one wider.
            let sides = XSession.isColor(frame.pixel(x: 2, y: frame.height / 2), (0, 0, 0))
                && XSession.isColor(frame.pixel(x: frame.width - 3, y: frame.height / 2), (0, 0, 0))
            let above = XSession.isColor(frame.pixel(x: frame.width / 2, y: 50), (0, 0, 0))
            return (sides || above) && !XSession.isColor(frame.pixel(x: frame.width / 2, y: frame.height / 2), (0, 0, 0))
        }
        let first = try x.waitForFrame(id, "one photo, fitted on black") { fitted($0) }
        let shown = wall(first)
        try x.waitForFrame(id, "the next photo, a second later") { fitted($0) && self.wall($0) != shown }
        XCTAssertTrue(x.app?.isRunning == true)
    }

    func testSIGTERMStopsItCleanly() throws {
        let id = try launch()
        let background = (24, 24, 27)
        try x.waitForFrame(id, "photos") { !XSession.isColor($0.pixel(x: 100, y: 200), background) }
        x.app?.terminate()  // SIGTERM, as systemd stops a service
        x.app?.waitUntilExit()
        XCTAssertEqual(x.app?.terminationReason, .exit, "it exited, it was not killed by the signal")
        XCTAssertEqual(x.app?.terminationStatus, 0)
    }

    func testDarkOutsideItsHoursAndBackWhenTheyStart() throws {
        // The hours 12:00-12:01; the kiosk's clock is shifted so that it is now 11:59:54 for it.
        var t = time_t(Date().timeIntervalSince1970)
        var parts = tm()
        localtime_r(&t, &parts)
        let secondOfDay = Int(parts.tm_hour) * 3600 + Int(parts.tm_min) * 60 + Int(parts.tm_sec)
        let shift = 11 * 3600 + 59 * 60 + 54 - secondOfDay
        // "=": a negative shift must not read as an option.
        let id = try launch(["--schedule", "12:00-12:01", "--clock-shift=\(shift)"])
        try x.waitForFrame(id, "a black screen outside the hours") { self.isBlack($0) }
        let background = (24, 24, 27)
        try x.waitForFrame(id, "photos once the hours start") {
            !self.isBlack($0) && !XSession.isColor($0.pixel(x: 100, y: 200), background)
        }
    }

    /// Outside its hours the display is switched off by the commands given (Xvfb has no DPMS: they stand in for
    /// `vcgencmd` or a smart plug), a key lights it for --idle seconds (`--wake-on-touch`), then it goes off again.
    func testOutsideItsHoursTheDisplayIsSwitchedOffAndATouchWakesIt() throws {
        var t = time_t(Date().timeIntervalSince1970)
        var parts = tm()
        localtime_r(&t, &parts)
        let secondOfDay = Int(parts.tm_hour) * 3600 + Int(parts.tm_min) * 60 + Int(parts.tm_sec)
        // 03:00 for the kiosk, hours 12:00-12:01: night for the whole test.
        let shift = 3 * 3600 - secondOfDay
        let off = root + "/display-off", on = root + "/display-on"
        let id = try launch(["--schedule", "12:00-12:01", "--clock-shift=\(shift)", "--wake-on-touch", "--idle", "6",
                             "--display-off-command", "touch \(off)", "--display-on-command", "touch \(on)"])
        func waitForFile(_ path: String, _ what: String) {
            let deadline = Date().addingTimeInterval(20)
            while !FileManager.default.fileExists(atPath: path), Date() < deadline { _ = try? x.frame(id) }
            XCTAssertTrue(FileManager.default.fileExists(atPath: path), what)
        }
        waitForFile(off, "the display switched off outside the hours")
        XCTAssertFalse(FileManager.default.fileExists(atPath: on))
        // Off, it draws nothing and sleeps: its processor time over three seconds of the night (a measurement, not
        // a wait for anything), against a scrolling wall's 7 % of a core (BENCHMARKS.md, "A frame at night").
        let pid = try XCTUnwrap(x.app?.processIdentifier)
        // The last decodes and the images' release at dusk are done within a second.
        Thread.sleep(forTimeInterval: 1)
        let before = try processorSeconds(pid)
        Thread.sleep(forTimeInterval: 3)
        let used = try processorSeconds(pid) - before
        XCTAssertLessThan(used / 3, 0.02, "\(used) s of processor time in 3 s while the display is off")
        try FileManager.default.removeItem(atPath: off)
        try x.tool(["xdotool", "key", "--window", id, "space"])
        waitForFile(on, "a touch switched it on")
        let background = (24, 24, 27)
        try x.waitForFrame(id, "photos while it is lit") {
            !self.isBlack($0) && !XSession.isColor($0.pixel(x: 100, y: 200), background)
        }
        waitForFile(off, "off again after --idle seconds")
    }

    /// A process's user and system time so far (/proc/PID/stat, in clock ticks of 1/100 s).
    private func processorSeconds(_ pid: Int32) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
        let fields = stat[stat.index(after: try XCTUnwrap(stat.lastIndex(of: ")")))...].split(separator: " ")
        return (Double(fields[11]) ?? 0) / 100 + (Double(fields[12]) ?? 0) / 100
    }

    func testTheConfigFileSetsDefaultsTheCommandLineWinsAndBadLinesAreReported() throws {
        let config = root + "/config"
        try """
        # defaults for this machine
        size = 640x480
        speed = fast
        name = Configured
        bogus = 1
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let env = ["TESSERA_CONFIG": config]
        let fromFile = try AppProcess.run(["--demo", "--cache-dir", root + "/cache"], environment: env)
        XCTAssertEqual(fromFile.status, 0, fromFile.log)
        XCTAssertEqual(fromFile.frame.map { [$0.width, $0.height] }, [640, 480])
        XCTAssertTrue(fromFile.log.contains("line 3:") && fromFile.log.contains("speed"), fromFile.log)
        XCTAssertTrue(fromFile.log.contains("line 5:") && fromFile.log.contains("bogus"), fromFile.log)
        let overridden = try AppProcess.run(["--demo", "--cache-dir", root + "/cache", "--size", "500x400"],
                                            environment: env)
        XCTAssertEqual(overridden.frame.map { [$0.width, $0.height] }, [500, 400], "the command line wins")
    }

    func testARendererResetIsFollowedByAWholeFrame() throws {
        let run = try AppProcess.run(["--demo", "--name", "T", "--cache-dir", root + "/cache", "--size", "900x600",
                                      "--script", "render-reset,device-reset"])
        XCTAssertEqual(run.status, 0, run.log)
        XCTAssertEqual(run.log.components(separatedBy: "lost its textures").count - 1, 2, run.log)
        let frame = try XCTUnwrap(run.frame)
        // Photos in both columns again and the header's text: every texture was made again.
        let background = (24, 24, 27)
        XCTAssertFalse(XSession.isColor(frame.pixel(x: 100, y: 200), background))
        XCTAssertFalse(XSession.isColor(frame.pixel(x: 700, y: 200), background))
        var bright = 0
        for y in 8..<40 { for x in 10..<120 where frame.pixel(x: x, y: y).r > 200 { bright += 1 } }
        XCTAssertGreaterThan(bright, 40, "the title is drawn")
    }
}
