import AppDriving
import ColourKit
import Foundation
import GalleryCore
import PNGKit
import SDLKit
import XCTest
@testable import ImageLayer

/// The one decode door converts what a file's own profile says to the display's: a JPEG's APP2 chunks, a PNG's
/// iCCP; a kept cell (pixels converted already) is left as it is.
final class DecodedColourTests: XCTestCase {
    private let rgb: [UInt8] = [200, 60, 60]

    private func flatSurface() throws -> Surface {
        XCTAssertNotNil(TestVideo.system)
        let s = try Surface(width: 64, height: 48)
        s.fill(x: 0, y: 0, width: 64, height: 48, r: rgb[0], g: rgb[1], b: rgb[2])
        return s
    }

    /// A JPEG of one colour with `profile` in APP2 segments of at most `chunk` bytes each, after SOI.
    private func taggedJPEG(_ profile: Data, chunk: Int = 1000) throws -> Data {
        var jpeg = [UInt8](try flatSurface().jpegData(quality: 100))
        let pieces = stride(from: 0, to: profile.count, by: chunk).map { profile[($0)..<min(profile.count, $0 + chunk)] }
        var segments: [UInt8] = []
        for (i, piece) in pieces.enumerated() {
            let body = Array("ICC_PROFILE".utf8) + [0, UInt8(i + 1), UInt8(pieces.count)] + Array(piece)
            segments += [0xFF, 0xE2, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        }
        jpeg.insert(contentsOf: segments, at: 2)
        return Data(jpeg)
    }

    private func centre(_ decoded: ImageDecoder.Decoded) -> [Int] {
        let p = decoded.surface.pixel(x: decoded.surface.width / 2, y: decoded.surface.height / 2)
        return [Int(p.r), Int(p.g), Int(p.b)]
    }

    private func assertClose(_ got: [Int], _ want: [Int], within: Int = 3, file: StaticString = #filePath,
                             line: UInt = #line) {
        XCTAssertTrue(zip(got, want).allSatisfy { abs($0 - $1) <= within }, "\(got) is not \(want)", file: file, line: line)
    }

    func testAJPEGTaggedDisplayP3IsDrawnInItsSRGBColours() throws {
        let p3 = try ColourKitTests.displayP3()
        let want = ColourMaths.toSRGB(rgb, primaries: ColourMaths.displayP3, decode: ColourMaths.srgbDecode)
        let decoder = ImageDecoder()
        for target in [PixelSize(width: 32, height: 24), PixelSize(width: 128, height: 96)] {
            let decoded = try decoder.decode(taggedJPEG(p3), target: target)
            assertClose(centre(decoded), want)
        }
        // Untagged: as it is. A kept cell: converted already.
        assertClose(centre(try decoder.decode(try flatSurface().jpegData(quality: 100), target: PixelSize(width: 32, height: 24))),
                    rgb.map(Int.init))
        let data = try taggedJPEG(p3)
        let plan = try decoder.plan(data, target: PixelSize(width: 32, height: 24), requested: nil)
        assertClose(centre(try decoder.decode(data, plan: plan, target: PixelSize(width: 32, height: 24), inDisplayColours: true)),
                    rgb.map(Int.init))
        XCTAssertNotEqual(want, rgb.map(Int.init), "the test would not tell the two apart")
    }

    func testABrokenJPEGProfileIsDrawnAsSRGB() throws {
        let decoded = try ImageDecoder().decode(taggedJPEG(Data(repeating: 0x5A, count: 2000)),
                                                target: PixelSize(width: 32, height: 24))
        assertClose(centre(decoded), rgb.map(Int.init))
    }

    func testAPNGWithAnICCPChunkIsConverted() throws {
        let p3 = try ColourKitTests.displayP3()
        let path = NSTemporaryDirectory() + "tessera-colour-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try flatSurface().savePNG(to: path)
        var png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        png.insert(contentsOf: PNGChunks.iCCP(name: "Display P3", profile: [UInt8](p3)), at: 33)  // after IHDR
        let data = Data(png)
        XCTAssertEqual(data.withUnsafeBytes { PNGProfile.icc(in: $0) }, p3)
        let decoded = try ImageDecoder().decode(data, target: PixelSize(width: 32, height: 24))
        assertClose(centre(decoded), ColourMaths.toSRGB(rgb, primaries: ColourMaths.displayP3, decode: ColourMaths.srgbDecode))
        // A profile chunk whose CRC is wrong is skipped by libpng: drawn as sRGB.
        var damaged = png
        damaged[33 + 20] ^= 0xFF
        XCTAssertNil(Data(damaged).withUnsafeBytes { PNGProfile.icc(in: $0) })
    }

    func testAnAVIFWhoseNCLXSaysDisplayP3IsConverted() throws {
        // heif-enc 1.15 writes "unspecified" (2, 2) whatever it is asked: the colr box's code points are set here.
        let dir = NSTemporaryDirectory() + "tessera-nclx-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try flatSurface().savePNG(to: dir + "/flat.png")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["heif-enc", "-A", "-q", "100", dir + "/flat.png", "-o", dir + "/flat.avif"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        var avif = [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: dir + "/flat.avif"),
                                         "heif-enc (libheif-examples) is in TEST_PACKAGES"))
        let box = Array("colrnclx".utf8)
        let at = try XCTUnwrap((0..<(avif.count - box.count)).first { Array(avif[$0..<($0 + box.count)]) == box })
        let plain = try ImageDecoder().decode(Data(avif), target: PixelSize(width: 32, height: 24))
        avif.replaceSubrange((at + 8)..<(at + 12), with: [0, 12, 0, 13])  // Display P3 primaries, sRGB curve
        let p3 = try ImageDecoder().decode(Data(avif), target: PixelSize(width: 32, height: 24))
        let coded = centre(plain).map { UInt8($0) }
        assertClose(centre(p3), ColourMaths.toSRGB(coded, primaries: ColourMaths.displayP3, decode: ColourMaths.srgbDecode),
                    within: 2)
        assertClose(centre(plain), rgb.map(Int.init), within: 4)
    }
}

/// PNG chunks written by hand: an iCCP whose zlib stream holds stored (uncompressed) blocks.
enum PNGChunks {
    static func iCCP(name: String, profile: [UInt8]) -> [UInt8] {
        chunk("iCCP", Array(name.utf8) + [0, 0] + zlibStored(profile))
    }

    static func chunk(_ kind: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(kind.utf8) + body
        return be32(UInt32(body.count)) + typed + be32(crc32(typed))
    }

    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var at = 0
        repeat {
            let n = min(65_535, data.count - at)
            let last: UInt8 = at + n == data.count ? 1 : 0
            out += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            out += data[at..<(at + n)]
            at += n
        } while at < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        return out + be32(b << 16 | a)
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
