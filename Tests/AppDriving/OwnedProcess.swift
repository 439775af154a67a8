import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A child process the test starts (`posix_spawn`) and reaps itself, out of Foundation's sight; every wait on it
/// has a deadline.
///
/// Why not `Process`: on Linux, Foundation learns that a child ended when a socket the child inherited reaches its
/// end, and then, on its one manager thread, blocks in `waitpid` for that child. avahi-daemon closes every
/// descriptor it inherits as it starts (libdaemon's `daemon_close_all`), so the socket ends while it runs: the
/// manager thread then waits for the daemon until it stops, and the end of every other `Process` of the test (the
/// app, `avahi-browse`) goes unreported meanwhile: `waitUntilExit` never returns. Here a thread of its own waits for
/// this pid alone (Foundation waits only for the pids it started).
public final class OwnedProcess: @unchecked Sendable {
    public let pid: pid_t
    public let command: String
    private let condition = NSCondition()
    private var waitStatus: Int32?

    /// Starts `executable` with `arguments` and exactly `environment`. Its standard output and error go to the
    /// descriptors given (nil: /dev/null), its input comes from /dev/null, and no other descriptor of the test
    /// process reaches it.
    public init(_ executable: String, _ arguments: [String], environment: [String: String],
                output: Int32? = nil, errors: Int32? = nil) throws {
        command = ([executable] + arguments).joined(separator: " ")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (target, source) in [(Int32(1), output), (Int32(2), errors)] {
            if let source {
                posix_spawn_file_actions_adddup2(&actions, source, target)
            } else {
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
            }
        }
        // After the copies above: every other open descriptor is closed in the child (closing one that has
        // closed since it was listed is not an error to posix_spawn).
        for fd in OwnedProcess.openDescriptors() where fd > 2 {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A process group of its own, as Foundation's children have: a ^C at the terminal is the test's alone.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child = pid_t()
        let error = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard error == 0 else {
            throw NSError(domain: NSPOSIXErrorDomain, code: Int(error),
                          userInfo: [NSLocalizedDescriptionKey: "posix_spawn \(executable): \(String(cString: strerror(error)))"])
        }
        pid = child
        let thread = Thread { [self] in
            var status: Int32 = 0
            var result: pid_t
            repeat { result = waitpid(pid, &status, 0) } while result == -1 && errno == EINTR
            condition.lock()
            waitStatus = result == pid ? status : -1
            condition.broadcast()
            condition.unlock()
        }
        thread.name = "waitpid \(pid)"
        thread.start()
    }

    public var isRunning: Bool { condition.lock(); defer { condition.unlock() }; return waitStatus == nil }

    /// Waits at most `seconds` for the process to end; whether it ended.
    @discardableResult
    public func wait(seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while waitStatus == nil {
            if !condition.wait(until: deadline) { return waitStatus != nil }
        }
        return true
    }

    /// Its exit code once ended (128 + the signal's number if a signal ended it); nil while it runs.
    public var exitStatus: Int32? {
        condition.lock(); defer { condition.unlock() }
        guard let status = waitStatus else { return nil }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// SIGTERM, then SIGKILL if it still runs after `grace` seconds; returns once it ended (or after a last
    /// bounded wait, if even SIGKILL did not end it: a process stuck in the kernel).
    public func stop(grace: Double = 10) {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        if wait(seconds: grace) { return }
        kill(pid, SIGKILL)
        wait(seconds: 10)
    }

    /// The descriptors open in this process now (/proc/self/fd).
    private static func openDescriptors() -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap { Int32($0) }
    }
}

extension OwnedProcess {
    /// Runs a tool to its end with `environment` added to the test's own (stopped past `timeout`, a failure). Its
    /// output and errors go to files, read once it ended: what it leaves running (a browser's helpers) cannot hold
    /// a pipe open, and no read waits for an end of file.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String],
                           timeout: Double) throws -> (status: Int32, output: String, errors: String) {
        let base = NSTemporaryDirectory() + "tessera-run-\(UUID().uuidString.prefix(8))"
        let outputFile = base + ".out", errorsFile = base + ".err"
        defer { for file in [outputFile, errorsFile] { try? FileManager.default.removeItem(atPath: file) } }
        let output = open(outputFile, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let errors = open(errorsFile, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer { for fd in [output, errors] where fd >= 0 { close(fd) } }
        guard output >= 0, errors >= 0 else {
            throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno),
                          userInfo: [NSLocalizedDescriptionKey: "no file for \(executable)'s output in \(NSTemporaryDirectory())"])
        }
        let process = try OwnedProcess(executable, arguments,
                                       environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
                                       output: output, errors: errors)
        if !process.wait(seconds: timeout) {
            process.stop(grace: 5)
            XCTFail("\(process.command) still ran after \(timeout) s")
        }
        let read = { (file: String) in (try? String(contentsOfFile: file, encoding: .utf8)) ?? "" }
        return (process.exitStatus ?? -1, read(outputFile), read(errorsFile))
    }
}
