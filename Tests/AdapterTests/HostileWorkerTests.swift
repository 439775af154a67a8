import Foundation
import GalleryCore
import MediaWorkers
import XCTest

/// A media worker's answers are bytes from outside too: a decoder compromised by a clip could say anything. Fake
/// workers (shell scripts) answer with numbers that would overflow, truncate the shared memory under the app's
/// mapping, or claim absurd lengths; the app answers each with a failure and goes on, never a trap or a SIGBUS.
final class HostileWorkerTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "tessera-hostile-worker-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    /// A worker that runs `body` (bash; its requests on stdin, answers on stdout, the shared memory as fd 3).
    private func worker(_ name: String, _ body: String) throws -> String {
        let path = folder + "/" + name
        try ("#!/bin/bash\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    private let clip = MediaLocation(file: "/nonexistent/clip.mp4")

    /// A service whose worker reads one request, runs `act` (bash), then answers `answer` and waits for more.
    private func service(_ name: String, answering answer: String, after act: String = ":") throws -> MediaService {
        MediaService(executable: try worker(name, """
            read request
            \(act)
            echo "\(answer)"
            while read request; do :; done
            """))
    }

    func testAPitchThatWouldOverflowIsRefused() throws {
        let service = try service("pitch", answering: "poster-ready 64 48 999999999999999999")
        defer { service.stop() }
        guard case .failure = service.poster(clip, width: 64, height: 48) else { return XCTFail("a poster of that pitch") }
    }

    func testSharedMemoryCutShortUnderThePosterIsAFailureNotAFault() throws {
        let service = try service("truncate", answering: "poster-ready 64 48 256", after: "truncate -s 0 /proc/$$/fd/3")
        defer { service.stop() }
        guard case .failure(let why) = service.poster(clip, width: 64, height: 48) else {
            return XCTFail("a poster out of a truncated buffer")
        }
        XCTAssertEqual(why, .cannotPlay("the frame was cut short"))
    }

    func testAnAbsurdLengthIsHeldAndSaidInWords() throws {
        let service = try service("long", answering: "refused too-long 1e300")
        defer { service.stop() }
        guard case .failure(let why) = service.probe(clip) else { return XCTFail("a probe of a clip that long") }
        guard case .tooLong(let seconds) = why else { return XCTFail("\(why)") }
        XCTAssertLessThanOrEqual(seconds, 1e9)
        XCTAssertTrue("\(why)".hasPrefix("lasts "), "said in words without trapping: \(why)")
    }

    func testAPlayersFramesCannotBeTruncatedUnderIt() throws {
        let woke = DispatchSemaphore(value: 0)
        let path = try worker("player", """
            truncate -s 0 /proc/$$/fd/3 2>/dev/null && echo "TRUNCATED" >&2
            echo "info 64 48 0 1 30 30 h264 silent"
            echo "frame 0 0"
            while read request; do :; done
            """)
        let player = MediaPlayer(executable: path, location: clip, width: 64, height: 48, loops: false) { woke.signal() }
        defer { player.stop() }
        let deadline = Date().addingTimeInterval(10)
        var sum = 0
        while Date() < deadline {
            // Every byte of the frame is read: had the worker shrunk the file, this would die of SIGBUS.
            if player.takeFrame({ pixels, pitch in
                for i in 0..<(pitch * 48) { sum &+= Int(pixels.load(fromByteOffset: i, as: UInt8.self)) }
            }) { break }
            _ = woke.wait(timeout: .now() + 0.5)
        }
        XCTAssertNil(player.failure)
        XCTAssertEqual(sum, 0, "the frame read whole (zeros: the fake wrote none)")
    }
}
