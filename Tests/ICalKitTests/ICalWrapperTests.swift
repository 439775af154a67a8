import Foundation
import GalleryCore
@testable import ICalKit
import XCTest

/// Each ICalKit wrapper on libical, one call at a time.
final class ICalWrapperTests: XCTestCase {
    let utc = TimeZone(identifier: "UTC")!

    func calendar(_ name: String) throws -> ICalCalendar {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: "ics"))
        return try ICalCalendar(bytes: try Data(contentsOf: url))
    }

    func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    func testACalendarParsesItsEventsAndRefusesWhatIsNone() throws {
        let weekly = try calendar("weekly-exdate")
        XCTAssertEqual(weekly.errorCount, 0)
        XCTAssertEqual(weekly.events().count, 1)
        XCTAssertEqual(try calendar("never-ending").events(limit: 2).count, 2)
        XCTAssertThrowsError(try ICalCalendar(bytes: Data("BEGIN:VEVENT\r\nEND:VEVENT\r\n".utf8))) {
            XCTAssertEqual($0 as? ICalError, .notACalendar)
        }
        XCTAssertThrowsError(try ICalCalendar(bytes: Data([0xff, 0x00, 0x41])))
    }

    func testAnEventSaysItsPropertiesWithZonesResolved() throws {
        let events = try calendar("rdate-cancelled").events()
        let market = events[0]
        XCTAssertEqual(market.summary, "Market")
        XCTAssertEqual(market.uid, "market@tessera")
        // 09:00 in Berlin (UTC+1 in March), through libical's own zone: the file has no VTIMEZONE.
        XCTAssertEqual(market.start?.date(localZone: utc), date("2026-03-02T08:00:00Z"))
        XCTAssertEqual(market.end?.date(localZone: utc), date("2026-03-02T10:00:00Z"))
        XCTAssertNil(market.recurrenceID)
        XCTAssertFalse(market.isCancelled)
        XCTAssertTrue(market.rules.isEmpty)
        XCTAssertEqual(market.extraDates.map { $0.date(localZone: utc) }, [date("2026-03-11T08:00:00Z")])
        XCTAssertTrue(events[1].isCancelled)
        // No DTEND nor DURATION: libical gives the start as its end.
        XCTAssertEqual(events[1].end?.date(localZone: utc), events[1].start?.date(localZone: utc))

        let override = try calendar("never-ending").events()[3]
        XCTAssertEqual(override.recurrenceID?.date(localZone: utc), date("2026-03-10T12:00:00Z"))
    }

    func testTimesKnowTheirKind() throws {
        let allDay = try XCTUnwrap(try calendar("all-day").events()[0].start)
        XCTAssertTrue(allDay.isDate)
        XCTAssertFalse(allDay.isFloating)
        XCTAssertEqual([allDay.year, allDay.month, allDay.day], [2026, 3, 10])
        let floating = try XCTUnwrap(try calendar("other-zone").events()[1].start)
        XCTAssertTrue(floating.isFloating)
        XCTAssertEqual(floating.date(localZone: TimeZone(identifier: "Asia/Tokyo")!), date("2026-03-09T22:00:00Z"))
        let zoned = try XCTUnwrap(try calendar("other-zone").events()[0].start)
        let moved = zoned.sameKind(at: date("2026-04-01T12:00:00Z"))
        XCTAssertFalse(moved.isDate)
        XCTAssertEqual(moved.date(localZone: utc), date("2026-04-01T12:00:00Z"))
    }

    func testARulesIteratorSkipsAheadAndExclusionsAreLibicals() throws {
        let choir = try calendar("weekly-exdate").events()[0]
        let start = try XCTUnwrap(choir.start)
        let rule = try XCTUnwrap(choir.rules.first)
        XCTAssertFalse(rule.isCounted)
        XCTAssertTrue(rule.text.contains("FREQ=WEEKLY"), rule.text)
        let turns = try ICalRecurrenceIterator(rule: rule, start: start)
        XCTAssertEqual(turns.next()?.date(localZone: utc), date("2026-03-02T17:30:00Z"))
        XCTAssertTrue(turns.skip(to: start.sameKind(at: date("2026-03-14T00:00:00Z"))))
        let third = try XCTUnwrap(turns.next())
        XCTAssertEqual(third.date(localZone: utc), date("2026-03-16T17:30:00Z"))
        XCTAssertTrue(choir.excludes(third, start: start), "EXDATE 16 March")
        let fourth = try XCTUnwrap(turns.next())
        XCTAssertFalse(choir.excludes(fourth, start: start))

        let lunch = try calendar("never-ending").events()[2]
        let counted = try XCTUnwrap(lunch.rules.first)
        XCTAssertTrue(counted.isCounted)
        let counting = try ICalRecurrenceIterator(rule: counted, start: try XCTUnwrap(lunch.start))
        XCTAssertFalse(counting.skip(to: try XCTUnwrap(lunch.start)), "a COUNT rule is counted from its start")
        var n = 0
        while counting.next() != nil { n += 1 }
        XCTAssertEqual(n, 30, "COUNT=30, then the end")
    }

    func testAnRDateAddsATurnACancelledEventIsGoneAndABadRuleLeavesItsStart() throws {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures/rdate-cancelled", withExtension: "ics"))
        let window = DateInterval(start: date("2026-03-09T00:00:00Z"), duration: 7 * 86_400)
        let reading = try CalendarReader.read(try Data(contentsOf: url), window: window, timeZone: utc)
        // The cancelled party is gone; a rule libical cannot read (FREQ=SOMETIMES) leaves its DTSTART alone.
        XCTAssertEqual(reading.occurrences.map(\.title), ["Broken rule", "Market"])
        XCTAssertEqual(reading.occurrences.map(\.start), [date("2026-03-10T18:00:00Z"), date("2026-03-11T08:00:00Z")],
                       "the market's RDATE turn, 09:00 in Berlin")
    }
}
