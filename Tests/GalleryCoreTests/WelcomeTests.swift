import XCTest
@testable import GalleryCore

final class TextFieldTests: XCTestCase {
    func testTypingComposingAndDeleting() {
        var field = TextField(maxCharacters: 10)
        field.insert("Zoë 山")
        field.compose("ti")
        XCTAssertEqual(field.display, "Zoë 山ti")
        field.insert("田")  // the input method commits
        XCTAssertEqual(field.text, "Zoë 山田")
        XCTAssertEqual(field.composition, "")
        field.insert("👩🏽‍🚀")
        field.backspace()
        XCTAssertEqual(field.text, "Zoë 山田", "one backspace removes the whole emoji")
        field.insert("\u{202E}x\u{0007}")
        XCTAssertEqual(field.text, "Zoë 山田x", "control and bidi characters are never typed")
        field.insert(String(repeating: "a", count: 50))
        XCTAssertEqual(field.text.count, 10)
    }

    func testCtrlASelectsTheWholeTextForTheNextKeyToReplaceOrRemove() {
        let m = GalleryModel(config: GalleryConfig(), library: MemoryLibrary())
        XCTAssertTrue(m.input.hasFocusedField)
        m.handle(text: "Ada")
        XCTAssertEqual(m.handle(key: .character("a"), modifiers: .control), .none)
        m.handle(text: "a")  // a stray text event after the chord must not land either
        XCTAssertEqual(m.innermost.field?.text, "a", "Ctrl+A then a letter replaces the text, deleting nothing else")
        _ = m.handle(key: .character("a"), modifiers: .control)
        XCTAssertEqual(m.innermost.field?.selectsAll, true)
        _ = m.handle(key: .backspace)
        XCTAssertEqual(m.innermost.field?.text, "", "Ctrl+A then Backspace empties the field")
    }
}

final class WelcomeScreenTests: XCTestCase {
    private func model(library: Library? = MemoryLibrary(), name: String? = nil) -> GalleryModel {
        GalleryModel(config: GalleryConfig(), library: library, userName: name)
    }

    func testAFirstStartAsksForTheNameAndABlankOneShowsTheAlert() {
        let m = model()
        XCTAssertTrue(m.screen is WelcomeScreen)
        XCTAssertTrue(m.input.hasFocusedField)
        m.handle(text: "   ")
        _ = m.handle(key: .enter)
        guard let alert = m.overlays.last as? AlertOverlay else { return XCTFail("no alert") }
        XCTAssertEqual(alert.message, "Please enter your name")
        XCTAssertTrue(m.screen is WelcomeScreen, "stays")
        XCTAssertFalse(m.input.hasFocusedField, "the alert has the keys")
        _ = m.handle(key: .escape)
        XCTAssertTrue(m.overlays.isEmpty)
        XCTAssertTrue(m.input.hasFocusedField, "the field has the focus again")
        // Enter dismisses it too, and a click on OK.
        _ = m.handle(key: .enter)
        _ = m.handle(key: .enter)
        XCTAssertTrue(m.overlays.isEmpty)
        _ = m.handle(key: .enter)
        let ok = AlertOverlay.layout(window: m.viewport.size).button
        m.click(atWindowX: ok.x + 5, y: ok.y + 5)
        XCTAssertTrue(m.overlays.isEmpty)
    }

    func testLettersGoToTheFieldNotToCommandsAndTheNameIsStored() {
        let library = MemoryLibrary()
        let m = model(library: library)
        for key in ["q", "f", "r", "G"] { XCTAssertEqual(m.handle(key: .character(Character(key))), .none, key) }
        m.handle(text: "Ada Lovelace")
        _ = m.handle(key: .backspace)
        m.handle(text: "e")
        _ = m.handle(key: .enter)
        XCTAssertTrue(m.screen === m.browse)
        XCTAssertEqual(library.userName, "Ada Lovelace")
        XCTAssertEqual(m.user.name, "Ada Lovelace")
        XCTAssertEqual(m.handle(key: .character("q")), .quit, "on the wall, q quits again")
    }

    func testAStoredNameSkipsTheScreenAndShiftNChangesIt() {
        let library = MemoryLibrary(userName: "Ada")
        let m = model(library: library)
        XCTAssertTrue(m.screen === m.browse)
        _ = m.handle(key: .character("N"), modifiers: .shift)
        XCTAssertTrue(m.screen is WelcomeScreen)
        XCTAssertEqual(WelcomeScreen.shown(in: m)?.nameField.text, "Ada")
        m.handle(text: "N")  // the text event of the key that opened the field
        XCTAssertEqual(WelcomeScreen.shown(in: m)?.nameField.text, "Ada", "the opening key is not typed")
        m.handle(text: " King")
        XCTAssertEqual(WelcomeScreen.shown(in: m)?.nameField.text, "Ada King")
        _ = m.apply(.submit)
        XCTAssertEqual(library.userName, "Ada King")
    }

    func testShiftNOffersThePhotosAgainSoTheFirstRunsFolderCanBeChanged() throws {
        let library = MemoryLibrary(userName: "Ada")
        let m = model(library: library)
        var shown: [[String]] = []
        m.standIn.photoOffer = PhotoOffer(picturesFolder: "~/Pictures", canChoose: false, otherwise: "the demo photos",
                                          current: "~/Holidays")
        m.standIn.folders = { "/home/ada/" + $0.dropFirst(2) }
        m.standIn.onCarry = { if case .showFolders(let folders) = $0 { shown.append(folders) } }
        _ = m.handle(key: .character("N"), modifiers: .shift)
        let welcome = try XCTUnwrap(WelcomeScreen.shown(in: m))
        XCTAssertEqual(welcome.folderField?.text, "~/Holidays", "the folder chosen before, not only at the first run")
        _ = m.apply(.submit)
        XCTAssertEqual(shown, [], "kept as it was: the wall does not start over")
        _ = m.handle(key: .character("N"), modifiers: .shift)
        _ = m.apply(.focusNext)
        _ = m.handle(key: .character("a"), modifiers: .control)
        m.handle(text: "~/Garden")
        _ = m.apply(.submit)
        XCTAssertEqual(shown, [["/home/ada/Garden"]], "another folder shows at once")
        XCTAssertEqual(library.setting("folders"), "/home/ada/Garden", "and is the one kept for the next start")
    }

    func testRunsWithoutALibraryNeverAskAndAGivenNameIsNotStored() {
        let automation = model(library: nil)
        XCTAssertTrue(automation.screen === automation.browse)
        _ = automation.handle(key: .character("N"), modifiers: .shift)
        XCTAssertTrue(automation.screen === automation.browse, "nothing to store the name in")
        let kiosk = model(library: nil, name: "Lobby")
        XCTAssertEqual(kiosk.user.name, "Lobby")
        let library = MemoryLibrary()
        let named = model(library: library, name: "Guest")
        XCTAssertTrue(named.screen === named.browse)
        XCTAssertNil(library.userName)
    }

    func testTheNameIsCappedAtEightyCharacters() {
        let m = model()
        m.handle(text: String(repeating: "n", count: 200))
        XCTAssertEqual(WelcomeScreen.shown(in: m)?.nameField.text.count, 80)
    }

    /// A library whose changes cannot be kept (read-only, busy at start): its notice stands in the header, no name
    /// is asked for that could not be kept, and the name button is gone.
    func testALibraryThatCannotKeepChangesSaysSoAndAsksNothing() {
        let notice = "Your library is read-only for you: changes to your name and bookmarks are not kept"
        let m = GalleryModel(pager: .init(pageSize: 30, minInterval: 0), library: MemoryLibrary(notice: notice))
        XCTAssertFalse(m.screen is WelcomeScreen, "no name asked that could not be kept")
        let status = HeaderStatus.of(m, sourceName: "demo", sourceNote: "Demo catalogue", imagesLoading: 0, online: true,
                                     storeProblem: nil)
        XCTAssertEqual(status.note, notice)
        m.resize(to: Viewport(size: PixelSize(width: 1280, height: 800)))
        XCTAssertFalse(m.toolbar.buttons.contains { $0.id == "name" })
        let kept = GalleryModel(pager: .init(pageSize: 30, minInterval: 0), library: MemoryLibrary())
        XCTAssertTrue(kept.screen is WelcomeScreen, "a library that keeps changes asks for the name")
    }

    /// `--mode slideshow` on a first run: the name is asked, then the slideshow starts (it was lost before).
    func testAPhotoFramesFirstRunGoesOnToTheSlideshowAfterTheName() {
        var config = GalleryConfig()
        config.opensSlideshow = true
        let m = GalleryModel(config: config, pager: .init(pageSize: 30, minInterval: 0), library: MemoryLibrary())
        XCTAssertTrue(m.screen is WelcomeScreen)
        m.handle(text: "Ada")
        _ = m.handle(key: .enter)
        XCTAssertEqual(m.user.name, "Ada")
        XCTAssertTrue(m.screen is SlideshowScreen, "\(type(of: m.screen))")
        let desktop = GalleryModel(pager: .init(pageSize: 30, minInterval: 0), library: MemoryLibrary())
        desktop.handle(text: "Ada")
        _ = desktop.handle(key: .enter)
        XCTAssertTrue(desktop.screen === desktop.browse, "a desktop goes to its wall")
    }
}
