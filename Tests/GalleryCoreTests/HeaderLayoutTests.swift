import XCTest
@testable import GalleryCore

/// The header at every width from 360 px: nothing overlaps, the clock stays whole, the name too where it can.
final class HeaderLayoutTests: XCTestCase {
    // A monospaced stand-in for the fonts: 11 px a character in the title's font, 8 in the status's.
    private func title(_ s: String) -> Int { s.count * 11 }
    private func body(_ s: String) -> Int { s.count * 8 }
    private func fit(_ s: String, _ w: Int, _ per: Int) -> String {
        s.count * per <= w ? s : String(s.prefix(max(0, w / per - 1))) + "…"
    }

    private func plan(_ width: Int, name: String?, status: [String]) -> HeaderLayout {
        HeaderLayout.plan(width: width, name: name, clockWidth: title("20:55:21.873"), status: status,
                          measureTitle: title, measureBody: body, fitBody: { self.fit($0, $1, 8) },
                          fitTitle: { self.fit($0, $1, 11) })
    }

    func testNothingOverlapsAtAnyWidthAndTheClockStaysWhole() {
        let clock = title("20:55:21.873")
        let statuses = [["120 photos · demo"], ["1,000,000 photos · Pictures · loading 12 images",
                                                 "Waiting for picsum.photos: showing the demo"]]
        for name in ["Ada", "Ada Lovelace-Byron", String(repeating: "Ada Lovel", count: 4) + "ace"] {
            for status in statuses {
                for width in stride(from: 360, through: 3840, by: 20) {
                    let l = plan(width, name: name, status: status)
                    XCTAssertLessThanOrEqual(l.clockX + clock, width - HeaderLayout.margin, "clock whole at \(width)")
                    if !l.statusLines.isEmpty {
                        XCTAssertLessThanOrEqual(l.clockX + clock + HeaderLayout.statusGap, l.statusLeft,
                                                 "the clock clear of the status at \(width)")
                        for line in l.statusLines {
                            XCTAssertLessThanOrEqual(body(line), width - HeaderLayout.margin - l.statusLeft)
                        }
                    }
                    if l.showsTitle { XCTAssertEqual(l.nameX, HeaderLayout.margin + title("Tessera") + 20) }
                    if width >= 800 {
                        XCTAssertEqual(l.name, name + " · ", "\(name.count) characters whole at \(width)")
                    }
                    XCTAssertTrue(l.name?.hasSuffix(" · ") ?? false, "a cut name keeps its separator before the clock")
                }
            }
        }
    }

    func testTheStatusShortensFirstThenTheTitleGoes() {
        let status = ["1,000,000 photos · Pictures · loading 12 images"]
        let wide = plan(1600, name: "Ada", status: status)
        XCTAssertTrue(wide.showsTitle)
        XCTAssertEqual(wide.statusLines, status, "room for all of it")
        let middle = plan(700, name: "Ada", status: status)
        XCTAssertTrue(middle.showsTitle)
        XCTAssertTrue(middle.statusLines[0].hasSuffix("…"), "shortened before the title goes")
        let narrow = plan(480, name: "Ada Lovelace-Byron", status: status)
        XCTAssertFalse(narrow.showsTitle, "then the title goes")
        XCTAssertEqual(narrow.name, "Ada Lovelace-Byron · ", "the name whole")
    }

    func testTheButtonsLeaveTheStatusRoomToSaySomething() {
        // 480 px, a name and a clock 250 px wide: the status keeps 120 px, the buttons get the rest.
        XCTAssertEqual(HeaderLayout.toolbarRoom(width: 480, leftWidth: 250, statusWidth: 300), 480 - 16 - 250 - 16 - 136)
        XCTAssertEqual(HeaderLayout.toolbarRoom(width: 480, leftWidth: 250, statusWidth: 0), 480 - 16 - 250 - 16)
        XCTAssertEqual(HeaderLayout.toolbarRoom(width: 1280, leftWidth: 250, statusWidth: 60), 1280 - 16 - 250 - 16 - 76)
        XCTAssertEqual(HeaderLayout.toolbarRoom(width: 300, leftWidth: 290, statusWidth: 300), 0)
    }
}

/// `--columns`: two by default at any width, a fixed number, or as many as the width holds.
final class ColumnCountTests: XCTestCase {
    func testAutoFollowsTheWidthAndAResizeLaysTheWallOutAgain() {
        var config = GalleryConfig()
        XCTAssertEqual([480, 1280, 3840].map(config.columns(forWidth:)), [2, 2, 2], "two stays the default")
        config.columns = 0
        XCTAssertEqual([480, 1280, 1920, 3840, 20000].map(config.columns(forWidth:)), [2, 3, 4, 8, 8])
        config.windowSize = PixelSize(width: 1920, height: 1200)
        let wall = BrowseScreen(catalog: Catalog(fixed: photos(0..<40)), config: config)
        XCTAssertEqual(wall.layout.metrics.columns, 4)
        XCTAssertEqual(Set(wall.layout.frames.map(\.x)).count, 4, "four columns of cells")
        wall.resize(to: Viewport(size: PixelSize(width: 800, height: 600), scale: 1))
        XCTAssertEqual(wall.layout.metrics.columns, 2)
        XCTAssertEqual(wall.layout.frames.count, 40, "every photo laid out again")
        XCTAssertTrue(wall.layout.frames.allSatisfy { $0.maxX <= 800 })
    }
}

final class TextureSideTests: XCTestCase {
    /// A zoomed photo is never asked larger than the GPU's largest texture (a Pi's 4096, a small GPU's 2048).
    func testALargeImageFitsTheLargestTexture() {
        let zoomed = PixelSize(width: 6000, height: 4000)
        XCTAssertEqual(zoomed.fitted(withinSide: 4096), PixelSize(width: 4096, height: 2731))
        XCTAssertEqual(zoomed.fitted(withinSide: 2048), PixelSize(width: 2048, height: 1365))
        XCTAssertEqual(zoomed.fitted(withinSide: nil), zoomed, "the software renderer sets no limit")
        XCTAssertEqual(PixelSize(width: 800, height: 600).fitted(withinSide: 4096), PixelSize(width: 800, height: 600))
        XCTAssertEqual(PixelSize(width: 3, height: 90_000).fitted(withinSide: 4096), PixelSize(width: 1, height: 4096))
    }
}

final class DisplayPowerRuleTests: XCTestCase {
    func testOffOutsideTheHoursAndLitForAWhileAfterATouch() {
        func lit(_ rule: DisplayPowerRule, minute: Int, now: Double, lastTouch: Double?) -> Bool {
            rule.isLit(scheduled: rule.schedule?.isOn(at: utcMinute(minute), in: utc) ?? true, now: now, lastTouch: lastTouch)
        }
        let hours = Schedule(parsing: "07:00-23:00")!
        let rule = DisplayPowerRule(schedule: hours, wakeOnTouch: true, wakeFor: 30)
        XCTAssertTrue(lit(rule, minute: 12 * 60, now: 100, lastTouch: nil))
        XCTAssertFalse(lit(rule, minute: 3 * 60, now: 100, lastTouch: nil), "off at night")
        XCTAssertTrue(lit(rule, minute: 3 * 60, now: 100, lastTouch: 90), "a touch ten seconds ago lights it")
        XCTAssertFalse(lit(rule, minute: 3 * 60, now: 100, lastTouch: 60), "thirty seconds on, off again")
        let strict = DisplayPowerRule(schedule: hours, wakeOnTouch: false)
        XCTAssertFalse(lit(strict, minute: 3 * 60, now: 100, lastTouch: 99), "without --wake-on-touch it stays off")
        XCTAssertTrue(lit(DisplayPowerRule(schedule: nil), minute: 3 * 60, now: 0, lastTouch: nil), "no hours: always")
        // The kiosk asks with its own idle time and last input.
        let kiosk = Kiosk(idle: 5, schedule: hours)
        kiosk.wakeOnTouch = true
        XCTAssertFalse(kiosk.displayIsLit(at: utcMinute(120), in: utc, now: 50))
        kiosk.noteInput(at: 48)
        XCTAssertTrue(kiosk.displayIsLit(at: utcMinute(120), in: utc, now: 50))
        XCTAssertFalse(kiosk.displayIsLit(at: utcMinute(120), in: utc, now: 54))
    }
}

final class PanelRotationTests: XCTestCase {
    /// A point on a turned panel lands on the picture where it is drawn: the picture's corners go round.
    func testPanelPointsAreTurnedBackIntoThePicture() throws {
        let w = 800.0, h = 480.0
        let quarter = try XCTUnwrap(PanelRotation(degrees: 90))
        XCTAssertEqual(quarter.pictureSize(panelWidth: 800, height: 480).width, 480)
        // Turned clockwise, the picture's top-left corner is at the panel's top-right.
        XCTAssertEqual(quarter.pictureFromPanel(x: w, y: 0, width: w, height: h).x, 0)
        XCTAssertEqual(quarter.pictureFromPanel(x: w, y: 0, width: w, height: h).y, 0)
        XCTAssertEqual(quarter.pictureFromPanel(x: 650, y: 120, width: w, height: h).x, 120)
        XCTAssertEqual(quarter.pictureFromPanel(x: 650, y: 120, width: w, height: h).y, 150)
        let half = try XCTUnwrap(PanelRotation(degrees: 180))
        XCTAssertEqual(half.pictureFromPanel(x: 10, y: 20, width: w, height: h).x, 790)
        XCTAssertEqual(half.pictureFromPanel(x: 10, y: 20, width: w, height: h).y, 460)
        let three = try XCTUnwrap(PanelRotation(degrees: 270))
        XCTAssertEqual(three.pictureFromPanel(x: 0, y: h, width: w, height: h).x, 0, "its top-left at the bottom-left")
        XCTAssertEqual(three.pictureFromPanel(x: 0, y: h, width: w, height: h).y, 0)
        XCTAssertNil(PanelRotation(degrees: 45))
    }
}
