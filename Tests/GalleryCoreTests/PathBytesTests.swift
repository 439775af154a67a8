import XCTest
@testable import GalleryCore

final class PathBytesTests: XCTestCase {
    func testValidNamesAreThemselvesAndAnyBytesComeBackWhole() {
        XCTAssertEqual(PathBytes.string(Array("/pics/Zoë 1.jpg".utf8)), "/pics/Zoë 1.jpg")
        var rng = SplitMix(state: 7)
        for _ in 0..<2000 {
            let bytes = (0..<Int(rng.next() % 24)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }.filter { $0 != 0 }
            let text = PathBytes.string(bytes)
            XCTAssertEqual(PathBytes.bytes(text), bytes, "\(bytes)")
        }
        // A name that really holds a character of the escape block is not confused with an escaped byte.
        let real = Array("a\u{F7FC}b".utf8), escaped: [UInt8] = [0x61, 0xFC, 0x62]
        XCTAssertNotEqual(PathBytes.string(real), PathBytes.string(escaped))
        XCTAssertEqual(PathBytes.bytes(PathBytes.string(real)), real)
        XCTAssertEqual(PathBytes.bytes(PathBytes.string(escaped)), escaped)
    }

    func testNamesAreShownWithoutControlsOrBidiAndWithReplacementCharacters() {
        let munich = PathBytes.string(Array("M".utf8) + [0xFC] + Array("nchen".utf8))
        XCTAssertEqual(PathBytes.display(munich), "M\u{FFFD}nchen")
        XCTAssertEqual(PathBytes.display("\u{1B}[2Jevil\u{202E}gpj.exe\u{7}"), "[2Jevilgpj.exe")
        PathBytes.withCString(munich) { XCTAssertEqual(strlen($0), 7) }
    }

    func testALineThatRepeatsIsSaidOnceAMinute() {
        var throttle = LogThrottle(interval: 60)
        XCTAssertEqual(throttle.line("disk full", at: 0), "disk full")
        for t in 1...599 { XCTAssertNil(throttle.line("disk full", at: Double(t) / 10)) }
        XCTAssertEqual(throttle.line("disk full", at: 61), "disk full (and 599 more like it since)")
        XCTAssertNil(throttle.line("disk full", at: 62))
    }

    func testExifDatesRoundTripThroughSeconds() {
        for text in ["2024:06:01 14:03:22", "1999:12:31 23:59:59", "2000:02:29 00:00:00", "1850:01:01 12:30:00"] {
            let seconds = ExifInfo.seconds(fromExifDate: text)!
            XCTAssertEqual(ExifInfo.exifDate(seconds: seconds), text)
        }
    }

    func testTheNaturalOrderMatchesTheNaturalKey() {
        var rng = SplitMix(state: 3)
        let pieces = ["img", "IMG", "0", "007", "10", "9", "_", "a", "B", "/", ".jpg", "ä", "2"]
        for _ in 0..<3000 {
            let a = (0..<3).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
            let b = (0..<3).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
            XCTAssertEqual(NaturalOrder.less(a, b), naturalKey(a).lexicographicallyPrecedes(naturalKey(b)),
                           "\(a) vs \(b)")
        }
    }

    /// The reference key, compared whole (what `NaturalOrder` must agree with without allocating): the UTF-8 with
    /// ASCII letters lowercased, each run of digits without its leading zeros and preceded by a marker and its length.
    private func naturalKey(_ text: String) -> [UInt8] {
        var key: [UInt8] = []
        var digits: [UInt8] = []
        func flush() {
            guard !digits.isEmpty else { return }
            let trimmed = digits.drop { $0 == 0x30 }
            key.append(0x01)
            key.append(UInt8(min(255, trimmed.count)))
            key.append(contentsOf: trimmed)
            digits.removeAll(keepingCapacity: true)
        }
        for byte in text.utf8 {
            if byte >= 0x30 && byte <= 0x39 { digits.append(byte) } else {
                flush()
                key.append(byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte)
            }
        }
        flush()
        return key
    }
}
