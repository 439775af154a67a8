import XCTest
@testable import GalleryCore

final class BlurHashTests: XCTestCase {
    private func encode83(_ value: Int, length: Int) -> String { BlurHash.encode83(value, length: length) }

    func testTheReferenceHashHasFourByThreeComponents() throws {
        // The example of the reference implementation's README.
        let c = try XCTUnwrap(BlurHash.components(of: "LEHV6nWB2yk8pyo0adR*.7kCMdnj"))
        XCTAssertEqual(c.x, 4)
        XCTAssertEqual(c.y, 3)
        XCTAssertEqual(c.colors.count, 12)
        let pixels = try XCTUnwrap(BlurHash.decode("LEHV6nWB2yk8pyo0adR*.7kCMdnj", width: 32, height: 24))
        XCTAssertEqual(pixels.count, 32 * 24 * 3)
        XCTAssertGreaterThan(Set(pixels).count, 20, "a picture, not a flat colour")
    }

    func testAOneComponentHashIsItsColourEverywhere() throws {
        // Size 0 (1×1), any maximum, DC = #3366CC.
        let hash = BlurHash.flat(r: 0x33, g: 0x66, b: 0xCC)
        XCTAssertEqual(hash, "005?~E")
        let pixels = try XCTUnwrap(BlurHash.decode(hash, width: 4, height: 3))
        for p in stride(from: 0, to: pixels.count, by: 3) {
            XCTAssertEqual(Array(pixels[p..<p + 3]), [0x33, 0x66, 0xCC])
        }
    }

    func testAHorizontalComponentMakesOneSideRedder() throws {
        // 2×1 components: DC grey, AC with red at its largest positive value: red falls from left to right.
        let hash = encode83(1, length: 1) + encode83(82, length: 1) + encode83(0x808080, length: 4)
            + encode83(18 * 19 * 19 + 9 * 19 + 9, length: 2)
        let pixels = try XCTUnwrap(BlurHash.decode(hash, width: 8, height: 1))
        XCTAssertGreaterThan(pixels[0], pixels[7 * 3], "red on the left")
        XCTAssertEqual(pixels[1], pixels[7 * 3 + 1], "green unchanged")
    }

    func testMalformedHashesGiveNothing() {
        for bad in ["", "L", "LEHV6nWB2yk8pyo0adR*.7kCMdn", "LEHV6nWB2yk8pyo0adR*.7kCMdnj!", "L€HV6nWB2yk8pyo0adR*.7kCMdnj",
                    "00" + "~~~~" + "~~"] {
            XCTAssertNil(BlurHash.decode(bad, width: 8, height: 8), bad)
        }
        XCTAssertNil(BlurHash.decode("LEHV6nWB2yk8pyo0adR*.7kCMdnj", width: 10_000, height: 10_000), "bounded output")
    }
}
