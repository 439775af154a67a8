import DemoPhotos
import FixtureServer
import Foundation
import GalleryCore
import SDLKit
import XCTest

/// An Immich library on the wall, against the fixture's Immich stand-in: ThumbHash placeholders in a real X11
/// window while the previews are on their way, and the wall again from the cache with the server gone.
final class ImmichUITests: XSessionTestCase {
    private let window = PixelSize(width: 900, height: 600)

    func testCellsShowTheirThumbHashWhileThePreviewsAreOnTheirWay() throws {
        var faults = FixtureFaults()
        // Previews come a byte a second: the placeholders stay on screen.
        faults.trickleImages = Set((0..<48).map(String.init))
        faults.trickleBytesPerSecond = 1
        let server = FixtureServer(photos: 48, faults: faults)
        try server.start(port: 0)
        defer { server.stop() }
        let id = try x.launch(["--source", "immich", "--api", server.baseURL, "--name", "T", "--cache-dir", root + "/cache",
                               "--renderer", "software", "--size", window.description],
                              environment: ["XDG_DATA_HOME": root + "/data", "IMMICH_API_KEY": faults.immichKey])
        // The first asset's cell, from the layout of its (upright) size; its ThumbHash as the fixture made it.
        let entry = DemoCatalog(count: 1).entries[0]
        let config = GalleryConfig()
        var layout = MasonryLayout(width: window.width, metrics: config.layoutMetrics(width: window.width))
        layout.append(aspect: entry.width, height: entry.height)
        let frame = layout.frames[0]
        let picture = try XCTUnwrap(ThumbHash.decode(base64: DemoImmich.thumbHash(entry)))
        func expected(_ fx: Double, _ fy: Double) -> (Int, Int, Int) {
            let i = (Int(fy * Double(picture.height - 1)) * picture.width + Int(fx * Double(picture.width - 1))) * 4
            return (Int(picture.rgba[i]), Int(picture.rgba[i + 1]), Int(picture.rgba[i + 2]))
        }
        let points = [(0.5, 0.15), (0.5, 0.85), (0.2, 0.6)]
        try x.waitForFrame(id, "the first cell's ThumbHash") { shot in
            points.allSatisfy { fx, fy in
                let p = shot.pixel(x: frame.x + Int(Double(frame.width) * fx),
                                   y: config.headerHeight + frame.y + Int(Double(frame.height) * fy))
                return XSession.isColor(p, expected(fx, fy), tolerance: 36)
            }
        }
        // A picture, not one colour: sky and hills differ.
        XCTAssertGreaterThan(abs(expected(0.5, 0.15).2 - expected(0.5, 0.85).2) + abs(expected(0.5, 0.15).0 - expected(0.5, 0.85).0), 30)
        XCTAssertEqual(server.counters.immichWithoutKey, 0)
    }

    func testAfterTheFirstRunTheAlbumShowsWithTheServerGone() throws {
        let server = FixtureServer(photos: 48)
        try server.start(port: 0)
        let arguments = ["--source", "immich", "--api", server.baseURL, "--album", DemoImmich.albumID,
                         "--cache-dir", root + "/cache", "--size", "900x600", "--caption", "date,place"]
        let environment = ["IMMICH_API_KEY": FixtureFaults().immichKey, "XDG_DATA_HOME": root + "/data"]
        let online = try AppProcess.run(arguments, environment: environment)
        XCTAssertEqual(online.status, 0, online.log)
        let first = try XCTUnwrap(online.frame)
        XCTAssertTrue(server.counters.immichSearches.allSatisfy { $0.contains(DemoImmich.albumID) })
        XCTAssertFalse(online.log.contains(FixtureFaults().immichKey), "the key is never logged")
        server.stop()
        let offline = try AppProcess.run(arguments, environment: environment)
        XCTAssertEqual(offline.status, 0, offline.log)
        let again = try XCTUnwrap(offline.frame)
        // The same photos in the same places, from the cache (the clock and the header's status aside).
        var same = 0, total = 0
        for y in stride(from: 60, to: 600, by: 13) {
            for x in stride(from: 5, to: 900, by: 17) {
                total += 1
                if XSession.isColor(first.pixel(x: x, y: y), { let p = again.pixel(x: x, y: y); return (Int(p.r), Int(p.g), Int(p.b)) }(), tolerance: 2) { same += 1 }
            }
        }
        XCTAssertGreaterThan(Double(same) / Double(total), 0.95, "the wall from the cache")
    }
}
