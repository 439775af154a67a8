import AppDriving
import ColourKit
import Foundation
import GalleryCore
import SDLKit
import XCTest
@testable import ImageLayer

/// Little CMS through ColourKit and the image layer's `DisplayColours`: profiles from bytes (hostile ones refused),
/// from `nclx` primaries, transforms whose numbers match the standards' maths, and one transform per pair.
final class ColourKitTests: XCTestCase {
    static func displayP3() throws -> Data {
        let p = CodedColour.Primaries.displayP3
        return try ColourProfile.rgb(white: p.white, red: p.red, green: p.green, blue: p.blue,
                                     curve: CodedColour.Transfer.sRGB.parametric).iccData()
    }

    private func flat(_ rgb: [UInt8]) throws -> Surface {
        XCTAssertNotNil(TestVideo.system)
        let s = try Surface(width: 8, height: 4)
        s.fill(x: 0, y: 0, width: 8, height: 4, r: rgb[0], g: rgb[1], b: rgb[2])
        return s
    }

    private func colour(_ s: Surface, x: Int = 5, y: Int = 2) -> [Int] {
        let p = s.pixel(x: x, y: y)
        return [Int(p.r), Int(p.g), Int(p.b)]
    }

    private func assertClose(_ got: [Int], _ want: [Int], within: Int = 2, _ message: String = "",
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(zip(got, want).allSatisfy { abs($0 - $1) <= within }, "\(got) is not \(want) \(message)",
                      file: file, line: line)
    }

    func testDisplayP3ConvertsToSRGBAsTheStandardsSay() throws {
        let colours = DisplayColours()
        // One profile's bytes for every picture: Little CMS stamps a profile it writes with the time of writing, so
        // two writings a second apart are two profiles (CI once crossed that second).
        let p3 = try ColourKitTests.displayP3()
        for rgb: [UInt8] in [[200, 60, 60], [120, 180, 90], [30, 40, 220], [128, 128, 128], [255, 0, 0]] {
            let s = try flat(rgb)
            XCTAssertTrue(colours.convert(s, from: .icc(p3)))
            let want = ColourMaths.toSRGB(rgb, primaries: ColourMaths.displayP3, decode: ColourMaths.srgbDecode)
            assertClose(colour(s), want, "from P3 \(rgb)")
            XCTAssertEqual(s.pixel(x: 0, y: 0).a, 255, "alpha is carried over")
            // The same colours coded as a HEIF's nclx (P3 primaries, sRGB curve) convert the same.
            let coded = try flat(rgb)
            colours.convert(coded, from: .coded(CodedColour(primaries: .displayP3, transfer: .sRGB)))
            assertClose(colour(coded), colour(s), within: 1)
        }
        XCTAssertEqual(colours.transformsBuilt, 2, "one transform per profile, not per picture")
    }

    /// Converted in place, a picture's alpha is left as it was, pixel by pixel (a PNG's transparency), while its
    /// colours change.
    func testAlphaStaysAsItWasWhileColoursConvert() throws {
        let s = try flat([200, 60, 60])
        s.withUnsafeMutablePixels { pixels, pitch in
            for y in 0..<4 {
                let row = (pixels + y * pitch).assumingMemoryBound(to: UInt8.self)
                for x in 0..<8 { row[4 * x + 3] = UInt8(7 + 31 * x) }
            }
        }
        XCTAssertTrue(DisplayColours().convert(s, from: .icc(try ColourKitTests.displayP3())))
        XCTAssertNotEqual(colour(s), [200, 60, 60], "converted")
        for y in 0..<4 { for x in 0..<8 { XCTAssertEqual(s.pixel(x: x, y: y).a, UInt8(7 + 31 * x), "alpha at \(x),\(y)") } }
    }

    /// Matrix-shaper pairs (a camera's Adobe RGB, Display P3) convert with tables, which agree with Little CMS within a
    /// level on a lattice (checked when the transform is made) and with the standards' maths on every level of a ramp.
    func testMatrixShaperPairsConvertWithTablesThatAgreeWithTheMaths() throws {
        let path = "/usr/share/color/icc/compatibleWithAdobeRGB1998.icc"
        let adobe = try XCTUnwrap(FileManager.default.contents(atPath: path), "icc-profiles-free is in TEST_PACKAGES")
        let transform = try ColourTransform(from: ColourProfile(icc: adobe), to: ColourProfile.sRGB())
        XCTAssertTrue(transform.convertsWithTables)
        XCTAssertTrue(try ColourTransform(from: ColourProfile(icc: ColourKitTests.displayP3()), to: ColourProfile.sRGB())
            .convertsWithTables)
        var pixels: [UInt8] = []
        for v in 0..<256 { pixels += [UInt8(255 - v), UInt8(v), UInt8(v / 2), 200] }
        pixels.withUnsafeMutableBytes { transform.apply(to: $0.baseAddress!, width: 256, height: 1, pitch: $0.count) }
        for v in 0..<256 {
            let want = ColourMaths.toSRGB([UInt8(v / 2), UInt8(v), UInt8(255 - v)], primaries: ColourMaths.adobeRGB,
                                          decode: { pow($0, ColourMaths.adobeGamma) })
            assertClose([Int(pixels[4 * v + 2]), Int(pixels[4 * v + 1]), Int(pixels[4 * v])], want, "level \(v)")
            XCTAssertEqual(pixels[4 * v + 3], 200, "alpha untouched")
        }
    }

    func testAdobeRGBFromItsPublishedProfile() throws {
        let path = "/usr/share/color/icc/compatibleWithAdobeRGB1998.icc"
        let icc = try XCTUnwrap(FileManager.default.contents(atPath: path), "icc-profiles-free is in TEST_PACKAGES")
        let rgb: [UInt8] = [60, 170, 90]
        let s = try flat(rgb)
        XCTAssertTrue(DisplayColours().convert(s, from: .icc(icc)))
        assertClose(colour(s), ColourMaths.toSRGB(rgb, primaries: ColourMaths.adobeRGB,
                                                  decode: { pow($0, ColourMaths.adobeGamma) }))
    }

    func testSRGBOnBothEndsIsNotTouchedNorIsAnSRGBProfileOfAPhotosOwn() throws {
        let colours = DisplayColours()
        let s = try flat([10, 200, 30])
        XCTAssertFalse(colours.convert(s, from: .sRGB))
        XCTAssertFalse(colours.convert(s, from: .icc(try ColourProfile.sRGB().iccData())), "identity: skipped")
        XCTAssertFalse(colours.convert(s, from: ColourDescription(nclxPrimaries: 1, transfer: 13)))
        XCTAssertEqual(colour(s), [10, 200, 30])
        XCTAssertEqual(colours.identity, "srgb")
    }

    func testOffMeansNothingIsConverted() throws {
        let off = DisplayColours(converts: false)
        let s = try flat([200, 60, 60])
        XCTAssertFalse(off.convert(s, from: .icc(try ColourKitTests.displayP3())))
        XCTAssertEqual(colour(s), [200, 60, 60])
        XCTAssertEqual(off.identity, "raw")
    }

    func testADisplayProfileIsTheDestinationOfEveryPhoto() throws {
        let p3 = try ColourKitTests.displayP3()
        let display = DisplayColours(displayProfile: p3)
        XCTAssertEqual(display.display, .icc(p3))
        XCTAssertNotEqual(display.identity, "srgb")
        // An untagged (sRGB) photo on a P3 display: its red is a less saturated P3 red.
        let s = try flat([220, 40, 40])
        XCTAssertTrue(display.convert(s, from: .sRGB))
        assertClose(colour(s), ColourMaths.fromSRGB([220, 40, 40], primaries: ColourMaths.displayP3,
                                                    encode: ColourMaths.srgbEncode))
        // A P3 photo on the P3 display: nothing to do.
        let same = try flat([220, 40, 40])
        XCTAssertFalse(display.convert(same, from: .icc(p3)))
        // A display profile Little CMS cannot use leaves the display sRGB.
        XCTAssertEqual(DisplayColours(displayProfile: Data("not a profile".utf8)).display, .sRGB)
    }

    func testHostileProfilesAreRefusedAndTheirPhotosDrawnAsSRGB() throws {
        let good = try ColourKitTests.displayP3()
        XCTAssertThrowsError(try ColourProfile(icc: Data())) { XCTAssertEqual($0 as? ColourError, .unreadableProfile) }
        XCTAssertThrowsError(try ColourProfile(icc: Data(repeating: 0x41, count: 4096)))
        // A header that says CMYK.
        var cmyk = good
        cmyk.replaceSubrange(16..<20, with: Array("CMYK".utf8))
        XCTAssertThrowsError(try ColourProfile(icc: cmyk))
        // Cut short anywhere, or bytes changed at random: refused or read, never a crash.
        var generator = SystemRandomNumberGenerator()
        let colours = DisplayColours()
        for cut in stride(from: 0, to: good.count, by: max(1, good.count / 64)) {
            _ = colours.convert(try flat([1, 2, 3]), from: .icc(good.prefix(cut)))
        }
        for _ in 0..<200 {
            var bytes = [UInt8](good)
            for _ in 0..<4 { bytes[Int.random(in: 0..<bytes.count, using: &generator)] = .random(in: 0...255, using: &generator) }
            _ = colours.convert(try flat([1, 2, 3]), from: .icc(Data(bytes)))
        }
        let s = try flat([200, 60, 60])
        XCTAssertFalse(colours.convert(s, from: .icc(Data(repeating: 7, count: 300))))
        XCTAssertEqual(colour(s), [200, 60, 60])
    }

    func testCodedBT2020AndLinearConvertAsTheirMathsSay() throws {
        let colours = DisplayColours()
        let bt2020: [ColourMaths.Chromaticity] = [(0.708, 0.292), (0.170, 0.797), (0.131, 0.046)]
        let s = try flat([100, 150, 80])
        colours.convert(s, from: .coded(CodedColour(primaries: .bt2020, transfer: .sRGB)))
        assertClose(colour(s), ColourMaths.toSRGB([100, 150, 80], primaries: bt2020, decode: ColourMaths.srgbDecode))
        let linear = try flat([50, 100, 200])
        colours.convert(linear, from: .coded(CodedColour(primaries: .bt709, transfer: .linear)))
        assertClose(colour(linear), [50, 100, 200].map { Int((ColourMaths.srgbEncode(Double($0) / 255) * 255).rounded()) })
    }
}
