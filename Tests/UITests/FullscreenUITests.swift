import Foundation
import SDLKit
import XCTest

/// `f` on a bare X server (Xvfb here, a kiosk's X without a window manager): nobody acts on a fullscreen request,
/// so the window covers the display itself, and its layout follows its real size both ways.
final class FullscreenUITests: XSessionTestCase {
    func geometry(_ window: String) throws -> (x: Int, y: Int, width: Int, height: Int) {
        let text = try x.tool(["xdotool", "getwindowgeometry", "--shell", window])
        var values: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2 { values[String(parts[0])] = Int(parts[1]) }
        }
        return (values["X"] ?? -1, values["Y"] ?? -1, values["WIDTH"] ?? 0, values["HEIGHT"] ?? 0)
    }

    /// The window's geometry once `done` holds, polled with a deadline (10 s), else as it is then.
    func settled(_ window: String, _ done: ((x: Int, y: Int, width: Int, height: Int)) -> Bool) throws
        -> (x: Int, y: Int, width: Int, height: Int) {
        let deadline = Date().addingTimeInterval(10)
        var now = try geometry(window)
        while !done(now), Date() < deadline { now = try geometry(window) }
        return now
    }

    /// Photo pixels (not the background, header or black) near the right edge of a frame: the wall reaches it.
    private func wallReachesRightEdge(_ frame: Surface) -> Bool {
        let background = (24, 24, 27)
        let x = frame.width - 30
        return stride(from: 100, to: frame.height - 20, by: 20).contains { y in
            let p = frame.pixel(x: x, y: y)
            return !XSession.isColor(p, background) && Int(p.r) + Int(p.g) + Int(p.b) > 60
        }
    }

    func testFWithoutAWindowManagerCoversTheDisplayAndComesBack() throws {
        let window = try x.launch(["--demo", "--name", "Ada", "--cache-dir", root + "/cache", "--renderer", "software",
                                   "--size", "900x600"], environment: ["XDG_DATA_HOME": root + "/data"])
        let before = try geometry(window)
        XCTAssertEqual([before.width, before.height], [900, 600])
        _ = try x.waitForFrame(window, "the wall") { self.wallReachesRightEdge($0) }
        try x.tool(["xdotool", "key", "--window", window, "f"])
        let covered = try settled(window) { $0.width == 1600 }
        XCTAssertEqual([covered.x, covered.y, covered.width, covered.height], [0, 0, 1600, 1000], "the whole display")
        _ = try x.waitForFrame(window, "the wall laid out to the new right edge") {
            $0.width == 1600 && self.wallReachesRightEdge($0)
        }
        try x.tool(["xdotool", "key", "--window", window, "f"])
        let back = try settled(window) { $0.width == 900 }
        XCTAssertEqual([back.width, back.height], [900, 600], "the size it had")
        _ = try x.waitForFrame(window, "the wall laid out to the old size") {
            $0.width == 900 && self.wallReachesRightEdge($0)
        }
    }
}

extension FullscreenUITests {
    /// Started fullscreen (`--fullscreen`), `f` leaves it, window manager or not.
    func testAWindowStartedFullscreenLeavesItWithoutAWindowManager() throws {
        let window = try x.launch(["--demo", "--name", "Ada", "--cache-dir", root + "/cache", "--renderer", "software",
                                   "--size", "900x600", "--fullscreen"], environment: ["XDG_DATA_HOME": root + "/data"])
        let full = try geometry(window)
        XCTAssertEqual([full.width, full.height], [1600, 1000])
        try x.tool(["xdotool", "key", "--window", window, "f"])
        let back = try settled(window) { $0.width < 1600 }
        XCTAssertLessThan(back.width, 1600, "no longer covering the display")
    }
}
