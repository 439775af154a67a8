import Foundation
import ImageSamples
import XCTest
@testable import GalleryCore

final class ImageHeaderTests: XCTestCase {
    func testJPEGSizeProgressiveAndCoefficients() throws {
        let baseline = try ImageHeaderReader.read(HeaderBytes.jpeg(width: 4000, height: 3000))
        XCTAssertEqual(baseline.format, .jpeg)
        XCTAssertEqual(baseline.width, 4000)
        XCTAssertEqual(baseline.height, 3000)
        XCTAssertFalse(baseline.progressive)
        // 4:2:0: luma at full size, two chroma planes at a quarter: 1.5 planes of 2-byte coefficients.
        XCTAssertEqual(baseline.coefficientBytes, 500 * 375 * 128 + 2 * 250 * 188 * 128)
        let progressive = try ImageHeaderReader.read(HeaderBytes.jpeg(width: 60000, height: 60000, progressive: true))
        XCTAssertTrue(progressive.progressive)
        XCTAssertEqual(progressive.width, 60000)
    }

    func testPNGAndEveryWebPFlavour() throws {
        let png = try ImageHeaderReader.read(HeaderBytes.png(width: 60000, height: 60000))
        XCTAssertEqual(png, ImageHeader(format: .png, width: 60000, height: 60000))
        XCTAssertEqual(try ImageHeaderReader.read(HeaderBytes.webpLossy(width: 640, height: 480)),
                       ImageHeader(format: .webp, width: 640, height: 480))
        XCTAssertEqual(try ImageHeaderReader.read(HeaderBytes.webpLossless(width: 16384, height: 3)),
                       ImageHeader(format: .webp, width: 16384, height: 3))
        XCTAssertEqual(try ImageHeaderReader.read(HeaderBytes.webpExtended(width: 60000, height: 60000)),
                       ImageHeader(format: .webp, width: 60000, height: 60000))
        XCTAssertThrowsError(try ImageHeaderReader.read(HeaderBytes.webpExtended(width: 10, height: 10, animated: true)))
    }

    func testOtherFormatsAreRefusedByName() {
        let cases: [(String, Data)] = [
            ("GIF", Data("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8)),
            ("TIFF", Data([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0])),
            ("SVG", Data("<?xml version=\"1.0\"?><svg width=\"60000\" height=\"60000\"></svg>".utf8)),
            ("XCF", Data("gimp xcf v011".utf8)),
            ("BMP", Data("BM\u{0}\u{0}".utf8)),
            ("HTML", Data("<html>not an image</html>".utf8)),
            ("Unknown data", Data([1, 2, 3, 4])),
        ]
        for (name, data) in cases {
            XCTAssertThrowsError(try ImageHeaderReader.read(data), name) { error in
                XCTAssertEqual(error as? ImageRefusal, .unsupportedFormat(name))
            }
        }
        XCTAssertEqual(ImageRefusal.unsupportedFormat("GIF").description,
                       "GIF is not a supported image format (JPEG, PNG, WebP, HEIC, AVIF, JPEG XL and camera RAW are)")
    }

    func testTruncatedAndLyingHeadersThrowAndNeverTrap() {
        let jpeg = HeaderBytes.jpeg(width: 100, height: 100, orientation: 6)
        // Every prefix of a valid header, and random damage, must throw or succeed, never crash.
        for n in 0..<jpeg.count - 10 {
            _ = try? ImageHeaderReader.read(jpeg.prefix(n))
        }
        var rng = SplitMix(state: 7)
        for _ in 0..<2000 {
            var bytes = Array(jpeg)
            for _ in 0..<4 { bytes[rng.int(3...(bytes.count - 1))] = UInt8(rng.int(0...255)) }
            _ = try? ImageHeaderReader.read(Data(bytes))
            var png = Array(HeaderBytes.png(width: 5, height: 5))
            png[rng.int(8...(png.count - 1))] = UInt8(rng.int(0...255))
            _ = try? ImageHeaderReader.read(Data(png))
        }
        XCTAssertThrowsError(try ImageHeaderReader.read(HeaderBytes.jpeg(width: 0, height: 10)))
        XCTAssertThrowsError(try ImageHeaderReader.read(HeaderBytes.png(width: 0, height: 10)))
        XCTAssertThrowsError(try ImageHeaderReader.read(Data())) { XCTAssertEqual($0 as? ImageRefusal, .empty) }
    }

    func testExifOrientationInBothByteOrders() throws {
        for value in 1...8 {
            for big in [false, true] {
                let header = try ImageHeaderReader.read(HeaderBytes.jpeg(width: 400, height: 300, orientation: value,
                                                                         bigEndianExif: big))
                XCTAssertEqual(header.orientation.rawValue, value)
                XCTAssertEqual(header.displaySize, value >= 5 ? PixelSize(width: 300, height: 400)
                                                              : PixelSize(width: 400, height: 300))
            }
        }
        // An invalid value reads as upright.
        XCTAssertEqual(try ImageHeaderReader.read(HeaderBytes.jpeg(width: 4, height: 3, orientation: 9)).orientation, .up)
    }

    func testTheTransposeAndFlipsMatchEachOrientation() {
        // Applying (transpose, then flips) must put every stored pixel where the EXIF definition says.
        let w = 5, h = 3
        for o in ExifOrientation.allCases {
            let t = o.transform
            let (uw, uh) = t.transpose ? (h, w) : (w, h)
            for y in 0..<uh {
                for x in 0..<uw {
                    // Undo the flips, then the transpose.
                    var sx = t.flipHorizontal ? uw - 1 - x : x
                    var sy = t.flipVertical ? uh - 1 - y : y
                    if t.transpose { swap(&sx, &sy) }
                    let expected = o.storedPixel(forUprightX: x, y: y, width: w, height: h)
                    XCTAssertEqual(sx, expected.x, "\(o) at \(x),\(y)")
                    XCTAssertEqual(sy, expected.y, "\(o) at \(x),\(y)")
                }
            }
        }
    }

    func testCompletenessByEndMarker() {
        let jpeg = HeaderBytes.jpeg(width: 10, height: 10)
        XCTAssertTrue(ImageHeaderReader.looksComplete(jpeg, format: .jpeg))
        XCTAssertFalse(ImageHeaderReader.looksComplete(jpeg.prefix(jpeg.count - 2), format: .jpeg))
        let png = HeaderBytes.png(width: 10, height: 10)
        XCTAssertTrue(ImageHeaderReader.looksComplete(png, format: .png))
        XCTAssertFalse(ImageHeaderReader.looksComplete(png.prefix(png.count - 3), format: .png))
        let webp = HeaderBytes.webpLossy(width: 10, height: 10)
        XCTAssertTrue(ImageHeaderReader.looksComplete(webp, format: .webp))
        XCTAssertFalse(ImageHeaderReader.looksComplete(webp.prefix(webp.count - 1), format: .webp))
    }
}

final class DecodePlanTests: XCTestCase {
    private let factors = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16].map { ScalingFactor($0, 8) }
    private let limits = DecodeLimits()

    private func plan(_ data: Data, target: PixelSize, requested: PixelSize? = nil) throws -> DecodePlan {
        try DecodePlanner.plan(ImageHeaderReader.read(data), target: target, requested: requested, limits: limits,
                               scalingFactors: factors)
    }

    func testJPEGPicksTheSmallestScaleThatStillCoversTheTarget() throws {
        let p = try plan(HeaderBytes.jpeg(width: 4000, height: 3000), target: PixelSize(width: 622, height: 466))
        XCTAssertEqual(p.scale, ScalingFactor(2, 8))  // 1/8 gives 500 wide: too small
        XCTAssertEqual(p.decodedWidth, 1000)
        XCTAssertEqual(p.decodedHeight, 750)
        XCTAssertEqual(p.bufferBytes, 1000 * 750 * 4)
        let tiny = try plan(HeaderBytes.jpeg(width: 4000, height: 3000), target: PixelSize(width: 100, height: 75))
        XCTAssertEqual(tiny.scale, ScalingFactor(1, 8))
        // A scale that covers 90 % of the cell is enough: 1/2 of a 1200×1600 photo is 600×800 for a 620×827 cell.
        // (The app decodes at 1/1, 1/2, 1/4 and 1/8 only: libjpeg-turbo's SIMD kernels.)
        let simd = [ScalingFactor(1, 8), ScalingFactor(1, 4), ScalingFactor(1, 2), .one]
        func simdPlan(_ w: Int, _ h: Int, _ target: PixelSize) throws -> DecodePlan {
            try DecodePlanner.plan(ImageHeaderReader.read(HeaderBytes.jpeg(width: w, height: h)), target: target,
                                   requested: nil, limits: limits, scalingFactors: simd)
        }
        XCTAssertEqual(try simdPlan(1200, 1600, PixelSize(width: 620, height: 827)).scale, ScalingFactor(1, 2))
        XCTAssertEqual(try simdPlan(1200, 1600, PixelSize(width: 700, height: 933)).scale, .one, "600 is under 90 % of 700")
        var exact = limits
        exact.dctCoverage = 1
        XCTAssertEqual(try DecodePlanner.plan(ImageHeaderReader.read(HeaderBytes.jpeg(width: 1200, height: 1600)),
                                              target: PixelSize(width: 620, height: 827), requested: nil, limits: exact,
                                              scalingFactors: simd).scale, .one, "an exact cover would decode it whole")
        // Never scaled up: a target larger than the image decodes at full size.
        let big = try plan(HeaderBytes.jpeg(width: 400, height: 300), target: PixelSize(width: 800, height: 600))
        XCTAssertEqual(big.scale, .one)
    }

    func testARotatedJPEGIsScaledForItsUprightSize() throws {
        // Stored 4000×3000, drawn 3000×4000 (orientation 6) into a 300×400 cell: 1/8 gives 500×375 stored, enough.
        let p = try plan(HeaderBytes.jpeg(width: 4000, height: 3000, orientation: 6), target: PixelSize(width: 300, height: 400))
        XCTAssertEqual(p.scale, ScalingFactor(1, 8))
        let q = try plan(HeaderBytes.jpeg(width: 4000, height: 3000, orientation: 6), target: PixelSize(width: 450, height: 600))
        XCTAssertEqual(q.scale, ScalingFactor(2, 8))
    }

    func testA100MegapixelBaselinePhotoDecodesAtAnEighthButAProgressiveBombDoesNot() throws {
        let phone = try plan(HeaderBytes.jpeg(width: 12000, height: 9000), target: PixelSize(width: 622, height: 466))
        XCTAssertEqual(phone.scale, ScalingFactor(1, 8))
        XCTAssertFalse(phone.isLarge)
        XCTAssertThrowsError(try plan(HeaderBytes.jpeg(width: 60000, height: 60000, progressive: true),
                                      target: PixelSize(width: 622, height: 622))) { error in
            guard case .tooLarge(.jpeg, 60000, 60000, _, _)? = error as? ImageRefusal else { return XCTFail("\(error)") }
        }
        // A progressive photo of ordinary size is large but allowed: 12 MP of coefficients is 18 MB.
        let progressive = try plan(HeaderBytes.jpeg(width: 4000, height: 3000, progressive: true),
                                   target: PixelSize(width: 622, height: 466))
        XCTAssertTrue(progressive.isLarge)
    }

    func testPNGAndWebPCountTheirFullSize() throws {
        XCTAssertThrowsError(try plan(HeaderBytes.png(width: 60000, height: 60000), target: PixelSize(width: 600, height: 600)))
        XCTAssertThrowsError(try plan(HeaderBytes.webpExtended(width: 60000, height: 60000),
                                      target: PixelSize(width: 600, height: 600)))
        XCTAssertThrowsError(try plan(HeaderBytes.png(width: 2_000_000_000, height: 2_000_000_000),
                                      target: PixelSize(width: 600, height: 600)))
        let ok = try plan(HeaderBytes.png(width: 4000, height: 3000), target: PixelSize(width: 600, height: 450))
        XCTAssertEqual(ok.bufferBytes, 48_000_000)
        XCTAssertTrue(ok.isLarge)
    }

    func testAnImageFarLargerThanAskedIsNotTheOneAsked() throws {
        let requested = PixelSize(width: 622, height: 415)
        XCTAssertNoThrow(try plan(HeaderBytes.jpeg(width: 1244, height: 830), target: requested, requested: requested))
        XCTAssertThrowsError(try plan(HeaderBytes.jpeg(width: 1245, height: 415), target: requested, requested: requested)) {
            XCTAssertEqual($0 as? ImageRefusal, .notAsRequested(width: 1245, height: 415, requested: requested))
        }
        // Without a requested size (a folder, a source of originals) size alone decides.
        XCTAssertNoThrow(try plan(HeaderBytes.jpeg(width: 4000, height: 3000), target: requested))
    }
}
