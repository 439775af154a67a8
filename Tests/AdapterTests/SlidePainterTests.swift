import Foundation
import GalleryCore
import SDLKit
@_spi(Bench) @testable import TesseraApp
import XCTest

/// The slideshow's frames composed on all cores (`SlidePainter` over `PixelBands`) against the same frames drawn
/// piece by piece by SDL's software renderer, read back from the window (offscreen driver); and `Texture.withPixels`,
/// the door they are read through.
final class SlidePainterTests: XCTestCase {
    override func setUp() { XCTAssertNotNil(SharedSDL.system) }

    /// A photo-like picture: smooth gradients and a hard edge, so a pixel off in a stretch or a blend shows.
    private func picture(_ renderer: Renderer, width: Int, height: Int, seed: Int) throws -> (Surface, Texture) {
        let surface = try Surface(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let edge = (x + seed) % 17 < 3 ? 200 : 0
                surface.setPixel(x: x, y: y, r: UInt8((x * 255 / width + seed * 40) % 256),
                                 g: UInt8((y * 255 / height + edge) % 256), b: UInt8((x * y + seed * 13) % 256), a: 255)
            }
        }
        return (surface, try Texture(renderer: renderer, opaque: surface))
    }

    private func frame(_ renderer: Renderer, width: Int, height: Int) throws -> [(Int, Int, Int)] {
        let shot = try renderer.readPixels()
        return (0..<height).flatMap { y in (0..<width).map { x in
            let p = shot.pixel(x: x, y: y)
            return (Int(p.r), Int(p.g), Int(p.b))
        } }
    }

    func testTheSoftwareRenderersTexturesAreReadAsTheyWereUploaded() throws {
        let window = try Window(system: RenderingTests.video!, title: "pixels", width: 32, height: 16)
        let renderer = try Renderer(window: window, kind: .software, vsync: false)
        XCTAssertTrue(renderer.drawsInSoftware)
        let (surface, texture) = try picture(renderer, width: 23, height: 11, seed: 1)
        let read = texture.withPixels { pixels, pitch -> [UInt32] in
            XCTAssertGreaterThanOrEqual(pitch, 23 * 4)
            return (0..<11).flatMap { y in (0..<23).map { pixels.load(fromByteOffset: y * pitch + $0 * 4, as: UInt32.self) } }
        }
        let want = (0..<11).flatMap { y in (0..<23).map { x -> UInt32 in
            let p = surface.pixel(x: x, y: y)
            return UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b)
        } }
        XCTAssertEqual(read?.map { $0 & 0xff_ffff }, want, "the texture's own pixels, row by row")
        // A render target is not handed out (what a GPU holds cannot be read this way either).
        XCTAssertNil(try Texture(renderer: renderer, targetWidth: 4, height: 4).withPixels { _, _ in 0 })
    }

    /// A crossfade with `--motion` over black bars darkening the last photo, a matte's blended fill, a dip's
    /// darkened copy: composed in bands, then drawn piece by piece, every pixel within 3 of the other (SDL truncates
    /// at each step, its blended fill by `DRAW_MUL`, its colour-modulated blend by /255; the composer rounds: where
    /// two blended steps cover a pixel they part by up to 3). Composed straight into the window's pixels.
    func testAComposedFrameIsTheFrameTheRendererDraws() throws {
        let painter = try compareBothWays { _ in }
        XCTAssertEqual(painter.composedFrames, 1, "composed in bands")
        XCTAssertEqual(painter.framesInWindow, 1, "into the window's own pixels")
        XCTAssertEqual(painter.drawnFrames, 1)
    }

    /// The same frame with the burn-in offset on a mirrored screen (composed into the window's pixels, its edges past
    /// the window's), and on a turned panel (composed into a frame of its own, copied into the turned target).
    func testAComposedFrameIsTheFrameTheRendererDrawsMovedMirroredAndTurned() throws {
        let moved = try compareBothWays { renderer in
            renderer.mirror(about: 161)
            renderer.setOffset(dx: 7, dy: -4)
        }
        XCTAssertEqual(moved.framesInWindow, 1)
        let turned = try compareBothWays { renderer in try renderer.setRotation(90) }
        XCTAssertEqual(turned.composedFrames, 1)
        XCTAssertEqual(turned.framesInWindow, 0, "a turned panel's frames are drawn into its target")
    }

    /// Draws a frame piece by piece, then composed over magenta, on a renderer `prepare`d; every pixel within 3.
    private func compareBothWays(_ prepare: (Renderer) throws -> Void, file: StaticString = #filePath,
                                 line: UInt = #line) throws -> SlidePainter {
        let width = 161, height = 90
        let window = try Window(system: RenderingTests.video!, title: "fade", width: width, height: height)
        let renderer = try Renderer(window: window, kind: .software, vsync: false)
        try prepare(renderer)
        let (_, last) = try picture(renderer, width: 120, height: 90, seed: 2)
        let (_, next) = try picture(renderer, width: 60, height: 80, seed: 5)
        let painter = SlidePainter(renderer: renderer)
        func paint() {
            painter.fill(Rect(x: 0, y: 0, width: width, height: height), RGBA(0, 0, 0))
            painter.copy(last, source: Rect(x: 10, y: 5, width: 100, height: 70), to: Rect(x: 20, y: 0, width: 120, height: 90),
                         alpha: 255)
            painter.copy(last, source: Rect(x: 0, y: 0, width: 30, height: 90), to: Rect(x: 0, y: 0, width: 30, height: 90),
                         alpha: 255, shade: 90)
            painter.fill(Rect(x: 140, y: 0, width: 21, height: 90), RGBA(40, 80, 120, 100))
            painter.copy(next, source: Rect(x: 3, y: 2, width: 50, height: 70), to: Rect(x: 50, y: 4, width: 71, height: 83),
                         alpha: 150)
            painter.copy(next, source: Rect(x: 0, y: 0, width: 60, height: 80), to: Rect(x: 125, y: 5, width: 60, height: 80),
                         alpha: 70, shade: 200)
        }
        // Magenta under both: a pixel the composer missed shows; the strip the burn-in offset uncovers is alike.
        renderer.setColor(255, 0, 255)
        renderer.clear()
        paint()
        painter.finish(size: PixelSize(width: width, height: height), compose: false)
        // Read with no offset (SDL reads within the viewport, which the offset moves).
        renderer.setOffset(dx: 0, dy: 0)
        let drawn = try frame(renderer, width: width, height: height)
        renderer.present()
        try prepare(renderer)
        renderer.setColor(255, 0, 255)
        renderer.clear()
        paint()
        painter.finish(size: PixelSize(width: width, height: height), compose: true)
        renderer.setOffset(dx: 0, dy: 0)
        let composed = try frame(renderer, width: width, height: height)
        renderer.present()
        var worst = 0, at = 0
        for (i, (a, b)) in zip(drawn, composed).enumerated() {
            let d = max(abs(a.0 - b.0), abs(a.1 - b.1), abs(a.2 - b.2))
            if d > worst { worst = d; at = i }
        }
        XCTAssertLessThanOrEqual(worst, 3, "pixel (\(at % width), \(at / width)): drawn \(drawn[at]), composed \(composed[at])",
                                 file: file, line: line)
        return painter
    }
}
