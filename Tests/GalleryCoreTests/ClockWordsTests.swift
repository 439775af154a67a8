import Foundation
import XCTest
@testable import GalleryCore

/// What the frame's clock reads: 12 or 24 hours as the locale (LC_ALL, LC_TIME, LANG) writes time, or as asked; the
/// date line in the locale's words; and the model's refresh, words and date line as the minutes and days turn.
final class ClockWordsTests: XCTestCase {
    /// Tuesday 1 December 2026, 19:05:30 UTC.
    private let evening = Date(timeIntervalSince1970: 1_796_151_930)

    /// ICU writes a narrow no-break space before AM and PM in newer locale data; either reads the same.
    private func plain(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{202F}", with: " ").replacingOccurrences(of: "\u{00A0}", with: " ")
    }

    func testTheLocaleComesFromLCAllThenLCTimeThenLang() {
        XCTAssertEqual(ClockLocale.identifier(environment: ["LANG": "en_US.UTF-8"]), "en_US")
        XCTAssertEqual(ClockLocale.identifier(environment: ["LANG": "en_US.UTF-8", "LC_TIME": "de_DE.UTF-8"]), "de_DE")
        XCTAssertEqual(ClockLocale.identifier(environment: ["LC_ALL": "fr_FR@euro", "LC_TIME": "de_DE.UTF-8"]), "fr_FR")
        XCTAssertEqual(ClockLocale.identifier(environment: ["LC_ALL": "", "LANG": "en_GB.UTF-8"]), "en_GB", "empty is unset")
        XCTAssertNil(ClockLocale.identifier(environment: [:]))
        XCTAssertNil(ClockLocale.identifier(environment: ["LANG": "C.UTF-8"]))
        XCTAssertNil(ClockLocale.identifier(environment: ["LANG": "POSIX"]))
        XCTAssertEqual(ClockLocale.locale(environment: ["LANG": "C"]).identifier, "en_US_POSIX")
    }

    func testTwelveOrTwentyFourHoursAsTheLocaleWritesTime() {
        XCTAssertEqual(ClockLocale.hours(of: Locale(identifier: "en_US")), .twelve)
        XCTAssertEqual(ClockLocale.hours(of: Locale(identifier: "de_DE")), .twentyFour)
        XCTAssertEqual(ClockLocale.hours(of: Locale(identifier: "en_GB")), .twentyFour)
        XCTAssertEqual(ClockLocale.hours(of: Locale(identifier: "fr_FR")), .twentyFour)
        XCTAssertEqual(ClockLocale.hours(of: ClockLocale.locale(environment: ["LANG": "C.UTF-8"])), .twentyFour)
        XCTAssertEqual(ClockLocale.hours(of: ClockLocale.locale(environment: ["LC_TIME": "en_US.UTF-8"])), .twelve)
    }

    func testTheTimeInTwelveAndTwentyFourHours() {
        let us = Locale(identifier: "en_US")
        XCTAssertEqual(ClockWords(hours: .twentyFour, locale: us).time(evening, timeZone: utc), "19:05")
        XCTAssertEqual(plain(ClockWords(hours: .twelve, locale: us).time(evening, timeZone: utc)), "7:05 PM")
        let morning = evening - 12 * 3600
        XCTAssertEqual(plain(ClockWords(hours: .twelve, locale: us).time(morning, timeZone: utc)), "7:05 AM")
        XCTAssertEqual(ClockWords(hours: .twentyFour, locale: Locale(identifier: "de_DE")).time(morning, timeZone: utc),
                       "07:05")
        let noon = evening - 7 * 3600
        XCTAssertEqual(plain(ClockWords(hours: .twelve, locale: us).time(noon, timeZone: utc)), "12:05 PM")
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        XCTAssertEqual(ClockWords(hours: .twentyFour, locale: us).time(evening, timeZone: berlin), "20:05")
    }

    func testTheDateLineIsTheWeekdayDayAndMonthInTheLocalesWords() {
        func line(_ id: String, _ zone: TimeZone = utc) -> String {
            ClockWords(hours: .twentyFour, locale: Locale(identifier: id)).dateLine(evening, timeZone: zone)
        }
        XCTAssertEqual(line("en_US"), "Tuesday, December 1")
        XCTAssertEqual(line("en_GB"), "Tuesday 1 December")
        XCTAssertEqual(line("de_DE"), "Dienstag, 1. Dezember")
        XCTAssertEqual(line("fr_FR"), "mardi 1 décembre")
        XCTAssertEqual(line("en_GB", TimeZone(identifier: "Pacific/Auckland")!), "Wednesday 2 December",
                       "already tomorrow in Auckland")
    }

    func testTheClockReadsOnceAMinuteAndItsWordsAreWhatItShows() throws {
        let model = loadedGallery()
        let clock = FrameClockOverlay(style: ClockStyle(size: .large, spot: .bottomLeft, showsDate: true),
                                      locale: Locale(identifier: "en_GB"))
        XCTAssertEqual(clock.traits.refresh, .every(seconds: 60), "no seconds shown: asked on the minute, nothing between")
        XCTAssertEqual(clock.traits.placement, OverlayPlacement(.bottomLeft, inset: ClockLayout.inset(.large)))
        XCTAssertEqual(clock.traits.fade, .steady, "read across the room while nobody touches the frame")
        XCTAssertNil(clock.words)
        XCTAssertTrue(clock.refresh(OverlayContext(date: evening, timeZone: utc, gallery: model)))
        XCTAssertEqual(clock.hours, .twentyFour, "en_GB counts 24 hours")
        XCTAssertEqual(clock.text, "19:05")
        XCTAssertEqual(clock.dateLine, "Tuesday 1 December")
        XCTAssertEqual(clock.words, "19:05\nTuesday 1 December")
        XCTAssertFalse(clock.refresh(OverlayContext(date: evening + 20, timeZone: utc, gallery: model)))
        // Midnight: a new minute and a new day.
        let midnight = evening + 4 * 3600 + 55 * 60 - 30
        XCTAssertTrue(clock.refresh(OverlayContext(date: midnight, timeZone: utc, gallery: model)))
        XCTAssertEqual(clock.words, "00:00\nWednesday 2 December")
    }

    func testHoursGivenWinOverTheLocalesAndNoDateLineUnlessAsked() {
        let model = loadedGallery()
        let us = FrameClockOverlay(style: ClockStyle(size: .huge), locale: Locale(identifier: "en_US"))
        XCTAssertEqual(us.hours, .twelve)
        _ = us.refresh(OverlayContext(date: evening, timeZone: utc, gallery: model))
        XCTAssertEqual(plain(us.text), "7:05 PM")
        XCTAssertNil(us.dateLine)
        XCTAssertEqual(us.words.map(plain), "7:05 PM")
        let asked = FrameClockOverlay(style: ClockStyle(size: .huge, hours: .twentyFour), locale: Locale(identifier: "en_US"))
        _ = asked.refresh(OverlayContext(date: evening, timeZone: utc, gallery: model))
        XCTAssertEqual(asked.text, "19:05")
        let german = FrameClockOverlay(style: ClockStyle(hours: .twelve), locale: Locale(identifier: "de_DE"))
        _ = german.refresh(OverlayContext(date: evening, timeZone: utc, gallery: model))
        XCTAssertTrue(german.text.hasPrefix("7:05"), german.text)
        XCTAssertEqual(FrameClockOverlay(corner: .topLeft).hours, .twentyFour, "the old corner clock reads as it did")
    }
}
