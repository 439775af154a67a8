import XCTest
@testable import GalleryCore

final class ConfigTextTests: XCTestCase {
    func testNamesValuesCommentsQuotesAndLineNumbers() {
        let text = """
        # a kiosk in the lobby
        kiosk = yes

        Speed=60   # pixels a second
        schedule = 07:00-23:00
        name = "Lobby # 2"
        unsplash-key = 'abc def'
        """
        let (entries, problems) = ConfigText.parse(text)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(entries.map(\.name), ["kiosk", "speed", "schedule", "name", "unsplash-key"])
        XCTAssertEqual(entries.map(\.value), ["yes", "60", "07:00-23:00", "Lobby # 2", "abc def"])
        XCTAssertEqual(entries.map(\.line), [2, 4, 5, 6, 7])
    }

    func testBadLinesAreReportedWithTheirNumbersAndTheRestKept() {
        let text = "kiosk\n--speed = 3\nname = \"open\nsize = 800x600\nx = 'a' b\n" + String(repeating: "a", count: 5000)
        let (entries, problems) = ConfigText.parse(text)
        XCTAssertEqual(entries.map(\.name), ["size"])
        XCTAssertEqual(problems.map(\.line), [1, 2, 3, 5, 6])
        XCTAssertTrue(problems[0].description.hasPrefix("line 1: "))
    }

    func testTruth() {
        XCTAssertEqual(["yes", "On", "true", "1"].map(ConfigText.truth), [true, true, true, true])
        XCTAssertEqual(["no", "OFF", "false", "0"].map(ConfigText.truth), [false, false, false, false])
        XCTAssertNil(ConfigText.truth("40"))
    }

    func testAByteOrderMarkIsNoPartOfTheFirstNameAndGarbageIsNotEchoedRaw() {
        let (entries, problems) = ConfigText.parse("\u{FEFF}demo = yes\nspeed = 40\n")
        XCTAssertEqual(entries.map(\.name), ["demo", "speed"])
        XCTAssertEqual(problems, [])
        let garbage = ConfigText.parse("a\u{0}\u{1B}[2Jb = 1\n").problems
        XCTAssertEqual(garbage.count, 1)
        XCTAssertFalse(garbage[0].message.unicodeScalars.contains { $0.value < 0x20 }, garbage[0].message)
    }
}
