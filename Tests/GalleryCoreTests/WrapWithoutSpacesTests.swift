import GalleryCore
import XCTest

/// Japanese and Chinese write no spaces: a line breaks between their characters, never before a closing mark,
/// and words with spaces still break only at them.
final class WrapWithoutSpacesTests: XCTestCase {
    /// One unit a character: wide enough for `width` characters.
    private func wrap(_ text: String, _ width: Int) -> [String] {
        TextFit.wrap(text, width: width, maxLines: 8) { $0.count }
    }

    func testJapaneseBreaksBetweenCharacters() {
        let lines = wrap("☆ をクリック、長押し、右クリック", 8)
        XCTAssertEqual(lines.joined().replacingOccurrences(of: " ", with: ""), "☆をクリック、長押し、右クリック",
                       "nothing lost, nothing cut with an ellipsis")
        XCTAssertTrue(lines.allSatisfy { $0.count <= 8 }, "\(lines)")
        XCTAssertFalse(lines.contains { $0.hasPrefix("、") }, "a closing mark never starts a line: \(lines)")
        XCTAssertFalse(lines.contains { $0.hasSuffix("…") })
    }

    func testChineseBreaksBetweenIdeographs() {
        let lines = wrap("点击星标、长按或右键单击", 5)
        XCTAssertEqual(lines.joined(), "点击星标、长按或右键单击")
        XCTAssertTrue(lines.allSatisfy { $0.count <= 5 }, "\(lines)")
    }

    func testSpacedWordsStillBreakAtSpaces() {
        XCTAssertEqual(wrap("Click the star, long press", 12), ["Click the", "star, long", "press"])
    }

    func testLatinInsideJapaneseKeepsItsWordsWhole() {
        let lines = wrap("Ctrl+R でファイルを回転", 8)
        XCTAssertEqual(lines.first, "Ctrl+R で")
        XCTAssertEqual(lines.joined(separator: " ").replacingOccurrences(of: " ", with: ""),
                       "Ctrl+Rでファイルを回転")
    }
}
