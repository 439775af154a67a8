import FixtureServer
import Foundation
import GalleryStore
import XCTest

/// The real app with its wall clock wrong (libfaketime), as a Raspberry Pi without a clock battery boots: at its
/// last saved time, or 1970, until NTP answers, sometimes for days. Its offline cache is full of yesterday's photos
/// (stored at the right time); the frame shows a screen and is started again on the same screen a moment later.
/// Judged at the Lorem Picsum stand-in: the second time, the screen's photos come from the cache, not the network.
final class WrongClockCacheUITests: XCTestCase {
    private var server: FixtureServer!
    private let root = NSTemporaryDirectory() + "tessera-wrong-clock-\(UUID().uuidString)"
    private var cacheDir: String { root + "/cache" }

    override func setUpWithError() throws {
        server = FixtureServer(photos: 200)
        try server.start(port: 0)
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDown() {
        server.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The cache's budget (`--cache-size 1`): 1 MB.
    private static let budget = 1 << 20

    /// Yesterday's photos, stored with the clock right: the budget all but full, in small pieces, so every photo
    /// today stores makes room by evicting what the store counts as used longest ago (and no more than that).
    private func fillWithYesterday() throws {
        let store = try SQLiteStore(directory: cacheDir, budgetBytes: WrongClockCacheUITests.budget)
        let pieces = (WrongClockCacheUITests.budget - 8_000) / 1_000
        try store.saveImages((0..<pieces).map { ("yesterday/\($0)", Data(repeating: UInt8($0 % 250), count: 1_000)) })
        XCTAssertEqual(try store.imageCount(), pieces)
    }

    /// Runs the app once on its first screen with the wall clock `shift` (a libfaketime offset such as "-1d");
    /// returns the image requests it made.
    private func showFirstScreen(clock shift: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let before = server.counters.imagePaths.count
        let run = try AppProcess.run(["--api", server.baseURL, "--cache-dir", cacheDir, "--cache-size", "1",
                                      "--size", "640x400"],
                                     environment: try FakeClock.environment(shift))
        XCTAssertEqual(run.status, 0, run.log, file: file, line: line)
        XCTAssertNotNil(run.frame, "the screen was drawn whole: \(run.log)", file: file, line: line)
        return Array(server.counters.imagePaths.dropFirst(before))
    }

    private func checkRevisit(clock shift: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try fillWithYesterday()
        let first = try showFirstScreen(clock: shift, file: file, line: line)
        XCTAssertGreaterThan(first.count, 4, "the first screen's photos were downloaded", file: file, line: line)
        // What the first run fetched and kept (a photo asked for below the screen may still have been on its way
        // when the screen was drawn and the app quit: that one is fetched again, within the two requests allowed).
        let keys = try SQLiteStore(directory: cacheDir, budgetBytes: WrongClockCacheUITests.budget)
            .imageKeys(prefix: "", limit: 100_000)
        let kept = first.filter { path in keys.contains { $0.hasSuffix("/id/" + path) } }
        XCTAssertGreaterThanOrEqual(kept.count, 4, "the first screen's photos were kept: \(kept) of \(first)",
                                    file: file, line: line)
        let again = try showFirstScreen(clock: shift, file: file, line: line)
        let downloadedAgain = again.filter(kept.contains)
        print("clock \(shift): \(first.count) photos downloaded for the screen, \(downloadedAgain.count) downloaded "
              + "again when it was shown again (\(again.count) requests in all)")
        XCTAssertEqual(downloadedAgain, [], "photos downloaded again with the clock \(shift)", file: file, line: line)
        XCTAssertLessThanOrEqual(again.count, 2, "\(again)", file: file, line: line)
    }

    func testAScreenShownAgainWithTheClockADayBackComesFromTheCache() throws {
        try checkRevisit(clock: "-1d")
    }

    func testAScreenShownAgainWithTheClockAYearBackComesFromTheCache() throws {
        try checkRevisit(clock: "-365d")
    }
}

/// libfaketime's environment for a child process: its wall clock off by `shift` ("-1d", "+365d", "-90s"), its
/// monotonic clock left alone (the loop's timers and waits stay real). `FAKETIME_SHARED` is given (naming no shared
/// memory, which libfaketime then does without): left unset, libfaketime sets it from its constructor in the app
/// itself, and that `setenv` moves the environment the Swift runtime finds `argv` beside, so the app would start
/// with no arguments at all (the `faketime` command sets it before it starts the program, which is why it works).
enum FakeClock {
    static func environment(_ shift: String) throws -> [String: String] {
        let candidates = ["/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1",
                          "/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1",
                          "/usr/lib/faketime/libfaketime.so.1"]
        guard let library = candidates.first(where: FileManager.default.fileExists(atPath:)) else {
            throw missing("libfaketime (apt-get install faketime)")
        }
        return ["LD_PRELOAD": library, "FAKETIME": shift, "FAKETIME_DONT_FAKE_MONOTONIC": "1",
                "FAKETIME_SHARED": "/tessera-no-faketime-sem /tessera-no-faketime-shm"]
    }
}
