import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The app as a `Type=notify` service with a watchdog, under a fake `NOTIFY_SOCKET`: it says READY once its first
/// frame is shown, its heartbeat comes from the main loop (a loop held still stops it, and it comes back), and it
/// says STOPPING on the way out.
final class ServiceWatchdogUITests: XCTestCase {
    /// A folder of the test's own (removed afterwards) with a datagram socket bound in it, as systemd's
    /// `NOTIFY_SOCKET`, read with a 0.1 s timeout (closed afterwards).
    private func notifySocket(_ name: String) throws -> (root: String, fd: Int32, path: String) {
        let root = NSTemporaryDirectory() + "tessera-\(name)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/notify"
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(fd, 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in path.utf8.enumerated() { raw[i] = b }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        XCTAssertEqual(bound, 0)
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        addTeardownBlock { close(fd) }
        return (root, fd, path)
    }

    /// Started before its display (a unit ordered before X, DISPLAY pointing at nothing): it exits non-zero with one
    /// clear line and never says READY, so systemd starts it again until the display is there.
    func testWithoutADisplayItExitsAndNeverSaysReady() throws {
        let (_, fd, path) = try notifySocket("nodisplay")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: AppProcess.executable)
        process.arguments = ["--kiosk", "--demo", "--no-cache", "--exit-after", "30"]
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = nil
        env["WAYLAND_DISPLAY"] = nil
        env["DISPLAY"] = ":95"
        env["TESSERA_CONFIG"] = "/nonexistent/tessera-config"
        env["NOTIFY_SOCKET"] = path
        process.environment = env
        let stderr = Pipe()
        process.standardError = stderr
        try process.run()
        let said = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertNotEqual(process.terminationStatus, 0, said)
        XCTAssertTrue(said.contains("no display to show photos on (DISPLAY=:95 cannot be opened"), said)
        var buffer = [UInt8](repeating: 0, count: 512)
        var messages: [String] = []
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            guard n > 0 else { break }
            messages.append(String(decoding: buffer[0..<n], as: UTF8.self))
        }
        XCTAssertFalse(messages.contains { $0.hasPrefix("READY=1") }, "\(messages)")
    }

    func testTheHeartbeatComesFromTheMainLoop() throws {
        let (root, fd, path) = try notifySocket("notify")

        let process = Process()
        process.executableURL = URL(fileURLWithPath: AppProcess.executable)
        process.arguments = ["--renderer", "software", "--no-vsync", "--demo", "--name", "T", "--no-cache",
                             "--exit-after", "60", "--screenshot", root + "/frame.png", "--script", "hang:2,pagedown,pageup,pagedown,pageup,pagedown,pageup"]
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "offscreen"
        env["TESSERA_CONFIG"] = "/nonexistent/tessera-config"
        env["NOTIFY_SOCKET"] = path
        env["WATCHDOG_USEC"] = "200000"  // a heartbeat every 0.1 s
        process.environment = env
        process.standardError = FileHandle.nullDevice
        try process.run()

        var messages: [(at: Double, text: String)] = []
        let start = Date()
        var buffer = [UInt8](repeating: 0, count: 512)
        while process.isRunning || messages.last?.text != "STOPPING=1" {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n > 0 { messages.append((Date().timeIntervalSince(start), String(decoding: buffer[0..<n], as: UTF8.self))) }
            if Date().timeIntervalSince(start) > 60 { break }
            if !process.isRunning, n <= 0 { break }
        }
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let ready = messages.first { $0.text.hasPrefix("READY=1") }
        XCTAssertNotNil(ready, "\(messages.map(\.text))")
        let beats = messages.filter { $0.text == "WATCHDOG=1" }.map(\.at)
        XCTAssertGreaterThan(beats.count, 5, "heartbeats while the loop runs")
        let gaps = zip(beats, beats.dropFirst()).map { $1 - $0 }
        XCTAssertGreaterThan(gaps.max() ?? 0, 1.5, "no heartbeat while the loop was held for 2 s")
        XCTAssertLessThan(gaps.sorted()[gaps.count / 2], 0.5, "otherwise one every 0.1 s or so")
        let longest = gaps.indices.max { gaps[$0] < gaps[$1] }!
        XCTAssertGreaterThanOrEqual(beats.count - (longest + 1), 3, "and they came back after it")
        XCTAssertEqual(messages.last?.text, "STOPPING=1")
    }
}
