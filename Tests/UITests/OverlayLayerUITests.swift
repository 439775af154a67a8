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
        XCTAssertTrue(run.log.contains("overlays: captions, toasts, probe"), run.log, file: file, line: line)
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
}
