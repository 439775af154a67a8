import Foundation
import GalleryCore
import ICalKit
import XCTest

/// libical through ICalKit on real .ics files: recurrences expanded by libical, all-day events on their local
/// days, time zones, rules without end bounded, garbage refused.
final class CalendarReaderTests: XCTestCase {
    let utc = TimeZone(identifier: "UTC")!
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    func fixture(_ name: String) throws -> Data {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: "ics"))
        return try Data(contentsOf: url)
    }

    func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    func window(_ from: String, days: Int) -> DateInterval {
        DateInterval(start: date(from), duration: Double(days) * 86_400)
    }

    func testAWeeklyRuleSkipsItsExceptionDate() throws {
        let reading = try CalendarReader.read(try fixture("weekly-exdate"), window: window("2026-03-01T00:00:00Z", days: 28),
                                              timeZone: utc)
        XCTAssertEqual(reading.occurrences.map(\.start), [date("2026-03-02T17:30:00Z"), date("2026-03-09T17:30:00Z"),
                                                          date("2026-03-23T17:30:00Z")])
        XCTAssertEqual(reading.occurrences.first?.end, date("2026-03-02T19:00:00Z"))
        XCTAssertEqual(Set(reading.occurrences.map(\.title)), ["Choir"])
        XCTAssertTrue(reading.notes.isEmpty)
    }

    func testAnAllDayEventRunsFromLocalMidnightToMidnight() throws {
        let reading = try CalendarReader.read(try fixture("all-day"), window: window("2026-03-09T00:00:00Z", days: 7),
                                              timeZone: berlin)
        let bins = try XCTUnwrap(reading.occurrences.first { $0.title == "Bins" })
        XCTAssertTrue(bins.allDay)
        // Midnight in Berlin (UTC+1 in March) is 23:00 UTC the day before.
        XCTAssertEqual(bins.start, date("2026-03-09T23:00:00Z"))
        XCTAssertEqual(bins.end, date("2026-03-10T23:00:00Z"))
        let holiday = try XCTUnwrap(reading.occurrences.first { $0.title == "Holiday" })
        XCTAssertEqual(holiday.end.timeIntervalSince(holiday.start), 3 * 86_400)
    }

    func testATimeInAnotherZoneAndAFloatingTime() throws {
        let reading = try CalendarReader.read(try fixture("other-zone"), window: window("2026-03-09T00:00:00Z", days: 3),
                                              timeZone: berlin)
        let call = try XCTUnwrap(reading.occurrences.first { $0.title == "Call with New York" })
        // 09:00 EDT (New York went to summer time on 8 March) is 13:00 UTC.
        XCTAssertEqual(call.start, date("2026-03-10T13:00:00Z"))
        XCTAssertEqual(call.end, date("2026-03-10T14:00:00Z"))
        // Floating 07:00 is the frame's own 07:00 (Berlin, UTC+1).
        let breakfast = try XCTUnwrap(reading.occurrences.first { $0.title == "Breakfast" })
        XCTAssertEqual(breakfast.start, date("2026-03-10T06:00:00Z"))
    }

    func testAWeeklyRuleInAnotherZoneKeepsItsWallTimeAcrossSummerTime() throws {
        let reading = try CalendarReader.read(try fixture("other-zone"), window: window("2026-03-02T00:00:00Z", days: 14),
                                              timeZone: berlin)
        let standUps = reading.occurrences.filter { $0.title == "Stand-up in New York" }.map(\.start)
        // 09:00 in New York: 14:00 UTC in winter, 13:00 UTC once New York's summer time began (8 March).
        XCTAssertEqual(standUps, [date("2026-03-03T14:00:00Z"), date("2026-03-10T13:00:00Z")])
    }

    func testRulesWithoutEndAreBoundedAndAnOverrideReplacesItsTurn() throws {
        let started = Date()
        let reading = try CalendarReader.read(try fixture("never-ending"), window: window("2026-03-09T00:00:00Z", days: 3),
                                              timeZone: utc)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        let walks = reading.occurrences.filter { $0.title == "Walk the dog" }.map(\.start)
        XCTAssertEqual(walks, [date("2026-03-09T08:00:00Z"), date("2026-03-10T08:00:00Z"), date("2026-03-11T08:00:00Z")])
        XCTAssertTrue(reading.notes.contains { $0.contains("Ticker") && $0.contains("FREQ=SECONDLY") }, "\(reading.notes)")
        let lunches = reading.occurrences.filter { $0.title.contains("unch") }.map { "\($0.title) \($0.start)" }
        XCTAssertEqual(lunches, ["Lunch 2026-03-09 12:00:00 +0000", "Late lunch 2026-03-10 15:00:00 +0000",
                                 "Lunch 2026-03-11 12:00:00 +0000"])
        XCTAssertLessThanOrEqual(reading.occurrences.count, CalendarLimits().maxOccurrences)
    }

    func testGarbageIsRefusedWithAnError() throws {
        XCTAssertThrowsError(try CalendarReader.read(try fixture("malformed"), window: window("2026-03-09T00:00:00Z", days: 3),
                                                     timeZone: utc)) { error in
            XCTAssertEqual(error as? ICalError, .notACalendar)
        }
        XCTAssertThrowsError(try CalendarReader.read(Data(), window: window("2026-03-09T00:00:00Z", days: 3), timeZone: utc))
    }

    /// A file cut before its end keeps the zone that stands past the cut: the kept event's TZID still names it.
    func testAZoneAfterTheCutStillResolves() throws {
        var limits = CalendarLimits()
        limits.maxEvents = 1
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Tessera//Tests//EN\r\n"
            + "BEGIN:VEVENT\r\nUID:far@tessera\r\nDTSTAMP:20260101T000000Z\r\n"
            + "DTSTART;TZID=Tessera Far:20260310T090000\r\nDTEND;TZID=Tessera Far:20260310T100000\r\n"
            + "SUMMARY:Far call\r\nend:vevent\r\n"
            + "BEGIN:VEVENT\r\nUID:cut@tessera\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260310T080000Z\r\n"
            + "SUMMARY:Left out\r\nEND:VEVENT\r\n"
            + "BEGIN:VTIMEZONE\r\nTZID:Tessera Far\r\nBEGIN:STANDARD\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0500\r\n"
            + "TZNAME:FAR\r\nDTSTART:19700101T000000\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\nEND:VCALENDAR\r\n"
        let reading = try CalendarReader.read(Data(text.utf8), window: window("2026-03-10T00:00:00Z", days: 1),
                                              timeZone: utc, limits: limits)
        XCTAssertEqual(reading.occurrences.map(\.title), ["Far call"], "\(reading.notes)")
        XCTAssertEqual(reading.occurrences.first?.start, date("2026-03-10T14:00:00Z"), "09:00 at UTC-5")
    }

    private func calendar(_ events: [String]) -> Data {
        Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Tessera//Tests//EN\r\n" + events.joined()
              + "END:VCALENDAR\r\n").utf8)
    }

    private func event(_ uid: String, _ title: String, start: String, rule: String? = nil) -> String {
        "BEGIN:VEVENT\r\nUID:\(uid)@tessera\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:\(start)\r\nDURATION:PT30M\r\n"
            + (rule.map { "RRULE:\($0)\r\n" } ?? "") + "SUMMARY:\(title)\r\nEND:VEVENT\r\n"
    }

    /// A rule no date satisfies (30 February) is left out with a note before libical follows it; the rest is read.
    func testARuleThatNeverMatchesIsLeftOutQuickly() throws {
        let bytes = calendar([event("never", "Never", start: "20200101T090000Z", rule: "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30"),
                              event("ok", "Dentist", start: "20260310T100000Z")])
        let started = Date()
        let reading = try CalendarReader.read(bytes, window: window("2026-03-10T00:00:00Z", days: 1), timeZone: utc)
        XCTAssertLessThan(Date().timeIntervalSince(started), 1)
        XCTAssertEqual(reading.occurrences.map(\.title), ["Dentist"])
        XCTAssertTrue(reading.notes.contains { $0.contains("'Never'") && $0.contains("no date satisfies") }, "\(reading.notes)")
    }

    /// A source's expansion stops when its time is spent, with a note; what was found by then stays.
    func testExpansionStopsAtItsTimeBudget() throws {
        var limits = CalendarLimits()
        limits.expansionSeconds = 0
        let bytes = calendar((0..<50).map { event("d\($0)", "Daily \($0)", start: "20260101T0\($0 % 10)0000Z", rule: "FREQ=DAILY") })
        let reading = try CalendarReader.read(bytes, window: window("2026-03-10T00:00:00Z", days: 1), timeZone: utc,
                                              limits: limits)
        XCTAssertLessThan(reading.occurrences.count, 50)
        XCTAssertEqual(reading.notes.filter { $0.contains("longer than 0.0 s") }.count, 1, "\(reading.notes)")
        let all = try CalendarReader.read(bytes, window: window("2026-03-10T00:00:00Z", days: 1), timeZone: utc)
        XCTAssertEqual(all.occurrences.count, 50, "\(all.notes)")
    }

    func testAHundredThousandEventsAreCutAndReadInBoundedTime() throws {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Tessera//Tests//EN\r\n"
        for i in 0..<100_000 {
            text += "BEGIN:VEVENT\r\nUID:e\(i)@tessera\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260310T\(String(format: "%02d%02d", (i / 60) % 24, i % 60))00Z\r\n"
                + "DURATION:PT30M\r\nSUMMARY:Event \(i)\r\nEND:VEVENT\r\n"
        }
        text += "END:VCALENDAR\r\n"
        let bytes = Data(text.utf8)
        XCTAssertLessThan(bytes.count, CalendarLimits().maxBytes)
        let started = Date()
        let reading = try CalendarReader.read(bytes, window: window("2026-03-10T00:00:00Z", days: 1), timeZone: utc)
        let seconds = Date().timeIntervalSince(started)
        print("calendar: 100,000 events (\(bytes.count >> 20) MB) read in \(String(format: "%.2f", seconds)) s")
        XCTAssertEqual(reading.eventsRead, CalendarLimits().maxEvents)
        XCTAssertTrue(reading.notes.contains { $0.contains("80000 events") }, "\(reading.notes)")
        XCTAssertEqual(reading.occurrences.count, CalendarLimits().maxOccurrences)
        XCTAssertLessThan(seconds, 20)
    }
}
