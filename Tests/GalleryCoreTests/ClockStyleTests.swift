import XCTest
@testable import GalleryCore

/// `--clock`'s words (the command line, the configuration file and the remote's field take the same): every form
/// it takes, and every refusal with the word that does not do.
final class ClockStyleTests: XCTestCase {
    private func parse(_ text: String) throws -> ClockStyle? { try ClockStyle.parse(text) }

    private func refusal(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            let style = try ClockStyle.parse(text)
            XCTFail("\"\(text)\" was taken as \(String(describing: style))", file: file, line: line)
            return ""
        } catch let error as ClockStyleError {
            return error.message
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return ""
        }
    }

    func testTheOldValuesAreTheSmallClockInTheirCornerAndOffIsNone() throws {
        XCTAssertNil(try parse("off"))
        XCTAssertNil(try parse(" OFF "))
        XCTAssertEqual(try parse("top-left"), ClockStyle(size: .small, spot: .topLeft))
        XCTAssertEqual(try parse("top-right"), .topRight)
        XCTAssertEqual(try parse("bottom-left"), .bottomLeft)
        XCTAssertEqual(try parse("bottom-right"), .bottomRight)
        for corner in ClockCorner.allCases {
            XCTAssertEqual(try parse(corner.rawValue), ClockStyle(corner: corner))
            XCTAssertEqual(ClockStyle(corner: corner).description, corner.rawValue, "written back as it always was")
        }
    }

    func testSizesPlacesDateAndHoursInAnyOrderWithSpacesOrCommas() throws {
        XCTAssertEqual(try parse("large"), ClockStyle(size: .large, spot: .bottomRight))
        XCTAssertEqual(try parse("huge"), ClockStyle(size: .huge, spot: .centred), "huge stands in the centre")
        XCTAssertEqual(try parse("small"), .bottomRight)
        XCTAssertEqual(try parse("large bottom-left date"),
                       ClockStyle(size: .large, spot: .bottomLeft, showsDate: true))
        XCTAssertEqual(try parse("date,bottom-left, large"), try parse("large bottom-left date"))
        XCTAssertEqual(try parse("Huge Top"), ClockStyle(size: .huge, spot: .topBand))
        XCTAssertEqual(try parse("large bottom"), ClockStyle(size: .large, spot: .bottomBand))
        XCTAssertEqual(try parse("top-band"), ClockStyle(spot: .topBand))
        XCTAssertEqual(try parse("bottom-band large"), ClockStyle(size: .large, spot: .bottomBand))
        for centre in ["centre", "center", "centred", "centered", "middle"] {
            XCTAssertEqual(try parse("large " + centre), ClockStyle(size: .large, spot: .centred), centre)
        }
        XCTAssertEqual(try parse("12h large"), ClockStyle(size: .large, hours: .twelve))
        XCTAssertEqual(try parse("top-right 24h date"), ClockStyle(spot: .topRight, hours: .twentyFour, showsDate: true))
        XCTAssertEqual(try parse("large\ttop-left"), ClockStyle(size: .large, spot: .topLeft))
    }

    func testEveryStyleIsWrittenBackAsWordsThatGiveItAgain() throws {
        let styles = [ClockStyle(size: .large, spot: .bottomLeft, showsDate: true),
                      ClockStyle(size: .huge), ClockStyle(spot: .topBand), ClockStyle(spot: .centred, hours: .twelve),
                      ClockStyle(size: .large, spot: .topRight, hours: .twentyFour, showsDate: true), .topLeft]
        for style in styles {
            XCTAssertEqual(try parse(style.description), style, style.description)
        }
        XCTAssertEqual(ClockStyle(size: .large, spot: .bottomLeft, showsDate: true).description, "large bottom-left date")
        XCTAssertEqual(ClockStyle(spot: .topBand).description, "small top")
    }

    func testRefusalsNameTheWordThatDoesNotDo() {
        XCTAssertTrue(refusal("").hasPrefix("--clock needs words"), refusal(""))
        XCTAssertTrue(refusal(" , ").hasPrefix("--clock needs words"))
        XCTAssertEqual(refusal("off large"), "--clock off takes no other words")
        XCTAssertEqual(refusal("large off"), "--clock off takes no other words")
        XCTAssertEqual(refusal("large huge"), "--clock: one size only (large and huge)")
        XCTAssertEqual(refusal("top-left bottom"), "--clock: one place only (top-left and bottom)")
        XCTAssertEqual(refusal("centre middle"), "--clock: one place only (centre and middle)")
        XCTAssertEqual(refusal("12h 24h"), "--clock: 12h or 24h, not both")
        XCTAssertEqual(refusal("date large date"), "--clock: \"date\" is given twice")
        XCTAssertEqual(refusal("large large"), "--clock: \"large\" is given twice")
        let unknown = refusal("large bottom-centre")
        XCTAssertTrue(unknown.hasPrefix("--clock: \"bottom-centre\" is not a clock word; use a size (small, large, huge)"),
                      unknown)
        XCTAssertTrue(refusal("topleft").contains("\"topleft\""))
        XCTAssertTrue(refusal("fullscreen").contains("\"fullscreen\""), "the layer's whole window is not a clock's place")
        XCTAssertTrue(refusal("13h").contains("\"13h\""))
        XCTAssertTrue(refusal("large;date").contains("\"large;date\""), "a semicolon is not a separator")
    }
}
