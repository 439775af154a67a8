import SDLKit
import XCTest

/// `Renderer.withWindowPixels`, the slideshow's way into the frame being drawn: under the offscreen driver with the
/// software renderer, what was asked before is in the pixels it hands out, what is written there is in the frame
/// read back, under what is drawn after; the burn-in offset (mirrored on a right-to-left screen) moves the part
/// handed out; a turned panel and a texture drawn into hand out nothing.
final class WindowPixelsTests: XCTestCase {
    private func renderer(width: Int = 40, height: Int = 30) throws -> Renderer {
        let system = try XCTUnwrap(TestVideo.system, "offscreen video must start")
        return try Renderer(window: try Window(system: system, title: "pixels", width: width, height: height),
                            kind: .software, vsync: false)
    }

    private func colour(_ frame: Surface, _ x: Int, _ y: Int) -> [UInt8] {
        let p = frame.pixel(x: x, y: y)
        return [p.r, p.g, p.b]
    }

    /// Writes `rgb` at (`x`, `y`) of the pixels handed out for a 40x30 drawing; returns the part's origin and size.
    private func write(_ renderer: Renderer, _ rgb: UInt32, x: Int, y: Int) -> (origin: [Int], size: [Int])? {
        renderer.withWindowPixels(width: 40, height: 30) { pixels in
            (pixels.base + y * pixels.pitch + x * 4).storeBytes(of: rgb | 0xff00_0000, as: UInt32.self)
            return ([pixels.origin.x, pixels.origin.y], [pixels.width, pixels.height])
        }
    }

    func testWhatWasDrawnIsThereAndWhatIsWrittenIsInTheFrameUnderWhatComesAfter() throws {
        let renderer = try renderer()
        renderer.setColor(255, 0, 0)
        renderer.clear()
        let read = renderer.withWindowPixels(width: 40, height: 30) { pixels -> UInt32 in
            XCTAssertEqual(pixels.width, 40)
            XCTAssertEqual(pixels.height, 30)
            XCTAssertGreaterThanOrEqual(pixels.pitch, 40 * 4)
            XCTAssertEqual(pixels.origin.x, 0)
            XCTAssertEqual(pixels.origin.y, 0)
            let p = (pixels.base + 29 * pixels.pitch + 39 * 4).load(as: UInt32.self)
            (pixels.base + 5 * pixels.pitch + 6 * 4).storeBytes(of: 0xff00_00ff, as: UInt32.self)
            (pixels.base + 7 * pixels.pitch + 6 * 4).storeBytes(of: 0xff00_00ff, as: UInt32.self)
            return p
        }
        XCTAssertEqual(read.map { $0 & 0xff_ffff }, 0xff_0000, "the clear asked before was drawn first")
        renderer.setColor(0, 255, 0)
        renderer.fill(x: 6, y: 7, width: 1, height: 1)
        let frame = try renderer.readPixels()
        XCTAssertEqual(colour(frame, 6, 5), [0, 0, 255], "written straight into the frame")
        XCTAssertEqual(colour(frame, 6, 7), [0, 255, 0], "under what is drawn after")
        XCTAssertEqual(colour(frame, 7, 5), [255, 0, 0])
        renderer.present()
    }

    func testTheBurnInOffsetMovesThePartHandedOutMirroredWithTheScreen() throws {
        let renderer = try renderer()
        renderer.setColor(0, 0, 0)
        renderer.clear()
        renderer.setOffset(dx: 3, dy: 2)
        let right = write(renderer, 0xff_0000, x: 0, y: 0)
        XCTAssertEqual(right?.origin, [0, 0])
        XCTAssertEqual(right?.size, [37, 28], "the drawing's right and bottom edges are past the window's")
        renderer.setOffset(dx: -4, dy: -1)
        let left = write(renderer, 0x00_ff00, x: 0, y: 0)
        XCTAssertEqual(left?.origin, [4, 1], "the drawing's top left is out of the window")
        XCTAssertEqual(left?.size, [36, 29])
        renderer.mirror(about: 40)
        renderer.setOffset(dx: 5, dy: 0)
        let mirrored = write(renderer, 0x00_00ff, x: 0, y: 9)
        XCTAssertEqual(mirrored?.origin, [5, 0], "mirrored, the offset moves the drawing left")
        renderer.mirror(about: nil)
        renderer.setOffset(dx: 0, dy: 0)
        let frame = try renderer.readPixels()
        XCTAssertEqual(colour(frame, 3, 2), [255, 0, 0])
        XCTAssertEqual(colour(frame, 0, 0), [0, 255, 0])
        XCTAssertEqual(colour(frame, 0, 9), [0, 0, 255])
        renderer.present()
    }

    func testATurnedPanelAndATextureDrawnIntoHandOutNothing() throws {
        let renderer = try renderer()
        let target = try Texture(renderer: renderer, targetWidth: 8, height: 8)
        try renderer.draw(into: target) {
            XCTAssertNil(renderer.withWindowPixels(width: 8, height: 8) { _ in 0 }, "drawing into a texture")
        }
        renderer.setClip((0, 0, 10, 10))
        XCTAssertNil(renderer.withWindowPixels(width: 40, height: 30) { _ in 0 }, "a clip")
        renderer.setClip(nil)
        XCTAssertNotNil(renderer.withWindowPixels(width: 40, height: 30) { _ in 0 })
        try renderer.setRotation(90)
        renderer.setColor(0, 0, 0)
        renderer.clear()
        XCTAssertNil(renderer.withWindowPixels(width: 30, height: 40) { _ in 0 }, "frames go to the turned target")
        renderer.present()
    }
}
