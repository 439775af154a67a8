import Foundation
@testable import GalleryCore
import XCTest

/// The calendar overlay's lines: day words, order, what is on now, the cut to N lines.
final class CalendarAgendaTests: XCTestCase {
    let zone = TimeZone(identifier: "Europe/Berlin")!
    /// Tuesday 10 March 2026, 12:00 in Berlin.
    let now = ISO8601DateFormatter().date(from: "2026-03-10T11:00:00Z")!

    func at(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(year: 2026, month: 3, day: day, hour: hour, minute: minute))!
    }

    func timed(_ title: String, _ day: Int, _ hour: Int, _ minute: Int = 0, minutes: Double = 60) -> CalendarOccurrence {
        CalendarOccurrence(title: title, start: at(day, hour, minute), end: at(day, hour, minute).addingTimeInterval(minutes * 60),
                           allDay: false)
    }

    func allDay(_ title: String, _ day: Int, days: Int = 1) -> CalendarOccurrence {
        CalendarOccurrence(title: title, start: at(day, 0), end: at(day + days, 0), allDay: true)
    }

    func lines(_ occurrences: [CalendarOccurrence], limit: Int = 10) -> [String] {
        CalendarAgenda.lines(occurrences, now: now, timeZone: zone, limit: limit)
    }

    func testDayWordsTimesAndOrder() {
        XCTAssertEqual(lines([timed("Dentist", 13, 9), allDay("Bins", 11), timed("Choir", 10, 18, 30),
                              timed("Swim", 11, 7, 15), timed("Early", 10, 8)]),
                       ["Today 18:30 Choir", "Tomorrow all day Bins", "Tomorrow 07:15 Swim", "Friday 09:00 Dentist"])
    }

    func testAnEventUnderWayComesFirstAsNow() {
        XCTAssertEqual(lines([timed("Lunch", 10, 13), timed("Meeting", 10, 11, 30, minutes: 90), allDay("Holiday", 9, days: 3)]),
                       ["Now until 13:00 Meeting", "Today all day Holiday", "Today 13:00 Lunch"])
        // Ending on another day: no time of its end.
        XCTAssertEqual(lines([timed("Trip", 10, 10, minutes: 48 * 60)]), ["Now Trip"])
    }

    func testFinishedAndFarEventsAreGoneAndTheCutKeepsTheFirst() {
        XCTAssertEqual(lines([timed("Gone", 10, 9), allDay("Yesterday", 9), timed("Far", 30, 9)]), [])
        let many = (0..<8).map { timed("E\($0)", 10, 14 + $0) }
        XCTAssertEqual(lines(many, limit: 3), ["Today 14:00 E0", "Today 15:00 E1", "Today 16:00 E2"])
    }

    func testTheSameEventFromTwoSourcesShowsOnce() {
        XCTAssertEqual(lines([timed("Choir", 10, 18), timed("Choir", 10, 18)]), ["Today 18:00 Choir"])
    }

    func testRefreshPlanWaitsForTheWallClockAndBacksOff() {
        var plan = CalendarRefreshPlan()
        XCTAssertEqual(plan.succeeded(at: 1_000), 1_800)
        XCTAssertEqual(plan.failed(at: 2_000), 2_030)
        XCTAssertEqual(plan.failed(at: 2_030), 2_090)
        XCTAssertEqual(plan.failed(at: 2_090), 2_210)
        for _ in 0..<10 { _ = plan.failed(at: 0) }
        XCTAssertEqual(plan.failed(at: 0), 900)
        XCTAssertEqual(plan.succeeded(at: 900), 1_800)
        XCTAssertEqual(plan.failed(at: 1_800), 1_830)
    }

    func testTextIsCutAfterTheLastEventKept() {
        let event = "BEGIN:VEVENT\r\nSUMMARY:x\r\nEND:VEVENT\r\n"
        let text = "BEGIN:VCALENDAR\r\n" + String(repeating: event, count: 5) + "END:VCALENDAR\r\n"
        let cut = CalendarText.bounded(Data(text.utf8), maxEvents: 2)
        XCTAssertEqual(cut.eventsLeftOut, 3)
        XCTAssertEqual(String(decoding: cut.bytes, as: UTF8.self),
                       "BEGIN:VCALENDAR\r\n" + event + event.dropLast(1) + "\r\nEND:VCALENDAR\r\n")
        XCTAssertEqual(CalendarText.bounded(Data(text.utf8), maxEvents: 5).eventsLeftOut, 0)
    }

    func testSourcesAreNamedWithoutTheirSecrets() {
        XCTAssertEqual(CalendarSettings.shownName(of: "https://me:pw@cal.example/a/b.ics?token=x"), "https://cal.example/a/b.ics")
        XCTAssertEqual(CalendarSettings.shownName(of: "/home/me/cal.ics"), "/home/me/cal.ics")
    }
}

/// The overlay model: lines from its feed, worked out again only when the feed or the minute changed.
final class CalendarOverlayTests: XCTestCase {
    final class FakeFeed: CalendarFeed {
        var snapshot = CalendarSnapshot()
        var reads = 0
        func latest() -> CalendarSnapshot { reads += 1; return snapshot }
    }

    func testLinesComeWithTheFeedAndTheRefreshSlowsOnceTheyDo() {
        let feed = FakeFeed()
        let overlay = CalendarOverlay(feed: feed, lines: 2)
        let model = GalleryModel(config: GalleryConfig())
        let zone = TimeZone(identifier: "UTC")!
        let now = Date(timeIntervalSince1970: 1_773_000_000)
        XCTAssertEqual(overlay.traits.refresh, .every(seconds: 1))
        XCTAssertFalse(overlay.refresh(OverlayContext(date: now, timeZone: zone, gallery: model)))
        XCTAssertNil(overlay.words)
        feed.snapshot = CalendarSnapshot(generation: 1, occurrences: [
            CalendarOccurrence(title: "Choir", start: now.addingTimeInterval(3600), end: now.addingTimeInterval(7200), allDay: false),
            CalendarOccurrence(title: "A", start: now.addingTimeInterval(4000), end: now.addingTimeInterval(7200), allDay: false),
            CalendarOccurrence(title: "B", start: now.addingTimeInterval(5000), end: now.addingTimeInterval(7200), allDay: false),
        ])
        XCTAssertTrue(overlay.refresh(OverlayContext(date: now.addingTimeInterval(1), timeZone: zone, gallery: model)))
        XCTAssertEqual(overlay.lines.count, 2)
        XCTAssertTrue(overlay.words?.hasSuffix("Choir\n" + overlay.lines[1]) ?? false, overlay.words ?? "")
        XCTAssertEqual(overlay.traits.refresh, .every(seconds: 60))
        // Same feed, same minute: nothing worked out again.
        XCTAssertFalse(overlay.refresh(OverlayContext(date: now.addingTimeInterval(2), timeZone: zone, gallery: model)))
    }

    func testAtTheBottomItStandsAboveTheCaptions() {
        var config = GalleryConfig()
        config.windowSize = PixelSize(width: 1920, height: 1080)
        let model = GalleryModel(config: config)
        let height = model.viewport.size.height
        XCTAssertFalse(config.slideshowCaptions.isEmpty, "captions unless --caption none")
        XCTAssertEqual(CalendarOverlay(feed: FakeFeed()).area(in: model).height, height - CalendarOverlay.captionRoom)
        XCTAssertEqual(CalendarOverlay(feed: FakeFeed(), spot: .topLeft).area(in: model).height, height)
        config.slideshowCaptions = []
        XCTAssertEqual(CalendarOverlay(feed: FakeFeed()).area(in: GalleryModel(config: config)).height, height)
    }
}
