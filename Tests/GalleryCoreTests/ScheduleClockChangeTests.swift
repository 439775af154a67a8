import Foundation
@testable import GalleryCore
import XCTest

/// A kiosk's hours on the nights the clocks change, in three zones: Europe/Berlin and America/New_York (an hour),
/// Australia/Lord_Howe (half an hour). Each night is walked a minute at a time; what a test compares is when the
/// display comes on and goes off, as local wall-clock readings with their offset ("02:30+0200").
final class ScheduleClockChangeTests: XCTestCase {
    private func zone(_ name: String) throws -> TimeZone { try XCTUnwrap(TimeZone(identifier: name), name) }

    private func utc(_ text: String) throws -> Date {
        let f = ISO8601DateFormatter()
        return try XCTUnwrap(f.date(from: text), text)
    }

    /// "HH:MM±hhmm" of `date` on `zone`'s wall clock.
    private func reading(_ date: Date, _ zone: TimeZone) -> String {
        let offset = zone.secondsFromGMT(for: date)
        let local = Int(date.timeIntervalSince1970) + offset
        let minute = ((local / 60) % 1440 + 1440) % 1440
        let sign = offset < 0 ? "-" : "+"
        return String(format: "%02d:%02d%@%02d%02d", minute / 60, minute % 60, sign, abs(offset) / 3600, abs(offset) % 3600 / 60)
    }

    /// The display's switches over `hours` from `start`, a minute at a time, by `isOn` (on: true).
    private func switches(_ zone: TimeZone, from start: Date, hours: Int, _ isOn: (Date) -> Bool) -> [String] {
        var result: [String] = []
        var lit = isOn(start)
        for minute in 1...(hours * 60) {
            let t = start.addingTimeInterval(Double(minute) * 60)
            let now = isOn(t)
            if now != lit { result.append("\(now ? "on" : "off") \(reading(t, zone))") }
            lit = now
        }
        return result
    }

    /// What the frame did before: the minute of the day read off the wall clock, whatever night it was.
    private func byMinuteOfDay(_ schedule: Schedule, _ zone: TimeZone) -> (Date) -> Bool {
        { date in
            let local = Int(date.timeIntervalSince1970) + zone.secondsFromGMT(for: date)
            return schedule.isOn(minuteOfDay: ((local / 60) % 1440 + 1440) % 1440)
        }
    }

    private func check(_ hours: String, _ zoneName: String, from start: String, for span: Int = 14,
                       expected: [String], before: [String]? = nil, file: StaticString = #filePath, line: UInt = #line) throws {
        let schedule = try XCTUnwrap(Schedule(parsing: hours), file: file, line: line)
        let zone = try zone(zoneName)
        let from = try utc(start)
        XCTAssertEqual(switches(zone, from: from, hours: span) { schedule.isOn(at: $0, in: zone) }, expected,
                       "\(hours) in \(zoneName)", file: file, line: line)
        if let before {
            // The night does catch the minute-of-day reading out (so the case tests something).
            XCTAssertEqual(switches(zone, from: from, hours: span, byMinuteOfDay(schedule, zone)), before,
                           "\(hours) in \(zoneName), by the minute of the day", file: file, line: line)
        }
    }

    // MARK: The autumn night: an hour (half an hour) is repeated.

    func testBerlinAutumnHoursBegunBeforeTheRepeatedHourLastUntilTheirEnd() throws {
        // 25 October 2026: 03:00 CEST becomes 02:00 CET.
        try check("02:30-06:00", "Europe/Berlin", from: "2026-10-24T22:00:00Z",
                  expected: ["on 02:30+0200", "off 06:00+0100"],
                  before: ["on 02:30+0200", "off 02:00+0100", "on 02:30+0100", "off 06:00+0100"])
    }

    func testBerlinAutumnHoursEndingInTheRepeatedHourEndOnce() throws {
        try check("22:00-02:30", "Europe/Berlin", from: "2026-10-24T18:00:00Z",
                  expected: ["on 22:00+0200", "off 02:30+0200"],
                  before: ["on 22:00+0200", "off 02:30+0200", "on 02:00+0100", "off 02:30+0100"])
    }

    func testNewYorkAutumnHoursBegunBeforeTheRepeatedHourLastUntilTheirEnd() throws {
        // 1 November 2026: 02:00 EDT becomes 01:00 EST.
        try check("01:30-06:00", "America/New_York", from: "2026-11-01T04:00:00Z",
                  expected: ["on 01:30-0400", "off 06:00-0500"],
                  before: ["on 01:30-0400", "off 01:00-0500", "on 01:30-0500", "off 06:00-0500"])
    }

    func testLordHoweAutumnHalfHourRepeatedLastsUntilTheEnd() throws {
        // 5 April 2026: 02:00 LHDT (+11) becomes 01:30 LHST (+10:30).
        try check("01:45-06:00", "Australia/Lord_Howe", from: "2026-04-04T13:00:00Z",
                  expected: ["on 01:45+1100", "off 06:00+1030"],
                  before: ["on 01:45+1100", "off 01:30+1030", "on 01:45+1030", "off 06:00+1030"])
    }

    // MARK: The spring night: an hour (half an hour) is skipped.

    func testBerlinSpringHoursStartingInTheSkippedHourBeginOnceWhenTheClocksLand() throws {
        // 29 March 2026: 02:00 CET becomes 03:00 CEST.
        try check("02:30-06:00", "Europe/Berlin", from: "2026-03-28T22:00:00Z",
                  expected: ["on 03:00+0200", "off 06:00+0200"])
    }

    func testNewYorkSpringHoursStartingInTheSkippedHourBeginOnce() throws {
        // 8 March 2026: 02:00 EST becomes 03:00 EDT.
        try check("02:30-06:00", "America/New_York", from: "2026-03-08T05:00:00Z",
                  expected: ["on 03:00-0400", "off 06:00-0400"])
    }

    func testLordHoweSpringHalfHourSkippedBeginsOnce() throws {
        // 4 October 2026: 02:00 LHST (+10:30) becomes 02:30 LHDT (+11).
        try check("02:15-06:00", "Australia/Lord_Howe", from: "2026-10-03T13:30:00Z",
                  expected: ["on 02:30+1100", "off 06:00+1100"])
    }

    func testSpringHoursWhollyInsideTheSkippedHourDoNotHappenThatNight() throws {
        try check("02:10-02:50", "Europe/Berlin", from: "2026-03-28T22:00:00Z", expected: [])
    }

    // MARK: Ordinary nights and days are as before.

    func testAnOrdinaryDayAndAnOvernightSpan() throws {
        try check("07:00-23:00", "Europe/Berlin", from: "2026-06-10T03:00:00Z", for: 20,
                  expected: ["on 07:00+0200", "off 23:00+0200"])
        try check("22:00-06:00", "America/New_York", from: "2026-06-10T20:00:00Z", for: 16,
                  expected: ["on 22:00-0400", "off 06:00-0400"])
        let allDay = try XCTUnwrap(Schedule(parsing: "00:00-24:00"))
        XCTAssertTrue(allDay.isOn(at: try utc("2026-10-25T01:00:00Z"), in: try zone("Europe/Berlin")))
    }

    /// The kiosk asks with the date and zone (as the app does, every turn of its loop) and gets the same answers.
    func testAKioskAsksByTheDateAndZone() throws {
        let kiosk = Kiosk(schedule: Schedule(parsing: "02:30-06:00"))
        let berlin = try zone("Europe/Berlin")
        for (time, lit) in [("2026-10-25T00:59:00Z", true), ("2026-10-25T00:59:00Z", true), ("2026-10-25T01:15:00Z", true),
                            ("2026-10-25T05:01:00Z", false), ("2026-10-24T23:59:00Z", false)] {
            XCTAssertEqual(kiosk.displayIsLit(at: try utc(time), in: berlin, now: 0), lit, time)
        }
        kiosk.setDisplay(on: false, at: try utc("2026-10-25T01:10:00Z"), in: berlin)
        XCTAssertFalse(kiosk.displayIsLit(at: try utc("2026-10-25T01:20:00Z"), in: berlin, now: 0),
                       "switched off by hand at 02:10 CET, inside the hours begun at 02:30 CEST: it stays off")
        XCTAssertFalse(kiosk.displayIsLit(at: try utc("2026-10-25T05:30:00Z"), in: berlin, now: 0))
        XCTAssertTrue(kiosk.displayIsLit(at: try utc("2026-10-26T01:31:00Z"), in: berlin, now: 0), "the next night's hours")
    }

    // MARK: Equal ends.

    func testEqualEndsOtherThanTheWholeDayAreRefusedWithTheReason() {
        guard case .failure(let refusal) = Schedule.parse("07:00-07:00") else { return XCTFail("07:00-07:00 taken") }
        XCTAssertEqual(refusal, .equalEnds("07:00"))
        XCTAssertTrue("\(refusal)".contains("all day or never"), "\(refusal)")
        XCTAssertTrue("\(refusal)".contains("00:00-24:00"), "\(refusal)")
        XCTAssertNil(Schedule(parsing: "00:00-00:00"))
        XCTAssertNil(Schedule(parsing: "23:15-23:15"))
        XCTAssertEqual(Schedule(parsing: "00:00-24:00")?.isAllDay, true)
        XCTAssertEqual(Schedule(parsing: "00:00-24:00")?.description, "00:00-24:00")
        guard case .failure(.notHours) = Schedule.parse("7-23") else { return XCTFail("7-23 taken") }
    }
}
