import XCTest
@testable import GalleryCore

/// Hashes made by ThumbHash's reference implementation (evanw/thumbhash, `js/thumbhash.js`, `rgbaToThumbHash` on
/// generated pictures) and what its own decoder (`thumbHashToRGBA`) makes of them: size, corner and middle pixels,
/// and the sum of every byte.
final class ThumbHashTests: XCTestCase {
    private struct Reference {
        let base64: String, width: Int, height: Int, ratio: Double
        let first: [UInt8], middle: [UInt8], last: [UInt8], sum: Int
    }

    private let references = [
        Reference(base64: "aDkGXIyAh4d1iIeId4eGj8f3eA==", width: 32, height: 18, ratio: 1.75,
                  first: [249, 128, 48, 255], middle: [186, 157, 136, 255], last: [143, 216, 216, 255], sum: 425_818),
        Reference(base64: "3UUFIxCPe4h3iIiIcHmICHg=", width: 14, height: 32, ratio: 3.0 / 7,
                  first: [31, 194, 216, 255], middle: [45, 134, 154, 255], last: [74, 86, 119, 255], sum: 271_325),
        Reference(base64: "VQgKXwQIiJeIiIhwjHiIiIiIiYAICIcA", width: 32, height: 32, ratio: 1,
                  first: [6, 41, 210, 255], middle: [255, 211, 1, 255], last: [0, 5, 204, 255], sum: 524_377),
        Reference(base64: "3SiDA4A4b3mGh3h9d/B4iHB3d4h4eIg=", width: 32, height: 19, ratio: 5.0 / 3,
                  first: [201, 51, 98, 26], middle: [201, 51, 98, 146], last: [201, 51, 98, 255], sum: 295_108),
    ]

    func testDecodesAsTheReferenceImplementationDoes() throws {
        for r in references {
            let picture = try XCTUnwrap(ThumbHash.decode(base64: r.base64), r.base64)
            XCTAssertEqual([picture.width, picture.height], [r.width, r.height], r.base64)
            XCTAssertEqual(try XCTUnwrap(ThumbHash.aspectRatio(base64: r.base64)), r.ratio, accuracy: 1e-9)
            func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(picture.rgba[(y * picture.width + x) * 4..<(y * picture.width + x) * 4 + 4]) }
            // Within one step: the reference computes in doubles too, but may round a last bit differently.
            for (got, want) in [(pixel(0, 0), r.first), (pixel(picture.width / 2, picture.height / 2), r.middle),
                                (pixel(picture.width - 1, picture.height - 1), r.last)] {
                XCTAssertTrue(zip(got, want).allSatisfy { abs(Int($0) - Int($1)) <= 1 }, "\(r.base64): \(got) vs \(want)")
            }
            XCTAssertEqual(Double(picture.rgba.reduce(0) { $0 + Int($1) }), Double(r.sum), accuracy: Double(picture.rgba.count) / 50)
        }
    }

    /// The reference's own test pictures, made again here: the encoder writes the reference's bytes.
    func testEncodesAsTheReferenceImplementationDoes() throws {
        func picture(_ w: Int, _ h: Int, _ f: (Double, Double) -> [Double]) -> [UInt8] {
            var rgba: [UInt8] = []
            for y in 0..<h {
                for x in 0..<w {
                    // A typed array truncates what is stored in it (Uint8Array), as the generator's did.
                    rgba += f(Double(x) / Double(w - 1), Double(y) / Double(h - 1)).map { UInt8(max(0, min(255, $0)).rounded(.towardZero)) }
                }
            }
            return rgba
        }
        let made: [(Int, Int, (Double, Double) -> [Double])] = [
            (100, 60, { u, v in [255 * (1 - v * 0.5), 120 + 80 * u, 60 + 150 * v, 255] }),
            (45, 100, { u, v in [20 + 60 * v, 90 + 100 * (1 - v), 200 - 80 * u, 255] }),
            (64, 64, { u, v in (u - 0.5) * (u - 0.5) + (v - 0.5) * (v - 0.5) < 0.09 ? [250, 220, 40, 255] : [30, 40, 90, 255] }),
            (80, 50, { u, _ in [200, 50, 100, (255 * u).rounded()] }),
        ]
        for (reference, (w, h, f)) in zip(references, made) {
            let hash = try XCTUnwrap(ThumbHash.encode(width: w, height: h, rgba: picture(w, h, f)))
            let want = [UInt8](Data(base64Encoded: reference.base64)!)
            XCTAssertEqual(hash.count, want.count)
            XCTAssertEqual(Array(hash.prefix(5)), Array(want.prefix(5)), "the header: averages, scales, counts")
            // A term that is exactly zero in theory (the alpha fade does not vary down the picture) lands on a
            // rounding edge, where V8's cosine and glibc's may disagree in the last bit: one step either way.
            for (a, b) in zip(hash.dropFirst(5), want.dropFirst(5)) {
                XCTAssertLessThanOrEqual(abs(Int(a & 15) - Int(b & 15)), 1, reference.base64)
                XCTAssertLessThanOrEqual(abs(Int(a >> 4) - Int(b >> 4)), 1, reference.base64)
            }
            if !reference.base64.hasPrefix("3SiD") { XCTAssertEqual(Data(hash).base64EncodedString(), reference.base64) }
        }
        XCTAssertNil(ThumbHash.encode(width: 101, height: 10, rgba: [UInt8](repeating: 0, count: 4040)))
    }

    func testMalformedHashesAreRefused() {
        XCTAssertNil(ThumbHash.decode(base64: "not base64!"))
        XCTAssertNil(ThumbHash.decode([1, 2, 3]))
        // A header that claims more terms than the hash holds.
        let full = [UInt8](Data(base64Encoded: "aDkGXIyAh4d1iIeId4eGj8f3eA==")!)
        XCTAssertNil(ThumbHash.decode(Array(full.prefix(8))))
        // A portrait header with no luminance columns has no aspect ratio.
        var zero = full
        zero[4] &= 0x7F; zero[3] &= 0xF8
        XCTAssertNil(ThumbHash.decode(zero))
        XCTAssertNil(ThumbHash.decode([UInt8](repeating: 0xFF, count: 200)), "longer than any ThumbHash")
        // Every prefix and a thousand random byte strings: no crash, never more than 32×32.
        var rng = SplitMix(state: 9)
        for n in 0..<full.count { _ = ThumbHash.decode(Array(full.prefix(n))) }
        for _ in 0..<1000 {
            let bytes = (0..<rng.int(0...40)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            if let p = ThumbHash.decode(bytes) { XCTAssertTrue(p.width <= 32 && p.height <= 32 && p.rgba.count == p.width * p.height * 4) }
        }
    }
}
