import CPlatform
import Foundation
import Glibc
import GalleryCore

/// One media worker process (posix_spawn: Foundation's Process cannot hand a child a descriptor beyond stdio): its
/// stdin is a socket the app writes requests to (a socket, so a write to a worker that died fails with EPIPE
/// through MSG_NOSIGNAL instead of raising SIGPIPE in the app), its stdout a pipe the app reads answers from, fd 3
/// the shared memory. Its stderr is the app's. Its memory is its share of the workers' budget (`WorkerMemoryShares`).
/// Reaped as soon as it ends, however it ends (a thread of its own waits for it: a worker killed by the kernel or a
/// person while idle is no zombie until its owner next needs it), and killed and reaped in `end` or deinit, so it
/// never outlives its owner.
final class WorkerProcess {
    let pid: pid_t
    /// The app's ends: requests in, answers out.
    private let requests: Int32
    let answers: Int32
    private var lines = MediaWireBuffer()
    private let sendFlags: Int32
    private let ending: WorkerExit

    enum Answer: Equatable {
        case message(MediaWireMessage)
        /// Nothing whole before the deadline.
        case timedOut
        /// The worker closed its stdout: it ended or crashed.
        case ended
        /// A line that is not a message, or one too long: the worker is broken.
        case garbled
    }

    /// Starts `executable` with `launch`'s words (argv[1…]). `nonblockingRequests`: a request that would block (the
    /// worker stopped reading and the pipe is full) is dropped rather than waited for (a player's commands, sent
    /// from the main thread).
    /// `launch`: its words (with its share of `shares` as `MediaLimits.workerShare`) and what its environment adds
    /// to the app's (`MediaWorkerLaunch.environment`).
    convenience init(executable: String, launch: MediaWorkerLaunch, shares: WorkerMemoryShares, shared: Int32,
                     nonblockingRequests: Bool) throws(MediaRefusal) {
        var ends: (requests: Int32, answers: Int32) = (-1, -1)
        let pid = try shares.admit { share throws(MediaRefusal) in
            var launch = launch
            launch.limits.workerShare = share
            let started = try Self.spawn(executable: executable, arguments: launch.arguments,
                                         environment: launch.environment, shared: shared)
            ends = (started.requests, started.answers)
            return started.pid
        }
        self.init(pid: pid, requests: ends.requests, answers: ends.answers, shares: shares,
                  nonblockingRequests: nonblockingRequests)
    }

    private init(pid: pid_t, requests: Int32, answers: Int32, shares: WorkerMemoryShares, nonblockingRequests: Bool) {
        self.pid = pid
        self.requests = requests
        self.answers = answers
        sendFlags = Int32(MSG_NOSIGNAL) | (nonblockingRequests ? Int32(MSG_DONTWAIT) : 0)
        ending = WorkerExit(pid: pid, shares: shares)
        let waiter = Thread { [ending] in ending.reapWhenEnded() }
        waiter.name = "tessera-worker-reaper"
        waiter.stackSize = 256 << 10
        waiter.start()
    }

    private static func spawn(executable: String, arguments: [String], environment extra: [String: String],
                              shared: Int32) throws(MediaRefusal) -> (pid: pid_t, requests: Int32, answers: Int32) {
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
        return (child, input[1], output[0])
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

    /// The worker has ended and been reaped (killed while idle, say): a request to it would fail.
    var hasEnded: Bool { ending.isReaped }

    /// Sends `signal` to the worker (until it is reaped, its pid cannot be another process's).
    func signal(_ signal: Int32) { ending.signal(signal) }

    /// Waits up to `grace` seconds for the worker to exit, then SIGKILLs it, and reaps it.
    func end(grace: Double) {
        let deadline = Self.now() + grace
        while Self.now() < deadline {
            if ending.reap(waiting: false) { return }
            usleep(5_000)  // a child's exit cannot be waited for with a timeout otherwise; bounded by `grace`
        }
        ending.signal(SIGKILL)
        ending.reap(waiting: true)
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// A worker's end: reaped once, by whichever comes first, its own waiting thread (`reapWhenEnded`, at once when it
/// exits or is killed) or its owner's `end`. Its share of the budget is given back before the pid is reaped, while
/// it cannot yet be another process's.
final class WorkerExit: @unchecked Sendable {
    let pid: pid_t
    private let shares: WorkerMemoryShares
    /// Guards `reaped`: the waiting thread, a reader thread that kills the worker and its owner may meet here.
    private let lock = NSLock()
    private var reaped = false

    init(pid: pid_t, shares: WorkerMemoryShares) { self.pid = pid; self.shares = shares }

    /// The waiting thread: blocks until the worker ends (waitid WNOWAIT, so nothing is reaped without the lock),
    /// then reaps it.
    func reapWhenEnded() {
        _ = tessera_child_ended(pid, 1)
        reap(waiting: false)
    }

    func signal(_ signal: Int32) {
        lock.lock(); defer { lock.unlock() }
        if !reaped { kill(pid, signal) }
    }

    var isReaped: Bool {
        lock.lock(); defer { lock.unlock() }
        return reaped
    }

    /// Reaps the worker if it has ended (`waiting`: waits until it does); whether it is reaped now.
    @discardableResult
    func reap(waiting: Bool) -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard !reaped else { return true }
        let ended = tessera_child_ended(pid, waiting ? 1 : 0)
        guard ended != 0 else { return false }
        shares.release(pid)
        var status: Int32 = 0
        if ended == 1 { while waitpid(pid, &status, 0) < 0, errno == EINTR {} }
        reaped = true
        return true
    }
}
