import Foundation
@testable import GalleryCore
import XCTest

/// Sunrise and sunset by NOAA's formulas against published times (timeanddate.com, the US Naval Observatory),
/// within two minutes; the polar day and night; and a sun edge of a week moving with the date.
final class SunTimesTests: XCTestCase {
    private func zone(_ name: String) throws -> TimeZone { try XCTUnwrap(TimeZone(identifier: name)) }

    /// "HH:MM" on `zone`'s wall clock, to the nearest minute.
    private func reading(_ seconds: Double, _ zone: TimeZone) -> String {
        let date = Date(timeIntervalSince1970: seconds.rounded())
        let local = Int(date.timeIntervalSince1970) + zone.secondsFromGMT(for: date)
        let minute = ((Int((Double(local) / 60).rounded()) % 1440) + 1440) % 1440
        return String(format: "%02d:%02d", minute / 60, minute % 60)
    }

    private func minutes(_ reading: String) -> Int {
        let p = reading.split(separator: ":").compactMap { Int($0) }
        return p[0] * 60 + p[1]
    }

    private func check(_ place: (Double, Double), _ date: String, _ zoneName: String, sunrise: String, sunset: String,
                       file: StaticString = #filePath, line: UInt = #line) throws {
        let point = try XCTUnwrap(GeoPoint(latitude: place.0, longitude: place.1))
        let day = try XCTUnwrap(WeekScheduleText.day(date))
        guard case .risesAndSets(let up, let down) = SunTimes.day(day, at: point) else {
            return XCTFail("\(date): the sun rises and sets", file: file, line: line)
        }
        let zone = try zone(zoneName)
        let (rise, set) = (reading(up, zone), reading(down, zone))
        print("\(zoneName) \(date): sunrise \(rise) (published \(sunrise)), sunset \(set) (published \(sunset))")
        XCTAssertLessThanOrEqual(abs(minutes(rise) - minutes(sunrise)), 2, "sunrise \(rise), published \(sunrise)",
                                 file: file, line: line)
        XCTAssertLessThanOrEqual(abs(minutes(set) - minutes(sunset)), 2, "sunset \(set), published \(sunset)",
                                 file: file, line: line)
    }

    func testPublishedTimesWithinTwoMinutes() throws {
        // Midsummer in London (BST) and Tokyo (JST, far east of Greenwich), midwinter in New York (EST), midsummer in
        // Sydney (AEDT, south of the equator).
        try check((51.5074, -0.1278), "2024-06-21", "Europe/London", sunrise: "04:43", sunset: "21:21")
        try check((40.7128, -74.0060), "2024-12-21", "America/New_York", sunrise: "07:17", sunset: "16:32")
        try check((-33.8688, 151.2093), "2024-12-21", "Australia/Sydney", sunrise: "05:41", sunset: "20:05")
        try check((35.6762, 139.6503), "2024-06-21", "Asia/Tokyo", sunrise: "04:25", sunset: "19:00")
    }

    func testBeyondThePolarCircleTheSunMayNeitherRiseNorSet() throws {
        let tromso = try XCTUnwrap(GeoPoint(latitude: 69.6492, longitude: 18.9553))
        guard case .alwaysDown = SunTimes.day(try XCTUnwrap(WeekScheduleText.day("2026-12-21")), at: tromso) else {
            return XCTFail("polar night in December")
        }
        guard case .alwaysUp = SunTimes.day(try XCTUnwrap(WeekScheduleText.day("2026-06-21")), at: tromso) else {
            return XCTFail("midnight sun in June")
        }
        // Hours from sunrise to sunset: none in the polar night, all day under the midnight sun.
        let zone = try zone("Europe/Oslo")
        let week = WeekSchedule(hours: [SpellGroup(days: .all, spells: [Spell(start: .sunrise(0), end: .sunset(0))])],
                                place: tromso)
        func noon(_ date: String) throws -> Date {
            Date(timeIntervalSince1970: Double(try XCTUnwrap(WeekScheduleText.day(date))) * 86_400 + 11 * 3600)
        }
        XCTAssertEqual(week.state(at: try noon("2026-12-21"), in: zone), .off)
        XCTAssertEqual(week.state(at: try noon("2026-06-21"), in: zone), .on)
        XCTAssertEqual(week.state(at: try noon("2026-06-21").addingTimeInterval(12 * 3600 - 60), in: zone), .on,
                       "23:59 under the midnight sun")
    }

    /// `--dim "sunset-30-23:00 40%"` in Berlin: the dimming starts about 21:03 at midsummer and 15:24 at midwinter.
    func testASunsetEdgeMovesWithTheDate() throws {
        let berlin = try zone("Europe/Berlin")
        let place = try XCTUnwrap(GeoPoint(latitude: 52.52, longitude: 13.405))
        let dims = try SpellGrammar.groups("sunset-30-23:00 40%", withLevel: true).get()
        let week = WeekSchedule(dims: dims, place: place)
        func dimStart(_ date: String) throws -> String {
            let midnight = Double(try XCTUnwrap(WeekScheduleText.day(date))) * 86_400 - 3600 * 2
            let next = try XCTUnwrap(week.nextChange(after: Date(timeIntervalSince1970: midnight + 6 * 3600), in: berlin))
            XCTAssertEqual(week.state(at: next, in: berlin), .dim(40))
            XCTAssertEqual(week.state(at: next.addingTimeInterval(-1), in: berlin), .on)
            return reading(next.timeIntervalSince1970, berlin)
        }
        let summer = try dimStart("2026-06-21"), winter = try dimStart("2026-12-21")
        print("Berlin sunset-30: \(summer) in June, \(winter) in December")
        XCTAssertLessThanOrEqual(abs(minutes(summer) - minutes("21:03")), 3, summer)
        XCTAssertLessThanOrEqual(abs(minutes(winter) - minutes("15:24")), 3, winter)
    }

    func testLocationsAreRead() {
        XCTAssertEqual(GeoPoint(parsing: "52.52, 13.40"), GeoPoint(latitude: 52.52, longitude: 13.40))
        XCTAssertNil(GeoPoint(parsing: "91,0"))
        XCTAssertNil(GeoPoint(parsing: "0,181"))
        XCTAssertNil(GeoPoint(parsing: "Berlin"))
        XCTAssertNil(GeoPoint(parsing: "nan,0"))
    }
}
