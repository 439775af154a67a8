import FixtureServer
import Foundation
import SDLKit
import XCTest

/// A kiosk that boots before its network: the server is down at start and nothing is cached, so the demo shows;
/// the server comes up, and the wall switches to its photos by itself, without a restart.
final class LateNetworkUITests: XCTestCase {
    private static let sdl: SDLSystem? = try? SDLSystem(video: false)

    /// Standard error, line by line as it comes, with a wait for a line that says something.
    private final class Lines {
        private let lock = NSLock()
        private var text = ""
        private var waiter: (String, DispatchSemaphore)?
        func append(_ data: Data) {
            lock.lock(); defer { lock.unlock() }
            text += String(decoding: data, as: UTF8.self)
            if let (needle, done) = waiter, text.contains(needle) { waiter = nil; done.signal() }
        }
        func wait(for needle: String, seconds: Double) -> Bool {
            let done = DispatchSemaphore(value: 0)
            lock.lock()
            if text.contains(needle) { lock.unlock(); return true }
            waiter = (needle, done)
            lock.unlock()
            return done.wait(timeout: .now() + seconds) == .success
        }
        var all: String { lock.lock(); defer { lock.unlock() }; return text }
    }

    /// Starts the app headless with `arguments`; its standard error is read as it comes.
    private func launch(_ arguments: [String]) throws -> (Process, Lines) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: AppProcess.executable)
        process.arguments = ["--renderer", "software", "--no-vsync", "--exit-after", "90"] + arguments
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "offscreen"
        env["TESSERA_CONFIG"] = "/nonexistent/tessera-config"
        process.environment = env
        let stderr = Pipe()
        process.standardError = stderr
        let lines = Lines()
        stderr.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil } else { lines.append(data) }
        }
        try process.run()
        return (process, lines)
    }

    func testAServerDownAtStartIsWaitedForAndShownWhenItComesUp() throws {
        XCTAssertNotNil(LateNetworkUITests.sdl)
        // A free port, with nothing listening on it.
        let reserve = FixtureServer(photos: 60)
        let port = try reserve.start(port: 0)
        reserve.stop()
        let root = NSTemporaryDirectory() + "tessera-late-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let shot = root + "/frame.png"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)

        let (process, lines) = try launch(["--screenshot", shot, "--api", "http://127.0.0.1:\(port)",
                                           "--cache-dir", root + "/cache", "--script", "await-source:127.0.0.1"])
        defer { if process.isRunning { process.terminate() } }

        XCTAssertTrue(lines.wait(for: "showing the demo until it answers", seconds: 30), lines.all)
        let server = FixtureServer(photos: 60)
        try server.start(port: port)
        defer { server.stop() }
        let up = Date()
        process.waitUntilExit()
        let took = Date().timeIntervalSince(up)
        print("the server's photos shown \(String(format: "%.1f", took)) s after it came up")
        XCTAssertEqual(process.terminationStatus, 0, lines.all)
        XCTAssertLessThan(took, 35, "back on the real feed within 35 s")
        XCTAssertTrue(lines.all.contains("answers: showing it"), lines.all)
        XCTAssertGreaterThan(server.counters.pages, 0, "the wall asked the server for pages")
        let frame = try Surface(contentsOf: shot).convertedToARGB()
        // Photos, not placeholders or the empty wall: most of the grid is neither the background nor the placeholder.
        var plain = 0, total = 0
        for y in stride(from: 60, to: frame.height, by: 7) {
            for x in stride(from: 0, to: frame.width, by: 7) {
                let p = frame.pixel(x: x, y: y)
                total += 1
                if (abs(Int(p.r) - 24) < 4 && abs(Int(p.g) - 24) < 4) || (abs(Int(p.r) - 52) < 4 && abs(Int(p.g) - 52) < 4) {
                    plain += 1
                }
            }
        }
        XCTAssertLessThan(Double(plain) / Double(total), 0.3, "the server's photos are drawn")
    }

    /// A folder on a stick that is plugged in after the kiosk started: waited for, never an exit, shown when it comes.
    func testAFolderThatDoesNotExistYetIsWaitedForAndShownWhenItAppears() throws {
        XCTAssertNotNil(LateNetworkUITests.sdl)
        let root = NSTemporaryDirectory() + "tessera-late-folder-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let stick = root + "/stick"
        let shot = root + "/frame.png"
        let (process, lines) = try launch(["--screenshot", shot, "--cache-dir", root + "/cache",
                                           "--script", "await-source:stick", stick])
        defer { if process.isRunning { process.terminate() } }
        XCTAssertTrue(lines.wait(for: "Waiting for", seconds: 30), lines.all)
        XCTAssertTrue(process.isRunning, "a folder not there yet is no reason to exit")
        // The stick arrives.
        try FileManager.default.createDirectory(atPath: stick + ".tmp", withIntermediateDirectories: true)
        for i in 0..<4 {
            let s = try Surface(width: 300, height: 200)
            s.fill(x: 0, y: 0, width: 300, height: 200, r: 200, g: UInt8(40 * i), b: 60)
            try s.jpegData(quality: 90).write(to: URL(fileURLWithPath: stick + ".tmp/p\(i).jpg"))
        }
        try FileManager.default.moveItem(atPath: stick + ".tmp", toPath: stick)
        let came = Date()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, lines.all)
        XCTAssertLessThan(Date().timeIntervalSince(came), 35)
        XCTAssertTrue(lines.all.contains("stick is there: showing it"), lines.all)
        let frame = try Surface(contentsOf: shot).convertedToARGB()
        let p = frame.pixel(x: 100, y: 120)
        XCTAssertEqual(Int(p.r), 200, accuracy: 12, "the stick's photos are drawn (\(p))")
        XCTAssertEqual(Int(p.b), 60, accuracy: 12)
    }
}
