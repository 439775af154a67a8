import Foundation
import XCTest
@testable import GalleryCore

/// A JPEG XL's decode is judged by what libjxl holds, not only the picture it hands over.
final class JXLDecodeCostTests: XCTestCase {
    private func plan(_ width: Int, _ height: Int) throws -> DecodePlan {
        var bits = BitWriter()
        bits.size(width: width, height: height)
        bits.metadata(orientation: 1, animated: false)
        let header = try ImageHeaderReader.read(bits.codestream)
        return try DecodePlanner.plan(header, target: PixelSize(width: 400, height: 400), requested: nil,
                                      limits: DecodeLimits(), scalingFactors: [.one])
    }

    func testAJPEGXLIsCountedWithLibjxlsPlanes() throws {
        // 16 megapixels: 4 bytes a pixel (64,000,000) passed the 64 MB limit; libjxl's planes do not fit.
        XCTAssertLessThanOrEqual(4000 * 4000 * 4, DecodeLimits().maxDecodeBytes, "the old count let it through")
        XCTAssertThrowsError(try plan(4000, 4000)) { error in
            guard case let .tooLarge(format, _, _, bytes, limit)? = error as? ImageRefusal else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(format, .jxl)
            XCTAssertEqual(bytes, 4000 * 4000 * DecodeLimits.jxlBytesPerPixel)
            XCTAssertEqual(limit, DecodeLimits().maxJXLDecodeBytes)
        }
        // A 12-megapixel one is decoded, counted whole, and alone (large).
        let twelve = try plan(4000, 3000)
        XCTAssertEqual(twelve.bufferBytes, 4000 * 3000 * DecodeLimits.jxlBytesPerPixel)
        XCTAssertTrue(twelve.isLarge)
        XCTAssertGreaterThanOrEqual(DecodeLimits.jxlBytesPerPixel, 16, "the picture (4) and three float planes (12)")
    }
}
