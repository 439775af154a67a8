import XCTest
@testable import GalleryCore

final class SearchTests: XCTestCase {
    private func authored(_ range: Range<Int>) -> [Photo] {
        let authors = ["Zoë Ångström", "Paul Jarvis", "Ada Lovelace", "ADA King"]
        return range.map { Photo(id: String($0), author: authors[$0 % authors.count], width: 300, height: 200,
                                 url: "", downloadURL: "") }
    }

    private func loaded(pages: Int = 1) -> GalleryModel {
        let model = GalleryModel(pager: .init(pageSize: 30, minInterval: 0))
        for p in 0..<pages {
            model.browse.setScroll(offset: Double(model.browse.layout.contentHeight))
            let r = model.feed.nextPageRequest(now: 0)!
            model.feed.receive(r, .success(PageContents(photos: authored(p * 30..<(p + 1) * 30))), now: 0)
        }
        return model
    }

    func testBackLeavesTheSearchInOneClickAndAnEmptyResultSaysWhy() throws {
        let model = loaded()
        _ = model.handle(key: .character("/"))
        model.handle(text: "ada")
        let screen = try XCTUnwrap(model.screen as? SearchScreen)
        XCTAssertEqual(screen.matches.captions, .author, "results name the author that matched")
        let back = try XCTUnwrap(model.toolbar.buttons.first { $0.id == "back" })
        model.click(atWindowX: back.frame.x + 4, y: back.frame.y + 4)
        XCTAssertTrue(model.screen === model.browse, "one click on ← leaves the search")
        XCTAssertTrue(model.overlays.isEmpty, "bar and all")

        _ = model.handle(key: .character("/"))
        model.handle(text: "nobody")
        let empty = try XCTUnwrap(model.screen as? SearchScreen)
        XCTAssertEqual(empty.matches.catalog.count, 0)
        XCTAssertTrue(empty.emptyText(photos: 30).contains("No author matches “nobody” in the 30 photos loaded"))
        XCTAssertLessThanOrEqual(empty.headerNote!.count, 45, "the header's note is short enough for a narrow window")
    }

    func testTheBarCoversNeitherTheFirstRowNorTheWordsOfAnEmptySearch() throws {
        let model = loaded()
        _ = model.handle(key: .character("/"))
        model.handle(text: "ada")
        let screen = try XCTUnwrap(model.screen as? SearchScreen)
        let bar = Search.barFrame(window: model.viewport.size, top: model.config.headerHeight, inset: 12)
        XCTAssertGreaterThan(screen.matches.catalog.count, 0)
        XCTAssertGreaterThanOrEqual(screen.matches.screenFrame(of: 0).y, bar.maxY, "the first row starts under the bar")
        XCTAssertGreaterThanOrEqual(screen.matches.gridTop, bar.maxY, "and so do the empty search's words")
        _ = model.handle(key: .enter)
        XCTAssertEqual(screen.matches.gridTop, model.config.headerHeight, "a kept search gives the room back")
        _ = model.handle(key: .character("/"))
        XCTAssertGreaterThanOrEqual(screen.matches.screenFrame(of: 0).y, bar.maxY, "typing again: under the bar again")
    }

    func testMatchingIgnoresCaseAndDiacritics() {
        XCTAssertTrue(Search.matches("Zoë Ångström", query: "zoe angstrom"))
        XCTAssertTrue(Search.matches("Ada Lovelace", query: "ADA"))
        XCTAssertFalse(Search.matches("Paul Jarvis", query: "ada"))
    }

    func testTypingFiltersLiveEnterKeepsEscClears() {
        let model = loaded()
        _ = model.handle(key: .character("/"))
        XCTAssertTrue(model.input.hasFocusedField)
        model.handle(text: "/")  // the opening key's own text event
        model.handle(text: "ada")
        XCTAssertEqual(SearchScreen.shown(in: model)?.search.query, "ada")
        XCTAssertEqual(model.currentBrowse.catalog.count, 14, "Ada Lovelace and ADA King, 14 of 30")
        XCTAssertTrue(SearchScreen.shown(in: model)?.headerNote?.contains("14 matches") ?? false)
        _ = model.handle(key: .backspace)
        model.handle(text: "a l")
        XCTAssertEqual(model.currentBrowse.catalog.count, 7, "“ada l”: Ada Lovelace only")
        XCTAssertEqual(model.handle(key: .character("q")), .none, "letters go to the field")
        _ = model.handle(key: .enter)
        XCTAssertFalse(model.input.hasFocusedField)
        XCTAssertEqual(model.currentBrowse.catalog.count, 7, "Enter keeps the filter")
        _ = model.handle(key: .enter)
        XCTAssertEqual(model.detail.map { model.currentBrowse.catalog.items[$0.index].photo.author }, "Ada Lovelace")
        _ = model.handle(key: .escape)
        _ = model.handle(key: .escape)
        XCTAssertNil(SearchScreen.shown(in: model)?.search, "Esc clears")
        XCTAssertEqual(model.currentBrowse.catalog.count, 30)
    }

    func testPagingGoesOnForMatchesButNotForever() {
        let model = loaded()
        _ = model.apply(.openSearch)
        model.handle(text: "nobody")
        var requests = 0
        for _ in 0..<40 {
            guard let r = model.feed.nextPageRequest(now: 0) else { break }
            requests += 1
            model.feed.receive(r, .success(PageContents(photos: authored((requests) * 30..<(requests + 1) * 30))), now: 0)
        }
        XCTAssertEqual(requests, Search.maxPagesWithoutMatch, "stops after pages without a match")
        XCTAssertTrue(SearchScreen.shown(in: model)?.emptyText(photos: 30).contains("the search stopped") ?? false)
        XCTAssertFalse(model.feed.expectsPage)
    }

    func testAFewMatchesFetchMorePagesUntilTheWallIsFull() {
        let model = loaded()
        _ = model.apply(.openSearch)
        model.handle(text: "paul")
        var requests = 0
        while let r = model.feed.nextPageRequest(now: 0), requests < 50 {
            requests += 1
            model.feed.receive(r, .success(PageContents(photos: authored(requests * 30..<(requests + 1) * 30))), now: 0)
        }
        XCTAssertGreaterThan(requests, 0, "too few matches: more pages")
        XCTAssertLessThan(requests, 50, "and no more once the wall of matches is full")
        XCTAssertFalse(model.feed.expectsPage)
    }
}
