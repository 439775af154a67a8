import Foundation
import SDLKit
import XCTest

/// The app natively on Wayland, as a Pi OS desktop (labwc) or a frame under cage or sway runs it: chosen without
/// being asked, drawing, answering a key and a click, surviving its output going away, asking the compositor to
/// switch its output off at night; and a compositor without a seat never handed to SDL 2.26 (which crashes there).
final class WaylandUITests: XCTestCase {
    private var root = ""
    private var session: WaylandSession?

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "tessera-wayland-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        guard FileManager.default.isExecutableFile(atPath: AppProcess.executable) else {
            throw missing("the app (swift build): \(AppProcess.executable)")
        }
    }

    override func tearDown() {
        session?.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    private func start(_ arguments: [String]) throws -> WaylandSession {
        let s = try WaylandSession(root: root)
        session = s
        try s.launch(arguments)
        return s
    }

    private let background = (24, 24, 27)
    /// The app's own frame (not sway's grey before the window maps): the header's white title and photos in
    /// both columns.
    private func showsPhotos(_ f: Surface) -> Bool {
        var title = 0
        for y in 10..<60 { for x in 10..<110 where f.pixel(x: x, y: y).r > 200 { title += 1 } }
        return title > 40 && !XSession.isColor(f.pixel(x: 100, y: 200), background)
            && !XSession.isColor(f.pixel(x: 900, y: 300), background)
    }
    private func wall(_ f: Surface) -> Double {
        WaylandSession.brightness(f, x: 20..<1260, y: 100..<780)
    }

    func testTheWallDrawsNativelyAndAnswersAKeyAndAClick() throws {
        let s = try start(["--demo", "--name", "Ada"])
        s.waitForLog("video: wayland")
        // Settled: the photos in place of their placeholders, two frames alike.
        var previous = -1.0
        let first = try s.waitForFrame("the wall's photos") { f in
            defer { previous = wall(f) }
            return showsPhotos(f) && abs(wall(f) - previous) < 0.5
        }
        let lit = wall(first)

        // A key: ? (Shift+/) opens help, which covers the wall with its dark sheet; Esc closes it.
        try s.keys(["-M", "shift", "-k", "slash", "-m", "shift"])
        try s.waitForFrame("help over the wall") { wall($0) < lit * 0.6 }
        try s.keys(["-k", "Escape"])
        try s.waitForFrame("the wall again") { wall($0) > lit * 0.8 }

        // A click on the first photo opens the pane: the right column goes dark around the photo shown large.
        let rightColumn = { (f: Surface) in WaylandSession.brightness(f, x: 1200..<1250, y: 300..<700) }
        let column = rightColumn(first)
        s.click(x: 300, y: 250)
        try s.waitForFrame("the pane opened by the click") { f in
            rightColumn(f) < column * 0.6 && !XSession.isColor(f.pixel(x: 640, y: 400), self.background)
        }
    }

    func testAnOutputThatGoesAwayAndComesBackIsSurvived() throws {
        let s = try start(["--demo", "--name", "Ada"])
        try s.waitForFrame("the wall") { showsPhotos($0) }
        // Powered off or unplugged: the output leaves the compositor, then comes back.
        try s.swaymsg(["output", "HEADLESS-1", "disable"])
        try s.swaymsg(["output", "HEADLESS-1", "enable"])
        let before = try s.frame()
        try s.waitForFrame("the wall drawn again, its clock running") { f in
            // The clock's digits (to the millisecond) have changed.
            showsPhotos(f) && (170..<330).contains { x in (12..<34).contains { y in f.pixel(x: x, y: y) != before.pixel(x: x, y: y) } }
        }
        XCTAssertTrue(s.app?.isRunning == true, s.log)
    }

    func testAtNightTheCompositorIsAskedToSwitchItsOutputOff() throws {
        var t = time_t(Date().timeIntervalSince1970)
        var parts = tm()
        localtime_r(&t, &parts)
        let secondOfDay = Int(parts.tm_hour) * 3600 + Int(parts.tm_min) * 60 + Int(parts.tm_sec)
        let shift = 3 * 3600 - secondOfDay  // 03:00 for the kiosk
        let s = try start(["--demo", "--kiosk", "--schedule", "12:00-12:01", "--clock-shift=\(shift)"])
        s.waitForLog("display power: the Wayland compositor's output power")
        // Sway's headless backend takes the request but cannot commit it (its log: "Failed to commit output"), so
        // the output keeps reporting "on": read back and said (a protocol error would read "the connection to the
        // compositor broke"), and the panel is black instead.
        s.waitForLog("did not switch off (1 of 1 outputs did not report the change)")
        try s.waitForFrame("black") { WaylandSession.brightness($0, x: 0..<1280, y: 0..<800) < 1 }
    }

    /// Weston's headless backend has no seat, as a frame with no input device: SDL 2.26 would crash inside
    /// SDL_Init. The app looks first: X11 where there is one, else it says why and exits.
    func testACompositorWithoutASeatIsNeverHandedToSDL() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/weston") else { throw missing("weston") }
        let runtime = "/tmp/tessera-weston-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let weston = Process()
        weston.executableURL = URL(fileURLWithPath: "/usr/bin/weston")
        weston.arguments = ["--backend=headless-backend.so", "--socket=seatless", "--idle-time=0"]
        weston.environment = ["PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": runtime]
        weston.standardOutput = FileHandle.nullDevice
        weston.standardError = FileHandle.nullDevice
        try weston.run()
        defer { weston.terminate(); weston.waitUntilExit() }
        let deadline = Date().addingTimeInterval(15)
        while !FileManager.default.fileExists(atPath: runtime + "/seatless"), Date() < deadline, weston.isRunning { usleep(20_000) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: runtime + "/seatless"), "weston started")

        let wayland = ["XDG_RUNTIME_DIR": runtime, "WAYLAND_DISPLAY": "seatless", "SDL_VIDEODRIVER": ""]
        let alone = try AppProcess.run(["--demo", "--name", "Ada", "--no-cache"],
                                       environment: wayland.merging(["DISPLAY": ""]) { $1 })
        XCTAssertEqual(alone.status, 1, "an exit with words, not a crash: \(alone.log)")
        XCTAssertTrue(alone.log.contains("offers no seat"), alone.log)
        guard XSession.hasDisplay else { throw missing("an X display") }
        let withX = try AppProcess.run(["--demo", "--name", "Ada", "--no-cache", "--size", "640x480"], environment: wayland)
        XCTAssertEqual(withX.status, 0, withX.log)
        XCTAssertTrue(withX.log.contains("X11 (DISPLAY="), withX.log)
        XCTAssertTrue(withX.log.contains("video: x11"), withX.log)
        XCTAssertEqual(withX.frame.map { [$0.width, $0.height] }, [640, 480])
    }
}
