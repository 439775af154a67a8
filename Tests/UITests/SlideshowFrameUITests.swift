import Foundation
import SDLKit
import XCTest

/// The slideshow as a frame on a wall, by its pixels: the kiosk's header gone once it has faded, a portrait photo on
/// a landscape window framed by itself blurred (not black bars), two portrait photos side by side.
final class SlideshowFrameUITests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "tessera-frame-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/photos", withIntermediateDirectories: true)
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") else { throw missing("ImageMagick") }
        // Two portrait photos, named so that they show in this order: a sky over green, then orange over purple.
        try convert(["-size", "600x900", "gradient:skyblue-darkgreen", root + "/photos/a.jpg"])
        try convert(["-size", "600x900", "gradient:orange-purple", root + "/photos/b.jpg"])
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: root) }

    private func convert(_ arguments: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        p.arguments = arguments
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
    }

    private func show(_ extra: [String]) throws -> Surface {
        let run = try AppProcess.run(["--name", "Ada", "--no-cache", "--size", "1280x720", "--mode", "slideshow",
                                      "--sort", "name"] + extra + [root + "/photos"])
        XCTAssertEqual(run.status, 0, run.log)
        return try XCTUnwrap(run.frame, run.log)
    }

    private func brightness(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Int { (Int(p.r) + Int(p.g) + Int(p.b)) / 3 }

    func testTheKioskHeaderFadesAwayLeavingOnlyThePhoto() throws {
        let header = (12, 12, 14)
        let fresh = try show(["--kiosk", "--script", "pause,pause"])
        let width = fresh.width
        let headerShare = { (f: Surface) in
            Double((0..<width).filter { XSession.isColor(f.pixel(x: $0, y: 8), header) }.count) / Double(width)
        }
        XCTAssertGreaterThan(headerShare(fresh), 0.3, "the header shows at first")
        let faded = try show(["--kiosk", "--script", "wait:6"])
        XCTAssertEqual(headerShare(faded), 0, "after a few seconds without input, only the photo and its fill")
        XCTAssertGreaterThan(brightness(faded.pixel(x: faded.width / 2, y: 8)), 120, "the photo's sky at the very top")
    }

    func testAPortraitPhotoIsFramedByItselfBlurredNotByBlackBars() throws {
        let black = try show(["--fill", "black", "--script", "wait:6"])
        XCTAssertTrue(XSession.isColor(black.pixel(x: 60, y: 360), (0, 0, 0)), "bars with --fill black")
        let blurred = try show(["--script", "wait:6"])
        let top = blurred.pixel(x: 60, y: 100), bottom = blurred.pixel(x: 60, y: 640)
        XCTAssertFalse(XSession.isColor(top, (0, 0, 0), tolerance: 8), "the side is not black")
        XCTAssertGreaterThan(Int(top.b), Int(bottom.b) + 10, "the photo's own sky above its green, darkened")
        XCTAssertLessThan(brightness(top), brightness(blurred.pixel(x: 640, y: 100)), "darker than the photo itself")
        let matte = try show(["--fill", "matte", "--script", "wait:6"])
        let m1 = matte.pixel(x: 60, y: 100), m2 = matte.pixel(x: 60, y: 640)
        XCTAssertTrue(XSession.isColor(m1, (Int(m2.r), Int(m2.g), Int(m2.b)), tolerance: 2), "a matte is one colour")
        XCTAssertFalse(XSession.isColor(m1, (0, 0, 0), tolerance: 8))
    }

    func testTwoPortraitPhotosStandSideBySide() throws {
        let pair = try show(["--pairs", "--fill", "black", "--script", "wait:6"])
        let left = pair.pixel(x: 400, y: 600), right = pair.pixel(x: 880, y: 600)
        XCTAssertGreaterThan(Int(left.g), Int(left.r) + 40, "the green foot of the first photo on the left: \(left)")
        XCTAssertGreaterThan(Int(right.r), Int(right.g) + 40, "the purple foot of the second on the right: \(right)")
        let alone = try show(["--fill", "black", "--script", "wait:6"])
        XCTAssertTrue(XSession.isColor(alone.pixel(x: 1100, y: 600), (0, 0, 0)), "without --pairs, one photo in the middle")
    }

    /// Pixels of the photo (below where the header was) that differ between two frames by more than JPEG's noise.
    private func changed(_ a: Surface, _ b: Surface) -> Int {
        var n = 0
        for y in stride(from: 100, to: 700, by: 2) {
            for x in stride(from: 400, to: 880, by: 2) {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                if abs(Int(p.r) - Int(q.r)) + abs(Int(p.g) - Int(q.g)) + abs(Int(p.b) - Int(q.b)) > 30 { n += 1 }
            }
        }
        return n
    }

    func testWithMotionThePhotoMovesWhileItShowsAndWithoutItStandsStill() throws {
        // Hard edges, so a slow zoom shows in many pixels (a gradient would barely change).
        try convert(["-size", "200x300", "pattern:checkerboard", "-scale", "300%", "-type", "TrueColor", root + "/photos/a.jpg"])
        let still = ["--interval", "30", "--fill", "black"]
        let a = try show(still + ["--motion", "--script", "wait:4"])
        let b = try show(still + ["--motion", "--script", "wait:8"])
        let pixels = 240 * 300
        XCTAssertGreaterThan(changed(a, b), pixels / 20, "with --motion the photo has zoomed and drifted meanwhile")
        let c = try show(still + ["--script", "wait:4"])
        let d = try show(still + ["--script", "wait:8"])
        XCTAssertEqual(changed(c, d), 0, "without it the same photo looks the same")
        XCTAssertGreaterThan(changed(a, c), 0, "and the moving one is not the still one")
    }
}
