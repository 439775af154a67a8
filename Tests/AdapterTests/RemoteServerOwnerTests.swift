import Foundation
import GalleryCore
import RemoteControl
import TesseraBench
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The remote stays its owner's (issue 45): whatever others at the owner's own address do (hold hundreds of slow
/// connections, flood it, send wrong tokens), a request with the right token is answered, and the log stays short.
/// Owner and others are all 127.0.0.1 here, the hardest case: no address tells them apart.
final class RemoteServerOwnerTests: XCTestCase {
    let token = "test-token-0123456789abcdef"
    var frame: FakeFrameControl!
    var clock: HandClock!
    var log: LogLines!
    var server: RemoteServer!
    var port: Int { server.boundPort }

    override func setUp() { frame = FakeFrameControl(); clock = HandClock(); log = LogLines() }

    override func tearDown() {
        server?.stop()
        server = nil
    }

    func startServer(limits: RemoteLimits = .standard, handClock: Bool = false) throws {
        let log = self.log!, clock = self.clock!
        var now: @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }
        if handClock { now = { clock.now } }
        server = RemoteServer(address: ListenAddress(host: "127.0.0.1", port: 0), token: token, control: frame,
                              settings: nil, limits: limits, now: now, log: { log.add($0) })
        try server.start()
    }

    /// The server's log lines but the one saying where it listens.
    var logged: [String] { log.all.filter { !$0.contains("listening at") } }

    /// Whether the server has neither closed `connection` nor written to it.
    func isOpen(_ connection: RawConnection) -> Bool {
        var polled = pollfd(fd: connection.fd, events: Int16(POLLIN), revents: 0)
        return poll(&polled, 1, 0) == 0
    }

    /// One request with the right token on a connection of its own: its status (nil: closed or timed out unanswered)
    /// and how long it took, ms.
    func ownersRequest(_ method: String = "GET", _ target: String = "/api/v1/state", body: String? = nil)
        -> (status: Int?, ms: Double) {
        let started = DispatchTime.now().uptimeNanoseconds
        let reply = (try? RawConnection(port: port, timeout: 5))?.exchange(method, target, token: token, body: body)
        return (reply?.status, Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6)
    }

    func testTheOwnerIsAnsweredWhile400SlowConnectionsAreHeld() throws {
        try startServer()
        let slow = SlowClients(port: port, count: 400)
        defer { slow.stop() }
        // Held, and opened again as the server closes them: the owner asks while they keep coming.
        XCTAssertTrue(slow.waitUntilOpened(reopened: 100), "400 slow connections opened, and 100 again")
        var answered = 0
        var times: [Double] = []
        for _ in 0..<25 {
            let (status, ms) = ownersRequest()
            if status == 200 { answered += 1 }
            times.append(ms)
        }
        let command = ownersRequest("POST", "/api/v1/commands", body: #"{"command": "next"}"#)
        let p = Percentiles(times)
        print("remote-owner: \(answered) of 25 answered under 400 slow connections; ms p50 \(p.p50) p95 \(p.p95) "
              + "max \(p.max); slow ones opened \(slow.openedSoFar), closed by the server \(slow.closedSoFar), "
              + "answered \(slow.statuses) (\(slow.withRetryAfter) with Retry-After); log lines \(logged.count)")
        XCTAssertEqual(answered, 25, "every one of the owner's requests answered")
        XCTAssertEqual(command.status, 200)
        XCTAssertEqual(frame.performed, [.nextPhoto])
        XCTAssertLessThan(p.p95, 1000, "the owner's requests answered within a second")
        XCTAssertLessThanOrEqual(logged.count, 3, "a few lines, not one a connection: \(logged.prefix(5))")
    }

    /// From another address, slow connections hold at most `maxConnectionsPerAddress`, and when the server is full
    /// that address gives up its places first: the owner's connections, though anonymous until their next request
    /// (the page loaded, its script not yet asking), stay, and the owner is answered.
    func testAnotherAddressHoldsNoMoreThanItsShare() throws {
        var limits = RemoteLimits.standard
        limits.headSeconds = 30  // the owner's idle connections stay through the test
        try startServer(limits: limits)
        let pages = try (0..<8).map { _ in try RawConnection(port: port) }
        for page in pages { XCTAssertEqual(page.exchange("GET", "/")?.status, 200) }
        let others = try (0..<8).map { _ in try RawConnection(port: port, from: "127.0.0.3") }
        for other in others { other.send("G") }
        let slow = SlowClients(port: port, count: 400, from: "127.0.0.2")
        defer { slow.stop() }
        XCTAssertTrue(slow.waitUntilOpened(reopened: 100), "400 slow connections opened, and 100 again")
        let answered = (0..<25).filter { _ in ownersRequest().status == 200 }.count
        XCTAssertEqual(answered, 25)
        // 8 + 8 + 16 from 127.0.0.2: full, and every newcomer took one of 127.0.0.2's places.
        XCTAssertTrue(others.allSatisfy(isOpen), "127.0.0.3's are not given up")
        XCTAssertTrue(pages.allSatisfy(isOpen), "nor the owner's")
        for page in pages { XCTAssertEqual(page.exchange("GET", "/api/v1/state", token: token)?.status, 200) }
    }

    /// A head has a few seconds, apart from the whole request's time: a slow one is cut off sooner.
    func testASlowHeadIsCutOffAfterTheHeadTimeNotTheRequestTime() throws {
        var limits = RemoteLimits.standard
        limits.headSeconds = 0.3
        limits.requestSeconds = 30
        try startServer(limits: limits)
        let slow = try RawConnection(port: port, timeout: 5)
        slow.send("GET /api/v1/state HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        let started = Date()
        XCTAssertTrue(slow.closedByServer(), "closed within the read's 5 s, long before the request's 30")
        XCTAssertLessThan(Date().timeIntervalSince(started), 3)
        // A head in time has the request's time for its body.
        let owner = try RawConnection(port: port)
        XCTAssertEqual(owner.exchange("POST", "/api/v1/commands", token: token, body: #"{"command": "next"}"#)?.status, 200)
    }

    func testTheRightTokenIsAnsweredAtOnceAfterAnotherClientsWrongOnes() throws {
        try startServer(handClock: true)
        // Another client at the same address (a phone behind the same router) guesses, until it is slowed.
        for _ in 0..<RemoteLimits.standard.failuresAllowed {
            _ = try RawConnection(port: port).exchange("GET", "/api/v1/state", token: "wrong-token-xxxxxxxxxxxx")
        }
        let slowed = try XCTUnwrap(RawConnection(port: port).exchange("GET", "/api/v1/state", token: "wrong-token-yy"))
        XCTAssertEqual(slowed.status, 429)
        XCTAssertEqual(slowed.header("Retry-After"), "60")
        // The owner, at once: answered.
        let (status, ms) = ownersRequest()
        let command = ownersRequest("POST", "/api/v1/commands", body: #"{"command": "next"}"#)
        print("remote-owner: the right token after another client's wrong ones: \(status.map(String.init) ?? "none") "
              + "in \(ms) ms")
        XCTAssertEqual(status, 200)
        XCTAssertEqual(command.status, 200)
        XCTAssertEqual(frame.performed, [.nextPhoto])
        // The owner's success does not lift the other's slowing down.
        clock.advance(30)
        let still = try XCTUnwrap(RawConnection(port: port).exchange("GET", "/api/v1/state", token: "wrong-token-zz"))
        XCTAssertEqual(still.status, 429)
        XCTAssertEqual(still.header("Retry-After"), "30")
    }

    /// Held connections, each asking once without the token and staying open: far more than the server keeps.
    /// Every one is answered (401, or 503 with Retry-After), and the log says so in a line or two.
    func testAFloodIsAnsweredAndLeavesAFewLogLines() throws {
        try startServer()
        var held: [RawConnection] = []
        var statuses: [Int: Int] = [:]
        var unanswered = 0
        for _ in 0..<600 {
            let connection = try RawConnection(port: port, timeout: 3)
            let reply = connection.exchange("GET", "/api/v1/state")
            if let reply {
                statuses[reply.status, default: 0] += 1
                if reply.status == 503 { XCTAssertNotNil(reply.header("Retry-After")) }
            } else {
                unanswered += 1
            }
            held.append(connection)
        }
        let owner = ownersRequest()
        print("remote-owner: a flood of 600 held connections: \(statuses), \(unanswered) unanswered; "
              + "log lines \(logged.count); the owner's request after it \(owner.status.map(String.init) ?? "none") "
              + "in \(owner.ms) ms")
        XCTAssertEqual(unanswered, 0, "every request answered")
        XCTAssertEqual(owner.status, 200)
        XCTAssertLessThanOrEqual(logged.count, 2, "\(logged.prefix(5))")
        XCTAssertEqual(frame.performed, [])
    }

    /// When every place is held by the owner's own connections, a newcomer is told 503 with Retry-After, never
    /// closed unanswered, and the log counts them rather than naming each.
    func testANewcomerFindingEveryPlaceTheOwnersIsAnswered503() throws {
        var limits = RemoteLimits.standard
        limits.maxConnections = 4
        try startServer(limits: limits)
        let owners = try (0..<4).map { _ in try RawConnection(port: port) }
        for owner in owners { XCTAssertEqual(owner.exchange("GET", "/api/v1/state", token: token)?.status, 200) }
        var statuses: [Int: Int] = [:]
        for _ in 0..<100 {
            let connection = try RawConnection(port: port, timeout: 3)
            let reply = connection.exchange("GET", "/api/v1/state")
            statuses[reply?.status ?? 0, default: 0] += 1
            if let reply { XCTAssertEqual(reply.header("Retry-After"), "1") }
        }
        XCTAssertEqual(statuses, [503: 100], "0: closed unanswered")
        XCTAssertLessThanOrEqual(logged.count, 2, "\(logged.prefix(5))")
        XCTAssertTrue(logged.first?.contains("connections") ?? false, "\(logged)")
        // The owner's connections still serve.
        for owner in owners { XCTAssertEqual(owner.exchange("GET", "/api/v1/state", token: token)?.status, 200) }
    }
}
