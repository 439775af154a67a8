import Foundation
import GalleryCore
@testable import MediaWorkers
import XCTest

/// The workers' one budget, divided among those alive, as the kernel holds it: each worker's RLIMIT_DATA (read
/// back from /proc/PID/limits) is its share, the others' shrink when one starts and grow when one ends, and a
/// worker killed while idle is reaped at once, its share given back.
final class WorkerMemorySharesTests: XCTestCase {
    /// The soft "Max data size" of `pid`, in MB (nil: unlimited or unreadable).
    private func dataLimitMB(_ pid: pid_t) -> Int? {
        guard let limits = try? String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8),
              let line = limits.split(separator: "\n").first(where: { $0.hasPrefix("Max data size") }) else { return nil }
        return line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(3).first.flatMap { Int($0) }
            .map { $0 >> 20 }
    }

    private func poll(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition(), Date() < deadline { usleep(10_000) }
        return condition()
    }

    func testEachWorkersLimitIsItsShareOfTheWorkersAlive() throws {
        if MediaClips.sanitized { throw XCTSkip("no limits in a ThreadSanitizer build") }
        let shares = WorkerMemoryShares(budget: MediaMemoryBudget(total: 300 << 20))
        let clip = MediaLocation(file: try MediaClips.h264())
        let service = MediaService(executable: MediaClips.worker, shares: shares)
        XCTAssertNoThrow(try service.probe(clip).get())
        let first = try XCTUnwrap(service.workerProcessID)
        XCTAssertEqual(dataLimitMB(first), 300, "alone, the whole budget")

        let player = MediaPlayer(executable: MediaClips.worker, location: clip, width: 64, height: 48, loops: true,
                                 shares: shares, wake: {})
        let second = try XCTUnwrap(player.workerProcessID)
        XCTAssertEqual(shares.current.live, 2)
        XCTAssertEqual(dataLimitMB(first), 150, "the service's share shrank before the player started")
        XCTAssertEqual(dataLimitMB(second), 150)

        player.stop()
        XCTAssertEqual(shares.current.live, 1)
        XCTAssertEqual(dataLimitMB(first), 300, "the player's share given back")

        // Killed while idle (as the OOM killer would): reaped by its own thread, not at the next request.
        kill(first, SIGKILL)
        XCTAssertTrue(poll(5) { shares.current.live == 0 }, "its share given back")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/proc/\(first)/stat"), "reaped, no zombie")
        XCTAssertNoThrow(try service.probe(clip).get(), "the next request gets a fresh worker")
        XCTAssertEqual(dataLimitMB(try XCTUnwrap(service.workerProcessID)), 300)
    }
}
