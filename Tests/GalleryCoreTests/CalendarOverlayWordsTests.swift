import Foundation
import GalleryCore
import XCTest

/// The calendar's words beyond its events: the age of a kept copy shown after a failed fetch ("as of 2 h ago", as
/// the weather says it), and times written as the frame's clock writes them (12 hours where it reads 12).
final class CalendarOverlayWordsTests: XCTestCase {
    final class Feed: CalendarFeed {
        var snapshot = CalendarSnapshot()
        func latest() -> CalendarSnapshot { snapshot }
    }

    let zone = TimeZone(identifier: "UTC")!
    /// 10 March 2026, 12:00 UTC.
    let now = Date(timeIntervalSince1970: 1_773_144_000)
    let model = GalleryModel(config: GalleryConfig())

    func choir(at start: Date) -> CalendarOccurrence {
        CalendarOccurrence(title: "Choir", start: start, end: start.addingTimeInterval(3600), allDay: false)
    }

    func lines(_ overlay: CalendarOverlay, at date: Date) -> [String] {
        _ = overlay.refresh(OverlayContext(date: date, timeZone: zone, gallery: model))
        return overlay.lines
    }

    func testAnOldKeptCopySaysItsAgeUnderTheEvents() {
        let feed = Feed(), overlay = CalendarOverlay(feed: feed, lines: 4)
        let evening = now.addingTimeInterval(6.5 * 3600)
        // A copy fetched two and a half hours ago, shown because the latest fetch failed.
        feed.snapshot = CalendarSnapshot(generation: 1, occurrences: [choir(at: evening)],
                                         asOf: now.timeIntervalSince1970 - 2.5 * 3600)
        XCTAssertEqual(lines(overlay, at: now), ["Today 18:30 Choir", "as of 2 h ago"])
        // Fetched again: the age line goes.
        feed.snapshot = CalendarSnapshot(generation: 2, occurrences: [choir(at: evening)])
        XCTAssertEqual(lines(overlay, at: now.addingTimeInterval(60)), ["Today 18:30 Choir"])
        // A copy from half an hour ago is not old enough to say so; two days old is said in days.
        feed.snapshot = CalendarSnapshot(generation: 3, occurrences: [choir(at: evening)],
                                         asOf: now.timeIntervalSince1970 - 30 * 60)
        XCTAssertEqual(lines(overlay, at: now.addingTimeInterval(120)), ["Today 18:30 Choir"])
        feed.snapshot = CalendarSnapshot(generation: 4, occurrences: [choir(at: evening)],
                                         asOf: now.timeIntervalSince1970 - 50 * 3600)
        XCTAssertEqual(lines(overlay, at: now.addingTimeInterval(180)), ["Today 18:30 Choir", "as of 2 days ago"])
        // Nothing to show: no age alone in the corner.
        feed.snapshot = CalendarSnapshot(generation: 5, occurrences: [], asOf: now.timeIntervalSince1970 - 50 * 3600)
        XCTAssertEqual(lines(overlay, at: now.addingTimeInterval(240)), [])
    }

    func testTimesFollowTheClocksHours() throws {
        let evening = now.addingTimeInterval(6.5 * 3600), morning = now.addingTimeInterval(-3 * 3600 + 86_400)
        let us = Locale(identifier: "en_US")
        let feed = Feed()
        feed.snapshot = CalendarSnapshot(generation: 1, occurrences: [choir(at: evening), choir(at: morning)])
        let twelve = CalendarOverlay(feed: feed, clock: ClockWords(hours: .twelve, locale: us))
        let shown = lines(twelve, at: now).map { $0.replacingOccurrences(of: "\u{202F}", with: " ") }
        XCTAssertEqual(shown, ["Today 6:30 PM Choir", "Tomorrow 9:00 AM Choir"])
        let twentyFour = CalendarOverlay(feed: feed, clock: ClockWords(hours: .twentyFour, locale: us))
        XCTAssertEqual(lines(twentyFour, at: now), ["Today 18:30 Choir", "Tomorrow 09:00 Choir"])
        // The hours as the frame's clock takes them: a clock's 12h word, else the locale's.
        var config = GalleryConfig()
        XCTAssertEqual(CalendarOverlay.clockWords(config: config, locale: us).hours, .twelve)
        XCTAssertEqual(CalendarOverlay.clockWords(config: config, locale: Locale(identifier: "de_DE")).hours, .twentyFour)
        XCTAssertEqual(CalendarOverlay.clockWords(config: config, locale: Locale(identifier: "en_US_POSIX")).hours, .twentyFour)
        config.slideClock = ClockStyle(hours: .twentyFour)
        XCTAssertEqual(CalendarOverlay.clockWords(config: config, locale: us).hours, .twentyFour)
    }
}
