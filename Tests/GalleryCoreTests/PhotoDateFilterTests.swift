import XCTest
@testable import GalleryCore

/// Photos kept by their date: a span, and this day in earlier years.
final class PhotoDateFilterTests: XCTestCase {
    private func at(_ text: String) -> Int64 { PhotoDateFilter.seconds(of: PhotoDateFilter.parseDay(text)!) }

    func testCalendarDaysGoBothWaysAcrossLeapYearsAndBefore1970() {
        for text in ["1970-01-01", "2000-02-29", "2024-12-31", "1969-07-20", "2100-03-01"] {
            let day = PhotoDateFilter.parseDay(text)!
            XCTAssertEqual(PhotoDateFilter.day(of: PhotoDateFilter.seconds(of: day)), day, text)
            XCTAssertEqual(PhotoDateFilter.day(of: PhotoDateFilter.seconds(of: day) + 86_399), day, "the day's last second")
        }
        XCTAssertEqual(at("2000-03-01"), 951_868_800)
        XCTAssertNil(PhotoDateFilter.parseDay("2023-02-29"), "no such day")
        XCTAssertNil(PhotoDateFilter.parseDay("2023-2-1"))
        XCTAssertNil(PhotoDateFilter.parseDay("yesterday"))
    }

    func testASpanKeepsItsEndsAndMemoriesKeepThisDayInEarlierYearsTakenOnly() {
        let span = PhotoDateFilter(from: at("2020-01-01"), to: at("2020-12-31") + 86_399)
        XCTAssertTrue(span.admits(date: at("2020-01-01"), isTaken: false))
        XCTAssertTrue(span.admits(date: at("2020-12-31") + 86_000, isTaken: true))
        XCTAssertFalse(span.admits(date: at("2021-01-01"), isTaken: true))
        XCTAssertFalse(span.admits(date: at("2019-12-31"), isTaken: true))
        let memories = PhotoDateFilter(onThisDay: .init(year: 2026, month: 11, day: 25))
        XCTAssertTrue(memories.admits(date: at("2019-11-25") + 3600, isTaken: true))
        XCTAssertFalse(memories.admits(date: at("2019-11-25"), isTaken: false), "a file's time is no memory")
        XCTAssertFalse(memories.admits(date: at("2026-11-25"), isTaken: true), "today is not an earlier year")
        XCTAssertFalse(memories.admits(date: at("2019-11-24"), isTaken: true))
    }

    func testLeapDaysAreRememberedOnThe28thAndFileTimesGoByTheDaysHere() {
        let feb28 = PhotoDateFilter(onThisDay: .init(year: 2027, month: 2, day: 28))
        XCTAssertTrue(feb28.admits(date: at("2024-02-29"), isTaken: true), "no 29th this year: remembered on the 28th")
        XCTAssertFalse(PhotoDateFilter(onThisDay: .init(year: 2028, month: 2, day: 28)).admits(date: at("2024-02-29"), isTaken: true),
                       "a leap year has its own 29th")
        // A file made at 00:30 on the 1st of June two hours east of UTC belongs to the 1st there.
        var june = PhotoDateFilter(from: at("2024-06-01"))
        june.fileTimeOffset = 7200
        XCTAssertTrue(june.admits(date: at("2024-06-01") - 5400, isTaken: false))
        XCTAssertFalse(june.admits(date: at("2024-06-01") - 5400, isTaken: true), "a date taken is compared as written")
    }

    func testAHostileTimeIsClampedNeverATrap() {
        XCTAssertEqual(PhotoDateFilter.day(of: .min).year, 1)
        XCTAssertEqual(PhotoDateFilter.day(of: .max).year, 9999)
        XCTAssertEqual(PhotoDateFilter.day(of: 0), .init(year: 1970, month: 1, day: 1))
    }
}
