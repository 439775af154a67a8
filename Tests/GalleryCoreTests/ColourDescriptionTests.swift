import Foundation
import XCTest
@testable import GalleryCore

/// What a HEIF's `nclx` code points mean, and the bounded shelf of transforms.
final class ColourDescriptionTests: XCTestCase {
    func testNCLXCodePointsMapToPrimariesAndCurves() {
        XCTAssertEqual(ColourDescription(nclxPrimaries: 12, transfer: 13),
                       .coded(CodedColour(primaries: .displayP3, transfer: .sRGB)))
        XCTAssertEqual(ColourDescription(nclxPrimaries: 9, transfer: 14),
                       .coded(CodedColour(primaries: .bt2020, transfer: .bt709)))
        XCTAssertEqual(ColourDescription(nclxPrimaries: 1, transfer: 8),
                       .coded(CodedColour(primaries: .bt709, transfer: .linear)))
        XCTAssertEqual(ColourDescription(nclxPrimaries: 12, transfer: 4),
                       .coded(CodedColour(primaries: .displayP3, transfer: .gamma(2.2))))
        // HLG is made for SDR displays read as BT.709.
        XCTAssertEqual(ColourDescription(nclxPrimaries: 9, transfer: 18),
                       .coded(CodedColour(primaries: .bt2020, transfer: .bt709)))
    }

    func testSRGBUnspecifiedUnknownAndPQAreDrawnAsSRGB() {
        XCTAssertEqual(ColourDescription(nclxPrimaries: 1, transfer: 13), .sRGB)
        XCTAssertEqual(ColourDescription(nclxPrimaries: 2, transfer: 2), .sRGB)
        XCTAssertEqual(ColourDescription(nclxPrimaries: 9, transfer: 16), .sRGB, "PQ: no tone mapping")
        XCTAssertEqual(ColourDescription(nclxPrimaries: 22, transfer: 13), .sRGB, "EBU 3213: not converted")
        XCTAssertEqual(ColourDescription(nclxPrimaries: 255, transfer: 255), .sRGB)
        XCTAssertTrue(ColourDescription.sRGB.isSRGB)
        XCTAssertFalse(ColourDescription.icc(Data([1])).isSRGB)
        XCTAssertEqual(ColourDescription(icc: nil), .sRGB)
        XCTAssertEqual(ColourDescription(icc: Data()), .sRGB)
    }

    func testPrimariesAreTheStandardsChromaticities() {
        let p3 = CodedColour.Primaries.displayP3
        XCTAssertEqual(p3.red.x, 0.680); XCTAssertEqual(p3.green.y, 0.690); XCTAssertEqual(p3.white.x, 0.3127)
        XCTAssertEqual(CodedColour.Primaries.bt2020.green.x, 0.170)
        XCTAssertEqual(CodedColour.Primaries.bt709.red.x, 0.640)
    }

    func testTransferCurvesMeetWhereTheirTwoPiecesJoin() {
        // Y = (aX + b)^g above d, cX below: the two pieces must agree at d (within the standards' rounding).
        for transfer in [CodedColour.Transfer.sRGB, .bt709] {
            let p = transfer.parametric
            let upper = pow(p[1] * p[4] + p[2], p[0]), lower = p[3] * p[4]
            XCTAssertEqual(upper, lower, accuracy: 0.0005, "\(transfer)")
            XCTAssertEqual(pow(p[1] + p[2], p[0]), 1, accuracy: 1e-9, "white stays white")
        }
    }

    func testTheShelfBuildsOncePerPairAndKeepsFailures() {
        let shelf = TransformShelf<String>(limit: 4)
        let p3 = ProfilePair(.coded(CodedColour(primaries: .displayP3, transfer: .sRGB)), to: .sRGB)
        XCTAssertEqual(shelf.value(for: p3) { "p3" }, "p3")
        XCTAssertEqual(shelf.value(for: p3) { XCTFail("built again"); return "x" }, "p3")
        let hostile = ProfilePair(.icc(Data([1, 2, 3])), to: .sRGB)
        XCTAssertNil(shelf.value(for: hostile) { nil })
        XCTAssertNil(shelf.value(for: hostile) { XCTFail("a refused profile is read once"); return "x" })
        XCTAssertEqual(shelf.built, 2)
        // The same source to another display is another pair.
        XCTAssertEqual(shelf.value(for: ProfilePair(p3.source, to: .icc(Data([9])))) { "p3 to display" }, "p3 to display")
        XCTAssertEqual(shelf.built, 3)
    }

    func testTheShelfIsBoundedInEntriesAndBytesLeastRecentlyUsedFirst() {
        let shelf = TransformShelf<Int>(limit: 3, maxKeyBytes: 100)
        func pair(_ i: Int, bytes: Int = 1) -> ProfilePair { ProfilePair(.icc(Data(repeating: UInt8(i), count: bytes)), to: .sRGB) }
        for i in 1...3 { _ = shelf.value(for: pair(i)) { i } }
        _ = shelf.value(for: pair(1)) { XCTFail(); return 0 }  // 1 used last: 2 is the oldest
        _ = shelf.value(for: pair(4)) { 4 }
        XCTAssertEqual(shelf.count, 3)
        var rebuilt = false
        _ = shelf.value(for: pair(2)) { rebuilt = true; return 2 }
        XCTAssertTrue(rebuilt, "the least recently used pair was forgotten")
        _ = shelf.value(for: pair(1)) { XCTFail("kept"); return 0 }
        // Bytes: a 90-byte profile pushes out what held the rest; one past the bound is never kept.
        _ = shelf.value(for: pair(5, bytes: 90)) { 5 }
        XCTAssertLessThanOrEqual(shelf.count, 3)
        var big = 0
        for _ in 0..<2 { _ = shelf.value(for: pair(6, bytes: 200)) { big += 1; return 6 } }
        XCTAssertEqual(big, 2, "a profile past the byte bound is built each time, never held")
        for i in 0..<100 { _ = shelf.value(for: pair(100 + i)) { i } }
        XCTAssertEqual(shelf.count, 3)
    }
}
