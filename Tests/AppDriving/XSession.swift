import Foundation
import SDLKit
import XCTest

/// The real app in a real X11 window under Xvfb, as a person meets it: started with its options, driven with
/// xdotool, its frames read back with ImageMagick's `import`. Waits poll the frames with a deadline.
public final class XSession {
    public let root: String
    public private(set) var app: Process?

    /// `root`: the test's own folder (frames are written there).
    public init(root: String) { self.root = root }

    public static var hasDisplay: Bool { ProcessInfo.processInfo.environment["DISPLAY"] != nil }

    /// Runs a tool (xdotool, import) with a time limit and returns what it printed.
    @discardableResult
    public func tool(_ args: [String], timeout: Double = 20, check: Bool = true) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["timeout", String(Int(timeout))] + args
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        if check { XCTAssertEqual(p.terminationStatus, 0, args.joined(separator: " ")) }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Starts the app in a window and returns the window's id once it is mapped and focused.
    public func launch(_ arguments: [String], environment: [String: String] = [:]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: AppProcess.executable)
        p.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "x11"
        env["TESSERA_CONFIG"] = "/nonexistent/tessera-config"
        // The test's own library: a kiosk opens one (for the show's place), and no test may leave it to the next.
        env["XDG_DATA_HOME"] = root + "/data"
        for (name, value) in environment { env[name] = value }
        p.environment = env
        p.standardError = FileHandle.nullDevice
        try p.run()
        app = p
        guard let id = try tool(["xdotool", "search", "--sync", "--onlyvisible", "--name", "^Tessera$"])
            .split(separator: "\n").first else {
            // A failure, not a crash of the whole test run on an empty list.
            throw LaunchFailure(why: p.isRunning ? "still running" : "exited with \(p.terminationStatus)")
        }
        try tool(["xdotool", "windowfocus", "--sync", String(id)])
        return String(id)
    }

    public func frame(_ window: String) throws -> Surface {
        let path = root + "/frame.png"
        try tool(["import", "-window", window, path])
        return try Surface(contentsOf: path).convertedToARGB()
    }

    /// Polls the window's frames until `condition` holds (deadline 20 s).
    @discardableResult
    public func waitForFrame(_ window: String, _ what: String, _ condition: (Surface) -> Bool) throws -> Surface {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let f = try frame(window)
            if condition(f) { return f }
        }
        XCTFail("timed out waiting for \(what)")
        return try frame(window)
    }

    /// SIGKILL, as a crash or a power cut would.
    public func killApp() {
        guard let app, app.isRunning else { return }
        kill(app.processIdentifier, SIGKILL)
        app.waitUntilExit()
    }

    public static func isColor(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ c: (Int, Int, Int), tolerance: Int = 3) -> Bool {
        abs(Int(p.r) - c.0) <= tolerance && abs(Int(p.g) - c.1) <= tolerance && abs(Int(p.b) - c.2) <= tolerance
    }
}

/// The app's window never showed.
public struct LaunchFailure: Error, CustomStringConvertible {
    public let why: String
    public init(why: String) { self.why = why }
    public var description: String { "the app's window never showed (\(why))" }
}

/// A test of the app in a real X11 window: a folder of its own (`root`, removed afterwards, with the app), an
/// `XSession` on it, and a skip where there is no X display.
open class XSessionTestCase: XCTestCase {
    private static let sdl: SDLSystem? = try? SDLSystem(video: false)
    public var root = ""
    public var x: XSession!

    open override func setUpWithError() throws {
        guard XSession.hasDisplay else { throw missing("X display") }
        XCTAssertNotNil(XSessionTestCase.sdl, "SDL_image reads the frames")
        root = NSTemporaryDirectory() + "tessera-\(type(of: self))-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        x = XSession(root: root)
    }

    open override func tearDown() {
        x?.killApp()
        try? FileManager.default.removeItem(atPath: root)
    }
}
