import XCTest
@testable import PixelBands

/// The matte for SDL's software copy (`Matte.Copy.softwareFloor`): every coverage and colour a picture can hold,
/// read over black and over white as that copy leaves them, comes back as a picture whose copy gives both readings
/// level for level, and over grey within a level of what it would have drawn.
final class MatteFlooredCopyTests: XCTestCase {
    private func pixel(_ levels: (Int, Int, Int)) -> UInt32 {
        0xFF00_0000 | UInt32(levels.0) << 16 | UInt32(levels.1) << 8 | UInt32(levels.2)
    }

    private func copied(_ pixel: UInt32, over background: Int) -> (Int, Int, Int) {
        let a = Int(pixel >> 24)
        func c(_ shift: UInt32) -> Int { Matte.flooredCopy(Int(pixel >> shift & 255), alpha: a, over: background) }
        return (c(16), c(8), c(0))
    }

    /// A straight pixel of every coverage and colour (three channels apart), read as SDL's copy draws it over black
    /// and over white, straightened, and copied again.
    func testEveryCoverageAndColourComesBackLevelForLevel() {
        for alpha in 0...255 {
            for grey in stride(from: 0, through: 255, by: 3) {
                let drawn = UInt32(alpha) << 24 | UInt32(grey) << 16 | UInt32(255 - grey) << 8 | UInt32(grey / 2)
                var black = [pixel(copied(drawn, over: 0))], white = [pixel(copied(drawn, over: 255))]
                let cover = black.withUnsafeMutableBufferPointer { b in
                    white.withUnsafeMutableBufferPointer { w in
                        Matte.straighten(overBlack: PixelPlane(base: b.baseAddress!, width: 1, height: 1, pitch: 1),
                                         overWhite: PixelPlane(base: w.baseAddress!, width: 1, height: 1, pitch: 1),
                                         copiedBy: .softwareFloor)
                    }
                }
                let straight = black[0]
                XCTAssertEqual(cover == nil, alpha == 0, "alpha \(alpha): covers where something was drawn")
                if alpha == 0 { XCTAssertEqual(straight, 0); continue }
                XCTAssertTrue(copied(straight, over: 0) == copied(drawn, over: 0), "alpha \(alpha), grey \(grey) over black")
                XCTAssertTrue(copied(straight, over: 255) == copied(drawn, over: 255), "alpha \(alpha), grey \(grey) over white")
                let (r, g, b) = copied(straight, over: 128), (r0, g0, b0) = copied(drawn, over: 128)
                XCTAssertLessThanOrEqual(max(abs(r - r0), abs(g - g0), abs(b - b0)), 1, "alpha \(alpha), grey \(grey) over grey")
            }
        }
    }

    /// Light words (246, 235 of 255) on a soft shade, drawn in pieces: over black the brightest reads 226, and so
    /// does its picture copied there (rounded to the nearest colour it read 225, a level under the pieces).
    func testWordsOverAShadeKeepTheirBrightestLevel() {
        let shade = 150, words = 246, cover = 235
        func pieces(over d: Int) -> Int {
            let shaded = Matte.flooredCopy(0, alpha: shade, over: d)
            return shaded + (words - shaded) * cover / 255
        }
        let black = [pixel((pieces(over: 0), pieces(over: 0), pieces(over: 0)))]
        let white = [pixel((pieces(over: 255), pieces(over: 255), pieces(over: 255)))]
        for copy in [Matte.Copy.softwareFloor, .rounded] {
            var b = black, w = white
            _ = b.withUnsafeMutableBufferPointer { bb in
                w.withUnsafeMutableBufferPointer { ww in
                    Matte.straighten(overBlack: PixelPlane(base: bb.baseAddress!, width: 1, height: 1, pitch: 1),
                                     overWhite: PixelPlane(base: ww.baseAddress!, width: 1, height: 1, pitch: 1), copiedBy: copy)
                }
            }
            let level = copied(b[0], over: 0).0
            if copy == .softwareFloor {
                XCTAssertEqual(level, pieces(over: 0), "the picture's brightest word pixel over black")
            } else {
                XCTAssertLessThan(level, pieces(over: 0), "the rounded matte loses a level in SDL's copy")
            }
        }
    }
}
