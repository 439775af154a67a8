import XCTest
@testable import GalleryCore

/// A wall in date order (a folder by date) under a heading per month, or per day zoomed in: full-width bands, the
/// columns starting again under each, fast enough for a folder of 100,000 photos.
final class DateSectionsTests: XCTestCase {
    /// Seconds of a calendar day at noon (as a camera writes its clock: read as UTC).
    private func time(_ y: Int, _ m: Int, _ d: Int) -> Int64 {
        PhotoDateFilter.seconds(of: .init(year: y, month: m, day: d)) + 12 * 3600
    }

    private func shot(_ i: Int, taken: Int64? = nil, modified: Int64? = nil) -> Photo {
        var p = Photo(id: "d\(i)", author: "IMG_\(i).jpg", width: 300 + (i * 37) % 200, height: 200 + (i * 53) % 300,
                      url: "", downloadURL: "")
        if let taken { p.facts = PhotoFacts(taken: taken) }
        p.file = modified.map { FileFacts(modified: $0, bytes: 1000) }
        return p
    }

    /// Newest first: three photos on 3 November 2026, two on the 1st, four in October, one in September 2025.
    private var folder: [Photo] {
        let days: [Int64] = [time(2026, 11, 3), time(2026, 11, 3), time(2026, 11, 3), time(2026, 11, 1), time(2026, 11, 1),
                             time(2026, 10, 30), time(2026, 10, 30), time(2026, 10, 2), time(2026, 10, 2), time(2025, 9, 9)]
        return days.enumerated().map { shot($0.offset, taken: $0.element) }
    }

    func testTitlesSayTheMonthOrTheDay() {
        XCTAssertEqual(DateSections.monthTitle(.init(year: 2026, month: 11, day: 1)), "November 2026")
        XCTAssertEqual(DateSections.dayTitle(.init(year: 2026, month: 12, day: 1)), "Tuesday 1 December 2026")
        XCTAssertEqual(DateSections.dayTitle(.init(year: 1970, month: 1, day: 1)), "Thursday 1 January 1970")
        XCTAssertEqual(DateSections.dayTitle(.init(year: 2024, month: 2, day: 29)), "Thursday 29 February 2024")
    }

    func testMonthsFromFourColumnsDaysAtThreeNoneAtTwo() {
        XCTAssertNil(DateSections.grain(forColumns: 1))
        XCTAssertNil(DateSections.grain(forColumns: 2), "the brief's two-column wall stays as it was")
        XCTAssertEqual(DateSections.grain(forColumns: 3), .day)
        for n in 4...8 { XCTAssertEqual(DateSections.grain(forColumns: n), .month) }
        var months = DateSections().starting(columns: 5)
        XCTAssertEqual(folder.map { months.heading(for: $0) },
                       ["November 2026", nil, nil, nil, nil, "October 2026", nil, nil, nil, "September 2025"])
        var days = DateSections().starting(columns: 3)
        XCTAssertEqual(folder.compactMap { days.heading(for: $0) },
                       ["Tuesday 3 November 2026", "Sunday 1 November 2026", "Friday 30 October 2026",
                        "Friday 2 October 2026", "Tuesday 9 September 2025"])
    }

    func testAFilesTimeCountsAsLocalAndAPhotoWithoutADateStaysUnderTheHeadingBefore() {
        // 23:30 UTC on 31 October is 1 November an hour east.
        let lateOctober = PhotoDateFilter.seconds(of: .init(year: 2026, month: 10, day: 31)) + 23 * 3600 + 1800
        var east = DateSections(fileTimeOffset: 3600).starting(columns: 4)
        XCTAssertEqual(east.heading(for: shot(0, modified: lateOctober)), "November 2026")
        var utc = DateSections().starting(columns: 4)
        XCTAssertEqual(utc.heading(for: shot(0, modified: lateOctober)), "October 2026")
        XCTAssertNil(utc.heading(for: shot(1)), "no date at all: under the heading before")
        XCTAssertEqual(utc.heading(for: shot(2, taken: time(2026, 11, 5), modified: lateOctober)), "November 2026",
                       "the date taken before the file's time, as the folder sorts")
    }

    private func wall(_ photos: [Photo], columns: Int) -> BrowseScreen {
        let model = GalleryModel(pager: .init(pageSize: max(1, photos.count), minInterval: 0))
        model.feed.receive(model.feed.nextPageRequest(now: 0)!, .success(PageContents(photos: photos)), now: 0)
        model.browse.dateHeadings = DateSections()
        model.browse.setColumns(columns)
        return model.browse
    }

    func testHeadingsAreFullWidthBandsAndEachSectionsCellsStandUnderItsOwn() {
        let photos = folder
        for n in 2...8 {
            let layout = wall(photos, columns: n).layout
            let expected = n == 2 ? [] : n == 3 ? [0, 3, 5, 7, 9] : [0, 5, 9]
            XCTAssertEqual(layout.headings.map(\.before), expected, "\(n) columns")
            for (k, heading) in layout.headings.enumerated() {
                XCTAssertEqual(heading.frame.x, 12)
                XCTAssertEqual(heading.frame.width, 1280 - 24, "across every column")
                let end = k + 1 < layout.headings.count ? layout.headings[k + 1].before : photos.count
                for i in heading.before..<end {
                    XCTAssertGreaterThanOrEqual(layout.frames[i].y, heading.frame.maxY, "\(n) columns: photo \(i) under its heading")
                }
                // The band starts below every photo of the sections before it.
                for i in 0..<heading.before { XCTAssertLessThanOrEqual(layout.frames[i].maxY, heading.frame.y) }
                // The columns start again: the section's first row begins right under the band.
                XCTAssertEqual(layout.frames[heading.before].y, heading.frame.maxY)
            }
        }
    }

    func testZoomingChangesTheGrainAndTheListHasNone() {
        let screen = wall(folder, columns: 3)
        XCTAssertEqual(screen.layout.headings.count, 5)
        screen.setColumns(6)
        XCTAssertEqual(screen.layout.headings.map(\.title), ["November 2026", "October 2026", "September 2025"])
        screen.setMode(.list)
        XCTAssertTrue(screen.layout.headings.isEmpty)
        screen.setMode(.grid)
        XCTAssertEqual(screen.layout.headings.count, 3)
        screen.dateHeadings = nil
        XCTAssertTrue(screen.layout.headings.isEmpty)
    }

    /// 100,000 photos over about eight years, a few a day: laid out with month headings in about the time the
    /// plain wall takes (the --dir bench's folder is laid out the same way).
    func testAHundredThousandPhotosLayOutFast() {
        let start = time(2026, 11, 30)
        let photos = (0..<100_000).map { shot($0, taken: start - Int64($0) * 2_500) }
        func layOut(_ headings: DateSections?) -> (Double, Int) {
            var sections = headings?.starting(columns: 5)
            var layout = MasonryLayout(width: 1920, metrics: .init(columns: 5))
            let began = Date()
            for photo in photos {
                let title = sections?.heading(for: photo)
                layout.append(aspect: photo.width, height: photo.height, heading: title.map { ($0, 44) })
            }
            return (Date().timeIntervalSince(began), layout.headings.count)
        }
        let (plain, none) = layOut(nil)
        let (headed, months) = layOut(DateSections())
        XCTAssertEqual(none, 0)
        XCTAssertTrue((94...97).contains(months), "a heading a month: \(months)")
        XCTAssertLessThan(headed, max(1.0, plain * 3), "plain \(plain) s, with headings \(headed) s")
        // The visible query stays a binary search with headings in.
        var layout = MasonryLayout(width: 1920, metrics: .init(columns: 5))
        var sections = DateSections().starting(columns: 5)
        for photo in photos { layout.append(aspect: photo.width, height: photo.height,
                                            heading: sections.heading(for: photo).map { ($0, 44) }) }
        let mid = layout.contentHeight / 2
        XCTAssertFalse(layout.indices(intersecting: mid, mid + 1000).isEmpty)
        XCTAssertLessThanOrEqual(layout.headings(intersecting: mid, mid + 1000).count, 2)
    }
}
