import XCTest
@testable import PixelBands

/// The matte against pictures whose coverage and colours are known: a translucent picture blended over black and over
/// white (new·a + old·(1-a), rounded), read back straight within 1 of each colour once blended again over anything.
final class MatteTests: XCTestCase {
    /// `pixels` as a plane over memory the test keeps.
    private func withPlane<R>(_ pixels: inout [UInt32], width: Int, _ body: (PixelPlane) -> R) -> R {
        pixels.withUnsafeMutableBufferPointer { buffer in
            body(PixelPlane(base: buffer.baseAddress!, width: width, height: buffer.count / width, pitch: width))
        }
    }

    private func blend(_ colour: [Int], alpha: Int, over background: Int) -> UInt32 {
        colour.reduce(UInt32(0xff)) { pixel, c in
            let mixed = (Double(c) * Double(alpha) + Double(background) * Double(255 - alpha)) / 255
            return pixel << 8 | UInt32(mixed.rounded())
        }
    }

    func testCoverageAndColoursComeBackStraightAndTheRectangleHoldsWhatWasDrawn() {
        let width = 6, height = 4
        // Nothing drawn but at (1, 1) a dark shade, (4, 2) light words on it, (2, 1) opaque red.
        var drawn: [Int: (colour: [Int], alpha: Int)] = [:]
        drawn[1 * width + 1] = ([0, 0, 0], 150)
        drawn[2 * width + 4] = ([246, 240, 230], 200)
        drawn[1 * width + 2] = ([255, 0, 0], 255)
        var black = (0..<width * height).map { drawn[$0].map { blend($0.colour, alpha: $0.alpha, over: 0) } ?? 0xff00_0000 }
        var white = (0..<width * height).map { drawn[$0].map { blend($0.colour, alpha: $0.alpha, over: 255) } ?? 0xffff_ffff }
        let cover = withPlane(&black, width: width) { b in withPlane(&white, width: width) { Matte.straighten(overBlack: b, overWhite: $0) } }
        XCTAssertEqual(cover, PixelRect(x: 1, y: 1, width: 4, height: 2))
        for i in 0..<width * height {
            let pixel = black[i]
            guard let known = drawn[i] else { XCTAssertEqual(pixel, 0, "pixel \(i) stays transparent"); continue }
            XCTAssertEqual(Int(pixel >> 24), known.alpha, accuracy: 1, "pixel \(i)'s coverage")
            // Blended again over grey, the straight pixel gives what the pieces would have drawn there.
            let a = Double(pixel >> 24) / 255
            for (k, shift) in [16, 8, 0].enumerated() {
                let c = Double(pixel >> UInt32(shift) & 255), expected = Double(known.colour[k]) * Double(known.alpha) / 255 + 128 * (1 - Double(known.alpha) / 255)
                XCTAssertEqual(c * a + 128 * (1 - a), expected, accuracy: 1.5, "pixel \(i), channel \(k)")
            }
        }
    }

    func testAPictureWithNothingDrawnCoversNothing() {
        var black = [UInt32](repeating: 0xff00_0000, count: 12), white = [UInt32](repeating: 0xffff_ffff, count: 12)
        let cover = withPlane(&black, width: 4) { b in withPlane(&white, width: 4) { Matte.straighten(overBlack: b, overWhite: $0) } }
        XCTAssertNil(cover)
        XCTAssertEqual(black, [UInt32](repeating: 0, count: 12))
    }
}
