import Foundation
import SDLKit
import XCTest

/// Runs the real `tessera` executable once, headless unless told otherwise, until it saves its screenshot and
/// exits; returns the frame it saved and what it wrote to stderr.
public enum AppProcess {
    public static var executable: String {
        if let path = ProcessInfo.processInfo.environment["TESSERA_BIN"] { return path }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("tessera").path
    }

    /// The development executable beside it: the benchmark, the fixture server.
    public static var bench: String {
        URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("tessera-bench").path
    }

    public struct Run {
        public let frame: Surface?
        public let log: String
        public let status: Int32
        /// The app's own peak resident memory in MB, when measured (`measuresMemory`).
        public var peakRSSMB: Double?
    }

    /// `environment` entries replace the test's own (an empty value removes one); `directory` is the working
    /// directory. The screenshot goes to a file of the test's, removed afterwards. `measuresMemory`: the app runs
    /// under GNU time, which reports that process's own peak resident memory (other children of the test process,
    /// an encoder a test ran, do not count).
    /// `asUser`: run the app as that user (setpriv; the test runs as root), as a person without the test's rights.
    /// `program`: the command that runs the app, if not the app itself (`[bench, "overlay-probe"]`).
    public static func run(_ arguments: [String], driver: String = "offscreen", environment: [String: String] = [:],
                    directory: String? = nil, measuresMemory: Bool = false, asUser: UInt32? = nil,
                    program: [String]? = nil) throws -> Run {
        let command = program ?? [AppProcess.executable], app = command[0]
        guard FileManager.default.isExecutableFile(atPath: app) else { throw missing("the app (swift build): \(app)") }
        let shot = NSTemporaryDirectory() + "tessera-ui-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: shot) }
        let process = Process()
        let appArguments = Array(command.dropFirst())
            + ["--renderer", "software", "--no-vsync", "--screenshot", shot, "--exit-after", "60"] + arguments
        let memoryFile = NSTemporaryDirectory() + "tessera-rss-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: memoryFile) }
        if measuresMemory {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
            process.arguments = ["-f", "%M", "-o", memoryFile, app] + appArguments
        } else {
            process.executableURL = URL(fileURLWithPath: app)
            process.arguments = appArguments
        }
        if let user = asUser {
            process.arguments = ["--reuid=\(user)", "--regid=\(user)", "--clear-groups",
                                 process.executableURL!.path] + (process.arguments ?? [])
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        }
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = driver
        // The machine's own configuration file must not steer a test.
        env["TESSERA_CONFIG"] = "/nonexistent/tessera-config"
        for (name, value) in environment { env[name] = value.isEmpty ? nil : value }
        process.environment = env
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let stderr = Pipe()
        process.standardError = stderr
        try process.run()
        let output = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let frame = FileManager.default.fileExists(atPath: shot) ? try Surface(contentsOf: shot).convertedToARGB() : nil
        let kilobytes = (try? String(contentsOfFile: memoryFile, encoding: .utf8))?
            .split(separator: "\n").last.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        return Run(frame: frame, log: String(decoding: output, as: UTF8.self), status: process.terminationStatus,
                   peakRSSMB: kilobytes.map { $0 / 1024 })
    }
}

extension AppProcess {
    /// A power cut after `photos` photos: the slideshow steps through them (`--script nextphoto,…,hang:60`, headless,
    /// software renderer, 320x240, no transition), and once the app has logged each shown (`TESSERA_LOG_SHOWN`,
    /// written after the library kept the show's place) it is killed with SIGKILL. Returns the rest of each "shown"
    /// line ("ID NAME"), in order, and whether the app was killed rather than ended by itself.
    /// Without `--transition none` each step waited out a 0.45 s crossfade before the next (the script runs only on a
    /// settled screen): 300 photos across restarts were over two minutes of fading that no check looks at.
    public static func killedAfterShowing(_ photos: Int, arguments: [String], environment: [String: String] = [:]) throws
        -> (shown: [String], killed: Bool) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        let steps = Array(repeating: "nextphoto", count: photos - 1) + ["hang:60"]
        p.arguments = ["--renderer", "software", "--no-vsync", "--size", "320x240", "--mode", "slideshow",
                       "--transition", "none", "--script", steps.joined(separator: ","), "--exit-after", "120"] + arguments
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "offscreen"
        env["TESSERA_CONFIG"] = "/nonexistent/tessera-config"
        env["TESSERA_LOG_SHOWN"] = "1"
        for (name, value) in environment { env[name] = value }
        p.environment = env
        let pipe = Pipe()
        p.standardError = pipe
        try p.run()
        var shown: [String] = [], pending = Data()
        let reader = pipe.fileHandleForReading
        while shown.count < photos, p.isRunning || !pending.isEmpty {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            pending.append(chunk)
            while let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                if line.hasPrefix("tessera: shown ") { shown.append(String(line.dropFirst("tessera: shown ".count))) }
            }
        }
        // In the hang after the last step: nothing more is shown before the kill.
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        return (shown, p.terminationReason == .uncaughtSignal)
    }
}

/// What a test of the app lacks (the built app, an X display): a skip on a developer's machine, but a failure where
/// the tests must run whole (CI sets `CI`; `make test` sets `TESSERA_UI_TESTS_REQUIRED`), so a run that tested no
/// app never passes for one that did.
public func missing(_ what: String) -> Error {
    let env = ProcessInfo.processInfo.environment
    if env["CI"] != nil || env["TESSERA_UI_TESTS_REQUIRED"] != nil {
        return AppTestUnavailable(description: "app tests cannot run here: no \(what)")
    }
    return XCTSkip("no \(what); `make test` builds the app and runs the tests under xvfb-run")
}

public struct AppTestUnavailable: Error, CustomStringConvertible {
    public let description: String
    public init(description: String) { self.description = description }
}
