import CPlatform
import Foundation
import Glibc
import GalleryCore

/// One media worker process (posix_spawn: Foundation's Process cannot hand a child a descriptor beyond stdio): its
/// stdin is a socket the app writes requests to (a socket, so a write to a worker that died fails with EPIPE
/// through MSG_NOSIGNAL instead of raising SIGPIPE in the app), its stdout a pipe the app reads answers from, fd 3
/// the shared memory. Its stderr is the app's. Killed and reaped in `end` or deinit, so it never outlives its owner as a
/// zombie.
final class WorkerProcess {
    let pid: pid_t
    /// The app's ends: requests in, answers out.
    private let requests: Int32
    let answers: Int32
    private var lines = MediaWireBuffer()
    private let sendFlags: Int32
    /// Guards `reaped`: a reader thread may kill the worker while its owner ends it.
    private let reaping = NSLock()
    private var reaped = false

    enum Answer: Equatable {
        case message(MediaWireMessage)
        /// Nothing whole before the deadline.
        case timedOut
        /// The worker closed its stdout: it ended or crashed.
        case ended
        /// A line that is not a message, or one too long: the worker is broken.
        case garbled
    }

    /// Starts `executable` with `arguments` (argv[1…]). `nonblockingRequests`: a request that would block (the
    /// worker stopped reading and the pipe is full) is dropped rather than waited for (a player's commands, sent
    /// from the main thread).
    /// `environment`: what the worker's environment adds to the app's (`MediaWorkerLaunch.environment`).
    init(executable: String, arguments: [String], environment extra: [String: String] = [:], shared: Int32,
         nonblockingRequests: Bool) throws(MediaRefusal) {
        var input: [Int32] = [-1, -1], output: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &input) == 0 else {
            throw .cannotPlay("no socket: \(String(cString: strerror(errno)))")
        }
        guard tessera_pipe_cloexec(&output) == 0 else {
            close(input[0]); close(input[1]); throw .cannotPlay("no pipe: \(String(cString: strerror(errno)))")
        }
        // The child's ends are moved above the descriptors they become (0, 1, 3), so one dup2 cannot overwrite
        // another's source (a test runner without stdin hands out fd 0 to the first pipe).
        let childIn = fcntl(input[0], F_DUPFD_CLOEXEC, 10), childOut = fcntl(output[1], F_DUPFD_CLOEXEC, 10)
        let childShared = fcntl(shared, F_DUPFD_CLOEXEC, 10)
        close(input[0]); close(output[1])
        defer { close(childIn); close(childOut); close(childShared) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, childIn, 0)
        posix_spawn_file_actions_adddup2(&actions, childOut, 1)
        posix_spawn_file_actions_adddup2(&actions, childShared, 3)
        // Nothing else goes with it, whoever opened it without close-on-exec (libdbus, while SDL starts).
        guard tessera_spawn_close_from(&actions, 4) == 0 else {
            close(input[1]); close(output[0])
            throw .cannotPlay("posix_spawn cannot close descriptors")
        }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = (Self.environment + extra.map { "\($0.key)=\($0.value)" }).map { strdup($0) } + [nil]
        defer { envp.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, argv, envp)
        guard status == 0, childIn >= 0, childOut >= 0, childShared >= 0 else {
            close(input[1]); close(output[0])
            throw .cannotPlay("the decoder could not start: \(String(cString: strerror(status)))")
        }
        pid = child
        requests = input[1]
        answers = output[0]
        sendFlags = Int32(MSG_NOSIGNAL) | (nonblockingRequests ? Int32(MSG_DONTWAIT) : 0)
    }

    deinit {
        end(grace: 0)
        close(requests)
        close(answers)
    }

    /// The app's environment, but with Swift's crash backtracer off: a worker that crashes should die at once (and
    /// be answered "the decoder crashed"), not spend seconds symbolicating its stack while the app waits.
    private static var environment: [String] {
        ProcessInfo.processInfo.environment.filter { $0.key != "SWIFT_BACKTRACE" && $0.key != MediaWorkerLaunch.headersVariable }
            .map { "\($0.key)=\($0.value)" }
            + ["SWIFT_BACKTRACE=enable=no"]
    }

    /// Writes `message`'s line; false when the worker is gone or (non-blocking) not reading.
    @discardableResult
    func send(_ message: MediaWireMessage) -> Bool {
        let bytes = Array(message.line.utf8)
        var sent = 0
        while sent < bytes.count {
            let wrote = bytes.withUnsafeBytes { Glibc.send(requests, $0.baseAddress! + sent, $0.count - sent, sendFlags) }
            if wrote < 0, errno == EINTR { continue }
            guard wrote > 0 else { return false }
            sent += wrote
        }
        return true
    }

    /// The next answer, waiting until `deadline` (CLOCK_MONOTONIC seconds; nil: for ever).
    func answer(before deadline: Double?) -> Answer {
        while true {
            if let line = lines.nextLine() { return MediaWireMessage(line: line).map { .message($0) } ?? .garbled }
            if lines.overflowed { return .garbled }
            let wait = deadline.map { max(0, $0 - Self.now()) }
            var poller = pollfd(fd: answers, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, wait.map { Int32(min($0 * 1000, 3_600_000).rounded(.up)) } ?? -1)
            if ready < 0 { if errno == EINTR { continue }; return .ended }
            if ready == 0 { return .timedOut }
            var chunk = [UInt8](repeating: 0, count: 8192)
            let got = chunk.withUnsafeMutableBytes { read(answers, $0.baseAddress, $0.count) }
            if got < 0, errno == EINTR || errno == EAGAIN { continue }
            guard got > 0 else { return .ended }
            lines.append(chunk[0..<got])
        }
    }

    /// Sends `signal` to the worker (until it is reaped, its pid cannot be another process's).
    func signal(_ signal: Int32) {
        reaping.lock(); defer { reaping.unlock() }
        if !reaped { kill(pid, signal) }
    }

    /// Waits up to `grace` seconds for the worker to exit, then SIGKILLs it, and reaps it (waitpid).
    func end(grace: Double) {
        reaping.lock(); defer { reaping.unlock() }
        guard !reaped else { return }
        let deadline = Self.now() + grace
        var status: Int32 = 0
        while Self.now() < deadline {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid || (done < 0 && errno != EINTR) { reaped = true; return }
            usleep(5_000)  // a child's exit cannot be waited for with a timeout otherwise; bounded by `grace`
        }
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        reaped = true
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
