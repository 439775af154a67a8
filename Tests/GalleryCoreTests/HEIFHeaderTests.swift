import Foundation
import ImageSamples
import XCTest
@testable import GalleryCore

/// HEIC and AVIF headers from their boxes alone.
final class HEIFHeaderTests: XCTestCase {
    func testBrandsSizeAndTheContainersRotation() throws {
        let heic = try ImageHeaderReader.read(HeaderBytes.heif(width: 4032, height: 3024))
        XCTAssertEqual(heic.format, .heic)
        XCTAssertEqual([heic.width, heic.height], [4032, 3024])
        XCTAssertEqual(heic.displaySize, PixelSize(width: 4032, height: 3024))
        let avif = try ImageHeaderReader.read(HeaderBytes.heif(brand: "avif", width: 800, height: 600))
        XCTAssertEqual(avif.format, .avif)
        // A portrait photo stored landscape with a quarter turn: its sides swap for the layout.
        for rotation in [1, 3] {
            let turned = try ImageHeaderReader.read(HeaderBytes.heif(width: 4032, height: 3024, rotation: rotation))
            XCTAssertEqual(turned.displaySize, PixelSize(width: 3024, height: 4032), "irot \(rotation)")
        }
        let upsideDown = try ImageHeaderReader.read(HeaderBytes.heif(width: 40, height: 30, rotation: 2, mirror: 0))
        XCTAssertEqual(upsideDown.displaySize, PixelSize(width: 40, height: 30))
        let mirroredTurn = try ImageHeaderReader.read(HeaderBytes.heif(width: 40, height: 30, rotation: 1, mirror: 1))
        XCTAssertEqual(mirroredTurn.displaySize, PixelSize(width: 30, height: 40))
    }

    func testSequencesAndUnknownBrandsAreRefused() {
        XCTAssertThrowsError(try ImageHeaderReader.read(HeaderBytes.heif(brand: "avis", width: 64, height: 64,
                                                                         frames: 10_000))) {
            XCTAssertEqual($0 as? ImageRefusal, .unsupportedFormat("AVIF image sequence"))
        }
        let video = Data(HeaderBytes.box("ftyp", Array("isom".utf8) + HeaderBytes.be32(0) + Array("mp41".utf8))
                         + HeaderBytes.box("mdat", [0, 0]))
        XCTAssertThrowsError(try ImageHeaderReader.read(video)) {
            XCTAssertEqual($0 as? ImageRefusal, .unsupportedFormat("ISO media of another brand (a video?)"))
        }
    }

    func testALyingSizeIsRefusedFromTheHeaderAndA12MegapixelPhotoIsNot() throws {
        let limits = DecodeLimits()
        let bomb = try ImageHeaderReader.read(HeaderBytes.heif(width: 60000, height: 60000))
        XCTAssertThrowsError(try DecodePlanner.plan(bomb, target: PixelSize(width: 600, height: 400), requested: nil,
                                                    limits: limits, scalingFactors: [.one])) {
            guard case .tooLarge(.heic, 60000, 60000, _, _)? = $0 as? ImageRefusal else { return XCTFail("\($0)") }
        }
        let phone = try ImageHeaderReader.read(HeaderBytes.heif(width: 4032, height: 3024, rotation: 3))
        let plan = try DecodePlanner.plan(phone, target: PixelSize(width: 300, height: 400), requested: nil,
                                          limits: limits, scalingFactors: [.one])
        XCTAssertEqual(plan.bufferBytes, 4032 * 3024 * 4, "48 MB of RGBA: within the 64 MB budget")
        XCTAssertEqual([plan.decodedWidth, plan.decodedHeight], [3024, 4032], "libheif hands it over upright")
        XCTAssertTrue(plan.isLarge)
    }

    func testEveryPrefixAndRandomDamageThrowOrReadNeverTrap() {
        let bytes = Array(HeaderBytes.heif(width: 640, height: 480, rotation: 1, mirror: 0, frames: nil))
        for n in 0..<bytes.count { _ = try? ImageHeaderReader.read(Data(bytes.prefix(n))) }
        var rng = SplitMix(state: 11)
        for _ in 0..<5000 {
            var damaged = bytes
            for _ in 0..<3 { damaged[rng.int(0...(damaged.count - 1))] = UInt8(rng.int(0...255)) }
            _ = try? ImageHeaderReader.read(Data(damaged))
        }
        // A meta box that claims 4 GB, and one that claims less than its own header.
        var huge = bytes
        huge.replaceSubrange(24..<28, with: [0xFF, 0xFF, 0xFF, 0xFF])
        _ = try? ImageHeaderReader.read(Data(huge))
        var tiny = bytes
        tiny.replaceSubrange(24..<28, with: [0, 0, 0, 3])
        XCTAssertThrowsError(try ImageHeaderReader.read(Data(tiny)))
        XCTAssertFalse(ImageHeaderReader.looksComplete(Data(bytes.dropLast(4)), format: .heic), "cut short")
        XCTAssertTrue(ImageHeaderReader.looksComplete(Data(bytes), format: .heic))
    }
}
