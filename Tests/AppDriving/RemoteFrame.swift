import FixtureServer
import Foundation
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real app with its remote on, read and steered through it as the owner's phone would: what the frame shows
/// is the remote's state of the photo on screen (`GET /api/v1/state`), never the show's own bookkeeping. Started
/// headless (`offscreen`) or in an X11 window (`x11`, under Xvfb, for keys and frames); its stderr kept as it comes.
/// Waits poll a condition with a deadline.
public final class RemoteFrame {
    /// What the remote says of the frame (README, "The remote": `GET /api/v1/state`), the fields tests read.
    public struct State: Decodable {
        public struct Shown: Decodable {
            public let id: String
            public let index: Int?
            public let kind: String?
        }
        public struct Source: Decodable {
            public let name: String
        }
        public let photo: Shown?
        public let photos: Int
        public let mode: String
        public let screen: String
        public let online: Bool
        public let source: Source
    }

    public let root: String
    public let token = "remote-frame-test-token-0123456789abc"
    public private(set) var port = 0
    public private(set) var process: Process?
    /// The window's id under X11 (for xdotool and frames), nil headless.
    public private(set) var window: String?
    private let stderr = Lines()

    /// `root`: the test's own folder (the token file goes there).
    public init(root: String) { self.root = root }

    deinit { stop(signal: SIGKILL) }

    /// Starts the app with `arguments` and the remote on 127.0.0.1 (the same port across restarts), and returns
    /// once the remote answers. `TESSERA_LOG_SHOWN` makes it log each photo whose place the library kept.
    public func launch(_ arguments: [String], driver: String = "offscreen", environment: [String: String] = [:]) throws {
        if port == 0 { port = try LocalBroker.freePort() }
        try token.write(toFile: root + "/remote-token", atomically: true, encoding: .utf8)
        stderr.clear()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: AppProcess.executable)
        p.arguments = ["--renderer", "software", "--no-vsync", "--remote", "127.0.0.1:\(port)",
                       "--remote-token-file", root + "/remote-token"] + arguments
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = driver
        env["TESSERA_CONFIG"] = "/nonexistent/tessera-config"
        env["TESSERA_LOG_SHOWN"] = "1"
        for (name, value) in environment { env[name] = value }
        p.environment = env
        let pipe = Pipe()
        p.standardError = pipe
        let lines = stderr
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil } else { lines.append(data) }
        }
        try p.run()
        process = p
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, p.isRunning, (try? state()) == nil { usleep(100_000) }
        guard p.isRunning else { throw LaunchFailure(why: "exited with \(p.terminationStatus): \(log.suffix(2000))") }
        window = nil
        if driver == "x11" {
            let x = XSession(root: root)
            window = try x.tool(["xdotool", "search", "--sync", "--onlyvisible", "--pid", String(p.processIdentifier),
                                 "--name", "^Tessera$"]).split(separator: "\n").first.map(String.init)
            if let window { try x.tool(["xdotool", "windowfocus", "--sync", window]) }
        }
    }

    /// What the app wrote to stderr since it was last started.
    public var log: String { stderr.text }

    /// Ends the app with `signal` (SIGKILL: a power cut) and waits for it.
    public func stop(signal: Int32) {
        guard let process else { return }
        if process.isRunning { kill(process.processIdentifier, signal) }
        process.waitUntilExit()
        self.process = nil
    }

    /// Waits for the app to end by itself (a key that quits); false if it still runs after `seconds`.
    public func waitForExit(seconds: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while let process, process.isRunning, Date() < deadline { usleep(50_000) }
        return !(process?.isRunning ?? false)
    }

    /// The app's resident memory now, in MB (VmRSS), nil once it has ended.
    public var residentMB: Double? {
        guard let process, process.isRunning,
              let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kilobytes / 1024
    }

    // MARK: the remote

    public func state() throws -> State {
        let answer = try request("GET", "/api/v1/state")
        guard answer.status == 200 else { throw Refused(status: answer.status, body: answer.text) }
        return try JSONDecoder().decode(State.self, from: Data(answer.text.utf8))
    }

    /// A command as the remote page sends it; answered once the frame that shows it is on screen.
    @discardableResult
    public func command(_ name: String) throws -> RemoteAnswer {
        try request("POST", "/api/v1/commands", body: #"{"command":"\#(name)"}"#)
    }

    /// Polls the state until `condition` gives a value (deadline `seconds`).
    @discardableResult
    public func waitForState<T>(_ what: String, seconds: Double = 20, _ condition: (State) -> T?) throws -> T {
        let deadline = Date().addingTimeInterval(seconds)
        var last: State?
        while Date() < deadline {
            if let s = try? state() {
                last = s
                if let found = condition(s) { return found }
            }
            usleep(50_000)
        }
        throw Timeout(what: "\(what); last state: \(String(describing: last))")
    }

    /// Polls the log until a line holds (deadline `seconds`).
    public func waitForLog(_ what: String, seconds: Double = 20, _ holds: (Substring) -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if log.split(separator: "\n").contains(where: holds) { return }
            usleep(20_000)
        }
        throw Timeout(what: "\(what); log: \(log.suffix(1500))")
    }

    public func request(_ method: String, _ path: String, body: String? = nil) throws -> RemoteAnswer {
        try remoteRequest(port: port, token: token, method, path, body: body)
    }

    public struct Refused: Error { public let status: Int; public let body: String }
    public struct Timeout: Error, CustomStringConvertible {
        public let what: String
        public var description: String { "timed out waiting for \(what)" }
    }

    /// Lines a process wrote, gathered from its pipe's thread.
    private final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func append(_ more: Data) { lock.withLock { data.append(more) } }
        func clear() { lock.withLock { data.removeAll() } }
        var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
    }
}
