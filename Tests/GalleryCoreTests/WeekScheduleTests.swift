import Foundation
@testable import GalleryCore
import XCTest

/// A kiosk's week: the grammar and its refusals, a week walked day by day, exceptions, dim levels, the night
/// clock, and when the screen next changes.
final class WeekScheduleTests: XCTestCase {
    private func groups(_ text: String, level: Bool = false) throws -> [SpellGroup] {
        try SpellGrammar.groups(text, withLevel: level).get()
    }

    private func refusal(_ text: String, level: Bool = false) -> SpellRefusal? {
        if case .failure(let refusal) = SpellGrammar.groups(text, withLevel: level) { return refusal }
        return nil
    }

    func testTheGrammar() throws {
        XCTAssertEqual(try groups("07:00-23:00"),
                       [SpellGroup(days: .all, spells: [Spell(start: .clock(420), end: .clock(1380))])])
        let week = try groups("mon-fri 06:30-08:30,17:00-23:00; sat-sun 08:00-23:30")
        XCTAssertEqual(week.map(\.days), [Weekdays(rawValue: 0b0011111), Weekdays(rawValue: 0b1100000)])
        XCTAssertEqual(week[0].spells.map(\.description), ["06:30-08:30", "17:00-23:00"])
        XCTAssertEqual(week.map(\.description), ["mon-fri 06:30-08:30,17:00-23:00", "sat-sun 08:00-23:30"])
        XCTAssertEqual(try groups("fri-mon 10:00-12:00")[0].days.description, "mon,fri-sun")
        XCTAssertEqual(try groups("mon,wed,fri 07:00-09:00")[0].days.description, "mon,wed,fri")
        XCTAssertEqual(try groups("Sat,sun 07:00-09:00, 10:00-11:00")[0].spells.count, 2, "a space after a comma")
        XCTAssertEqual(try groups("sunset-30-23:00")[0].spells, [Spell(start: .sunset(-30), end: .clock(1380))])
        XCTAssertEqual(try groups("sunset-23:00")[0].spells, [Spell(start: .sunset(0), end: .clock(1380))])
        XCTAssertEqual(try groups("sun sunrise+15-sunset")[0],
                       SpellGroup(days: .day(6), spells: [Spell(start: .sunrise(15), end: .sunset(0))]))
        XCTAssertEqual(try groups("22:00-06:00")[0].spells[0].runsPastMidnight, true)
        XCTAssertEqual(try groups("sunset-sunrise")[0].spells[0].runsPastMidnight, true)
        XCTAssertEqual(try groups("00:00-24:00")[0].spells, [.allDay])
        XCTAssertEqual(try groups("mon-fri 21:00-23:00 30%; sat-sun 22:00-23:30 50%", level: true).map(\.level), [30, 50])
    }

    func testPreciseRefusals() {
        XCTAssertEqual(refusal("07:00-07:00"), .equalEnds("07:00"))
        XCTAssertEqual(refusal("07:00-07:00")?.description, Schedule.Refusal.equalEnds("07:00").description)
        XCTAssertEqual(refusal("mon"), .noSpells("mon"))
        XCTAssertEqual(refusal("mo-fr 07:00-09:00"), .notDays("mo-fr"))
        XCTAssertEqual(refusal("25:00-26:00"), .notHours("25:00-26:00"))
        XCTAssertEqual(refusal("7-23"), .notHours("7-23"))
        XCTAssertEqual(refusal("sunset+800-23:00"), .notHours("sunset+800-23:00"))
        // One sign, then digits: a doubled sign is no later sunset (Int alone reads "-30" after the "-").
        XCTAssertNil(SpellEdge.parse("sunset--30"))
        XCTAssertNil(SpellEdge.parse("sunrise+-15"))
        XCTAssertNil(SpellEdge.parse("sunset-+30"))
        XCTAssertEqual(SpellEdge.parse("sunset-30"), .sunset(-30))
        XCTAssertEqual(refusal("sunset--30-23:00"), .notHours("sunset--30-23:00"))
        XCTAssertEqual(refusal("21:00-sunrise--15"), .notHours("21:00-sunrise--15"))
        XCTAssertEqual(refusal(" ; "), .empty)
        XCTAssertEqual(refusal("21:00-23:00", level: true), .noLevel("21:00-23:00"))
        XCTAssertEqual(refusal("21:00-23:00 0%", level: true), .badLevel("0%"))
        XCTAssertEqual(refusal("21:00-23:00 100%", level: true), .badLevel("100%"))
        XCTAssertTrue(SpellRefusal.notDays("mo").description.contains("mon-fri"))
        guard case .failure(.notDate("2026-02-30")) = WeekScheduleText.exceptions("2026-02-30") else {
            return XCTFail("30 February")
        }
        guard case .failure(.notHours) = WeekScheduleText.exceptions("2026-12-24 8-14") else { return XCTFail("8-14") }
        XCTAssertEqual(WeekScheduleText.nightClockLevel("20%"), 20)
        XCTAssertEqual(WeekScheduleText.nightClockLevel("yes"), WeekScheduleText.defaultNightClock)
        XCTAssertNil(WeekScheduleText.nightClockLevel("0%"))
        XCTAssertNil(WeekScheduleText.nightClockLevel("dim"))
        var sunny = WeekSchedule(hours: try? groups("sunrise-22:00"))
        XCTAssertNotNil(WeekScheduleText.problem(sunny), "sunrise without a place")
        sunny.place = GeoPoint(latitude: 52, longitude: 13)
        XCTAssertNil(WeekScheduleText.problem(sunny))
    }

    func testDatesAndWeekdays() {
        XCTAssertEqual(WeekScheduleText.day("1970-01-01"), 0)
        XCTAssertEqual(WeekScheduleText.day("2026-12-01"), 20_788)
        XCTAssertEqual(WeekScheduleText.day("2024-02-29"), 19_782)
        XCTAssertNil(WeekScheduleText.day("2025-02-29"))
        XCTAssertEqual(Weekdays.index(ofDay: 0), 3, "1 January 1970 was a Thursday")
        XCTAssertEqual(Weekdays.index(ofDay: 20_788), 1, "1 December 2026 is a Tuesday")
    }

    /// The screen's changes from `start` over `days`, a minute at a time, as "Tue 06:30 on" (UTC wall clock).
    private func changes(_ week: WeekSchedule, from start: Int64, days: Int) -> [String] {
        var result: [String] = []
        var last = week.state(at: Date(timeIntervalSince1970: Double(start)), in: utc)
        for minute in 1...(days * 1440) {
            let t = start + Int64(minute) * 60
            let state = week.state(at: Date(timeIntervalSince1970: Double(t)), in: utc)
            guard state != last else { continue }
            let day = t / 86_400, m = Int(t % 86_400) / 60
            result.append(String(format: "%@ %02d:%02d %@", Weekdays.names[Weekdays.index(ofDay: day)], m / 60, m % 60,
                                 state.description))
            last = state
        }
        return result
    }

    func testAWeekdayScheduleAcrossAWeek() throws {
        // Monday 30 November 2026, 00:00 UTC.
        let monday = try XCTUnwrap(WeekScheduleText.day("2026-11-30")) * 86_400
        let week = WeekSchedule(hours: try groups("mon-fri 06:30-08:30,17:00-23:00; sat-sun 08:00-23:30"),
                                dims: try groups("mon-fri 21:00-23:00 30%; sun 08:00-09:00 50%", level: true))
        let seen = changes(week, from: monday, days: 7)
        var expected: [String] = []
        for day in ["mon", "tue", "wed", "thu", "fri"] {
            expected += ["\(day) 06:30 on", "\(day) 08:30 off", "\(day) 17:00 on", "\(day) 21:00 dimmed to 30 %",
                         "\(day) 23:00 off"]
        }
        expected += ["sat 08:00 on", "sat 23:30 off", "sun 08:00 dimmed to 50 %", "sun 09:00 on", "sun 23:30 off"]
        XCTAssertEqual(seen, expected)
        // When it next changes, from Friday 22:15: off at 23:00; from Friday 23:00, Saturday 08:00.
        let friday = monday + 4 * 86_400
        XCTAssertEqual(week.nextChange(after: Date(timeIntervalSince1970: Double(friday + 22 * 3600 + 900)), in: utc),
                       Date(timeIntervalSince1970: Double(friday + 23 * 3600)))
        XCTAssertEqual(week.nextChange(after: Date(timeIntervalSince1970: Double(friday + 23 * 3600)), in: utc),
                       Date(timeIntervalSince1970: Double(friday + 86_400 + 8 * 3600)))
    }

    func testASpellPastMidnightBelongsToTheDayItStarts() throws {
        let monday = try XCTUnwrap(WeekScheduleText.day("2026-11-30")) * 86_400
        let week = WeekSchedule(hours: try groups("fri 22:00-02:00"))
        XCTAssertEqual(changes(week, from: monday, days: 7), ["fri 22:00 on", "sat 02:00 off"])
    }

    func testExceptionsNightClockAndTheDarkestDim() throws {
        let week = WeekSchedule(hours: try groups("07:00-23:00"),
                                exceptions: try WeekScheduleText.exceptions("2026-12-25; 2026-12-24 08:00-14:00").get(),
                                dims: try groups("21:00-23:00 40%; fri 22:00-23:00 10%", level: true), nightClock: 15)
        let eve = try XCTUnwrap(WeekScheduleText.day("2026-12-23")) * 86_400
        XCTAssertEqual(changes(week, from: eve, days: 3), [
            "wed 07:00 on", "wed 21:00 dimmed to 40 %", "wed 23:00 the night clock at 15 %",
            "thu 08:00 on", "thu 14:00 the night clock at 15 %",
            // Christmas Day (a Friday) is dark all day.
        ])
        let saturday = eve + 3 * 86_400
        let friday = saturday + 6 * 86_400
        XCTAssertEqual(week.state(at: Date(timeIntervalSince1970: Double(saturday + 12 * 3600)), in: utc), .on)
        XCTAssertEqual(week.state(at: Date(timeIntervalSince1970: Double(friday + 22 * 3600 + 60)), in: utc), .dim(10),
                       "the darkest of two dims")
        // No hours but a date off: the rest of the days are all day.
        let holidays = WeekSchedule(exceptions: try WeekScheduleText.exceptions("2026-12-25").get())
        XCTAssertTrue(holidays.hasHours)
        XCTAssertEqual(changes(holidays, from: eve, days: 4), ["fri 00:00 off", "sat 00:00 on"])
    }

    func testTheKioskFollowsTheWeek() throws {
        let kiosk = Kiosk(idle: 5)
        kiosk.week = WeekSchedule(hours: try groups("mon-fri 07:00-23:00"), dims: try groups("21:00-23:00 30%", level: true),
                                  nightClock: 20)
        XCTAssertTrue(kiosk.keepsDisplayPower)
        let monday = try XCTUnwrap(WeekScheduleText.day("2026-11-30"))
        XCTAssertEqual(kiosk.screen(at: utcMinute(22 * 60, day: Int(monday)), in: utc, now: 0), .dim(30))
        XCTAssertEqual(kiosk.screen(at: utcMinute(23 * 60 + 1, day: Int(monday)), in: utc, now: 1), .nightClock(20))
        XCTAssertTrue(kiosk.nightClockShows)
        // Switched on by hand at night: photos at full brightness; off by hand: off, not the clock.
        kiosk.setDisplay(on: true, at: utcMinute(23 * 60 + 2, day: Int(monday)), in: utc)
        XCTAssertEqual(kiosk.screen(at: utcMinute(23 * 60 + 3, day: Int(monday)), in: utc, now: 2), .on)
        kiosk.setDisplay(on: false, at: utcMinute(23 * 60 + 4, day: Int(monday)), in: utc)
        XCTAssertEqual(kiosk.screen(at: utcMinute(23 * 60 + 5, day: Int(monday)), in: utc, now: 3), .off)
        XCTAssertEqual(kiosk.displayChangeWords(lit: true), "switched on from afar: the display on")
        // The remote's form changes the hours live.
        let model = GalleryModel(kiosk: kiosk)
        _ = model.apply(.setWeek(.schedule, "sat-sun 08:00-09:00"))
        XCTAssertEqual(kiosk.week?.hoursDescription, "sat-sun 08:00-09:00")
        _ = model.apply(.setWeek(.schedule, "not hours"))
        XCTAssertEqual(kiosk.week?.hoursDescription, "sat-sun 08:00-09:00", "text that does not read changes nothing")
        _ = model.apply(.setWeek(.dim, ""))
        XCTAssertEqual(kiosk.week?.dims, [])
    }
}
