import XCTest
@testable import GalleryCore

/// `InputDispatch`, driven directly: where a key, typed text, a click on the header and a drag go.
final class InputDispatchTests: XCTestCase {
    func testADragStaysWithTheWallItBeganOnWhenTheHelpOpensMidway() throws {
        let model = loadedGallery()
        model.browse.setScroll(offset: 300)
        let top = model.browse.scrollTop
        XCTAssertGreaterThan(top, 0, "the wall can move both ways")
        model.input.pointer(.beginDrag(x: 400, y: 400, time: 0))
        _ = model.input.handle(key: .character("?"))
        let help = try XCTUnwrap(model.innermost as? HelpOverlay)
        help.contentHeight = 1000
        help.viewHeight = 400
        model.input.pointer(.drag(dx: 0, dy: -100, time: 0.1))
        model.input.pointer(.endDrag(time: 0.2))
        XCTAssertGreaterThan(model.browse.scrollTop, top, "the wall the finger pressed on follows it")
        XCTAssertEqual(help.scroll, 0, "the help that opened under the finger is not scrolled")
    }

    func testTheKeyThatOpensTheSearchIsNotItsFirstLetter() {
        let model = loadedGallery()
        _ = model.input.handle(key: .character("/"))
        XCTAssertTrue(model.input.hasFocusedField)
        model.input.handle(text: "/")
        XCTAssertEqual(model.innermost.field?.text, "", "the / that opened the field arrives as text and is dropped")
        model.input.handle(text: "/")
        XCTAssertEqual(model.innermost.field?.text, "/", "a / typed afterwards is kept")
    }

    func testWhileAFieldHasTheFocusCharactersAreTextAndEditingKeysEdit() throws {
        let model = loadedGallery()
        _ = model.input.handle(key: .character("/"))
        model.input.handle(text: "ada")
        XCTAssertEqual(model.input.handle(key: .character("q")), .none, "q is a letter here, not quit")
        XCTAssertEqual(model.input.handle(key: .character("a"), modifiers: .control), .none)
        XCTAssertEqual(model.innermost.field?.selectsAll, true, "Ctrl+A selects the field's text")
        _ = model.input.handle(key: .backspace)
        XCTAssertEqual(model.innermost.field?.text, "", "Backspace removes what was selected")
        model.input.handle(composition: "に")
        XCTAssertEqual(model.innermost.field?.display, "に", "an input method's composition shows in the field")
        _ = model.input.handle(key: .escape)
        XCTAssertFalse(model.input.hasFocusedField, "Esc is no editing key: the search's binding closes the field")
    }

    func testAHeaderButtonClosesWhatCoversTheScreenButHelpActsOnItself() throws {
        let model = loadedGallery()
        _ = model.input.handle(key: .character("?"))
        let help = try XCTUnwrap(model.toolbar.buttons.first { $0.command == .toggleHelp })
        model.input.click(button: help)
        XCTAssertTrue(model.overlays.isEmpty, "the help button closes the help, it does not open it again")

        _ = model.input.handle(key: .character("?"))
        let view = try XCTUnwrap(model.toolbar.buttons.first { $0.id == "view" })
        model.input.click(button: view)
        XCTAssertTrue(model.overlays.isEmpty, "the help over the wall closes first")
        XCTAssertEqual(model.browse.mode, .list, "and the wall turns into its list")
    }

    func testAnEdgeSwipeNoRoomTakesGoesBackAndOneFromTheMiddleDoesNot() {
        let model = loadedGallery()
        model.browse.setMode(.list)
        model.input.pointer(.swipe(dx: 200, dy: 0, fromEdge: false))
        XCTAssertEqual(model.browse.mode, .list, "a swipe in the middle of the wall is no Back")
        model.input.pointer(.swipe(dx: 200, dy: 0, fromEdge: true))
        XCTAssertEqual(model.browse.mode, .grid, "a swipe from the edge is Back: the list turns into the grid")
    }
}
