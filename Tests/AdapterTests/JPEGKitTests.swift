import Foundation
import JPEGKit
import SDLKit
import XCTest

/// The TurboJPEG wrapper, each method on its own.
final class JPEGKitTests: XCTestCase {
    override func setUp() { XCTAssertNotNil(SharedSDL.system) }

    func testScalingFactorsHeaderAndScaledDecompression() throws {
        let factors = JPEGDecompressor.scalingFactors
        XCTAssertTrue(factors.contains { $0 == (1, 8) })
        XCTAssertTrue(factors.contains { $0 == (1, 1) })
        let s = try Surface(width: 64, height: 32)
        s.fill(x: 0, y: 0, width: 64, height: 32, r: 10, g: 200, b: 60)
        let jpeg = try s.jpegData(quality: 95)
        let decompressor = try JPEGDecompressor()
        try jpeg.withUnsafeBytes { bytes in
            let header = try decompressor.header(of: bytes)
            XCTAssertEqual([header.width, header.height], [64, 32])
            // 1/8 scale: 8×4 pixels of BGRA.
            var pixels = [UInt8](repeating: 0, count: 8 * 4 * 4)
            try pixels.withUnsafeMutableBytes { out in
                try decompressor.decompress(bytes, into: out.baseAddress!, width: 8, pitch: 32, height: 4)
            }
            XCTAssertEqual(Int(pixels[1]), 200, accuracy: 8, "green")
            XCTAssertEqual(Int(pixels[2]), 10, accuracy: 8, "red")
            XCTAssertEqual(pixels[3], 255, "opaque")
        }
        try Data("not a jpeg".utf8).withUnsafeBytes { junk in
            XCTAssertThrowsError(try decompressor.header(of: junk)) { error in
                XCTAssertFalse((error as? JPEGError)?.isWarning ?? true)
            }
        }
    }
}
