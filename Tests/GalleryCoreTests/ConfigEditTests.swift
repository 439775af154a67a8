import XCTest
@testable import GalleryCore

final class ConfigEditTests: XCTestCase {
    func testCommentsOtherLinesAndOrderKeptAndTheNamedLineReplacedInPlace() {
        let text = "# the lobby's frame\nkiosk = yes\n\ninterval = 5   # seconds\nschedule = 07:00-23:00\n"
        let edited = ConfigText.setting([("interval", "8")], in: text)
        XCTAssertEqual(edited, "# the lobby's frame\nkiosk = yes\n\ninterval = 8\nschedule = 07:00-23:00\n")
    }

    func testAFileWithWindowsLineEndingsIsEditedLineByLine() {
        // CR LF is one Character in Swift: split on "\n" alone, the whole file was one line, and a save of its first
        // name replaced every other line.
        let text = "mode = wall\r\nimmich-key = SECRET\r\ninterval = 5\r\n"
        XCTAssertEqual(ConfigText.parse(text).entries.map(\.name), ["mode", "immich-key", "interval"])
        let edited = ConfigText.setting([("mode", "slideshow")], in: text)
        XCTAssertEqual(edited, "mode = slideshow\nimmich-key = SECRET\ninterval = 5\n")
    }

    func testNewNamesAppendedWithAFinalNewline() {
        XCTAssertEqual(ConfigText.setting([("mode", "slideshow"), ("interval", "8")], in: ""),
                       "mode = slideshow\ninterval = 8\n")
        XCTAssertEqual(ConfigText.setting([("mode", "wall")], in: "kiosk = yes"), "kiosk = yes\nmode = wall\n")
    }

    func testEveryDuplicateLineOfANameBecomesOne() {
        let text = "mode = wall\nkiosk = yes\nMode = slideshow\n  mode=wall # again\n"
        let edited = ConfigText.setting([("mode", "slideshow")], in: text)
        XCTAssertEqual(edited, "mode = slideshow\nkiosk = yes\n")
        XCTAssertEqual(ConfigText.parse(edited).entries.filter { $0.name == "mode" }.map(\.value), ["slideshow"])
    }

    func testValuesThatNeedQuotesRoundTripThroughParse() {
        let values = ["Lobby # 2", " padded ", "\"quoted\" start", "it's # here", "'single", "plain words", ""]
        let edited = ConfigText.setting(values.enumerated().map { ("name\($0.offset)", $0.element) }, in: "# top\n")
        XCTAssertEqual(ConfigText.parse(edited).problems, [])
        XCTAssertEqual(ConfigText.parse(edited).entries.map(\.value), values)
        XCTAssertTrue(edited.contains("name0 = \"Lobby # 2\""), edited)
    }

    func testAValueCannotInjectASecondLine() {
        for bad in ["8\nkiosk = yes", "8\rkiosk = yes", "a\u{0}b", "x\u{2028}y", "both \" and ' # quoted"] {
            XCTAssertNil(ConfigText.written(bad), bad)
            let edited = ConfigText.setting([("interval", bad)], in: "interval = 5\n")
            XCTAssertEqual(edited, "interval = 5\n", "a value no line can hold leaves the old line")
        }
    }

    func testRemovingNamesKeepsTheRest() {
        let text = "\u{FEFF}# albums\nimmich-album = a\nalbum = b\nsource = immich\n"
        XCTAssertEqual(ConfigText.removing(["immich-album", "ALBUM"], from: text), "\u{FEFF}# albums\nsource = immich\n")
    }

    func testLinesParseSkipsAreNotTakenForSettings() {
        let text = "# interval = 3\n--interval = 4\ninterval\n"
        XCTAssertEqual(ConfigText.setting([("interval", "9")], in: text), text + "interval = 9\n")
    }
}
