/// The header's buttons, so every room can be reached by mouse or touch alone: Back (when there is somewhere to go
/// back to), grid or list, slideshow, search, bookmarks, the name and help, right-aligned in the header. Each says
/// its key in a tooltip. A kiosk shows only what its key map allows; a narrow window drops the least needed first.
public struct Toolbar: Equatable {
    public struct Button: Equatable {
        /// What it is (tests and the view find it by this).
        public let id: String
        public let glyph: String
        /// The tooltip: what it does and its key.
        public let tooltip: String
        public let command: Command
        public var frame: Rect
        /// Drawn lit (the list while the list shows, the slideshow while it shows).
        public let active: Bool
    }

    public private(set) var buttons: [Button]
    /// The buttons a narrow window had no room for: the "⋯" button lists them (`MenuOverlay`).
    public private(set) var overflow: [Button] = []
    public static let size = 36, gap = 6

    /// Total width the buttons take, with the margin before the status.
    public var width: Int { buttons.isEmpty ? 0 : buttons.count * (Toolbar.size + Toolbar.gap) + Toolbar.gap }

    /// The buttons for the gallery as it is now, fitted into `room` pixels at the right of a `width`-wide header.
    public init(for gallery: GalleryModel, width: Int, headerHeight: Int, room: Int) {
        let wall = gallery.screen.wall
        let slideshow = gallery.screen is SlideshowScreen
        let list = wall?.mode == .list
        // Most needed first: what is dropped when the window is narrow comes last.
        var wanted: [(String, String, String, Command, Bool)] = []
        if gallery.canGoBack { wanted.append(("back", "←", "Back", .action(Toolbar.back), false)) }
        if wall != nil {
            wanted.append(("view", list ? "▦" : "☰", list ? "Grid" : "List", .toggleView, list))
        }
        if wall != nil || slideshow {
            wanted.append(("slideshow", "▶", slideshow ? "Leave the slideshow" : "Slideshow", .showSlideshow, slideshow))
        }
        wanted.append(("search", "🔍", "Search by author", .openSearch, gallery.screen is SearchScreen))
        // Bookmarks and the name need the user's library (a run without one keeps neither).
        if gallery.shelf != nil {
            wanted.append(("bookmarks", "★", "Bookmarks", .showBookmarks, gallery.screen is BookmarksScreen))
        }
        if gallery.library != nil { wanted.append(("name", "👤", "Change your name", .changeName, false)) }
        // Help lists the keys: the least needed by a hand on a touch screen.
        wanted.append(("help", "?", "Help", .toggleHelp, gallery.overlays.last is HelpOverlay))
        // Only what the key map offers (a kiosk's lacks the bookmarks, the search and the name).
        wanted.removeAll { entry in
            entry.0 != "back" && !gallery.boundCommands.contains(entry.3)
        }
        // At least one button always shows: in a window too narrow for the rest, the "⋯" that lists them.
        let fits = max(1, (room - Toolbar.gap) / (Toolbar.size + Toolbar.gap))
        var shown = Array(wanted.prefix(fits))
        var more: [(String, String, String, Command, Bool)] = []
        if wanted.count > fits {
            shown = Array(wanted.prefix(fits - 1))
            more = Array(wanted.dropFirst(fits - 1))
            shown.append(("more", "⋯", "More", .show(RoomRegistry.menu), gallery.overlays.last is MenuOverlay))
        }
        let y = (headerHeight - Toolbar.size) / 2
        var x = width - Toolbar.gap - shown.count * (Toolbar.size + Toolbar.gap) + Toolbar.gap
        buttons = []
        // Left to right in the order a reader expects: Back first, help last.
        let order = ["back", "view", "slideshow", "search", "bookmarks", "name", "help", "more"]
        func button(_ entry: (String, String, String, Command, Bool), at frame: Rect) -> Button {
            let keys = gallery.keyMap.chordNames(for: entry.3, in: gallery.activeScopes + [.browse])
            return Button(id: entry.0, glyph: entry.1, tooltip: entry.2 + (keys.isEmpty ? "" : " (\(keys))"),
                          command: entry.3, frame: frame, active: entry.4)
        }
        for entry in shown.sorted(by: { order.firstIndex(of: $0.0)! < order.firstIndex(of: $1.0)! }) {
            buttons.append(button(entry, at: Rect(x: x, y: y, width: Toolbar.size, height: Toolbar.size)))
            x += Toolbar.size + Toolbar.gap
        }
        overflow = more.sorted(by: { order.firstIndex(of: $0.0)! < order.firstIndex(of: $1.0)! })
            .map { button($0, at: Rect(x: 0, y: 0, width: 0, height: 0)) }
    }

    public func button(atX x: Int, y: Int) -> Button? { buttons.first { $0.frame.contains(x: x, y: y) } }

    /// The Back button's command (what Esc does, wherever one is).
    public static let back = "back"
}

extension KeyMap {
    /// How the help writes the keys bound to a command in the first of `scopes` that binds it ("v", "Esc").
    public func chordNames(for command: Command, in scopes: [Scope]) -> String {
        for scope in scopes {
            let chords = (bindings[scope] ?? [:]).filter { $0.value == command }.map(\.key.name)
            if !chords.isEmpty { return chords.sorted { ($0.count, $0) < ($1.count, $1) }.prefix(2).joined(separator: ", ") }
        }
        if command == .action(Toolbar.back) { return "Esc" }
        return ""
    }
}

extension GalleryModel {
    /// The header's buttons as they are now.
    public var toolbar: Toolbar {
        Toolbar(for: self, width: viewport.size.width, headerHeight: config.headerHeight, room: toolbarRoom)
    }

    /// The header button under the pointer, if any (its tooltip shows).
    public var hoveredButton: Toolbar.Button? { hoveredButton(in: toolbar) }

    /// The same, in a toolbar already made this frame.
    public func hoveredButton(in toolbar: Toolbar) -> Toolbar.Button? {
        pointer.flatMap { toolbar.button(atX: $0.x, y: $0.y) }
    }

    /// A header button (or a row of its "⋯" menu) pressed. It acts on the screen: what covers it closes first (help,
    /// the menu and Back act on the overlays themselves).
    public func click(button: Toolbar.Button) {
        let onOverlays: [Command] = [.toggleHelp, .action(Toolbar.back), .show(RoomRegistry.menu)]
        if !onOverlays.contains(button.command) {
            for overlay in overlays.reversed() { close(overlay) }
        }
        _ = apply(button.command)
    }
}
