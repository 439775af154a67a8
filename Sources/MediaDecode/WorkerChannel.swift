import Glibc
import GalleryCore

/// The worker's side of its pipes: requests and commands come in on stdin, answers go out on the reply descriptor
/// (stdout as the worker started; fd 1 itself is pointed at stderr then, so nothing a library prints can garble
/// the wire). End of input means the app has gone: the worker exits.
final class WorkerChannel {
    private let input: Int32 = 0
    private let reply: Int32
    private var buffer = MediaWireBuffer()
    private(set) var closed = false

    init() {
        // Close-on-exec: nothing a decoder starts keeps the app's answer pipe open.
        reply = fcntl(1, F_DUPFD_CLOEXEC, 3)
        dup2(2, 1)
    }

    /// The next message, waiting no longer than `timeout` seconds (nil: for ever). Nil on a timeout, or when input
    /// ended or broke (`closed`). A line that is not a message is logged and skipped.
    func next(timeout: Double?) -> MediaWireMessage? {
        let deadline = timeout.map { Self.now() + $0 }
        while !closed {
            if let line = buffer.nextLine() {
                if let message = MediaWireMessage(line: line) { return message }
                workerLog("not a request: \(line.prefix(80))")
                continue
            }
            if buffer.overflowed { closed = true; return nil }
            let wait = deadline.map { max(0, $0 - Self.now()) }
            var poller = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, wait.map { Int32(min($0 * 1000, 3_600_000).rounded(.up)) } ?? -1)
            if ready < 0 { if errno == EINTR { continue }; closed = true; return nil }
            if ready == 0 { return nil }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let got = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if got < 0, errno == EINTR || errno == EAGAIN { continue }
            guard got > 0 else { closed = true; return nil }
            buffer.append(chunk[0..<got])
        }
        return nil
    }

    /// Writes one answer whole (a pipe write of a short line is atomic; a broken pipe ends the worker).
    func send(_ message: MediaWireMessage) {
        var bytes = Array(message.line.utf8)
        var sent = 0
        while sent < bytes.count {
            let wrote = bytes.withUnsafeMutableBytes { write(reply, $0.baseAddress! + sent, $0.count - sent) }
            if wrote < 0, errno == EINTR { continue }
            guard wrote > 0 else { exit(0) }
            sent += wrote
        }
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
