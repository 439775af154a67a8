import Foundation
@testable import SDLKit
@_spi(Bench) @testable import TesseraApp
import XCTest

/// `Texture`'s YUV streams (`TextureYUV.swift`): planes in, the renderer's RGB out, for I420 and NV12, through the
/// software renderer on the offscreen driver, both as it converts them itself (an RGB texture) and as SDL's own YUV
/// texture does.
final class YUVTextureTests: XCTestCase {
    override func setUp() { XCTAssertNotNil(SharedSDL.system) }

    /// A 16x8 frame in `format`'s packed planes: its left half BT.601 red (Y 81, U 90, V 240), its right half
    /// limited-range white (Y 235, U = V = 128).
    private func frame(_ format: Texture.YUVFormat) -> [UInt8] {
        let width = 16, height = 8
        var y = [UInt8](repeating: 235, count: width * height)
        var u = [UInt8](repeating: 128, count: width * height / 4), v = u
        for row in 0..<height { for x in 0..<width / 2 { y[row * width + x] = 81 } }
        for row in 0..<height / 2 {
            for x in 0..<width / 4 { u[row * width / 2 + x] = 90; v[row * width / 2 + x] = 240 }
        }
        return format == .iyuv ? y + u + v : y + zip(u, v).flatMap { [$0, $1] }
    }

    private func assertNear(_ got: [Int], _ want: [Int], _ what: String, file: StaticString = #filePath,
                            line: UInt = #line) {
        XCTAssertTrue(zip(got, want).allSatisfy { abs($0 - $1) <= 4 }, "\(what): \(got), wanted about \(want)",
                      file: file, line: line)
    }

    func testI420AndNV12FramesShowAsRGBConvertedHereOrBySDL() throws {
        let window = try Window(system: RenderingTests.video!, title: "yuv", width: 16, height: 8)
        let renderer = try Renderer(window: window, kind: .software, vsync: false)
        XCTAssertTrue(try Texture(renderer: renderer, streamingWidth: 16, height: 8, yuv: .iyuv).convertsPlanes,
                      "the software renderer's stream is converted into")
        for format in [Texture.YUVFormat.iyuv, .nv12] {
            for converting in [true, false] {
                let what = "\(format), \(converting ? "converted here" : "SDL's YUV texture")"
                let texture = try Texture(renderer: renderer, streamingWidth: 16, height: 8, yuv: format,
                                          converting: converting)
                XCTAssertEqual(texture.yuvFormat, format)
                try frame(format).withUnsafeBytes { bytes in
                    try texture.update(planes: bytes.baseAddress!, pitch: 16)
                    XCTAssertThrowsError(try texture.update(planes: bytes.baseAddress!, pitch: 15), "a pitch under a row")
                    XCTAssertThrowsError(try texture.update(pixels: bytes.baseAddress!, pitch: 64), "not 32-bit pixels")
                }
                renderer.setColor(0, 0, 255)
                renderer.clear()
                renderer.copy(texture, to: 0, 0, 16, 8)
                let shown = try renderer.readPixels()
                let l = shown.pixel(x: 2, y: 3), r = shown.pixel(x: 13, y: 5)
                assertNear([Int(l.r), Int(l.g), Int(l.b)], [255, 0, 0], "red, \(what)")
                assertNear([Int(r.r), Int(r.g), Int(r.b)], [255, 255, 255], "white, \(what)")
            }
        }
    }

    func testAnOddSideIsRefusedAndA32BitTextureTakesNoPlanes() throws {
        let window = try Window(system: RenderingTests.video!, title: "odd", width: 16, height: 8)
        let renderer = try Renderer(window: window, kind: .software, vsync: false)
        XCTAssertThrowsError(try Texture(renderer: renderer, streamingWidth: 15, height: 8, yuv: .iyuv))
        XCTAssertThrowsError(try Texture(renderer: renderer, streamingWidth: 16, height: 0, yuv: .nv12))
        let rgb = try Texture(renderer: renderer, streamingWidth: 16, height: 8)
        XCTAssertNil(rgb.yuvFormat)
        try frame(.iyuv).withUnsafeBytes { bytes in
            XCTAssertThrowsError(try rgb.update(planes: bytes.baseAddress!, pitch: 16))
        }
    }

    func testHeldPlanesGoStraightIntoTheWindowOneToOneAndIntoTheTextureOtherwise() throws {
        let window = try Window(system: RenderingTests.video!, title: "held", width: 32, height: 16)
        let renderer = try Renderer(window: window, kind: .software, vsync: false)
        for format in [Texture.YUVFormat.iyuv, .nv12] {
            let texture = try Texture(renderer: renderer, streamingWidth: 16, height: 8, yuv: format)
            try frame(format).withUnsafeBytes { bytes in
                try texture.update(heldPlanes: bytes.baseAddress!, pitch: 16, owner: nil)
                renderer.setColor(0, 0, 255)
                renderer.clear()
                renderer.copy(texture, to: 8, 4, 16, 8)
                renderer.setColor(0, 255, 0)
                renderer.fill(x: 22, y: 10, width: 2, height: 2)
                XCTAssertEqual(texture.heldPlanes?.converted, false, "\(format): one to one, into the window's pixels")
                var shown = try renderer.readPixels()
                var l = shown.pixel(x: 10, y: 7), r = shown.pixel(x: 21, y: 9)
                let g = shown.pixel(x: 23, y: 11), b = shown.pixel(x: 4, y: 2)
                assertNear([Int(l.r), Int(l.g), Int(l.b)], [255, 0, 0], "red, \(format), straight")
                assertNear([Int(r.r), Int(r.g), Int(r.b)], [255, 255, 255], "white, \(format), straight")
                assertNear([Int(g.r), Int(g.g), Int(g.b)], [0, 255, 0], "a fill drawn after it lands over it")
                assertNear([Int(b.r), Int(b.g), Int(b.b)], [0, 0, 255], "the clear drawn before it is around it")

                // Twice the size: the planes become the texture's pixels, for SDL to stretch.
                renderer.setColor(0, 0, 255)
                renderer.clear()
                renderer.copy(texture, to: 0, 0, 32, 16)
                XCTAssertEqual(texture.heldPlanes?.converted, true, "\(format): scaled, converted into the texture")
                shown = try renderer.readPixels()
                l = shown.pixel(x: 4, y: 6); r = shown.pixel(x: 28, y: 10)
                assertNear([Int(l.r), Int(l.g), Int(l.b)], [255, 0, 0], "red, \(format), scaled")
                assertNear([Int(r.r), Int(r.g), Int(r.b)], [255, 255, 255], "white, \(format), scaled")
                let read = texture.withPixels { pixels, pitch in pixels.load(fromByteOffset: 3 * pitch + 2 * 4, as: UInt32.self) }
                XCTAssertEqual(read.map { ($0 >> 16) & 0xFF > 250 && $0 & 0xFF < 5 }, true, "the texture holds the frame")
            }
        }
    }

    func testHeldPlanesAreConvertedBeforeTheyAreReadOrDrawnAlphaBlended() throws {
        let window = try Window(system: RenderingTests.video!, title: "held", width: 16, height: 8)
        let renderer = try Renderer(window: window, kind: .software, vsync: false)
        let texture = try Texture(renderer: renderer, streamingWidth: 16, height: 8, yuv: .iyuv)
        try frame(.iyuv).withUnsafeBytes { bytes in
            try texture.update(heldPlanes: bytes.baseAddress!, pitch: 16, owner: nil)
            let read = texture.withPixels { pixels, _ in pixels.load(fromByteOffset: 2 * 4, as: UInt32.self) }
            XCTAssertEqual(read.map { ($0 >> 16) & 0xFF > 250 }, true, "read: red")
            try texture.update(heldPlanes: bytes.baseAddress!, pitch: 16, owner: nil)
            texture.setBlending(true)
            texture.setAlphaMod(128)
            renderer.setColor(0, 0, 0)
            renderer.clear()
            renderer.copy(texture, to: 0, 0, 16, 8)
            XCTAssertEqual(texture.heldPlanes?.converted, true, "half see-through: SDL blends it")
            let l = try renderer.readPixels().pixel(x: 2, y: 3)
            assertNear([Int(l.r), Int(l.g), Int(l.b)], [128, 0, 0], "red at half over black")
        }
    }
}
