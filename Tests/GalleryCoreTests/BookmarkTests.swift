import XCTest
@testable import GalleryCore

final class BookmarkTests: XCTestCase {
    private func loaded(_ library: Library = MemoryLibrary()) -> GalleryModel { loadedGallery(library) }

    func testBTogglesTheFocusedOrOpenPhotoAndTheShelfRemembersOrder() throws {
        let library = MemoryLibrary()
        let model = loaded(library)
        _ = model.apply(.focusNext)
        let first = model.browse.focusedIndex!
        _ = model.handle(key: .character("b"))
        XCTAssertTrue(model.user.isBookmarked(String(first)))
        _ = model.apply(.focusNext)
        _ = model.handle(key: .enter)
        _ = model.handle(key: .character("b"))  // in the pane
        XCTAssertTrue(model.user.isBookmarked(String(first + 1)))
        _ = model.handle(key: .escape)
        _ = model.handle(key: .character("b"))
        XCTAssertFalse(model.user.isBookmarked(String(first + 1)), "b again removes it")
        _ = model.handle(key: .character("b"))
        XCTAssertEqual(library.bookmarks().map(\.photo.id).count, 2)
    }

    func testTheBookmarksScreenNewestFirstRemoveAndUndo() throws {
        let library = MemoryLibrary()
        for (i, id) in [3, 7, 5].enumerated() {
            try library.addBookmark(Bookmark(photo: photo(String(id)), source: "picsum", added: Double(i)))
        }
        let model = loaded(library)
        _ = model.handle(key: .character("B"), modifiers: .shift)
        XCTAssertTrue(model.screen is BookmarksScreen)
        let shown = model.currentBrowse.catalog.items.map(\.photo.id)
        XCTAssertEqual(shown, ["5", "7", "3"], "newest first")
        XCTAssertEqual(model.currentBrowse.focusedIndex, 0, "the newest is focused")
        XCTAssertTrue(model.currentBrowse.catalog.isFixed, "the bookmarks never page")
        _ = model.handle(key: .character("d"))
        XCTAssertEqual(model.currentBrowse.catalog.items.map(\.photo.id), ["7", "3"])
        _ = model.handle(key: .delete)
        XCTAssertEqual(model.currentBrowse.catalog.items.map(\.photo.id), ["3"])
        _ = model.handle(key: .character("u"))
        XCTAssertEqual(model.currentBrowse.catalog.items.map(\.photo.id), ["7", "3"], "undo puts it back in its place")
        XCTAssertEqual(model.currentBrowse.focusedIndex, 0)
        XCTAssertEqual(library.bookmarks().map(\.photo.id), ["7", "3"])
        // The detail pane works over the bookmarks, and Esc goes back to the wall.
        _ = model.handle(key: .enter)
        XCTAssertEqual(model.detail?.index, 0)
        _ = model.handle(key: .escape)
        _ = model.handle(key: .escape)
        XCTAssertTrue(model.screen === model.browse)
    }

    /// Over the bookmarks, the pane's star acts on the pane's photo: a second press stars it again instead of
    /// removing the neighbour the bookmarks wall focused after it came off; Undo works after the screen is left.
    func testThePanesStarOverTheBookmarksActsOnItsOwnPhoto() throws {
        let library = MemoryLibrary()
        for (i, id) in [3, 7, 5].enumerated() {
            try library.addBookmark(Bookmark(photo: photo(String(id)), source: "picsum", added: Double(i)))
        }
        let model = loaded(library)
        _ = model.handle(key: .character("B"), modifiers: .shift)
        _ = model.handle(key: .enter)
        let pane = try XCTUnwrap(model.detail?.overlay)
        XCTAssertEqual(pane.key.photoID, "5")
        _ = model.handle(key: .character("b"))
        model.tick(dt: 0.016)
        XCTAssertEqual(library.bookmarks().map(\.photo.id), ["7", "3"], "the pane's photo came off")
        XCTAssertEqual(model.currentBrowse.catalog.items.map(\.photo.id), ["7", "3"], "and the wall under it follows")
        _ = model.handle(key: .character("b"))
        XCTAssertEqual(Set(library.bookmarks().map(\.photo.id)), ["5", "7", "3"], "a second press stars it again")
        _ = model.handle(key: .escape)
        // Removed on the screen, undone from the toast after the screen is gone.
        _ = model.handle(key: .character("d"))
        let gone = Set(["5", "7", "3"]).subtracting(library.bookmarks().map(\.photo.id))
        XCTAssertEqual(gone.count, 1)
        _ = model.handle(key: .escape)
        XCTAssertFalse(model.screen is BookmarksScreen)
        _ = model.handle(key: .character("u"))
        XCTAssertEqual(Set(library.bookmarks().map(\.photo.id)), ["5", "7", "3"], "Undo still works")
    }

    func testAStarClickTogglesTheBookmark() throws {
        let model = loaded()
        let frame = model.browse.screenFrame(of: 0)
        let star = BrowseScreen.starRect(of: frame)!
        model.click(atWindowX: star.x + 4, y: star.y + 4)
        XCTAssertTrue(model.user.isBookmarked("0"))
        XCTAssertNil(model.detail, "a click on the star does not open the pane")
        model.click(atWindowX: star.x + 4, y: star.y + 4)
        XCTAssertFalse(model.user.isBookmarked("0"))
        // A star half out of view at the window's foot: the click stars it and the wall stays where it is.
        let low = try XCTUnwrap(model.browse.visibleIndices.last { BrowseScreen.starRect(of: model.browse.screenFrame(of: $0)).map { $0.maxY < model.viewport.size.height } ?? false && model.browse.screenFrame(of: $0).maxY > model.viewport.size.height })
        let lowStar = BrowseScreen.starRect(of: model.browse.screenFrame(of: low))!
        let before = model.browse.scrollTop
        model.click(atWindowX: lowStar.x + 4, y: lowStar.y + 4)
        model.tick(dt: 1)
        XCTAssertEqual(model.browse.scrollTop, before, "the star stays under the pointer")
    }

    /// The demo's photo "0" and picsum's photo "0" are different photos: a bookmark made on the demo fallback must
    /// never show under picsum (with picsum's picture for that id), and comes back with the demo.
    func testABookmarkBelongsToTheSourceItsPhotoCameFrom() throws {
        let library = MemoryLibrary()
        let demo = GalleryModel(pager: .init(pageSize: 30, minInterval: 0), library: library, asksName: false,
                                source: "demo:1000")
        demo.feed.receive(demo.feed.nextPageRequest(now: 0)!, .success(PageContents(photos: photos(0..<30))), now: 0)
        _ = demo.apply(.focusNext)
        _ = demo.apply(.toggleBookmark)
        XCTAssertTrue(demo.user.isBookmarked("0"))
        XCTAssertEqual(library.bookmarks().map(\.source), ["demo:1000"])

        let picsum = loaded(library)  // source "picsum"
        XCTAssertFalse(picsum.user.isBookmarked("0"), "picsum's photo 0 is not the demo's")
        _ = picsum.apply(.showBookmarks)
        XCTAssertEqual(picsum.currentBrowse.catalog.count, 0, "the demo's bookmark is not on picsum's shelf")

        // A source that takes over in the running app (the demo fallback, and back): the shelf follows it.
        demo.resetFeed(source: "picsum")
        XCTAssertFalse(demo.user.isBookmarked("0"))
        demo.feed.receive(demo.feed.nextPageRequest(now: 0)!, .success(PageContents(photos: photos(0..<30))), now: 0)
        _ = demo.apply(.focusNext)
        _ = demo.apply(.toggleBookmark)
        XCTAssertEqual(Set(library.bookmarks().map(\.source)), ["demo:1000", "picsum"], "filed under the new source")
        demo.resetFeed(source: "demo:1000")
        XCTAssertTrue(demo.user.isBookmarked("0"))
        XCTAssertEqual(demo.user.shelf?.list().map(\.source), ["demo:1000"])
    }
}
