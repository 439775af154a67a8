import Foundation
import PNGKit
import XCTest

/// PNG written in memory (`PNGEncoder`, libpng's `png_image_write_to_memory`): every pixel read back exactly as it
/// was given (alpha dropped), the row pitch honoured, nonsense sizes refused.
final class PNGEncoderTests: XCTestCase {
    func testEveryPixelComesBackExactlyThroughLibpng() throws {
        let width = 37, height = 23, pitch = width * 4 + 12  // a pitch wider than the row, as SDL's may be
        var pixels = [UInt8](repeating: 0xEE, count: pitch * height)
        for y in 0..<height {
            for x in 0..<width {
                let i = y * pitch + x * 4
                pixels[i] = UInt8((x * 7 + y) & 0xFF)        // B
                pixels[i + 1] = UInt8((y * 11) & 0xFF)       // G
                pixels[i + 2] = UInt8((x * y + 3) & 0xFF)    // R
                pixels[i + 3] = UInt8(x & 1 == 0 ? 0 : 255)  // alpha: dropped
            }
        }
        let png = try pixels.withUnsafeBytes { try PNGEncoder.encode(bgra: $0.baseAddress!, width: width, height: height, pitch: pitch) }
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG signature")
        var back = [UInt8](repeating: 0, count: width * 4 * height)
        try png.withUnsafeBytes { bytes in
            let decoder = try PNGDecoder(reading: bytes)
            XCTAssertEqual(decoder.width, width)
            XCTAssertEqual(decoder.height, height)
            try back.withUnsafeMutableBytes { try decoder.decode(into: $0.baseAddress!, pitch: width * 4) }
            XCTAssertNil(decoder.warning)
        }
        for y in 0..<height {
            for x in 0..<width {
                let i = y * pitch + x * 4, j = (y * width + x) * 4
                XCTAssertEqual(Array(back[j..<j + 3]), Array(pixels[i..<i + 3]), "pixel \(x),\(y)")
                XCTAssertEqual(back[j + 3], 255, "opaque: the panel shows no transparency")
            }
        }
    }

    func testNonsenseSizesAreRefused() throws {
        let pixels = [UInt8](repeating: 0, count: 64)
        try pixels.withUnsafeBytes { raw in
            XCTAssertThrowsError(try PNGEncoder.encode(bgra: raw.baseAddress!, width: 0, height: 4, pitch: 16))
            XCTAssertThrowsError(try PNGEncoder.encode(bgra: raw.baseAddress!, width: 4, height: 4, pitch: 8), "pitch too short")
        }
    }
}
