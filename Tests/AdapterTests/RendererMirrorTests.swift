import SDLKit
import XCTest

/// The renderer's mirror for a screen read right to left (`Renderer.mirror(about:)`), under the offscreen driver
/// with the software renderer: what is laid out on the left lands on the right, a texture's content unflipped
/// unless it is a shape of the layout, clips and runs that keep their order, textures drawn into as laid out, the
/// burn-in offset and the scale with it.
final class RendererMirrorTests: XCTestCase {
    private func renderer(width: Int = 120, height: Int = 80) throws -> Renderer {
        let system = try XCTUnwrap(TestVideo.system, "offscreen video must start")
        return try Renderer(window: try Window(system: system, title: "mirror", width: width, height: height),
                            kind: .software, vsync: false)
    }

    private func colour(_ frame: Surface, _ x: Int, _ y: Int) -> [UInt8] {
        let p = frame.pixel(x: x, y: y)
        return [p.r, p.g, p.b]
    }

    private let red: [UInt8] = [255, 0, 0], green: [UInt8] = [0, 255, 0], blue: [UInt8] = [0, 0, 255], black: [UInt8] = [0, 0, 0]

    /// A 4×1 texture, green on its left half and blue on its right: which way it is drawn shows.
    private func halves(_ renderer: Renderer) throws -> Texture {
        let s = try Surface(width: 4, height: 1)
        s.fill(x: 0, y: 0, width: 2, height: 1, r: 0, g: 255, b: 0)
        s.fill(x: 2, y: 0, width: 2, height: 1, r: 0, g: 0, b: 255)
        return try Texture(renderer: renderer, opaque: s)
    }

    private func clear(_ renderer: Renderer) {
        renderer.setColor(0, 0, 0)
        renderer.clear()
    }

    func testFillsAndCopiesLandMirroredWithTheirContentAsItIs() throws {
        let renderer = try renderer()
        renderer.mirror(about: 120)
        XCTAssertEqual(renderer.mirrorWidth, 120)
        clear(renderer)
        renderer.setColor(255, 0, 0)
        renderer.fill(x: 0, y: 0, width: 20, height: 10)
        let texture = try halves(renderer)
        renderer.copy(texture, to: 0, 20, 8, 10)
        renderer.copy(texture, to: 0, 40, 8, 10, flip: .withLayout)
        renderer.copy(texture, source: (0, 0, 2, 1), to: 0, 60, 8, 10)
        renderer.copy(texture, source: (0, 0, 2, 1), to: 0, 70, 8, 10, flip: .cutByLayout)
        let frame = try renderer.readPixels()
        XCTAssertEqual(colour(frame, 110, 5), red, "a fill on the left lands on the right")
        XCTAssertEqual(colour(frame, 10, 5), black)
        XCTAssertEqual(colour(frame, 113, 25), green, "a photo reads as it is: its left on the left")
        XCTAssertEqual(colour(frame, 117, 25), blue)
        XCTAssertEqual(colour(frame, 113, 45), blue, "a shape of the layout is flipped with it")
        XCTAssertEqual(colour(frame, 117, 45), green)
        XCTAssertEqual(colour(frame, 115, 65), green, "a source part chosen by the picture is kept")
        XCTAssertEqual(colour(frame, 115, 75), blue, "a source part cut by the layout is mirrored in its texture")
        renderer.present()
    }

    func testClipsRunsAndTargetsFollowTheMirror() throws {
        let renderer = try renderer()
        renderer.mirror(about: 120)
        clear(renderer)
        renderer.setClip((0, 0, 10, 10))
        renderer.setColor(0, 0, 255)
        renderer.fill(x: 0, y: 0, width: 120, height: 80)
        renderer.setClip(nil)
        // Two pieces of a run that keeps its order (a clock's digits): red then green, left to right, on the right.
        renderer.keepingOrder(x: 0, width: 20) {
            renderer.setColor(255, 0, 0)
            renderer.fill(x: 0, y: 20, width: 10, height: 10)
            renderer.setColor(0, 255, 0)
            renderer.fill(x: 10, y: 20, width: 10, height: 10)
        }
        // Drawn into a texture as laid out (red on its left), the texture then placed mirrored.
        let target = try Texture(renderer: renderer, targetWidth: 20, height: 10)
        try renderer.draw(into: target) {
            renderer.setColor(0, 255, 0)
            renderer.clear()
            renderer.setColor(255, 0, 0)
            renderer.fill(x: 0, y: 0, width: 10, height: 10)
        }
        renderer.copy(target, to: 0, 40, 20, 10)
        // A picture placed by what it shows, drawn as placed.
        renderer.unmirrored {
            renderer.setColor(255, 0, 0)
            renderer.fill(x: 0, y: 60, width: 10, height: 10)
        }
        renderer.setColor(0, 255, 0)
        renderer.fill(x: 0, y: 70, width: 10, height: 10)
        let frame = try renderer.readPixels()
        XCTAssertEqual(colour(frame, 115, 5), blue, "the clip is mirrored with what it clips")
        XCTAssertEqual(colour(frame, 5, 5), black)
        XCTAssertEqual(colour(frame, 50, 50), black)
        XCTAssertEqual(colour(frame, 105, 25), red, "the run keeps its order")
        XCTAssertEqual(colour(frame, 115, 25), green)
        XCTAssertEqual(colour(frame, 105, 45), red, "a texture drawn into is drawn as laid out")
        XCTAssertEqual(colour(frame, 115, 45), green)
        XCTAssertEqual(colour(frame, 5, 65), red, "unmirrored: as placed")
        XCTAssertEqual(colour(frame, 115, 65), black)
        XCTAssertEqual(colour(frame, 115, 75), green, "mirrored again after it")
        renderer.present()
    }

    func testTheOffsetAndTheScaleAreTheLayouts() throws {
        let renderer = try renderer()
        renderer.setScale(2)
        renderer.mirror(about: 60)
        renderer.setOffset(dx: 2, dy: 0)
        clear(renderer)
        renderer.setColor(255, 0, 0)
        renderer.fill(x: 0, y: 0, width: 5, height: 5)
        // Read back whole (SDL reads the viewport, which the offset moved past the window's edge).
        renderer.setOffset(dx: 0, dy: 0)
        var frame = try renderer.readPixels()
        // Logical 0…5 at scale 2 lands at 110…120 mirrored, moved 2 logical pixels (4 physical) the other way.
        XCTAssertEqual(colour(frame, 107, 5), red)
        XCTAssertEqual(colour(frame, 114, 5), red)
        XCTAssertEqual(colour(frame, 104, 5), black)
        XCTAssertEqual(colour(frame, 117, 5), black, "the shift is the layout's: mirrored, it moves left")
        renderer.present()
        renderer.mirror(about: nil)
        XCTAssertNil(renderer.mirrorWidth)
        clear(renderer)
        renderer.setColor(255, 0, 0)
        renderer.fill(x: 0, y: 0, width: 5, height: 5)
        frame = try renderer.readPixels()
        XCTAssertEqual(colour(frame, 5, 5), red, "as laid out again")
        XCTAssertEqual(colour(frame, 115, 5), black)
        renderer.present()
    }

    func testATurnedPanelTurnsTheMirroredFrame() throws {
        let renderer = try renderer(width: 80, height: 120)
        try renderer.setRotation(90)
        XCTAssertEqual(renderer.drawingSize.width, 120)
        renderer.mirror(about: 120)
        clear(renderer)
        renderer.setColor(255, 0, 0)
        renderer.fill(x: 0, y: 0, width: 10, height: 10)
        let frame = try renderer.readPixels()
        // Drawn at the upright picture's top right, turned a quarter clockwise: the panel's bottom right.
        XCTAssertEqual(colour(frame, 75, 115), red)
        XCTAssertEqual(colour(frame, 75, 5), black)
        renderer.present()
    }
}
