import Foundation
import GalleryCore
import RemoteControl
import TesseraBench
import XCTest
@testable import TesseraApp

/// `GET /api/v1/screenshot` through the real server on 127.0.0.1 when no frame comes: the app's `ScreenCapture`
/// gives a screenshot up once no frame was drawn within `ScreenshotGate.longestWait` (503 with its words, before the
/// remote's own reply time), a frame that does not answer at all is 503 at the reply's time, and the gate lets the
/// next screenshot in once the lost one is given up.
final class RemoteScreenshotRouteTests: XCTestCase {
    private let token = "test-token-0123456789abcdef"
    private var server: RemoteServer?

    override func tearDown() { server?.stop() }

    /// A frame that draws nothing while it says it draws, through the app's own `ScreenCapture` (its gate, its
    /// `nothingDrawn`), whose loop turns the test drives on a clock of its own (no waiting on the wall clock); or,
    /// `silent`, a frame that never answers at all. `control` is the frame the server asks.
    private final class FrameWithoutFrames: @unchecked Sendable {
        let lock = NSLock(), repliesLock = NSLock()
        let capture = ScreenCapture()
        var silent = false
        var clock = 0.0
        private var replied = 0
        /// Called (on the server's thread) once a request has reached the capture.
        var onAsk: (() -> Void)?
        private(set) lazy var control = FakeFrameControl { [unowned self] request, _, reply in ask(request, reply: reply) }

        var asked: Int { control.screenshotsAsked }

        private func ask(_ request: ScreenshotRequest, reply: @escaping @Sendable (Result<Screenshot, ScreenshotRefusal>) -> Void) {
            lock.lock(); defer { lock.unlock() }
            if !silent {
                _ = capture.ask(request, now: clock) { [self] result in
                    repliesLock.lock(); replied += 1; repliesLock.unlock()
                    reply(result)
                }
            }
            onAsk?()
        }

        /// A loop's turn at `now` that draws nothing though the display is lit (`ScreenCapture.nothingDrawn`).
        func turn(at now: Double) {
            lock.lock(); defer { lock.unlock() }
            clock = now
            capture.nothingDrawn(drawing: true, now: now)
        }

        var replies: Int { repliesLock.lock(); defer { repliesLock.unlock() }; return replied }
    }

    /// The reply of one request sent from another thread.
    private final class Answer: @unchecked Sendable { var reply: RawReply? }

    private func start(_ frame: FrameWithoutFrames, replySeconds: Double = 5) throws -> Int {
        var limits = RemoteLimits.standard
        limits.replySeconds = replySeconds
        let server = RemoteServer(address: ListenAddress(host: "127.0.0.1", port: 0), token: token, control: frame.control,
                                  settings: nil, limits: limits, log: { _ in })
        try server.start()
        self.server = server
        return server.boundPort
    }

    private func screenshot(_ port: Int) throws -> RawReply {
        try XCTUnwrap(RawConnection(port: port).exchange("GET", "/api/v1/screenshot?size=320", token: token))
    }

    func testNoFrameComingIs503WithWhyAndTheNextScreenshotIsLetInAfter() throws {
        let frame = FrameWithoutFrames()
        let port = try start(frame)  // the remote's standard reply time: the capture's wait must end within it
        let longest = ScreenshotGate.standardLongestWait
        for round in 1...2 {
            let began = 100.0 * Double(round)
            frame.turn(at: began)
            let asked = expectation(description: "asked \(round)"), answered = expectation(description: "answered \(round)")
            frame.lock.lock(); frame.onAsk = { asked.fulfill() }; frame.lock.unlock()
            let answer = Answer(), token = token
            DispatchQueue.global().async {
                answer.reply = try? RawConnection(port: port).exchange("GET", "/api/v1/screenshot?size=320", token: token)
                answered.fulfill()
            }
            wait(for: [asked], timeout: 5)
            // Turns four times a second that draw nothing, up to the longest wait: the request still waits.
            var now = began
            while now <= began + longest { frame.turn(at: now); now += 0.25 }
            XCTAssertEqual(frame.replies, round - 1, "round \(round): given up before its longest wait")
            frame.turn(at: began + longest + 0.25)
            wait(for: [answered], timeout: 5)
            let reply = try XCTUnwrap(answer.reply)
            XCTAssertEqual(reply.status, 503)
            XCTAssertEqual(reply.json?["error"] as? String, "no frame was drawn in time",
                           "the capture's words, not the remote's generic timeout")
            XCTAssertNil(reply.header("Retry-After"), "not a refusal for pace")
            // The lost one no longer holds the gate: the next round is taken up (and given up again), not 429.
        }
        XCTAssertEqual(frame.asked, 2)
        XCTAssertEqual(frame.replies, 2)
    }

    func testAFrameThatNeverAnswersIs503AtTheReplysTime() throws {
        let frame = FrameWithoutFrames()
        frame.silent = true
        let port = try start(frame, replySeconds: 0.3)
        let reply = try screenshot(port)
        XCTAssertEqual(reply.status, 503)
        XCTAssertEqual(reply.json?["error"] as? String, "the frame did not answer in time")
        XCTAssertEqual(reply.header("Content-Type"), "application/json; charset=utf-8")
    }
}
