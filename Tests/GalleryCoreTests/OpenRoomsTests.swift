import XCTest
@testable import GalleryCore

/// A screen and an overlay the gallery has never heard of, added through the public registration points alone (a
/// `RoomRegistry` line, key bindings in a scope of their own): no edit of the navigator.
final class OpenRoomsTests: XCTestCase {
    private static let scope = Scope("throwaway")

    /// A screen that counts its own command and its clicks, and says so in the header.
    final class ThrowawayScreen: Screen {
        var pings = 0
        var clicks: [(Int, Int)] = []
        var scopes: [Scope] { [OpenRoomsTests.scope] }
        var headerNote: String? { "throwaway: \(pings) pings" }
        var picture: AnyHashable? { pings }

        func perform(_ command: Command, in gallery: GalleryModel) -> GalleryModel.Effect? {
            switch command {
            case .action("ping"): pings += 1
            case .action("peek"): gallery.open(Peek(photo: gallery.catalog.items[0]))
            case .closeScreen: gallery.pop(self)
            default: return nil
            }
            return GalleryModel.Effect.none
        }

        func pointer(_ input: PointerInput, in gallery: GalleryModel) -> Bool {
            guard case let .click(x, y) = input else { return false }
            clicks.append((x, y))
            return true
        }

        static func toggle(in gallery: GalleryModel) {
            if let shown = gallery.screen as? ThrowawayScreen { gallery.pop(shown) } else { gallery.push(ThrowawayScreen()) }
        }
    }

    /// An overlay that shows one photo large and closes on Esc.
    final class Peek: Overlay {
        let item: FeedItem
        init(photo: FeedItem) { item = photo }
        var scopes: [Scope] { [Scope("peek")] }
        func perform(_ command: Command, in gallery: GalleryModel) -> GalleryModel.Effect? {
            guard command == .action("unpeek") else { return nil }
            gallery.close(self)
            return GalleryModel.Effect.none
        }
        func largeImages(in gallery: GalleryModel) -> [LargeImage] {
            [LargeImage(item: item.key, photo: item.photo, frame: Rect(x: 10, y: 60, width: 400, height: 300))]
        }
    }

    private func gallery() -> GalleryModel {
        var rooms = RoomRegistry.standard
        let button = ToolbarItem(id: "throwaway", command: .show("throwaway"), rank: 7, order: 3) { gallery in
            ToolbarItem.Look(glyph: "T", label: "Throwaway", active: gallery.screen is ThrowawayScreen)
        }
        rooms.register("throwaway", summary: "Show the throwaway screen", button: button, open: ThrowawayScreen.toggle)
        rooms.describe(scope: OpenRoomsTests.scope, as: "The throwaway screen")
        var keys = KeyMap()
        keys.bindings[.browse, default: [:]][KeyMap.Chord(.character("t"))] = .show("throwaway")
        keys.bindings[OpenRoomsTests.scope] = [
            KeyMap.Chord(.character("t")): .show("throwaway"), KeyMap.Chord(.character("x")): .action("ping"),
            KeyMap.Chord(.character("p")): .action("peek"), KeyMap.Chord(.escape): .closeScreen,
        ]
        keys.bindings[Scope("peek")] = [KeyMap.Chord(.escape): .action("unpeek")]
        let model = GalleryModel(pager: .init(pageSize: 30, minInterval: 0), keyMap: keys, rooms: rooms)
        let request = model.feed.nextPageRequest(now: 0)!
        model.feed.receive(request, .success(PageContents(photos: photos(0..<30))), now: 0)
        return model
    }

    func testAScreenAddedByRegistrationTakesItsKeysClicksAndHeader() throws {
        let model = gallery()
        let wallPicture = StillPicture(of: model)
        XCTAssertEqual(model.handle(key: .character("t")), .none)
        let screen = try XCTUnwrap(model.screen as? ThrowawayScreen, "t opened the registered screen")
        XCTAssertEqual(model.activeScopes, [OpenRoomsTests.scope, .global])
        _ = model.handle(key: .character("x"))
        _ = model.handle(key: .character("x"))
        XCTAssertEqual(screen.pings, 2, "its own command, bound in its own scope")
        _ = model.handle(key: .character("j"))
        XCTAssertEqual(model.browse.scroll.target, 0, "the wall's keys do not reach under it")
        model.click(atWindowX: 100, y: 200)
        XCTAssertEqual(screen.clicks.map(\.0), [100], "clicks go to the innermost room")
        XCTAssertNil(model.detail, "the wall under it opened nothing")
        let status = HeaderStatus.of(model, sourceName: "test", sourceNote: nil, imagesLoading: 0, online: true,
                                        storeProblem: nil)
        XCTAssertEqual(status.note, "throwaway: 2 pings")
        XCTAssertNotEqual(StillPicture(of: model), wallPicture, "its picture is its own")
        _ = model.handle(key: .character("x"))
        let before = StillPicture(of: model)
        _ = model.handle(key: .character("x"))
        XCTAssertNotEqual(StillPicture(of: model), before, "a change of its picture is seen")
        // The help sheet lists the new scope and names the command by the registry's words.
        let sections = HelpSheet.sections(for: model.keyMap, rooms: model.rooms)
        XCTAssertTrue(sections.contains { $0.title == "The throwaway screen" && $0.rows.contains { $0.action == "ping" } },
                      "titled as it registered")
        XCTAssertTrue(sections.contains { $0.rows.contains { $0.action == "Show the throwaway screen" } })
        _ = model.handle(key: .escape)
        XCTAssertTrue(model.screen === model.browse, "Esc took it off the stack")
        _ = model.handle(key: .character("t"))
        _ = model.handle(key: .character("t"))
        XCTAssertTrue(model.screen === model.browse, "its opener toggles it")
    }

    /// Its header button, registered with it: shown in its place with its key in the tooltip, lit while the
    /// screen shows, opening and closing it by mouse or touch alone.
    func testItsOwnToolbarButtonComesWithItsRegistration() throws {
        let model = gallery()
        model.resize(to: Viewport(size: PixelSize(width: 1280, height: 800)))
        let ids = model.toolbar.buttons.map(\.id)
        XCTAssertEqual(ids, ["back", "forward", "view", "slideshow", "search", "throwaway", "help"], "placed by its order")
        let button = try XCTUnwrap(model.toolbar.buttons.first { $0.id == "throwaway" })
        XCTAssertEqual(button.tooltip, "Throwaway (t)")
        XCTAssertFalse(button.active)
        model.click(atWindowX: button.frame.x + 5, y: button.frame.y + 5)
        XCTAssertTrue(model.screen is ThrowawayScreen, "the button opened it")
        let lit = try XCTUnwrap(model.toolbar.buttons.first { $0.id == "throwaway" })
        XCTAssertTrue(lit.active, "lit while it shows")
        model.click(atWindowX: lit.frame.x + 5, y: lit.frame.y + 5)
        XCTAssertTrue(model.screen === model.browse, "and closed it again")
        // A narrow window keeps the most needed: the new button goes under "⋯" before search does.
        model.toolbarRoom = 4 * (Toolbar.size + Toolbar.gap) + Toolbar.gap
        XCTAssertEqual(model.toolbar.buttons.map(\.id), ["view", "slideshow", "search", "more"])
        XCTAssertTrue(model.toolbar.overflow.map(\.id).contains("throwaway"))
    }

    func testAnOverlayAddedFromOutsideIsModalAndWantsItsImage() throws {
        let model = gallery()
        _ = model.handle(key: .character("t"))
        _ = model.handle(key: .character("p"))
        let peek = try XCTUnwrap(model.overlays.last as? Peek)
        XCTAssertEqual(model.activeScopes, [Scope("peek"), .global])
        _ = model.handle(key: .character("x"))
        XCTAssertEqual((model.screen as? ThrowawayScreen)?.pings, 0, "the screen under an overlay takes no keys")
        XCTAssertEqual(model.onShow.largeImages.map(\.item), [peek.item.key])
        _ = model.handle(key: .escape)
        XCTAssertTrue(model.overlays.isEmpty)
        XCTAssertTrue(model.screen is ThrowawayScreen, "Esc closed the overlay, not the screen")
    }

    func testAnUnknownRoomNameDoesNothing() {
        let model = gallery()
        XCTAssertEqual(model.apply(.show("nowhere")), .none)
        XCTAssertTrue(model.screen === model.browse)
        XCTAssertTrue(model.overlays.isEmpty)
        XCTAssertEqual(Command(name: "show:throwaway"), .show("throwaway"))
    }

    func testAScreenThatIsAViewOfTheFeedGoesWithAReloadAndOneThatIsNotStays() {
        let model = gallery()
        _ = model.apply(.openSearch)
        XCTAssertTrue(model.screen is SearchScreen)
        _ = model.apply(.reload)
        XCTAssertTrue(model.screen === model.browse, "the search's matches were a view of the old feed")
        _ = model.handle(key: .character("t"))
        _ = model.apply(.reload)
        XCTAssertTrue(model.screen is ThrowawayScreen, "a screen of its own outlives the feed")
    }
}
