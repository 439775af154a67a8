import Foundation
import SDLKit
import XCTest

/// The overlay layer, by pixels: an overlay added through registration alone (the development binary's
/// `overlay-probe` adds one line to `AppOptions.overlays`: a magenta mark, centred, over the slideshow and the walls)
/// is drawn over the slideshow, the kiosk's wall and the desktop's; the app itself draws no such mark. The frame's
/// clock stands in its corner as before it was an overlay.
final class OverlayLayerUITests: XCTestCase {
    private static let sdl: SDLSystem? = try? SDLSystem(video: false)
    private let magenta = (255, 0, 255)

    private func probe(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> Surface {
        XCTAssertNotNil(OverlayLayerUITests.sdl)
        let run = try AppProcess.run(["--size", "900x600"] + arguments, program: [AppProcess.bench, "overlay-probe"])
        XCTAssertEqual(run.status, 0, run.log, file: file, line: line)
        XCTAssertTrue(run.log.contains("overlays: captions, identify, toasts, probe"), run.log, file: file, line: line)
        return try XCTUnwrap(run.frame, run.log, file: file, line: line)
    }

    /// Samples of the 120x60 mark centred in the window that are magenta (a few pixels off its edges left out; a
    /// kiosk's window covers the whole display, whatever `--size` says).
    private func markPixels(_ frame: Surface) -> Int {
        let x0 = frame.width / 2 - 58, y0 = frame.height / 2 - 28
        var n = 0
        for y in stride(from: y0, to: y0 + 56, by: 4) {
            for x in stride(from: x0, to: x0 + 116, by: 4) where XSession.isColor(frame.pixel(x: x, y: y), magenta, tolerance: 4) { n += 1 }
        }
        return n
    }

    private let markSamples = 14 * 29

    func testAnOverlayAddedByRegistrationAloneIsDrawnOverTheSlideshowAndTheWalls() throws {
        let slideshow = try probe(["--mode", "slideshow", "--script", "wait:1"])
        XCTAssertEqual(markPixels(slideshow), markSamples, "the mark over the slideshow")
        let kioskShow = try probe(["--mode", "slideshow", "--kiosk", "--script", "wait:1"])
        XCTAssertEqual(markPixels(kioskShow), markSamples, "over a kiosk's slideshow")
        let wall = try probe(["--script", "top"])
        XCTAssertEqual(markPixels(wall), markSamples, "over the desktop's wall")
        let kioskWall = try probe(["--kiosk", "--script", "top"])
        XCTAssertEqual(markPixels(kioskWall), markSamples, "over the kiosk's wall")
        // Just under the mark, the wall's photos: it covers its own place only.
        XCTAssertFalse(XSession.isColor(wall.pixel(x: wall.width / 2, y: wall.height / 2 + 40), magenta, tolerance: 40))

        let plain = try AppProcess.run(["--demo", "--no-cache", "--name", "Ada", "--size", "900x600", "--script", "top"])
        XCTAssertEqual(plain.status, 0, plain.log)
        XCTAssertEqual(markPixels(try XCTUnwrap(plain.frame, plain.log)), 0, "the app itself has no test overlay")
    }

    /// The frame's clock on the layer: in its corner, and drawn again when the minute turns while the photo stands
    /// (the loop no longer pokes it into the slideshow). The wall clock is put where a test wants it (libfaketime).
    func testTheFrameClockStandsInItsCornerAndTurnsWithTheMinute() throws {
        XCTAssertNotNil(OverlayLayerUITests.sdl)
        func corner(at start: String, wait: Int) throws -> [UInt32] {
            let run = try AppProcess.run(["--demo", "--mode", "slideshow", "--name", "Ada", "--no-cache", "--size", "900x600",
                                          "--clock", "bottom-right", "--script", "wait:\(wait)"],
                                         environment: try FakeClock.environment("@2026-11-28 " + start))
            XCTAssertEqual(run.status, 0, run.log)
            let frame = try XCTUnwrap(run.frame, run.log)
            // The clock's box: 32 px in from the right and the foot, about 60x25 at this size.
            return (frame.height - 70..<frame.height - 30).flatMap { y in
                (frame.width - 110..<frame.width - 30).map { x in
                    let p = frame.pixel(x: x, y: y)
                    return UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b)
                }
            }
        }
        let turned = try corner(at: "12:34:57", wait: 5)
        let later = try corner(at: "12:35:20", wait: 1)
        let before = try corner(at: "12:34:20", wait: 1)
        XCTAssertGreaterThan(later.filter { p in [16, 8, 0].allSatisfy { p >> UInt32($0) & 0xFF > 180 } }.count, 20,
                             "light digits in the corner, over the photo's dark foot")
        XCTAssertEqual(turned, later, "12:35 once the minute turned under a photo that stood still")
        XCTAssertNotEqual(turned, before, "not the 12:34 it started with")
    }
}
