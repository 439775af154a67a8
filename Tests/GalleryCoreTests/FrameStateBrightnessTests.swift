import Foundation
import XCTest
@testable import GalleryCore

/// The remote's state says the brightness a kiosk's week wants now, and nothing where the week never dims; and
/// what the display shows at night: the night clock lit, not "off".
final class FrameStateBrightnessTests: XCTestCase {
    private func json(brightness: Int?, displayOn: Bool = true, kiosk: Kiosk? = nil) -> [String: Any] {
        let facts = FrameState.Facts(version: "1", name: "Hall", displayOn: displayOn,
                                     source: .init(name: "folder", title: "Folders"), online: true, brightness: brightness)
        let data = FrameState(model: loadedGallery(kiosk: kiosk), facts: facts).json()
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }

    func testTheStateSaysTheBrightnessWhereTheWeekDims() {
        XCTAssertEqual(json(brightness: 30)["brightness"] as? Int, 30)
        XCTAssertNil(json(brightness: nil)["brightness"], "no key where nothing dims")
    }

    /// 23:30 outside the hours 07:00-23:00: with `--night-clock 20%` the display is lit with the clock (on, the
    /// night clock, 20 %); without it the display is off, and no night clock is named.
    func testTheNightClockIsSaidLitNotOff() throws {
        let utc = try XCTUnwrap(TimeZone(identifier: "UTC"))
        let night = Date(timeIntervalSince1970: 23.5 * 3600)
        let clocked = Kiosk()
        clocked.week = WeekSchedule(hours: try SpellGrammar.groups("07:00-23:00").get(), nightClock: 20)
        XCTAssertEqual(clocked.screen(at: night, in: utc, now: 0), .nightClock(20))
        let lit = json(brightness: 20, displayOn: false, kiosk: clocked)
        XCTAssertEqual(lit["display"] as? String, "on")
        XCTAssertEqual(lit["nightClock"] as? Bool, true)
        XCTAssertEqual(lit["brightness"] as? Int, 20)

        let dark = Kiosk()
        dark.week = WeekSchedule(hours: try SpellGrammar.groups("07:00-23:00").get())
        XCTAssertEqual(dark.screen(at: night, in: utc, now: 0), .off)
        let off = json(brightness: nil, displayOn: false, kiosk: dark)
        XCTAssertEqual(off["display"] as? String, "off")
        XCTAssertNil(off["nightClock"])
        let day = json(brightness: nil, displayOn: true, kiosk: dark)
        XCTAssertEqual(day["display"] as? String, "on")
        XCTAssertNil(day["nightClock"], "no night clock by day")
    }
}
