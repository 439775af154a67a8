import Foundation
import XCTest
@testable import GalleryCore

/// The ICC profile found in a file's own bytes (JPEG APP2, WebP ICCP, PNG iCCP's presence): bytes from outside.
final class EmbeddedProfileTests: XCTestCase {
    private func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
        let length = body.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + body
    }

    private func iccChunk(_ sequence: UInt8, of count: UInt8, _ payload: [UInt8]) -> [UInt8] {
        segment(0xE2, Array("ICC_PROFILE".utf8) + [0, sequence, count] + payload)
    }

    private func jpeg(_ segments: [[UInt8]], trailer: [UInt8] = [0xFF, 0xDA, 0, 2, 1, 2, 3, 0xFF, 0xD9]) -> Data {
        Data([0xFF, 0xD8] + segments.flatMap { $0 } + trailer)
    }

    func testJPEGChunksAreJoinedInSequenceOrderWhateverTheirFileOrder() {
        let app0 = segment(0xE0, Array("JFIF".utf8) + [0, 1, 2])
        let data = jpeg([app0, iccChunk(2, of: 3, [4, 5]), iccChunk(1, of: 3, [1, 2, 3]), iccChunk(3, of: 3, [6])])
        XCTAssertEqual(EmbeddedProfile.jpeg(data), Data([1, 2, 3, 4, 5, 6]))
        XCTAssertEqual(EmbeddedProfile.jpeg(jpeg([iccChunk(1, of: 1, [9, 9])])), Data([9, 9]))
        // Fill bytes before a marker are allowed.
        XCTAssertEqual(EmbeddedProfile.jpeg(Data([0xFF, 0xD8, 0xFF, 0xFF] + iccChunk(1, of: 1, [7]).dropFirst(1))),
                       Data([7]))
    }

    func testMalformedJPEGChunksGiveNoProfile() {
        let cases: [(String, Data)] = [
            ("no profile", jpeg([segment(0xE1, Array("Exif".utf8) + [0, 0])])),
            ("a chunk missing", jpeg([iccChunk(1, of: 2, [1])])),
            ("a chunk repeated", jpeg([iccChunk(1, of: 2, [1]), iccChunk(1, of: 2, [2])])),
            ("counts disagree", jpeg([iccChunk(1, of: 2, [1]), iccChunk(2, of: 3, [2])])),
            ("sequence 0", jpeg([iccChunk(0, of: 1, [1])])),
            ("sequence past the count", jpeg([iccChunk(2, of: 1, [1])])),
            ("count 0", jpeg([iccChunk(0, of: 0, [1])])),
            ("a length past the end", Data([0xFF, 0xD8, 0xFF, 0xE2, 0xFF, 0xF0] + Array("ICC_PROFILE".utf8))),
            ("a length under 2", Data([0xFF, 0xD8, 0xFF, 0xE2, 0, 1, 0, 0])),
            ("not a JPEG", Data([0x89, 0x50, 0x4E, 0x47])),
            ("empty", Data()),
            ("garbage between segments", Data([0xFF, 0xD8, 0x00, 0x01] + iccChunk(1, of: 1, [1]))),
        ]
        for (name, data) in cases { XCTAssertNil(EmbeddedProfile.jpeg(data), name) }
    }

    func testAJPEGProfileAfterThePictureDataIsNotRead() {
        // Entropy-coded data may hold anything; the walk ends at the start of scan.
        let data = Data([0xFF, 0xD8] + segment(0xDA, [1, 2, 3]) + iccChunk(1, of: 1, [5]) + [0xFF, 0xD9])
        XCTAssertNil(EmbeddedProfile.jpeg(data))
    }

    func testAJPEGProfilePastTheBoundIsRefused() {
        // 70 chunks of 65,519 bytes: 4.6 MB, more than `maxBytes`.
        let payload = [UInt8](repeating: 1, count: 65_519)
        let chunks = (1...70).map { iccChunk(UInt8($0), of: 70, payload) }
        XCTAssertNil(EmbeddedProfile.jpeg(jpeg(chunks)))
        let fine = (1...3).map { iccChunk(UInt8($0), of: 3, payload) }
        XCTAssertEqual(EmbeddedProfile.jpeg(jpeg(fine))?.count, 3 * 65_519)
    }

    func testRandomBytesNeverCrashTheJPEGWalk() {
        var generator = SystemRandomNumberGenerator()
        let base = [UInt8](jpeg([iccChunk(1, of: 2, [1, 2, 3]), iccChunk(2, of: 2, [4])]))
        for _ in 0..<2_000 {
            var bytes = base
            for _ in 0..<3 { bytes[Int.random(in: 2..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            _ = EmbeddedProfile.jpeg(Data(bytes.prefix(Int.random(in: 0...bytes.count, using: &generator))))
        }
    }

    private func le32(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }

    private func webp(flags: UInt8, chunks: [(String, [UInt8])]) -> Data {
        var body = Array("WEBP".utf8) + Array("VP8X".utf8) + le32(10) + [flags, 0, 0, 0] + [9, 0, 0, 9, 0, 0]
        for (kind, payload) in chunks {
            body += Array(kind.utf8) + le32(payload.count) + payload + (payload.count % 2 == 1 ? [0] : [])
        }
        return Data(Array("RIFF".utf8) + le32(body.count) + body)
    }

    func testWebPProfileIsTheICCPChunkOfAnExtendedFile() {
        XCTAssertEqual(EmbeddedProfile.webp(webp(flags: 0x20, chunks: [("ICCP", [1, 2, 3]), ("VP8 ", [0, 0])])),
                       Data([1, 2, 3]))
        // The flag unset, the chunk after the picture, a chunk running past the end: none.
        XCTAssertNil(EmbeddedProfile.webp(webp(flags: 0, chunks: [("ICCP", [1, 2, 3])])))
        XCTAssertNil(EmbeddedProfile.webp(webp(flags: 0x20, chunks: [("VP8L", [0, 0]), ("ICCP", [1])])))
        var cut = webp(flags: 0x20, chunks: [("ICCP", [1, 2, 3, 4, 5, 6])])
        cut.removeLast(3)
        XCTAssertNil(EmbeddedProfile.webp(cut))
        XCTAssertNil(EmbeddedProfile.webp(Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)))
        var huge = [UInt8](webp(flags: 0x20, chunks: [("ICCP", [1, 2])]))
        huge.replaceSubrange(34..<38, with: le32(0x7FFF_FFFF))  // the ICCP chunk's size
        XCTAssertNil(EmbeddedProfile.webp(Data(huge)))
    }

    func testPNGProfileIsLookedForBeforeThePictureData() {
        func chunk(_ kind: String, _ payload: [UInt8]) -> [UInt8] {
            [UInt8(payload.count >> 24), UInt8(payload.count >> 16 & 0xFF), UInt8(payload.count >> 8 & 0xFF),
             UInt8(payload.count & 0xFF)] + Array(kind.utf8) + payload + [0, 0, 0, 0]
        }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let ihdr = chunk("IHDR", [UInt8](repeating: 0, count: 13))
        XCTAssertTrue(EmbeddedProfile.pngHasProfile(Data(signature + ihdr + chunk("iCCP", [1]) + chunk("IDAT", [0]))))
        XCTAssertFalse(EmbeddedProfile.pngHasProfile(Data(signature + ihdr + chunk("IDAT", [0]) + chunk("iCCP", [1]))))
        XCTAssertFalse(EmbeddedProfile.pngHasProfile(Data(signature + ihdr + chunk("sRGB", [0]) + chunk("IDAT", [0]))))
        XCTAssertFalse(EmbeddedProfile.pngHasProfile(Data(signature + [0xFF, 0xFF, 0xFF, 0xFF] + Array("tEXt".utf8))))
    }
}
