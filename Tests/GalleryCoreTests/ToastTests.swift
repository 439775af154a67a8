import XCTest
@testable import GalleryCore

/// The toast after an action: it says what happened, offers Undo where there is something to undo, runs it by a
/// click or `u`, and goes by itself.
final class ToastTests: XCTestCase {
    private func loaded(_ library: Library = MemoryLibrary()) -> GalleryModel { loadedGallery(library) }

    func testABookmarkIsToldWithUndoThatAKeyOrAClickRuns() throws {
        let model = loaded()
        XCTAssertNil(model.toasts.current)
        _ = model.apply(.focusNext)
        let id = String(model.browse.focusedIndex!)
        _ = model.handle(key: .character("b"))
        XCTAssertEqual(model.toasts.current?.text, "Bookmarked")
        XCTAssertEqual(model.toasts.current?.actionLabel, "Undo")
        _ = model.handle(key: .character("u"))
        XCTAssertFalse(model.user.isBookmarked(id), "u undoes the bookmark just made")
        XCTAssertEqual(model.toasts.current?.text, "Undone")
        XCTAssertNil(model.toasts.current?.actionLabel)

        _ = model.handle(key: .character("b"))
        _ = model.handle(key: .character("b"))
        XCTAssertEqual(model.toasts.current?.text, "Bookmark removed")
        // The view says where it drew the button; a click there puts the bookmark back.
        model.toasts.setButtonFrame(Rect(x: 500, y: 700, width: 60, height: 30))
        model.toasts.setFrame(Rect(x: 380, y: 695, width: 190, height: 40))
        // Under an alert the toast takes no click.
        model.alert("Something")
        model.click(atWindowX: 510, y: 710)
        XCTAssertFalse(model.user.isBookmarked(id))
        _ = model.handle(key: .enter)
        // A double click on Undo undoes once, and its second press lands on the toast, not on the wall under it.
        model.pointer(.click(x: 510, y: 710))
        model.pointer(.doubleClick(x: 510, y: 710))
        XCTAssertTrue(model.user.isBookmarked(id))
        XCTAssertNil(model.detail, "the clicks went to the toast, not to the wall under it")
        model.click(atWindowX: 400, y: 700)
        XCTAssertNil(model.detail, "a click on the toast beside its button opens nothing either")
    }

    func testItGoesByItselfAndANewOneTakesItsPlace() {
        let model = loaded()
        model.toasts.show("Link copied")
        model.tick(dt: Toast.duration - 0.5)
        XCTAssertEqual(model.toasts.current?.text, "Link copied")
        model.tick(dt: 1)
        XCTAssertNil(model.toasts.current)
        model.toasts.show("One")
        model.toasts.show("Two")
        XCTAssertEqual(model.toasts.current?.text, "Two")
        XCTAssertFalse(model.toasts.runAction(), "a toast without a button runs nothing")
    }

    func testThePaneSaysWhenALinkIsCopiedOrOpened() {
        let model = loaded()
        _ = model.apply(.focusNext)
        _ = model.handle(key: .enter)
        XCTAssertNotNil(model.detail)
        _ = model.apply(.copyLink)
        XCTAssertEqual(model.toasts.current?.text, "This photo has no link")
        model.standIn.credits = { Credit(line: $0.author, page: "https://example.org/\($0.id)") }
        if case .copy = model.apply(.copyLink) {} else { XCTFail("c copies") }
        XCTAssertEqual(model.toasts.current?.text, "Link copied")
        if case .open = model.apply(.openLink) {} else { XCTFail("o opens") }
        XCTAssertEqual(model.toasts.current?.text, "Opening the link in your browser")
    }

    func testAKioskNeverBookmarksSoNeverSaysSo() {
        let model = GalleryModel(pager: .init(pageSize: 30, minInterval: 0), kiosk: Kiosk(), library: MemoryLibrary(),
                                 asksName: false)
        Bookmarking.toggle(photo("1"), in: model)
        XCTAssertNil(model.toasts.current)
    }
}

final class SourceLabelTests: XCTestCase {
    func testAKioskNamesItsSourceNeverItsServer() {
        XCTAssertEqual(HeaderStatus.sourceLabel(kiosk: true, networked: true, title: "Lorem Picsum", name: "127.0.0.1"),
                       "Lorem Picsum")
        XCTAssertEqual(HeaderStatus.sourceLabel(kiosk: false, networked: true, title: "Lorem Picsum", name: "127.0.0.1"),
                       "127.0.0.1", "a desktop says which server")
        XCTAssertEqual(HeaderStatus.sourceLabel(kiosk: true, networked: false, title: "the folders", name: "Holidays"),
                       "Holidays", "a kiosk's folder keeps its name")
    }
}
