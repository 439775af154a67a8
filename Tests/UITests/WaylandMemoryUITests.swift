import Foundation
import SDLKit
import XCTest

/// Wayland costs what X11 costs: the same wall (the demo, 1280x800, the renderer a user gets by default) under
/// Xvfb and under a headless sway whose output goes away and comes back, the window moves to another output and
/// back, and the output takes new modes, a scale of 2 and a quarter turn; after each change the clock is still
/// ticking, and at the end the app's resident memory is within 20 % of the same app's under X11 in the same run,
/// with nothing of OpenGL loaded. (SDL 2.26 gives a Wayland window no framebuffer: its software renderer's frames
/// went through OpenGL ES, Mesa's llvmpipe without a GPU, which held about twice the memory; then SDL's own load of
/// OpenGL for every Wayland window left about 8 MB of LLVM, +17 to +24 %.)
final class WaylandMemoryUITests: XCTestCase {
    private var root = ""
    private var wayland: WaylandSession?
    private var x11: XSession?
    private let arguments = ["--no-cache", "--demo", "--name", "Ada", "--size", "\(WaylandSession.width)x\(WaylandSession.height)"]
    /// How much more resident memory the Wayland wall may hold than the X11 one: a fifth (BENCHMARKS.md has the
    /// runs).
    private static let allowance = 1.2

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "tessera-wayland-memory-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        guard FileManager.default.isExecutableFile(atPath: AppProcess.executable) else {
            throw missing("the app (swift build): \(AppProcess.executable)")
        }
        guard XSession.hasDisplay else { throw missing("an X display (xvfb-run)") }
    }

    override func tearDown() {
        x11?.killApp()
        wayland?.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    private let background = (24, 24, 27)
    /// The app's own frame: the header's white title and photos in both columns.
    private func showsPhotos(_ f: Surface) -> Bool {
        var title = 0
        for y in 10..<60 { for x in 10..<110 where f.pixel(x: x, y: y).r > 200 { title += 1 } }
        return title > 40 && !XSession.isColor(f.pixel(x: 100, y: 200), background)
            && !XSession.isColor(f.pixel(x: 900, y: 300), background)
    }

    /// Whether the clock's digits (to the millisecond) differ between two frames.
    private func clockMoved(_ a: Surface, _ b: Surface) -> Bool {
        (170..<330).contains { x in (12..<34).contains { y in a.pixel(x: x, y: y) != b.pixel(x: x, y: y) } }
    }

    /// VmRSS and VmHWM of a process, in MB.
    private static func memory(of pid: pid_t) -> (resident: Double, peak: Double) {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Double {
            let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
            return Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "0").map { $0 / 1024 } ?? 0
        }
        return (field("VmRSS"), field("VmHWM"))
    }

    /// The most resident memory seen over three seconds of the settled wall (read every 100 ms), in MB.
    private static func settledResident(of pid: pid_t) -> Double {
        var most = 0.0
        let end = Date().addingTimeInterval(3)
        repeat {
            most = max(most, memory(of: pid).resident)
            usleep(100_000)
        } while Date() < end
        return most
    }

    func testTheWallUnderWaylandHoldsWhatItHoldsUnderX11AcrossOutputChanges() throws {
        // X11 first: the same wall under the tests' Xvfb.
        let x = XSession(root: root)
        x11 = x
        let window = try x.launch(arguments)
        try x.waitForFrame(window, "the wall under X11") { showsPhotos($0) }
        let x11Pid = try XCTUnwrap(x.app?.processIdentifier)
        let x11Resident = Self.settledResident(of: x11Pid)
        let x11Peak = Self.memory(of: x11Pid).peak
        x.killApp()

        // The same wall under sway, through a dozen output changes.
        let s = try WaylandSession(root: root)
        wayland = s
        try s.launch(Array(arguments.dropFirst()))
        s.waitForLog("video: wayland")
        try s.waitForFrame("the wall under Wayland") { showsPhotos($0) }
        try s.swaymsg(["create_output"])
        let changes: [(String, [String], [String])] = [
            ("the output off and on", ["output", "HEADLESS-1", "disable"], ["output", "HEADLESS-1", "enable"]),
            ("the window to another output and back",
             ["[app_id=\".*\"]", "move", "container", "to", "output", "HEADLESS-2"],
             ["[app_id=\".*\"]", "move", "container", "to", "output", "HEADLESS-1"]),
            ("a mode of 1024x768", ["output", "HEADLESS-1", "mode", "1024x768"], ["output", "HEADLESS-1", "mode", "1280x800"]),
            ("a scale of 2", ["output", "HEADLESS-1", "scale", "2"], ["output", "HEADLESS-1", "scale", "1"]),
            ("a quarter turn", ["output", "HEADLESS-1", "transform", "90"], ["output", "HEADLESS-1", "transform", "normal"]),
            ("a mode of 1920x1080", ["output", "HEADLESS-1", "mode", "1920x1080"], ["output", "HEADLESS-1", "mode", "1280x800"]),
        ]
        for round in 1...2 {
            for (what, change, back) in changes {
                try s.swaymsg(change)
                // Drawn in the changed output: a frame with the header's title.
                // Drawn in the changed output (or on the other one, right of the first): the header's title.
                try s.waitForFrame("a frame after \(what) (round \(round))") { f in
                    [0, WaylandSession.width].contains { dx in
                        f.width > dx + 110 && (10..<60).contains { y in (10..<110).contains { x in f.pixel(x: dx + x, y: y).r > 200 } }
                    }
                }
                try s.swaymsg(back)
                let before = try s.waitForFrame("the wall after \(what) (round \(round))") { showsPhotos($0) }
                try s.waitForFrame("the clock ticking after \(what) (round \(round))") { f in
                    showsPhotos(f) && clockMoved(before, f)
                }
                XCTAssertTrue(s.app?.isRunning == true, "alive after \(what): \(s.log)")
            }
        }
        let waylandPid = try XCTUnwrap(s.app?.processIdentifier)
        // The window was made without OpenGL (the Vulkan stand-in): no EGL, Mesa or LLVM in the process at all.
        XCTAssertTrue(s.log.contains("the window was made without OpenGL"), s.log)
        let maps = (try? String(contentsOfFile: "/proc/\(waylandPid)/maps", encoding: .utf8)) ?? ""
        for library in ["libEGL", "libLLVM", "libGLESv2", "_dri.so"] {
            XCTAssertFalse(maps.contains(library), "\(library) is loaded under Wayland")
        }
        let waylandResident = Self.settledResident(of: waylandPid)
        let waylandPeak = Self.memory(of: waylandPid).peak
        let renderers = s.log.split(separator: "\n").filter { $0.contains("renderer:") }.joined(separator: "; ")
        print(String(format: "wall memory: X11 %.0f MB (peak %.0f), Wayland after %d output changes %.0f MB (peak %.0f); %@",
                     x11Resident, x11Peak, 2 * changes.count, waylandResident, waylandPeak, renderers))
        XCTAssertLessThanOrEqual(waylandResident, x11Resident * Self.allowance,
                                 String(format: "Wayland %.0f MB against X11's %.0f MB (%@)", waylandResident, x11Resident, renderers))
    }
}
