import CLCMS2
import Foundation
import XCTest
@testable import ColourKit

/// `MatrixShaper`'s tables convert wide colours (those Adobe RGB holds and sRGB does not, which clip at 0 or at 255)
/// within a level of Little CMS's own transform, colour by colour: a denser check than the lattice the tables are
/// checked on when made.
final class MatrixShaperTests: XCTestCase {
    func testWideColoursClipAsLittleCMSClipsThem() throws {
        let path = "/usr/share/color/icc/compatibleWithAdobeRGB1998.icc"
        let adobe = try XCTUnwrap(FileManager.default.contents(atPath: path), "icc-profiles-free is in TEST_PACKAGES")
        let source = try ColourProfile(icc: adobe), destination = try ColourProfile.sRGB()
        let tables = try XCTUnwrap(MatrixShaper.make(from: source.handle, to: destination.handle))
        let lcms = try XCTUnwrap(cmsCreateTransform(source.handle, tessera_lcms_type_bgra_8(), destination.handle,
                                                    tessera_lcms_type_bgra_8(), UInt32(INTENT_PERCEPTUAL),
                                                    tessera_lcms_flags_shared_in_place()))
        defer { cmsDeleteTransform(lcms) }
        // Every colour of a 52-level lattice (B, G, R, A in memory), alpha varied.
        let levels = Array(stride(from: 0, through: 255, by: 5)).map(UInt8.init)
        var pixels: [UInt8] = []
        for r in levels { for g in levels { for b in levels { pixels += [b, g, r, r &+ b] } } }
        var ours = pixels
        let count = pixels.count / 4
        pixels.withUnsafeMutableBytes {
            cmsDoTransformLineStride(lcms, $0.baseAddress, $0.baseAddress, UInt32(count), 1, UInt32($0.count),
                                     UInt32($0.count), 0, 0)
        }
        ours.withUnsafeMutableBytes { tables.apply(to: $0.baseAddress!, width: count, height: 1, pitch: $0.count) }
        var clippedLow = 0, clippedHigh = 0, worst = 0
        for i in 0..<count {
            for c in 0..<3 {
                worst = max(worst, abs(Int(pixels[4 * i + c]) - Int(ours[4 * i + c])))
                if ours[4 * i + c] == 0 && ours[4 * i + (c + 1) % 3] > 0 { clippedLow += 1 }
                if ours[4 * i + c] == 255 && ours[4 * i + (c + 1) % 3] < 255 { clippedHigh += 1 }
            }
            XCTAssertEqual(ours[4 * i + 3], pixels[4 * i + 3], "alpha untouched")
        }
        XCTAssertLessThanOrEqual(worst, 1, "within a level of Little CMS")
        XCTAssertGreaterThan(clippedLow, 1000, "colours clipped at 0 are among them")
        XCTAssertGreaterThan(clippedHigh, 1000, "colours clipped at 255 are among them")
    }
}
