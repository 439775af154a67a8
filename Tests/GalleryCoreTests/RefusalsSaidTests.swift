import XCTest
@testable import GalleryCore

/// Every no is said (issue 45): a bookmark with nothing to star says why in a toast; a remote's bookmark stars the
/// photo its state names; one the library cannot store is a toast and a refusal for the remote's answer, never an
/// alert that would swallow the remote's paging until someone at the frame closed it.
final class RefusalsSaidTests: XCTestCase {
    /// A library whose disk is full: bookmarks cannot be written.
    final class FullLibrary: Library {
        struct Full: Error, CustomStringConvertible { var description: String { "database or disk is full" } }
        let kept = MemoryLibrary()
        var full = true
        var userName: String? { kept.userName }
        func setUserName(_ name: String) throws { try kept.setUserName(name) }
        func bookmarks() -> [Bookmark] { kept.bookmarks() }
        func addBookmark(_ bookmark: Bookmark) throws {
            if full { throw Full() }
            try kept.addBookmark(bookmark)
        }
        func removeBookmark(photoID: String, source: String) throws {
            if full { throw Full() }
            try kept.removeBookmark(photoID: photoID, source: source)
        }
        func setting(_ key: String) -> String? { kept.setting(key) }
        func setSetting(_ key: String, to value: String?) throws { try kept.setSetting(key, to: value) }
    }

    private func state(_ model: GalleryModel) -> FrameState {
        FrameState(model: model, facts: .init(version: "1", name: nil, displayOn: true,
                                              source: .init(name: "picsum", title: "Lorem Picsum"), online: true))
    }

    func testBOnTheWallWithNoPhotoChosenSaysWhy() {
        let model = loadedGallery()
        XCTAssertNil(model.browse.focusedIndex)
        _ = model.handle(key: .character("b"))
        XCTAssertEqual(model.toasts.current?.text,
                       "Choose a photo to bookmark first: click it, or move to it with the arrow keys")
        XCTAssertTrue(model.user.shelf?.list().isEmpty == true)
    }

    func testABookmarkFromAfarStarsThePhotoTheStateNamesAndTheStateSaysSo() throws {
        let model = loadedGallery()
        let named = try XCTUnwrap(FrameState.photoShown(in: model)?.photo)
        XCTAssertEqual(state(model).photo?.bookmarked, false)
        guard case .success = CommandsFromAfar.apply(.toggleBookmark, in: model) else { return XCTFail("refused") }
        XCTAssertTrue(model.user.isBookmarked(named.id))
        XCTAssertEqual(state(model).photo?.bookmarked, true, "the answer's state says what happened")
        XCTAssertEqual(model.toasts.current?.text, "Bookmarked")
        guard case .success = CommandsFromAfar.apply(.toggleBookmark, in: model) else { return XCTFail("refused") }
        XCTAssertFalse(model.user.isBookmarked(named.id), "a second time takes it off, as b does")
    }

    func testABookmarkTheDiskCannotHoldFromAfarIsAToastAndTheRemoteStillPages() throws {
        let library = FullLibrary()
        let model = loadedGallery(library)
        _ = model.apply(.setMode(.slideshow))
        let first = try XCTUnwrap(state(model).photo?.index)
        guard case .failure(let refusal) = CommandsFromAfar.apply(.toggleBookmark, in: model) else { return XCTFail("said nothing") }
        XCTAssertEqual(refusal.kind, .notStored)
        XCTAssertTrue(refusal.message.contains("could not be saved: database or disk is full"), refusal.message)
        XCTAssertEqual(model.toasts.current?.text, refusal.message)
        XCTAssertFalse(model.overlays.contains { $0 is AlertOverlay }, "no alert that nobody at the wall can close")
        // The remote's paging goes on working.
        for _ in 0..<3 { _ = CommandsFromAfar.apply(.nextPhoto, in: model) }
        XCTAssertEqual(state(model).photo?.index, first + 3)
        XCTAssertEqual(state(model).photo?.bookmarked, false)
        // A later command carried out is not answered with the old refusal.
        guard case .success = CommandsFromAfar.apply(.nextPhoto, in: model) else { return XCTFail("an old refusal came back") }
    }

    func testABookmarkTheDiskCannotHoldAtTheWindowIsStillAnAlert() {
        let model = loadedGallery(FullLibrary())
        _ = model.apply(.focusNext)
        _ = model.handle(key: .character("b"))
        XCTAssertTrue(model.innermost is AlertOverlay, "a person at the window reads it and closes it")
    }

    func testAKioskSaysItKeepsNoBookmarks() {
        let model = loadedGallery(kiosk: Kiosk())
        guard case .failure(let refusal) = CommandsFromAfar.apply(.toggleBookmark, in: model) else { return XCTFail("said nothing") }
        XCTAssertEqual(refusal.kind, .notNow)
        XCTAssertEqual(refusal.message, "A kiosk keeps no bookmarks")
        XCTAssertNil(state(model).photo?.bookmarked, "a kiosk's state does not pretend to keep any")
    }

    func testTheBookmarksFromTheSlideshowSayWhereTheyOpen() {
        let model = loadedGallery()
        _ = model.apply(.setMode(.slideshow))
        guard case .failure(let refusal) = CommandsFromAfar.apply(.showBookmarks, in: model) else { return XCTFail("said nothing") }
        XCTAssertEqual(refusal.message, "The bookmarks open from the wall")
        XCTAssertEqual(refusal.kind, .notNow)
        XCTAssertTrue(model.screen is SlideshowScreen)
    }

    func testTheBookmarksScreenWithNothingChosenSaysWhy() throws {
        let model = loadedGallery()
        _ = model.apply(.focusNext)
        _ = model.apply(.toggleBookmark)
        _ = model.apply(.showBookmarks)
        let screen = try XCTUnwrap(model.screen as? BookmarksScreen)
        screen.bookmarks.clearFocus()
        _ = model.apply(.removeBookmark)
        XCTAssertEqual(model.toasts.current?.text,
                       "Choose a bookmark to remove first: click it, or move to it with the arrow keys")
        XCTAssertEqual(model.user.shelf?.list().count, 1)
    }

    // MARK: --cache-size

    func testACacheSizeIsMegabytesOrASizeWithItsUnit() {
        XCTAssertEqual(try CacheSizeText.bytes("512").get(), 512 << 20)
        XCTAssertEqual(try CacheSizeText.bytes("512M").get(), 512 << 20)
        XCTAssertEqual(try CacheSizeText.bytes("800 MiB").get(), 800 << 20)
        XCTAssertEqual(try CacheSizeText.bytes("2G").get(), 2 << 30)
        XCTAssertEqual(try CacheSizeText.bytes("1.5gb").get(), 3 << 29)
        XCTAssertEqual(try CacheSizeText.bytes("2048K").get(), 2 << 20)
        XCTAssertEqual(try CacheSizeText.bytes("1T").get(), 1 << 40)
    }

    func testACacheSizeThatIsNotPositiveSaysWhatIsTaken() {
        for bad in ["-1", "0", "-2G", "0.0"] {
            guard case .failure(let refusal) = CacheSizeText.bytes(bad) else { XCTFail(bad); continue }
            XCTAssertTrue(refusal.message.hasPrefix("--cache-size must be a positive number of MB"), refusal.message)
        }
        for bad in ["", "lots", "5 parsecs", "1e400", "nan", "12..5"] {
            guard case .failure(let refusal) = CacheSizeText.bytes(bad) else { XCTFail(bad); continue }
            XCTAssertTrue(refusal.message.contains("with its unit (512, 512M, 1.5G)"), refusal.message)
        }
        XCTAssertEqual(CacheSizeText.bytes("100K"), .failure(.init(message: "--cache-size must be at least 1 MB")))
        XCTAssertEqual(CacheSizeText.bytes("17T"), .failure(.init(message: "--cache-size must be at most 16T")))
    }
}
