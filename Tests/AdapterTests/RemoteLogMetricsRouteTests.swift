import Foundation
import GalleryCore
import RemoteControl
import TesseraBench
import XCTest

/// `GET /api/v1/log` and `GET /metrics` through the real server on 127.0.0.1 with a frame of the test's: the log's
/// JSON oldest first, the metrics as Prometheus's text format with its content type, both behind the token, and each
/// refusal counted.
final class RemoteLogMetricsRouteTests: XCTestCase {
    private let token = "test-token-0123456789abcdef"
    private var server: RemoteServer?

    override func tearDown() { server?.stop() }

    /// A frame with a log and metrics of the test's.
    private final class Frame: FrameControl, @unchecked Sendable {
        let log = LogRing(limits: .init(lines: 3))
        let metrics = FrameMetrics()
        func state(reply: @escaping @Sendable (FrameState) -> Void) { reply(FakeFrameControl.sampleState()) }
        func perform(_ command: Command, reply: @escaping @Sendable (Result<FrameState, CommandRefusal>) -> Void) {
            reply(.success(FakeFrameControl.sampleState()))
        }
        func picture(maxSide: Int, reply: @escaping @Sendable (PictureShown?) -> Void) { reply(nil) }
        func observe(_ changed: @escaping @Sendable (FrameState) -> Void) {}
        func recentLog(lines: Int) -> [LogLine] { log.last(lines) }
        func metrics(reply: @escaping @Sendable (String) -> Void) {
            DispatchQueue.global().async { reply(self.metrics.text(.init(uptime: 3))) }
        }
    }

    private func start(_ frame: Frame, refused: @escaping @Sendable () -> Void = {}) throws -> Int {
        let server = RemoteServer(address: ListenAddress(host: "127.0.0.1", port: 0), token: token, control: frame,
                                  settings: nil, log: { _ in }, refused: refused)
        try server.start()
        self.server = server
        return server.boundPort
    }

    private func ask(_ port: Int, _ target: String, token: String?) throws -> RawReply {
        try XCTUnwrap(RawConnection(port: port).exchange("GET", target, token: token), target)
    }

    func testTheLogsLastLinesOldestFirstBehindTheToken() throws {
        let frame = Frame()
        for (i, level) in ["info", "warning", "info", "info"].enumerated() {
            frame.log.append(LogLine(time: Double(1000 + i), level: level, text: "line \(i)"))
        }
        let port = try start(frame)
        let reply = try ask(port, "/api/v1/log?lines=2", token: token)
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(reply.header("Content-Type"), "application/json; charset=utf-8")
        let lines = try XCTUnwrap(reply.json?["lines"] as? [[String: Any]])
        XCTAssertEqual(lines.map { $0["text"] as? String }, ["line 2", "line 3"])
        XCTAssertEqual(lines.map { $0["time"] as? Double }, [1002, 1003])
        XCTAssertEqual(lines.map { $0["level"] as? String }, ["info", "info"])
        let all = try ask(port, "/api/v1/log", token: token).json?["lines"] as? [[String: Any]]
        XCTAssertEqual(all?.map { $0["level"] as? String }, ["warning", "info", "info"], "the ring's three")
        XCTAssertEqual(try ask(port, "/api/v1/log", token: nil).status, 401)
        XCTAssertEqual(try ask(port, "/api/v1/log?lines=0", token: token).status, 400)
    }

    func testMetricsInPrometheusTextFormatBehindTheTokenAndRefusalsCounted() throws {
        let frame = Frame()
        frame.metrics.photosShown.add(3)
        let refusals = Counter()
        let port = try start(frame, refused: { refusals.add() })
        let reply = try ask(port, "/metrics", token: token)
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(reply.header("Content-Type"), "text/plain; version=0.0.4; charset=utf-8")
        XCTAssertTrue(reply.text.contains("\ntessera_photos_shown_total 3\n"), reply.text)
        XCTAssertTrue(reply.text.hasPrefix("# HELP tessera_frame_seconds "))
        XCTAssertEqual(refusals.value, 0)
        XCTAssertEqual(try ask(port, "/metrics", token: nil).status, 401)
        XCTAssertEqual(try ask(port, "/metrics", token: "wrong-token-0123456789abcdef").status, 401)
        XCTAssertEqual(refusals.value, 2)
    }
}
