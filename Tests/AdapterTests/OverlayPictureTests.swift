import Foundation
import GalleryCore
import PixelBands
import SDLKit
@testable import TesseraApp
import XCTest

/// An overlay drawn once into a picture and copied (`OverlayPicture`) against the same overlay drawn in pieces, on
/// SDL's software renderer (offscreen driver): the copy SDL makes is `Matte.flooredCopy`, and the picture over a
/// black, a white and a grey photo gives the pieces' pixels.
final class OverlayPictureTests: XCTestCase {
    override func setUp() { XCTAssertNotNil(SharedSDL.system) }

    private func levels(_ shot: Surface, _ x: Int, _ y: Int) -> (Int, Int, Int) {
        let p = shot.pixel(x: x, y: y)
        return (Int(p.r), Int(p.g), Int(p.b))
    }

    /// Every colour at every coverage, copied blended over black and over white, reads as `Matte.flooredCopy` says:
    /// the matte is chosen for this copy, so a renderer that copies otherwise must be looked at again.
    func testTheSoftwareRenderersBlendedCopyIsTheFlooredCopy() throws {
        let window = try Window(system: RenderingTests.video!, title: "copy", width: 256, height: 256)
        let renderer = try Renderer(window: window, kind: .software, vsync: false)
        let table = try Surface(width: 256, height: 256)
        for alpha in 0..<256 {
            for c in 0..<256 { table.setPixel(x: c, y: alpha, r: UInt8(c), g: UInt8(255 - c), b: UInt8(c / 2), a: UInt8(alpha)) }
        }
        let texture = try Texture(renderer: renderer, surface: table)
        texture.setBlending(true)
        for background in [0, 255] {
            renderer.setColor(UInt8(background), UInt8(background), UInt8(background))
            renderer.clear()
            renderer.copy(texture, to: 0, 0, 256, 256)
            let shot = try renderer.readPixels()
            var wrong = 0, first = ""
            for alpha in 0..<256 {
                for c in 0..<256 {
                    let want = [c, 255 - c, c / 2].map { Matte.flooredCopy($0, alpha: alpha, over: background) }
                    let (r, g, b) = levels(shot, c, alpha)
                    if [r, g, b] != want {
                        if wrong == 0 { first = "colour \(c) alpha \(alpha) over \(background): \([r, g, b]) not \(want)" }
                        wrong += 1
                    }
                }
            }
            XCTAssertEqual(wrong, 0, first)
        }
    }

    /// A shade, light words with an alpha (246, 235 of 255) and their shadow, as the weather draws them: the picture
    /// copied over black and over white gives the pieces level for level, over grey and a gradient within two.
    func testAPictureCopiedGivesThePiecesPixels() throws {
        let width = 240, height = 120
        let window = try Window(system: RenderingTests.video!, title: "picture", width: width, height: height)
        let renderer = try Renderer(window: window, kind: .software, vsync: false)
        XCTAssertTrue(OverlayPicture.fits(renderer))
        let glyphs = try Surface(width: 80, height: 24)
        for y in 0..<24 {
            for x in 0..<80 {
                // Strokes with soft edges, as a rasterised font's coverage.
                let edge = abs((x * 7 + y * 3) % 16 - 8)
                glyphs.setPixel(x: x, y: y, r: 255, g: 255, b: 255, a: UInt8(max(0, min(255, (8 - edge) * 48))))
            }
        }
        let words = try Texture(renderer: renderer, surface: glyphs)
        words.setBlending(true)
        func paint() {
            renderer.setColor(0, 0, 0, 150)
            renderer.fill(x: 120, y: 50, width: 110, height: 60)
            words.setColorMod(r: 0, g: 0, b: 0)
            words.setAlphaMod(150)
            renderer.copy(words, to: 132, 66, 80, 24)
            words.setColorMod(r: 246, g: 246, b: 246)
            words.setAlphaMod(235)
            renderer.copy(words, to: 130, 64, 80, 24)
        }
        let photos: [(String, (Int, Int) -> (UInt8, UInt8, UInt8))] = [
            ("black", { _, _ in (0, 0, 0) }), ("white", { _, _ in (255, 255, 255) }), ("grey", { _, _ in (128, 128, 128) }),
            ("gradient", { x, y in (UInt8(x * 255 / width), UInt8(y * 255 / height), 90) }),
        ]
        let picture = OverlayPicture()
        let key = OverlayPicture.Key(changes: 1, frame: Rect(x: 120, y: 50, width: 110, height: 60),
                                     window: PixelSize(width: width, height: height))
        for (name, colour) in photos {
            let photo = try Surface(width: width, height: height)
            for y in 0..<height { for x in 0..<width { let c = colour(x, y); photo.setPixel(x: x, y: y, r: c.0, g: c.1, b: c.2, a: 255) } }
            let under = try Texture(renderer: renderer, opaque: photo)
            renderer.copy(under, to: 0, 0, width, height)
            paint()
            let pieces = try renderer.readPixels()
            renderer.copy(under, to: 0, 0, width, height)
            XCTAssertTrue(picture.draw(key, renderer: renderer, paint: paint), "a picture was made")
            let copied = try renderer.readPixels()
            var worst = 0, at = (0, 0)
            for y in 0..<height {
                for x in 0..<width {
                    let a = levels(pieces, x, y), b = levels(copied, x, y)
                    let d = max(abs(a.0 - b.0), abs(a.1 - b.1), abs(a.2 - b.2))
                    if d > worst { worst = d; at = (x, y) }
                }
            }
            // Over a colour between, each of the pieces' three blends floors on its own and the picture's one copy
            // once: they part by up to two levels there.
            let bound = name == "black" || name == "white" ? 0 : 2
            XCTAssertLessThanOrEqual(worst, bound, "\(name): pixel \(at): pieces \(levels(pieces, at.0, at.1)), picture \(levels(copied, at.0, at.1))")
        }
    }
}
