import Foundation
@testable import GalleryCore
import XCTest

/// The week's spells keep `Schedule`'s semantics on the nights the clocks change (`ScheduleClockChangeTests`): a
/// weekday spell begun before a repeated hour lasts until its end, once; a start the clocks jump over begins when
/// they land; and a bare `HH:MM-HH:MM` read by the week answers as `Schedule` does, minute by minute.
final class WeekScheduleClockChangeTests: XCTestCase {
    private func zone(_ name: String) throws -> TimeZone { try XCTUnwrap(TimeZone(identifier: name), name) }

    private func utc(_ text: String) throws -> Date { try XCTUnwrap(ISO8601DateFormatter().date(from: text), text) }

    private func reading(_ date: Date, _ zone: TimeZone) -> String {
        let offset = zone.secondsFromGMT(for: date)
        let local = Int(date.timeIntervalSince1970) + offset
        let minute = ((local / 60) % 1440 + 1440) % 1440
        let sign = offset < 0 ? "-" : "+"
        return String(format: "%02d:%02d%@%02d%02d", minute / 60, minute % 60, sign, abs(offset) / 3600, abs(offset) % 3600 / 60)
    }

    private func switches(_ week: WeekSchedule, _ zone: TimeZone, from start: Date, hours: Int) -> [String] {
        var result: [String] = []
        var lit = week.state(at: start, in: zone).showsPhotos
        for minute in 1...(hours * 60) {
            let t = start.addingTimeInterval(Double(minute) * 60)
            let now = week.state(at: t, in: zone).showsPhotos
            if now != lit { result.append("\(now ? "on" : "off") \(reading(t, zone))") }
            lit = now
        }
        return result
    }

    private func week(_ text: String) throws -> WeekSchedule {
        WeekSchedule(hours: try SpellGrammar.groups(text).get())
    }

    func testBerlinAutumnWeekdaySpellsLastUntilTheirEndOnce() throws {
        // Sunday 25 October 2026: 03:00 CEST becomes 02:00 CET.
        let berlin = try zone("Europe/Berlin")
        XCTAssertEqual(switches(try week("sun 02:30-06:00"), berlin, from: try utc("2026-10-24T22:00:00Z"), hours: 14),
                       ["on 02:30+0200", "off 06:00+0100"])
        XCTAssertEqual(switches(try week("sat 22:00-02:30"), berlin, from: try utc("2026-10-24T18:00:00Z"), hours: 14),
                       ["on 22:00+0200", "off 02:30+0200"])
        // Not Saturday's: a Sunday-only spell starting in the repeated hour lights nothing on Saturday night.
        XCTAssertEqual(switches(try week("sat 02:30-06:00"), berlin, from: try utc("2026-10-24T22:00:00Z"), hours: 14), [])
    }

    func testBerlinSpringAWeekdayStartTheClocksJumpOverBeginsWhenTheyLand() throws {
        // Sunday 29 March 2026: 02:00 CET becomes 03:00 CEST.
        let berlin = try zone("Europe/Berlin")
        XCTAssertEqual(switches(try week("sun 02:30-06:00"), berlin, from: try utc("2026-03-28T22:00:00Z"), hours: 12),
                       ["on 03:00+0200", "off 06:00+0200"])
    }

    func testABareSpellAnswersAsTheDailyScheduleDoes() throws {
        for (hours, zoneName, start) in [("02:30-06:00", "Europe/Berlin", "2026-10-24T22:00:00Z"),
                                         ("22:00-02:30", "Europe/Berlin", "2026-03-28T18:00:00Z"),
                                         ("01:30-06:00", "America/New_York", "2026-11-01T04:00:00Z"),
                                         ("01:45-03:00", "Australia/Lord_Howe", "2026-04-04T13:00:00Z"),
                                         ("00:00-24:00", "Europe/Berlin", "2026-10-24T20:00:00Z")] {
            let daily = try XCTUnwrap(Schedule(parsing: hours))
            let week = try week(hours)
            let zone = try zone(zoneName)
            let from = try utc(start)
            for minute in 0..<(26 * 60) {
                let t = from.addingTimeInterval(Double(minute) * 60)
                XCTAssertEqual(week.state(at: t, in: zone).showsPhotos, daily.isOn(at: t, in: zone),
                               "\(hours) in \(zoneName) at \(reading(t, zone))")
            }
        }
    }
}
