import XCTest
@testable import GalleryCore

/// The icon vocabulary (`Icon`) and the empty screens (`EmptyState`): every button has an icon, and each empty
/// screen shows a picture and an action that a click and a key both run.
final class IconAndEmptyStateTests: XCTestCase {
    /// The app's side of the door for an empty screen: the folder shown or the server, and the requests sent.
    private final class Desk: AppServices {
        var shownFolder: String?
        var serverName = "picsum.photos"
        var offersMemories = true
        var folders: (String) -> String? = { $0.hasPrefix("/") ? $0 : nil }
        private(set) var requests: [ServiceRequest] = []
        func carry(_ request: ServiceRequest) { requests.append(request) }
        func resolveFolder(_ typed: String) -> String? { folders(typed) }
    }

    private func gallery(_ page: Result<PageContents, SourceError>, desk: Desk = Desk(), width: Int = 1280) -> GalleryModel {
        var config = GalleryConfig()
        config.windowSize = PixelSize(width: width, height: 800)
        let model = GalleryModel(config: config, pager: .init(pageSize: 30, minInterval: 0), library: MemoryLibrary(),
                                 asksName: false, services: desk)
        let request = model.feed.nextPageRequest(now: 0)!
        model.feed.receive(request, page, now: 0)
        return model
    }

    private func click(_ model: GalleryModel, _ label: String) throws {
        let empty = try XCTUnwrap(EmptyState.shown(in: model), "no empty state on \(type(of: model.screen))")
        let index = try XCTUnwrap(empty.actions.firstIndex { $0.label == label }, "no \(label): \(empty.actions)")
        let frame = empty.layout(window: model.viewport.size, top: EmptyState.top(in: model)).buttons[index]
        model.pointer(.click(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2))
    }

    func testEveryNameAndCodepointIsOneIconsAndEveryGlyphHasOne() {
        XCTAssertEqual(Set(Icon.allCases.map(\.codepoint)).count, Icon.allCases.count, "one codepoint per icon")
        XCTAssertEqual(Icon.bookmarkBorder.name, "bookmark_border")
        XCTAssertEqual(Icon.search.codepoint, 0xE8B6)
        for icon in Icon.allCases {
            XCTAssertTrue((0xE000...0xF8FF).contains(icon.codepoint), "\(icon.name) is in the Private Use Area")
            XCTAssertEqual(icon.character.unicodeScalars.first?.value, icon.codepoint)
        }
        // The file operations' buttons (helper fileops' glyphs) and the pane's controls.
        for (glyph, name) in [("🗑", "delete"), ("⟲", "rotate_left"), ("⟳", "rotate_right"), ("⧉", "content_copy"),
                              ("📂", "folder_open"), ("☆", "star_border"), ("★", "star"), ("+", "zoom_in"),
                              ("−", "zoom_out"), ("i", "info"), ("▶", "play_arrow"), ("❚❚", "pause")] {
            XCTAssertEqual(Icon.standing(for: glyph)?.name, name, glyph)
        }
        XCTAssertNil(Icon.standing(for: "100%"), "the zoom level is words")
    }

    /// Every header button a room brings has an icon, in every state it shows in (grid and list, the slideshow,
    /// the bookmarks, the "⋯" that lists the rest in a narrow window).
    func testEveryToolbarButtonHasAnIcon() throws {
        let model = gallery(.success(PageContents(photos: photos(0..<30))))
        var seen: [String: Icon] = [:]
        func look() {
            for button in model.toolbar.buttons + model.toolbar.overflow {
                XCTAssertNotNil(button.icon, "the \(button.id) button (\(button.glyph)) has no icon")
                seen[button.id + button.glyph] = button.icon
            }
        }
        look()
        _ = model.apply(.toggleView); look()
        _ = model.apply(.toggleView)
        _ = model.apply(.showBookmarks); look()
        _ = model.apply(.closeScreen)
        _ = model.apply(.showSlideshow); look()
        _ = model.apply(.showSlideshow)
        model.toolbarRoom = 100; look()
        for item in model.rooms.buttons {
            let look = try XCTUnwrap(item.look(model), "the \(item.id) button shows on the wall")
            XCTAssertNotNil(look.icon, "the \(item.id) button (\(look.glyph)) has no icon")
        }
        XCTAssertEqual(seen["view☰"], .viewList)
        XCTAssertEqual(seen["view▦"], .gridView)
        XCTAssertEqual(seen["slideshow▶"], .slideshow, "the slideshow's button is not the pane's play")
        XCTAssertEqual(seen["bookmarks★"], .bookmarks, "the bookmarks' button is not the pane's star")
        XCTAssertEqual(seen["back←"], .arrowBack)
        XCTAssertEqual(seen["more⋯"], .moreHoriz)
        XCTAssertEqual(seen["memories⟲"], .history, "the memories' button is not the pane's rotate left")
        XCTAssertGreaterThanOrEqual(Set(seen.keys.map { String($0.prefix { $0.isLetter }) }).count, 7)
    }

    func testAnEmptyFolderOffersAnotherChosenByClickOrCtrlO() throws {
        let desk = Desk()
        desk.shownFolder = "~/Pictures/x"
        let model = gallery(.success(PageContents(photos: [])), desk: desk)
        let empty = try XCTUnwrap(EmptyState.shown(in: model))
        XCTAssertEqual(empty.icon, .photoLibrary)
        XCTAssertEqual(empty.title, "No photos in ~/Pictures/x")
        XCTAssertEqual(EmptyState.label(empty.actions[0], in: model), "Choose another folder (Ctrl+o)")
        try click(model, "Choose another folder")
        XCTAssertEqual(desk.requests, [.chooseFolder])
        XCTAssertTrue(model.screen.awaitsReply, "automation waits for the chooser")
        model.receive(.chosenFolder("/photos/y"))
        XCTAssertEqual(desk.requests, [.chooseFolder, .showFolders(["/photos/y"])])
        XCTAssertFalse(model.screen.awaitsReply)
        _ = model.handle(key: .character("o"), modifiers: .control)
        XCTAssertEqual(desk.requests.last, .chooseFolder, "Ctrl+O does what the button does")
        model.receive(.chosenFolder(nil))
        XCTAssertEqual(desk.requests.count, 3, "a cancelled chooser shows nothing new")
        // A click beside the button does nothing.
        let frame = empty.layout(window: model.viewport.size, top: EmptyState.top(in: model)).buttons[0]
        model.pointer(.click(x: frame.x - 5, y: frame.y + 5))
        XCTAssertEqual(desk.requests.count, 3)
    }

    func testAServerThatCannotBeReachedOffersRetryAndTheDemo() throws {
        let model = gallery(.failure(.http(.unreachable("Connection refused"))))
        let empty = try XCTUnwrap(EmptyState.shown(in: model))
        XCTAssertEqual(empty.icon, .cloudOff)
        XCTAssertEqual(empty.title, "Can’t reach picsum.photos")
        XCTAssertEqual(empty.actions.map(\.command), [.reload, .useSource("demo", album: nil)])
        XCTAssertEqual(EmptyState.label(empty.actions[0], in: model), "Retry (r)")
        try click(model, "Show the demo")
        XCTAssertEqual(model.input.takeRequested(), .useSource("demo", album: nil), "the app is asked to show the demo")
        // A feed with photos says nothing of the sort, nor one still loading.
        XCTAssertNil(EmptyState.shown(in: gallery(.success(PageContents(photos: photos(0..<3))))))
    }

    func testNoBookmarksSaysHowToKeepOneAndTheWayBack() throws {
        let model = gallery(.success(PageContents(photos: photos(0..<30))))
        _ = model.apply(.showBookmarks)
        let empty = try XCTUnwrap(EmptyState.shown(in: model))
        XCTAssertEqual(empty.icon, .bookmarkBorder)
        XCTAssertEqual(empty.title, "No bookmarks yet")
        XCTAssertTrue(empty.detail.contains("press b"), empty.detail)
        XCTAssertTrue(empty.detail.contains("☆"), "the star to click is named")
        XCTAssertEqual(EmptyState.label(empty.actions[0], in: model), "Back to the photos (B, Esc)")
        try click(model, "Back to the photos")
        XCTAssertTrue(model.screen === model.browse)
    }

    func testNoMatchesSaysWhatWasLookedForAndClearsByClickWhileTheBarIsOpen() throws {
        let model = gallery(.success(PageContents(photos: photos(0..<30))))
        _ = model.handle(key: .character("/"))
        model.handle(text: "nobody")
        let empty = try XCTUnwrap(EmptyState.shown(in: model))
        XCTAssertEqual(empty.icon, .searchOff)
        XCTAssertEqual(empty.title, "No photos match “nobody”")
        XCTAssertFalse(model.overlays.isEmpty, "the bar is still open")
        try click(model, "Clear search")
        XCTAssertTrue(model.screen === model.browse, "the search is cleared")
        XCTAssertTrue(model.overlays.isEmpty)
        XCTAssertNil(EmptyState.shown(in: model))
    }

    /// Narrow or short, the parts stay in the window and apart.
    func testTheLayoutFitsANarrowWindow() {
        let empty = EmptyState(icon: .cloudOff, title: "t", actions: [EmptyState.Action("a", .reload),
                                                                      EmptyState.Action("b", .reload)])
        for size in [PixelSize(width: 480, height: 800), PixelSize(width: 1280, height: 800),
                     PixelSize(width: 1920, height: 1080), PixelSize(width: 320, height: 240)] {
            let layout = empty.layout(window: size, top: 56)
            XCTAssertGreaterThan(layout.picture.y, 56)
            XCTAssertLessThanOrEqual(layout.picture.maxY, layout.title.y)
            XCTAssertLessThanOrEqual(layout.title.maxY, layout.buttons[0].y)
            XCTAssertLessThan(layout.buttons[0].maxY, layout.buttons[1].y)
            for frame in [layout.picture, layout.title] + layout.buttons {
                XCTAssertGreaterThanOrEqual(frame.x, 0)
                XCTAssertLessThanOrEqual(frame.maxX, size.width)
            }
        }
    }
}
