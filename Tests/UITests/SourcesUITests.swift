import FixtureServer
import Foundation
import GalleryCore
import SDLKit
import XCTest

/// The sources as a person sees them, in a real X11 window under Xvfb, frames read back with ImageMagick's
/// `import`: Unsplash's BlurHash placeholders while images are on their way, and a folder whose new file appears.
/// Waits poll the window's frames with a deadline.
final class SourcesUITests: XSessionTestCase {
    private let window = PixelSize(width: 900, height: 600)

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(atPath: root + "/photos", withIntermediateDirectories: true)
    }

    private func launch(_ arguments: [String], environment: [String: String] = [:]) throws -> String {
        try x.launch(arguments + ["--name", "T", "--cache-dir", root + "/cache", "--renderer", "software",
                                  "--size", window.description],
                     environment: environment.merging(["XDG_DATA_HOME": root + "/data"]) { a, _ in a })
    }

    private func waitForFrame(_ window: String, _ what: String, _ condition: (Surface) -> Bool) throws {
        try x.waitForFrame(window, what, condition)
    }

    private func near(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ c: (Int, Int, Int), _ tolerance: Int) -> Bool {
        XSession.isColor(p, c, tolerance: tolerance)
    }

    func testUnsplashCellsShowTheirBlurHashWhileTheImagesAreOnTheirWay() throws {
        var faults = FixtureFaults()
        // Images come a byte a second: the placeholders stay on screen.
        faults.trickleImages = Set((0..<200).map(String.init))
        faults.trickleBytesPerSecond = 1
        let server = FixtureServer(photos: 200, faults: faults)
        try server.start(port: 0)
        defer { server.stop() }
        let id = try launch(["--source", "unsplash", "--api", server.baseURL],
                            environment: ["UNSPLASH_ACCESS_KEY": FixtureFaults().unsplashKey])

        // Photo "0" (the first cell) carries the reference gradient hash; where its cell is comes from the layout.
        let config = GalleryConfig()
        var layout = MasonryLayout(width: window.width, metrics: config.layoutMetrics(width: window.width))
        let first = try XCTUnwrap(DemoCatalogStandIn.first)
        layout.append(aspect: first.width, height: first.height)
        let frame = layout.frames[0]
        let hash = "LEHV6nWB2yk8pyo0adR*.7kCMdnj"
        let decoded = try XCTUnwrap(BlurHash.decode(hash, width: 32, height: 32))
        func expected(_ fx: Double, _ fy: Double) -> (Int, Int, Int) {
            let i = (Int(fy * 31) * 32 + Int(fx * 31)) * 3
            return (Int(decoded[i]), Int(decoded[i + 1]), Int(decoded[i + 2]))
        }
        try waitForFrame(id, "the first cell's blurred placeholder") { shot in
            let points = [(0.2, 0.3), (0.8, 0.3), (0.5, 0.8)]
            return points.allSatisfy { fx, fy in
                let p = shot.pixel(x: frame.x + Int(Double(frame.width) * fx),
                                   y: config.headerHeight + frame.y + Int(Double(frame.height) * fy))
                return near(p, expected(fx, fy), 40)
            }
        }
        // And it is a gradient, not one colour: the three places differ.
        XCTAssertNotEqual(expected(0.2, 0.3).0, expected(0.8, 0.3).0)
    }

    /// Sockets the process listens on: its socket inodes that /proc/net/tcp{,6} list in state LISTEN (0A).
    private func listeningSockets(of pid: Int32) -> [String] {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        let inodes = Set(fds.compactMap { fd -> String? in
            guard let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)"),
                  link.hasPrefix("socket:[") else { return nil }
            return String(link.dropFirst(8).dropLast())
        })
        var listening: [String] = []
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            let text = (try? String(contentsOfFile: table, encoding: .utf8)) ?? ""
            for line in text.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                if fields.count > 9, fields[3] == "0A", inodes.contains(String(fields[9])) { listening.append(String(line)) }
            }
        }
        return listening
    }

    func testTheDemoIsMadeInTheProcessAndListensOnNoPort() throws {
        let id = try launch(["--demo"])
        let background = (24, 24, 27)
        try waitForFrame(id, "the demo's photos") { !XSession.isColor($0.pixel(x: 100, y: 200), background) }
        let pid = try XCTUnwrap(x.app?.processIdentifier)
        XCTAssertTrue(x.app?.isRunning == true)
        XCTAssertEqual(listeningSockets(of: pid), [], "nothing another program could connect to")
        // The check can see a listening socket: one of this test process's own is found.
        let server = FixtureServer(photos: 1)
        try server.start(port: 0)
        defer { server.stop() }
        XCTAssertEqual(listeningSockets(of: getpid()).count, 1)
    }

    func testAFolderShowsItsPhotosAndAFileDroppedInAppears() throws {
        func picture(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ name: String) throws {
            let s = try Surface(width: 400, height: 300)
            s.fill(x: 0, y: 0, width: 400, height: 300, r: r, g: g, b: b)
            try s.jpegData(quality: 95).write(to: URL(fileURLWithPath: root + "/photos/" + name))
        }
        try picture(220, 30, 30, "red.jpg")
        let id = try launch([root + "/photos"])
        func shows(_ color: (Int, Int, Int)) -> (Surface) -> Bool {
            { shot in
                stride(from: 60, to: 590, by: 10).contains { y in
                    stride(from: 20, to: 880, by: 20).contains { x in self.near(shot.pixel(x: x, y: y), color, 12) }
                }
            }
        }
        try waitForFrame(id, "the folder's photo", shows((220, 30, 30)))
        // Written elsewhere and moved in, as a copy from a camera or a download would.
        try picture(30, 40, 220, ".blue.part")
        try FileManager.default.moveItem(atPath: root + "/photos/.blue.part", toPath: root + "/photos/blue.jpg")
        try waitForFrame(id, "the dropped-in photo", shows((30, 40, 220)))
        try FileManager.default.removeItem(atPath: root + "/photos/red.jpg")
        try waitForFrame(id, "the deleted photo gone") { !shows((220, 30, 30))($0) && shows((30, 40, 220))($0) }
    }
}

/// The fixture's first photo, as its catalogue makes it.
private enum DemoCatalogStandIn {
    static var first: (width: Int, height: Int)? {
        FixtureServer(photos: 1).catalog.entries.first.map { ($0.width, $0.height) }
    }
}
