import XCTest
@testable import GalleryCore

/// A first run told no source offers photos: the Pictures folder filled in, a chooser, or a path typed; the choice
/// is stored, shown at once, and shown at the next start.
final class FirstRunPhotosTests: XCTestCase {
    private var shown: [[String]] = []
    private var chooserOpened = 0

    private func firstRun(library: MemoryLibrary = MemoryLibrary(), pictures: String? = "/home/ada/Pictures",
                          canChoose: Bool = true) -> GalleryModel {
        let m = GalleryModel(config: GalleryConfig(), library: library)
        m.standIn.folders = { ["/home/ada/Pictures", "/srv/photos"].contains($0) ? $0 : nil }
        m.standIn.onCarry = { [unowned self] request in
            switch request {
            case .showFolders(let folders): shown.append(folders)
            case .chooseFolder: chooserOpened += 1
            case .askMemories: break
            }
        }
        WelcomeScreen.shown(in: m)?.offer(PhotoOffer(picturesFolder: pictures, canChoose: canChoose, otherwise: "the demo"))
        return m
    }

    func testThePicturesFolderIsOfferedAndStartShowsAndStoresIt() throws {
        let library = MemoryLibrary()
        let m = firstRun(library: library)
        let welcome = try XCTUnwrap(WelcomeScreen.shown(in: m))
        XCTAssertEqual(welcome.folderField?.text, "/home/ada/Pictures", "filled in")
        m.handle(text: "Ada")
        XCTAssertEqual(welcome.nameField.text, "Ada", "the name field has the keys first")
        _ = m.handle(key: .enter)
        XCTAssertFalse(m.screen is WelcomeScreen)
        XCTAssertEqual(shown, [["/home/ada/Pictures"]], "shown at once")
        XCTAssertEqual(UserData.folders(in: library), ["/home/ada/Pictures"], "and stored for the next start")
        XCTAssertEqual(library.userName, "Ada")
    }

    func testTabMovesToTheFolderAChooserFillsItAndANonFolderIsRefused() throws {
        let library = MemoryLibrary()
        let m = firstRun(library: library)
        let welcome = try XCTUnwrap(WelcomeScreen.shown(in: m))
        m.handle(text: "Ada")
        _ = m.handle(key: .tab)
        XCTAssertEqual(welcome.focus, .folder)
        for _ in 0..<30 { _ = m.handle(key: .backspace) }
        m.handle(text: "/nowhere")
        XCTAssertEqual(welcome.folderField?.text, "/nowhere")
        _ = m.handle(key: .enter)
        let alert = try XCTUnwrap(m.overlays.last as? AlertOverlay)
        XCTAssertTrue(alert.message.contains("“/nowhere” is not a folder"), alert.message)
        XCTAssertTrue(m.screen is WelcomeScreen, "stays, nothing stored")
        XCTAssertNil(library.userName)
        _ = m.handle(key: .escape)
        // The Choose button opens the desktop's chooser; its answer fills the field.
        let layout = welcome.layout(window: m.viewport.size)
        let choose = try XCTUnwrap(layout.choose)
        m.click(atWindowX: choose.x + 5, y: choose.y + 5)
        XCTAssertEqual(chooserOpened, 1)
        XCTAssertTrue(welcome.choosing, "automation waits for the chooser")
        m.click(atWindowX: choose.x + 5, y: choose.y + 5)
        XCTAssertEqual(chooserOpened, 1, "one chooser at a time")
        welcome.folderChosen("/srv/photos")
        XCTAssertFalse(welcome.choosing)
        XCTAssertEqual(welcome.folderField?.text, "/srv/photos")
        // A click on the name field gives it the keys again.
        m.click(atWindowX: layout.field.x + 5, y: layout.field.y + 5)
        XCTAssertEqual(welcome.focus, .name)
        _ = m.handle(key: .enter)
        XCTAssertEqual(shown, [["/srv/photos"]])
    }

    func testAnEmptyFolderKeepsTheSourceAndNoChooserMeansNoButton() throws {
        let library = MemoryLibrary()
        let m = firstRun(library: library, pictures: nil, canChoose: false)
        let welcome = try XCTUnwrap(WelcomeScreen.shown(in: m))
        XCTAssertEqual(welcome.folderField?.text, "", "no Pictures folder: nothing filled in")
        XCTAssertNil(welcome.layout(window: m.viewport.size).choose, "no chooser installed: a path is typed")
        m.handle(text: "Ada")
        _ = m.handle(key: .enter)
        XCTAssertEqual(shown, [], "the source shown stays")
        XCTAssertEqual(UserData.folders(in: library), [])
        // Changing the name later (N) asks for the name alone.
        WelcomeScreen.open(in: m)
        XCTAssertNil(WelcomeScreen.shown(in: m)?.folderField)
    }
}
