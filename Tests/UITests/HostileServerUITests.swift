import FixtureServer
import Foundation
import SDLKit
import XCTest

/// The real app against the fixture's hostile mode: image bombs, formats outside the allow-list, a body that
/// inflates past the cap, a megabyte author and bidi overrides, and a server that repeats page 1 forever.
final class HostileServerUITests: XCTestCase {
    private static let sdl: SDLSystem? = try? SDLSystem(video: false)
    private var server: FixtureServer!
    private var root = ""

    override func setUpWithError() throws {
        XCTAssertNotNil(HostileServerUITests.sdl)
        var faults = FixtureFaults()
        faults.hostile = true
        server = FixtureServer(photos: 200, faults: faults)
        try server.start(port: 0)
        root = NSTemporaryDirectory() + "tessera-hostile-\(UUID().uuidString)"
        for dir in ["home", "cwd", "cache"] {
            try FileManager.default.createDirectory(atPath: root + "/" + dir, withIntermediateDirectories: true)
        }
    }

    override func tearDown() {
        server.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    private func isColor(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ c: (Int, Int, Int)) -> Bool {
        abs(Int(p.r) - c.0) <= 2 && abs(Int(p.g) - c.1) <= 2 && abs(Int(p.b) - c.2) <= 2
    }

    func testTheAppKeepsDrawingInBoundedMemoryAndRefusesEveryBombUnread() throws {
        let home = root + "/home"
        // Page by page through the feed (every cell on screen once), then End held down: each "bottom" waits for
        // the page it asks for, so without the stop this would make 14 more requests.
        let steps = Array(repeating: "pagedown", count: 10) + Array(repeating: "bottom", count: 14)
            + ["top", "next", "open", "close", "bottom"]
        let run = try AppProcess.run(
            ["--api", server.baseURL, "--cache-dir", root + "/cache", "--script", steps.joined(separator: ",")],
            environment: ["HOME": home, "XDG_CACHE_HOME": home + "/.cache", "XDG_DATA_HOME": home + "/.local/share",
                          "XDG_CONFIG_HOME": home + "/.config"],
            directory: root + "/cwd", measuresMemory: true)
        XCTAssertEqual(run.status, 0, run.log)
        let peak = try XCTUnwrap(run.peakRSSMB, "GNU time (the time package) measures the app")
        print("hostile run: peak RSS of the app \(Int(peak)) MB; \(server.counters.pages) page requests")
        XCTAssertLessThan(peak, 250, "peak resident memory")

        // Every hostile image that was on screen was refused from its header, or failed as a download.
        let refusedKinds: [(id: Int, says: String)] = [
            (0, "PNG of 60000x60000"), (1, "JPEG of 60000x60000"), (2, "WebP of 60000x60000"),
            (3, "SVG is not a supported image format"), (4, "PNG of 40000x40000"),
            (6, "GIF is not a supported image format"), (7, "TIFF is not a supported image format"),
            (8, "JPEG of 60000x60000"),
        ]
        for (id, says) in refusedKinds {
            let line = run.log.split(separator: "\n").first { $0.contains("image \(id) refused before decoding") }
            XCTAssertNotNil(line, "image \(id) was not refused before decoding:\n\(run.log)")
            XCTAssertTrue(line?.contains(says) ?? false, "\(line ?? "")")
        }
        XCTAssertTrue(run.log.contains("image 5 unavailable: image: response too large"), run.log)

        // A server that repeats itself is asked a few times, then no more.
        XCTAssertLessThanOrEqual(server.counters.pages, 12)
        XCTAssertTrue(run.log.contains("stopped asking"), run.log)

        // The grid kept drawing: at the end of the feed (IDs 20…29, ordinary) photos, not placeholders.
        let frame = try XCTUnwrap(run.frame)
        let failed = (70, 44, 48), placeholder = (52, 52, 58), background = (24, 24, 27)
        var photo = 0, other = 0
        for y in stride(from: 60, to: frame.height, by: 9) {
            for x in stride(from: 20, to: frame.width - 20, by: 9) {
                let p = frame.pixel(x: x, y: y)
                if isColor(p, failed) || isColor(p, placeholder) { other += 1 }
                else if !isColor(p, background) { photo += 1 }
            }
        }
        XCTAssertGreaterThan(photo, 10 * other, "ordinary photos are drawn (\(photo) photo samples, \(other) not)")

        // Nothing was written outside the cache folder.
        let written = FileManager.default.enumerator(atPath: home)?.allObjects as? [String] ?? []
        XCTAssertEqual(written.filter { !$0.isEmpty }, [], "files written under HOME")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root + "/cwd"), [])
        XCTAssertTrue(try FileManager.default.contentsOfDirectory(atPath: root + "/cache").contains("tessera.sqlite"))
    }
}
