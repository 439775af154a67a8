import GallerySamples
import XCTest
@testable import GalleryCore

/// The memories wall: a heading per earlier year across every column, "More photos" where a show that opened with
/// its memories goes on with the rest, and the room that asks the source and shows its answer.
final class MemoriesWallTests: XCTestCase {
    private let today = PhotoDateFilter.Day(year: 2026, month: 11, day: 26)

    private func taken(_ id: String, _ year: Int, _ month: Int = 11, _ day: Int = 26, w: Int = 300, h: Int = 200) -> Photo {
        var p = photo(id, w, h)
        p.facts = PhotoFacts(taken: PhotoDateFilter.seconds(of: .init(year: year, month: month, day: day)) + 12 * 3600)
        return p
    }

    /// The headings a wall reads from photos in order, each of the pass given.
    private func headings(_ shown: [(Photo, Int)], _ sections: WallSections) -> [String?] {
        var sections = sections
        return shown.map { sections.heading(for: $0.0, pass: $0.1) }
    }

    func testAHeadingOverEachEarlierYearAndOverTheRest() {
        let shown = [taken("a", 2025), taken("b", 2025), taken("c", 2023), taken("d", 2019),
                     taken("e", 2024, 3, 1), photo("f", 300, 200)].map { ($0, 1) }
        XCTAssertEqual(headings(shown, WallSections(today: today)),
                       ["2025 · a year ago", nil, "2023 · 3 years ago", "2019 · 7 years ago", "More photos", nil])
    }

    func testEachPassOpensItsOwnRunAndAMemoryAmongTheRestIsNoSection() {
        let shown = [(taken("a", 2025), 1), (photo("x", 300, 200), 1), (taken("b", 2020), 1), (photo("y", 300, 200), 1),
                     (taken("a", 2025), 2), (taken("c", 2023), 2), (photo("x", 300, 200), 2)]
        XCTAssertEqual(headings(shown, WallSections(today: today)),
                       ["2025 · a year ago", "More photos", nil, nil, "2025 · a year ago", "2023 · 3 years ago", "More photos"],
                       "a wrapped feed heads its memories again; a memory among the rest gets no band")
    }

    func testNoHeadingsOverAShowThatOpensWithoutMemories() {
        XCTAssertEqual(headings([(photo("x", 300, 200), 1), (taken("m", 2020), 1)], WallSections(today: today)), [nil, nil])
        XCTAssertNil(WallSections(today: today).memoryYear(taken("now", 2026)), "this year's photo is no memory")
    }

    func testAMemorysCaptionSaysHowLongAgo() {
        let sections = WallSections(today: today)
        XCTAssertEqual(sections.captionPrefix(for: taken("a", 2023)), "3 years ago")
        XCTAssertEqual(sections.captionPrefix(for: taken("b", 2025)), "a year ago")
        XCTAssertNil(sections.captionPrefix(for: taken("c", 2023, 6, 1)))
    }

    func testAHeadingSpansEveryColumnAndEveryColumnGoesOnBelowIt() {
        var layout = MasonryLayout(width: 1000, metrics: .init(columns: 2, gap: 10))
        layout.append(aspect: 1, height: 3)  // tall, left
        layout.append(aspect: 2, height: 1)  // short, right
        layout.append(aspect: 2, height: 1, heading: ("2023", 40))
        layout.append(aspect: 2, height: 1)
        XCTAssertEqual(layout.headings.count, 1)
        let band = layout.headings[0].frame
        XCTAssertEqual(band.y, layout.frames[0].maxY + 10, "under the longest column")
        XCTAssertEqual(band.width, 1000 - 20)
        XCTAssertEqual(layout.frames[2].y, band.maxY, "the section's first photo right under its heading")
        XCTAssertEqual(layout.frames[3].y, band.maxY, "the other column starts level with it")
        XCTAssertNotEqual(layout.frames[2].x, layout.frames[3].x)
        XCTAssertEqual(layout.headings(intersecting: band.y, band.y + 1).map(\.title), ["2023"])
        XCTAssertTrue(layout.headings(intersecting: 0, 5).isEmpty)
        // A new width lays the headings out again; dropping the photos above keeps the heading with its photo.
        layout.relayout(width: 600)
        XCTAssertEqual(layout.headings.count, 1)
        XCTAssertEqual(layout.frames[2].y, layout.headings[0].frame.maxY)
        layout.dropFirst(2)
        XCTAssertEqual(layout.headings.map(\.before), [0])
        XCTAssertGreaterThanOrEqual(layout.headings[0].frame.y, 0)
        XCTAssertEqual(layout.frames[0].y, layout.headings[0].frame.maxY)
        layout.dropFirst(1)
        XCTAssertTrue(layout.headings.isEmpty)
    }

    func testAWallOfMemoriesHasItsYearsHeaded() {
        let wall = BrowseScreen(catalog: Catalog(fixed: [taken("a", 2025), taken("c", 2023), taken("d", 2023),
                                                         taken("e", 2019)]), config: GalleryConfig())
        XCTAssertTrue(wall.layout.headings.isEmpty, "no sections asked for")
        wall.sections = WallSections(today: today)
        XCTAssertEqual(wall.layout.headings.map(\.title), ["2025 · a year ago", "2023 · 3 years ago", "2019 · 7 years ago"])
        XCTAssertEqual(wall.layout.headings.map(\.before), [0, 1, 3])
        // The next day the same photos are nobody's memories: the wall is laid out again without headings.
        wall.sections = WallSections(today: .init(year: 2026, month: 11, day: 27))
        XCTAssertTrue(wall.layout.headings.isEmpty)
    }

    func testTheRoomAsksTheSourceAndShowsItsAnswer() {
        let model = loadedGallery()
        var asked: [PhotoDateFilter.Day] = []
        model.standIn.offersMemories = true
        model.standIn.today = self.today
        model.standIn.onCarry = { if case .askMemories(let day) = $0 { asked.append(day) } }
        XCTAssertNotNil(MemoriesScreen.button.look(model), "the header offers memories")
        _ = model.apply(.showMemories)
        let room = try! XCTUnwrap(model.screen as? MemoriesScreen)
        XCTAssertEqual(asked, [today])
        XCTAssertTrue(room.emptyText.hasPrefix("Looking for"))
        room.arrived(.success([taken("a", 2025), taken("c", 2023)]))
        XCTAssertEqual(room.memories.catalog.count, 2)
        XCTAssertEqual(room.memories.layout.headings.count, 2)
        XCTAssertEqual(model.currentBrowse === room.memories, true, "the slideshow and the pane open on its wall")
        _ = model.apply(.closeScreen)
        XCTAssertFalse(model.screen is MemoriesScreen)
    }

    func testNoButtonAndNoRoomWhereTheSourceHasNoMemories() {
        let model = loadedGallery()
        XCTAssertNil(MemoriesScreen.button.look(model))
        _ = model.apply(.showMemories)
        XCTAssertFalse(model.screen is MemoriesScreen)
    }

    func testAnAnswerOfNoneSaysSoAndAFailureSaysWhy() {
        let model = loadedGallery()
        model.standIn.offersMemories = true
        model.standIn.today = self.today
        _ = model.apply(.showMemories)
        let room = try! XCTUnwrap(model.screen as? MemoriesScreen)
        room.arrived(.success([]))
        XCTAssertTrue(room.emptyText.hasPrefix("No photos taken on 26 November"), room.emptyText)
        room.arrived(.failure(.malformed("bad answer")))
        XCTAssertTrue(room.emptyText.contains("bad answer"))
    }
}
