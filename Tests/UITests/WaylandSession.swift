import Foundation
import SDLKit
import XCTest

/// The real app natively on Wayland, under a headless sway started for the test (as an unprivileged user: sway
/// refuses root): frames read back with grim, keys sent with wtype, clicks with the virtual-pointer tool built
/// beside the app (`wayland-pointer`; sway has no pointer device of its own here). Waits poll with a deadline.
final class WaylandSession {
    static let width = 1280, height = 800
    let root: String
    let runtime: String
    private var sway: Process?
    private(set) var app: Process?
    /// The session's pointer (`wayland-pointer`), up from before the app starts; commands on its input.
    private var pointer: Process?
    private var pointerInput: FileHandle?
    private var pointerOutput: FileHandle?
    private(set) var display = ""
    private let logPath: String

    /// Starts sway in a runtime folder of the test's own; throws (a failure in CI) when sway, grim or wtype are
    /// not installed.
    init(root: String) throws {
        for tool in ["/usr/bin/sway", "/usr/bin/grim", "/usr/bin/wtype", "/usr/bin/setpriv"]
        where !FileManager.default.isExecutableFile(atPath: tool) {
            throw missing(tool)
        }
        guard FileManager.default.isExecutableFile(atPath: WaylandSession.pointerTool) else {
            throw missing("the virtual-pointer tool (swift build): \(WaylandSession.pointerTool)")
        }
        self.root = root
        runtime = "/tmp/tessera-sway-\(UUID().uuidString.prefix(8))"
        logPath = root + "/app.log"
        let asRoot = getuid() == 0
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        if asRoot { chown(runtime, 65534, 65534) }
        let config = runtime + "-config"
        try """
        xwayland disable
        output HEADLESS-1 resolution \(WaylandSession.width)x\(WaylandSession.height)
        default_border none
        default_floating_border none
        """.write(toFile: config, atomically: true, encoding: .utf8)
        chmod(config, 0o644)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: asRoot ? "/usr/bin/setpriv" : "/usr/bin/sway")
        p.arguments = (asRoot ? ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/sway"] : []) + ["-c", config]
        p.environment = ["PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": runtime, "WLR_BACKENDS": "headless",
                         "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        sway = p
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline, p.isRunning {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: runtime)) ?? []
            if let socket = names.first(where: { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }),
               names.contains(where: { $0.hasPrefix("sway-ipc.") }) {
                display = socket
                break
            }
            usleep(20_000)
        }
        guard !display.isEmpty else {
            stop()
            throw LaunchFailure(why: "sway did not start")
        }
        let tool = Process()
        tool.executableURL = URL(fileURLWithPath: WaylandSession.pointerTool)
        tool.arguments = [String(WaylandSession.width), String(WaylandSession.height)]
        tool.environment = clientEnvironment
        let input = Pipe(), output = Pipe()
        tool.standardInput = input
        tool.standardOutput = output
        try tool.run()
        pointer = tool
        pointerInput = input.fileHandleForWriting
        pointerOutput = output.fileHandleForReading
        guard readPointerLine() == "ready" else {
            stop()
            throw LaunchFailure(why: "the virtual pointer did not start")
        }
    }

    /// The pointer tool's next answer (it answers each command once the compositor has it).
    private func readPointerLine() -> String {
        var line = Data()
        while let handle = pointerOutput, let byte = try? handle.read(upToCount: 1), let b = byte.first, b != 10 {
            line.append(b)
        }
        return String(decoding: line, as: UTF8.self)
    }

    private func pointerCommand(_ command: String) {
        pointerInput?.write(Data((command + "\n").utf8))
        XCTAssertEqual(readPointerLine(), "ok", command)
    }

    static var pointerTool: String {
        URL(fileURLWithPath: AppProcess.executable).deletingLastPathComponent().appendingPathComponent("wayland-pointer").path
    }

    /// The environment of a Wayland client of this session: no X display to fall back to.
    var clientEnvironment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["XDG_RUNTIME_DIR"] = runtime
        env["WAYLAND_DISPLAY"] = display
        env["DISPLAY"] = nil
        env["SDL_VIDEODRIVER"] = nil
        env["TESSERA_CONFIG"] = "/nonexistent/tessera-config"
        env["XDG_DATA_HOME"] = root + "/data"
        if let ipc = try? FileManager.default.contentsOfDirectory(atPath: runtime).first(where: { $0.hasPrefix("sway-ipc.") }) {
            env["SWAYSOCK"] = runtime + "/" + ipc
        }
        return env
    }

    /// Starts the app, its standard error going to `log`.
    func launch(_ arguments: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: AppProcess.executable)
        p.arguments = ["--no-cache"] + arguments
        p.environment = clientEnvironment
        FileManager.default.createFile(atPath: logPath, contents: nil)
        p.standardError = FileHandle(forWritingAtPath: logPath)
        try p.run()
        app = p
    }

    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Runs a client tool of the session with a time limit; returns its exit status.
    @discardableResult
    func tool(_ args: [String], timeout: Int = 20) throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        p.arguments = [String(timeout)] + args
        p.environment = clientEnvironment
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        return p.terminationStatus
    }

    func frame() throws -> Surface {
        let path = root + "/frame.png"
        try? FileManager.default.removeItem(atPath: path)
        XCTAssertEqual(try tool(["grim", path]), 0, "grim")
        return try Surface(contentsOf: path).convertedToARGB()
    }

    /// Polls the output's frames until `condition` holds (deadline 20 s).
    @discardableResult
    func waitForFrame(_ what: String, _ condition: (Surface) -> Bool) throws -> Surface {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            XCTAssertTrue(app?.isRunning ?? false, "the app is running (\(log))")
            if let f = try? frame(), condition(f) { return f }
        }
        let f = try frame()
        // Kept for a look at what was shown instead.
        let kept = NSTemporaryDirectory() + "tessera-wayland-timed-out.png"
        try? FileManager.default.removeItem(atPath: kept)
        try? FileManager.default.copyItem(atPath: root + "/frame.png", toPath: kept)
        XCTFail("timed out waiting for \(what) (the last frame: \(kept)); log: \(log)")
        return f
    }

    /// Polls the app's log until it holds `text` (deadline 20 s).
    func waitForLog(_ text: String) {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !log.contains(text), app?.isRunning == true { usleep(50_000) }
        XCTAssertTrue(log.contains(text), "the log says \(text): \(log)")
    }

    /// Keys as wtype takes them: `["-k", "Escape"]`, `["-M", "shift", "-k", "slash", "-m", "shift"]`.
    func keys(_ args: [String]) throws {
        XCTAssertEqual(try tool(["wtype", "-s", "300"] + args + ["-s", "100"]), 0, "wtype")
    }

    func click(x: Int, y: Int) { pointerCommand("click \(x) \(y)") }

    func swaymsg(_ args: [String]) throws {
        XCTAssertEqual(try tool(["swaymsg"] + args), 0, "swaymsg \(args.joined(separator: " "))")
    }

    func stop() {
        try? pointerInput?.close()
        for p in [app, pointer, sway].compactMap({ $0 }) where p.isRunning {
            p.terminate()
            p.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: runtime)
        try? FileManager.default.removeItem(atPath: runtime + "-config")
    }

    /// Mean brightness (0-255) over a grid of points in the rectangle.
    static func brightness(_ s: Surface, x: Range<Int>, y: Range<Int>) -> Double {
        var sum = 0, n = 0
        for py in stride(from: y.lowerBound, to: y.upperBound, by: 8) {
            for px in stride(from: x.lowerBound, to: x.upperBound, by: 8) {
                let p = s.pixel(x: px, y: py)
                sum += (Int(p.r) + Int(p.g) + Int(p.b)) / 3
                n += 1
            }
        }
        return n == 0 ? 0 : Double(sum) / Double(n)
    }
}
