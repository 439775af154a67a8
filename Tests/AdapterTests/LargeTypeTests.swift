import Foundation
import GalleryCore
import SDLKit
@testable import TesseraApp
import XCTest

/// Large type and the soft shade, on the software renderer: a line is rendered once and drawn from its texture
/// every frame after (a new line when the words change, again after the renderer lost its textures); the size it
/// measures is the size it draws; the shade is as dark as asked over its rectangle and fades to nothing round it.
final class LargeTypeTests: XCTestCase {
    private func large(_ renderer: Renderer) throws -> LargeType {
        let fonts = try XCTUnwrap(FontLocator.locate(override: nil))
        return LargeType(renderer: renderer, faces: (fonts.regular, fonts.bold, []), scale: 1)
    }

    func testALineIsRenderedOnceUntilItsWordsChange() throws {
        let renderer = try TestVideo.renderer()
        let type = try large(renderer)
        for _ in 0..<100 { type.draw("12:34", 80, .bold, x: 10, y: 10, color: RGBA(255, 255, 255)) }
        XCTAssertEqual(type.renders, 1, "one texture for a hundred frames")
        type.draw("Tuesday 1 December", 30, .bold, x: 10, y: 120, color: RGBA(255, 255, 255))
        for _ in 0..<50 {
            type.draw("12:34", 80, .bold, x: 10, y: 10, color: RGBA(255, 255, 255))
            type.draw("Tuesday 1 December", 30, .bold, x: 10, y: 120, color: RGBA(255, 255, 255))
        }
        XCTAssertEqual(type.renders, 2)
        type.draw("12:35", 80, .bold, x: 10, y: 10, color: RGBA(255, 255, 255))
        XCTAssertEqual(type.renders, 3, "the next minute")
        type.dropTextures()
        type.draw("12:35", 80, .bold, x: 10, y: 10, color: RGBA(255, 255, 255))
        XCTAssertEqual(type.renders, 4, "made again after the renderer lost its textures")
        // More lines than are kept: the oldest go, each new one made once.
        for minute in 0..<(LargeType.lineLimit + 5) { type.draw("09:\(minute)", 80, .bold, x: 0, y: 0, color: RGBA(255, 255, 255)) }
        XCTAssertEqual(type.renders, 4 + LargeType.lineLimit + 5)
    }

    func testItDrawsAsLargeAsItMeasures() throws {
        let renderer = try TestVideo.renderer()
        let type = try large(renderer)
        let size = type.size(of: "88", 120, .bold)
        XCTAssertGreaterThan(size.height, 120, "a line skip is taller than the em")
        XCTAssertEqual(type.lineHeight(120, .bold), size.height)
        XCTAssertGreaterThan(size.width, 100)
        renderer.setColor(0, 0, 0)
        renderer.clear()
        type.draw("88", 120, .bold, x: 20, y: 20, color: RGBA(255, 255, 255))
        let shot = try renderer.readPixels()
        var top = Int.max, bottom = 0, right = 0
        for y in 0..<shot.height {
            for x in 0..<shot.width where shot.pixel(x: x, y: y).r > 128 {
                top = min(top, y); bottom = max(bottom, y); right = max(right, x)
            }
        }
        // The digits' ink: their cap height, about 0.73 of the em.
        XCTAssertEqual(Double(bottom - top + 1) / 120, ClockLayout.digitsPerEm, accuracy: 0.04)
        XCTAssertLessThanOrEqual(right, 20 + size.width)
        XCTAssertGreaterThan(right, 20 + size.width * 3 / 4)
    }

    func testTheShadeIsDarkOverItsRectangleAndFadesRoundIt() throws {
        let renderer = try TestVideo.renderer()
        let shade = SoftShade(renderer: renderer)
        renderer.setColor(255, 255, 255)
        renderer.clear()
        shade.draw(over: Rect(x: 100, y: 80, width: 120, height: 80), reach: 60, color: RGBA(0, 0, 0, 160))
        let shot = try renderer.readPixels()
        let row = 120
        let inside = Int(shot.pixel(x: 160, y: row).r)
        XCTAssertEqual(inside, 255 - 160, accuracy: 3, "as dark as asked over the rectangle")
        XCTAssertEqual(Int(shot.pixel(x: 30, y: row).r), 255, accuracy: 2, "nothing beyond its reach")
        // Going out from the rectangle's edge, lighter at every step and no step a cliff.
        let out = (40...100).reversed().map { Int(shot.pixel(x: $0, y: row).r) }
        XCTAssertEqual(out, out.sorted(), "lighter the further out: \(out)")
        let steps = zip(out, out.dropFirst()).map { $1 - $0 }
        XCTAssertLessThan(steps.max() ?? 0, 12, "soft, never a hard edge: \(out)")
        XCTAssertGreaterThan(Int(shot.pixel(x: 100 - 30, y: row).r), inside + 40, "half way out, much lighter")
        // Its corners round off.
        XCTAssertGreaterThan(Int(shot.pixel(x: 100 - 40, y: 80 - 40).r), Int(shot.pixel(x: 100 - 40, y: row).r))
    }
}
