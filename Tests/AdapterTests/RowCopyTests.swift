import Foundation
@testable import SDLKit
@_spi(Bench) @testable import TesseraApp
import XCTest

/// `Renderer.copyRows(of:source:to:)`: a still drawn one to one on the software renderer (offscreen driver) by
/// copying its rows into the window ourselves lands exactly where SDL's own copy puts it, pixel for pixel: at odd
/// places, cropped, cut by the clip and the window's edges, moved by the burn-in offset, mirrored. A window within a
/// processor's cache is left to SDL.
final class RowCopyTests: XCTestCase {
    override func setUp() { XCTAssertNotNil(SharedSDL.system) }

    /// A picture whose every pixel differs from its neighbours: a copy one pixel off or a row late shows.
    private func pattern(width: Int, height: Int) throws -> Surface {
        let surface = try Surface(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                surface.setPixel(x: x, y: y, r: UInt8(x & 0xFF), g: UInt8(y & 0xFF), b: UInt8((x * 7 + y * 13) & 0xFF), a: 255)
            }
        }
        return surface
    }

    /// One drawing of the cases on a fresh 300x200 window; `ours` false leaves every copy to SDL.
    private func draw(ours: Bool, _ steps: (Renderer, Texture) -> Void) throws -> (Surface, Int) {
        let window = try Window(system: RenderingTests.video!, title: "rows", width: 300, height: 200)
        let renderer = try Renderer(window: window, kind: .software, vsync: false)
        renderer.rowCopyEnabled = ours
        renderer.rowCopyWindowBytes = 0  // a 4K window's path, in a small one
        let texture = try Texture(renderer: renderer, opaque: pattern(width: 160, height: 120))
        renderer.setColor(30, 60, 90)
        renderer.clear()
        steps(renderer, texture)
        return (try renderer.readPixels(), renderer.rowCopyCount)
    }

    /// `copies`: how many of the drawing's copies are ours (the rest SDL's).
    private func assertSameAsSDL(_ what: String, copies wanted: Int = 1, _ steps: (Renderer, Texture) -> Void,
                                 file: StaticString = #filePath, line: UInt = #line) throws {
        let (mine, copies) = try draw(ours: true, steps)
        let (sdl, sdlCopies) = try draw(ours: false, steps)
        XCTAssertEqual(copies, wanted, "\(what): copies drawn by us", file: file, line: line)
        XCTAssertEqual(sdlCopies, 0, file: file, line: line)
        var differ = 0, first = ""
        for y in 0..<200 {
            for x in 0..<300 where mine.pixel(x: x, y: y) != sdl.pixel(x: x, y: y) {
                if differ == 0 { first = "(\(x), \(y)): \(mine.pixel(x: x, y: y)) against SDL's \(sdl.pixel(x: x, y: y))" }
                differ += 1
            }
        }
        XCTAssertEqual(differ, 0, "\(what): \(differ) pixels differ from SDL's copy, first at \(first)", file: file, line: line)
    }

    func testACopyAtAnOddPlaceCroppedAndCutLandsAsSDLs() throws {
        try assertSameAsSDL("whole, at an odd place") { r, t in r.copy(t, to: 7, 9, 160, 120) }
        try assertSameAsSDL("cropped") { r, t in r.copy(t, source: (3, 5, 101, 77), to: 33, 41, 101, 77) }
        try assertSameAsSDL("past the window's right and bottom edges") { r, t in r.copy(t, to: 219, 131, 160, 120) }
        try assertSameAsSDL("past the top and left") { r, t in r.copy(t, to: -13, -17, 160, 120) }
        try assertSameAsSDL("a part under 20 pixels wide (copied by memcpy)") { r, t in r.copy(t, to: 287, 50, 160, 120) }
        try assertSameAsSDL("cut by the clip, as a wall's cell under the header", copies: 2) { r, t in
            r.setClip((x: 0, y: 48, width: 300, height: 152))
            r.copy(t, to: 11, 5, 160, 120)
            r.copy(t, source: (1, 2, 120, 100), to: 150, 170, 120, 100)
        }
    }

    /// What SDL would not draw as a plain copy stays SDL's, with the same pixels.
    func testAModulatedScaledOrFlippedCopyIsLeftToSDL() throws {
        try assertSameAsSDL("faded", copies: 0) { r, t in
            t.setBlending(true)
            t.setAlphaMod(128)
            r.copy(t, to: 7, 9, 160, 120)
        }
        try assertSameAsSDL("scaled", copies: 0) { r, t in r.copy(t, to: 7, 9, 200, 150) }
        try assertSameAsSDL("flipped", copies: 0) { r, t in r.copy(t, to: 7, 9, 160, 120, flip: .horizontal) }
    }

    func testASmallWindowIsLeftToSDL() throws {
        let window = try Window(system: RenderingTests.video!, title: "small", width: 300, height: 200)
        let renderer = try Renderer(window: window, kind: .software, vsync: false)
        renderer.rowCopyEnabled = true
        let texture = try Texture(renderer: renderer, opaque: pattern(width: 160, height: 120))
        renderer.copy(texture, to: 7, 9, 160, 120)
        XCTAssertEqual(renderer.rowCopyCount, 0)
        renderer.rowCopyWindowBytes = 300 * 200 * 4
        renderer.copy(texture, to: 7, 9, 160, 120)
        XCTAssertEqual(renderer.rowCopyCount, 1)
    }

    func testTheBurnInOffsetAndAMirroredScreenLandAsSDLs() throws {
        try assertSameAsSDL("moved by the burn-in offset", copies: 2) { r, t in
            r.setOffset(dx: -5, dy: 3)
            r.copy(t, to: 3, 0, 160, 120)
            r.copy(t, to: 150, 90, 160, 120)
            r.setOffset(dx: 0, dy: 0)  // the window read whole
        }
        try assertSameAsSDL("mirrored, cropped and clipped") { r, t in
            r.mirror(about: 300)
            r.setClip((x: 20, y: 10, width: 250, height: 170))
            r.copy(t, source: (9, 4, 130, 110), to: 5, 1, 130, 110)
            r.mirror(about: nil)
        }
    }
}
