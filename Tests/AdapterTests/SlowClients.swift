import Foundation
import TesseraBench
#if canImport(Glibc)
import Glibc
#endif

/// Someone on the network holding the remote's connections (slowloris): `count` connections to 127.0.0.1, each
/// sending a request's head a byte at a time (`byteEvery` seconds apart) and never finishing it. A connection the
/// server closes is opened again at once, so `count` stay open from this side for as long as it runs. On a thread of
/// its own until `stop`; what the server answered them is counted.
final class SlowClients: @unchecked Sendable {  // everything mutable is behind `lock`, but `connections` (the thread's)
    private static let head = Array("GET /api/v1/state HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8)

    private let port: Int
    private let source: String?
    private let count: Int
    private let byteEvery: Double
    private let lock = NSCondition()
    private var running = true
    private var finished = false
    private var opened = 0
    private var closedByServer = 0
    private var answers: [Int: Int] = [:]
    private var retryAfterSeen = 0
    private var connections: [(connection: RawConnection, sent: Int, lastSent: Double)] = []

    /// `from`: the loopback address they connect from (nil: 127.0.0.1, the owner's own).
    init(port: Int, count: Int, from source: String? = nil, byteEvery: Double = 5) {
        self.port = port; self.source = source; self.count = count; self.byteEvery = byteEvery
        let thread = Thread { [self] in run() }
        thread.name = "slow-clients"
        thread.start()
    }

    /// Connections opened so far (the first `count`, then every reopening).
    var openedSoFar: Int { lock.lock(); defer { lock.unlock() }; return opened }
    /// Connections the server closed.
    var closedSoFar: Int { lock.lock(); defer { lock.unlock() }; return closedByServer }
    /// What the server answered them with, by status, and how many of those carried Retry-After.
    var statuses: [Int: Int] { lock.lock(); defer { lock.unlock() }; return answers }
    var withRetryAfter: Int { lock.lock(); defer { lock.unlock() }; return retryAfterSeen }

    /// Waits until `count` connections have been opened and `reopened` more after the server closed some (they
    /// keep coming back), or the deadline; whether they were.
    func waitUntilOpened(reopened: Int = 0, seconds: Double = 15) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        lock.lock(); defer { lock.unlock() }
        while opened < count + reopened { if !lock.wait(until: deadline) { return opened >= count + reopened } }
        return true
    }

    /// Stops the thread and closes every connection; returns once it has.
    func stop() {
        lock.lock()
        running = false
        let deadline = Date().addingTimeInterval(10)
        while !finished { if !lock.wait(until: deadline) { break } }
        lock.unlock()
    }

    private var isRunning: Bool { lock.lock(); defer { lock.unlock() }; return running }
    private func note(_ change: () -> Void) { lock.lock(); change(); lock.broadcast(); lock.unlock() }
    private func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    private func open() -> (connection: RawConnection, sent: Int, lastSent: Double)? {
        guard let connection = try? RawConnection(port: port, timeout: 1, from: source) else { return nil }
        connection.send(Data(Self.head.prefix(1)))
        note { opened += 1 }
        return (connection, 1, now())
    }

    private func run() {
        defer {
            connections = []
            note { finished = true }
        }
        while connections.count < count, isRunning {
            if let one = open() { connections.append(one) }
        }
        while isRunning {
            var polled = connections.map { pollfd(fd: $0.connection.fd, events: Int16(POLLIN), revents: 0) }
            _ = poll(&polled, nfds_t(polled.count), 50)
            for (i, entry) in polled.enumerated() where entry.revents != 0 {
                let reply = connections[i].connection.readToEnd()
                note {
                    closedByServer += 1
                    if reply.starts(with: Data("HTTP/1.1 ".utf8)),
                       let status = Int(String(decoding: reply.dropFirst(9).prefix(3), as: UTF8.self)) {
                        answers[status, default: 0] += 1
                        if String(decoding: reply, as: UTF8.self).lowercased().contains("retry-after:") { retryAfterSeen += 1 }
                    }
                }
                if isRunning, let fresh = open() { connections[i] = fresh }
            }
            // A byte every `byteEvery` seconds on each, never the head's end.
            let time = now()
            for i in connections.indices where time - connections[i].lastSent >= byteEvery {
                let next = Self.head[connections[i].sent % Self.head.count]
                connections[i].connection.send(Data([next == UInt8(ascii: "\r") ? UInt8(ascii: "x") : next]))
                connections[i].sent += 1
                connections[i].lastSent = time
            }
        }
    }
}
