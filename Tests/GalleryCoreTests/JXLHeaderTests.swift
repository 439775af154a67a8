import Foundation
import ImageSamples
import XCTest
@testable import GalleryCore

/// JPEG XL headers read without libjxl: files made by cjxl (bare codestream, container, animation), and headers
/// written bit by bit for what cjxl cannot be asked for (orientation, huge sizes), and hostile bytes.
final class JXLHeaderTests: XCTestCase {
    /// `cjxl a.png a.jxl -d 0` of a flat 64×48 PNG.
    static let still = hex("ff0acb4040e5de2a820802010060004b188b1500941f63d0ff052200001ce817001c304d094026")
    /// `cjxl anim.gif anim.jxl` of two 64×48 frames.
    static let animation = hex("ff0acb040158505c120808a002000070004b188b1500d41363307e2e2001802059030020a57f00413f9a82c8")
    /// The start of `cjxl a.png c.jxl --container=1 -d 1`: the signature box, `ftyp`, then `jxlc`.
    static let container = hex("0000000c4a584c200d0a870a00000014667479706a786c20000000006a786c200000006c6a786c63ff0acb4042e5de2a82001288020050015de51200")

    func testFilesMadeByCJXL() throws {
        XCTAssertEqual(try ImageHeaderReader.read(Self.still), ImageHeader(format: .jxl, width: 64, height: 48))
        let container = try ImageHeaderReader.read(Self.container)
        XCTAssertEqual([container.width, container.height], [64, 48])
        XCTAssertEqual(container.format, .jxl)
        let animation = try ImageHeaderReader.read(Self.animation)
        XCTAssertEqual([animation.width, animation.height], [64, 48])
        XCTAssertTrue(animation.animated)
        XCTAssertFalse(try ImageHeaderReader.read(Self.still).animated)
    }

    func testAContainersExifBoxGivesTheDateAndCamera() throws {
        let tiff = Array(HeaderBytes.exif(orientation: 6, taken: "2023:08:14 09:30:00", make: "Canon",
                                          model: "Canon EOS R5").dropFirst(10))
        func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let n = UInt32(body.count + 8)
            return [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + Array(type.utf8) + body
        }
        let file = Data(JXLHeader.containerSignature + box("Exif", [0, 0, 0, 0] + tiff) + box("jxlc", Array(Self.still)))
        let header = try ImageHeaderReader.read(file)
        XCTAssertEqual([header.width, header.height], [64, 48])
        XCTAssertEqual(header.taken, "2023:08:14 09:30:00")
        XCTAssertEqual(header.camera, "Canon EOS R5")
        XCTAssertEqual(header.orientation, .up, "EXIF's orientation is never a JPEG XL's")
        // An Exif box whose offset runs past it is ignored, not trusted.
        let lying = Data(JXLHeader.containerSignature + box("Exif", [0, 0, 0xFF, 0xF0] + tiff) + box("jxlc", Array(Self.still)))
        XCTAssertNil(try ImageHeaderReader.read(lying).taken)
    }

    func testOrientationAndSizesWrittenBitByBit() throws {
        // 4000×3000 (not divisible-by-8 form), orientation 6 (a quarter turn clockwise): drawn 3000×4000.
        var bits = BitWriter()
        bits.size(width: 4001, height: 3001)
        bits.metadata(orientation: 6, animated: false)
        let header = try ImageHeaderReader.read(bits.codestream)
        XCTAssertEqual([header.width, header.height], [4001, 3001])
        XCTAssertEqual(header.orientation, .right)
        XCTAssertEqual(header.displaySize, PixelSize(width: 3001, height: 4001))
        // A fixed ratio: 16:9 of 1080 is 1920.
        var ratio = BitWriter()
        ratio.write(0, 1); ratio.write(1, 2); ratio.write(1080 - 1, 13); ratio.write(5, 3)
        ratio.write(1, 1)  // all_default
        XCTAssertEqual(try ImageHeaderReader.read(ratio.codestream), ImageHeader(format: .jxl, width: 1920, height: 1080))
    }

    func testHostileBytesAreRefusedNotTrusted() throws {
        // Cut short at every length: refused (or read, when enough is there), never a trap.
        for n in 2..<Self.still.count {
            _ = try? ImageHeaderReader.read(Self.still.prefix(n))
        }
        XCTAssertThrowsError(try ImageHeaderReader.read(Data([0xFF, 0x0A]))) { error in
            XCTAssertEqual((error as? ImageRefusal)?.mayNeedMoreBytes, true)
        }
        // A container with no codestream box, and one whose box sizes loop or run away.
        var boxes = Self.container.prefix(32)
        boxes.append(contentsOf: [0, 0, 0, 8] + Array("free".utf8))
        XCTAssertThrowsError(try ImageHeaderReader.read(boxes))
        XCTAssertThrowsError(try ImageHeaderReader.read(Self.container.prefix(12) + Data([0, 0, 0, 0] + Array("ftyp".utf8))))
        XCTAssertThrowsError(try ImageHeaderReader.read(Self.container.prefix(12) + Data([0, 0, 0, 1] + Array("ftyp".utf8)
            + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])))
        // A side of 2^30 or more is malformed; a billion pixels that parse are refused by the planner from the header.
        var huge = BitWriter()
        huge.write(0, 1); huge.write(3, 2); huge.write((1 << 30) - 1, 30); huge.write(1, 3); huge.write(1, 1)
        XCTAssertThrowsError(try ImageHeaderReader.read(huge.codestream))
        var large = BitWriter()
        large.write(0, 1); large.write(2, 2); large.write(200_000 - 1, 18); large.write(1, 3); large.write(1, 1)
        let header = try ImageHeaderReader.read(large.codestream)
        XCTAssertEqual([header.width, header.height], [200_000, 200_000])
        XCTAssertThrowsError(try DecodePlanner.plan(header, target: PixelSize(width: 400, height: 400), requested: nil,
                                                    limits: DecodeLimits(), scalingFactors: [.one])) { error in
            guard case .tooLarge(.jxl, 200_000, 200_000, _, _)? = error as? ImageRefusal else {
                return XCTFail("\(error)")
            }
        }
    }

    static func hex(_ text: String) -> Data {
        var out = Data()
        var i = text.startIndex
        while i < text.endIndex {
            let j = text.index(i, offsetBy: 2)
            out.append(UInt8(text[i..<j], radix: 16)!)
            i = j
        }
        return out
    }
}

/// Writes a JPEG XL header's bits, least significant first.
struct BitWriter {
    private var bytes: [UInt8] = []
    private var count = 0

    mutating func write(_ value: Int, _ n: Int) {
        for i in 0..<n {
            if count % 8 == 0 { bytes.append(0) }
            if (value >> i) & 1 == 1 { bytes[bytes.count - 1] |= UInt8(1 << (count % 8)) }
            count += 1
        }
    }

    /// SizeHeader of any size, by the 30-bit distribution.
    mutating func size(width: Int, height: Int) {
        write(0, 1); write(3, 2); write(height - 1, 30); write(0, 3); write(3, 2); write(width - 1, 30)
    }

    mutating func metadata(orientation: Int, animated: Bool) {
        write(0, 1); write(1, 1); write(orientation - 1, 3); write(0, 1); write(0, 1); write(animated ? 1 : 0, 1)
        write(0, 16)  // the rest of the metadata, not read
    }

    var codestream: Data { Data([0xFF, 0x0A] + bytes + [0, 0, 0, 0]) }
}
