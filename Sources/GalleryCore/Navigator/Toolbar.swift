/// The header's buttons, so every room can be reached by mouse or touch alone: Back (when there is somewhere to go
/// back to), grid or list, slideshow, search, bookmarks, the name and help, right-aligned in the header. Each says
/// its key in a tooltip. A kiosk shows only what its key map allows; a narrow window drops the least needed first.
public struct Toolbar: Equatable {
    public struct Button: Equatable {
        /// What it is (tests and the view find it by this).
        public let id: String
        public let glyph: String
        /// Drawn in its place where the icon font is installed (`Icon`).
        public let icon: Icon?
        /// The tooltip: what it does and its key.
        public let tooltip: String
        public let command: Command
        public var frame: Rect
        /// Drawn lit (the list while the list shows, the slideshow while it shows).
        public let active: Bool
        /// Drawn dimmed and pressed in vain: it keeps its place so the others do not move under the pointer.
        public let enabled: Bool
    }

    public private(set) var buttons: [Button]
    /// The buttons a narrow window had no room for: the "⋯" button lists them (`RoomRegistry.more`).
    public private(set) var overflow: [Button] = []
    public static let size = 36, gap = 6

    /// Total width the buttons take, with the margin before the status.
    public var width: Int { buttons.isEmpty ? 0 : buttons.count * (Toolbar.size + Toolbar.gap) + Toolbar.gap }

    /// The buttons for the gallery as it is now (each room's own, `RoomRegistry.buttons`), fitted into `room` pixels
    /// at the right of a `width`-wide header.
    public init(for gallery: GalleryModel, width: Int, headerHeight: Int, room: Int) {
        // Most needed first: what is dropped when the window is narrow comes last. Only what the key map offers (a
        // kiosk's lacks the bookmarks, the search and the name).
        // The welcome screen wants a name (or Esc): only help answers over it; the rest is dimmed, and that is
        // known before the row is fitted, so a dimmed button never takes help's place.
        let welcoming = gallery.screen.dimsToolbar
        var wanted = gallery.rooms.buttons.sorted { ($0.rank, $0.id) < ($1.rank, $1.id) }.compactMap { item in
            item.look(gallery).map { look in
                (item, welcoming && item.command != .toggleHelp
                    ? ToolbarItem.Look(glyph: look.glyph, icon: look.icon, label: look.label, active: look.active,
                                       enabled: false) : look)
            }
        }.filter { item, _ in !item.needsKey || gallery.boundCommands.contains(item.command) }
        // At least one button always shows: in a window too narrow for the rest, the "⋯" that lists them.
        // Back, when it can be used, is never hidden under "⋯": the way out of a screen stays one click away.
        let backShown = wanted.contains { $0.0.id == ToolbarItem.back.id && $0.1.enabled }
        let fits = max(backShown ? 2 : 1, (room - Toolbar.gap) / (Toolbar.size + Toolbar.gap))
        // Short of room, a dimmed button gives up its place first.
        if wanted.count > fits { wanted.removeAll { !$0.1.enabled } }
        var shown = Array(wanted.prefix(fits))
        var more: [(ToolbarItem, ToolbarItem.Look)] = []
        if wanted.count > fits {
            shown = Array(wanted.prefix(fits - 1))
            more = Array(wanted.dropFirst(fits - 1))
            shown.append((gallery.rooms.more, gallery.rooms.more.look(gallery)!))
        }
        let y = (headerHeight - Toolbar.size) / 2
        var x = width - Toolbar.gap - shown.count * (Toolbar.size + Toolbar.gap) + Toolbar.gap
        buttons = []
        func button(_ entry: (item: ToolbarItem, look: ToolbarItem.Look), at frame: Rect) -> Button {
            let keys = gallery.keyMap.chordNames(for: entry.item.command, in: gallery.activeScopes + [.browse])
            let enabled = entry.look.enabled
            return Button(id: entry.item.id, glyph: entry.look.glyph, icon: entry.look.icon,
                          tooltip: keys.isEmpty ? entry.look.label
                              : tr("{label} ({keys})", ["label": entry.look.label, "keys": keys]),
                          command: entry.item.command, frame: frame, active: entry.look.active, enabled: enabled)
        }
        // Left to right in the order a reader expects: Back first, help last.
        for entry in shown.sorted(by: { ($0.0.order, $0.0.id) < ($1.0.order, $1.0.id) }) {
            buttons.append(button(entry, at: Rect(x: x, y: y, width: Toolbar.size, height: Toolbar.size)))
            x += Toolbar.size + Toolbar.gap
        }
        overflow = more.sorted(by: { ($0.0.order, $0.0.id) < ($1.0.order, $1.0.id) }).map { button($0, at: Rect(x: 0, y: 0, width: 0, height: 0)) }
    }


    public func button(atX x: Int, y: Int) -> Button? { buttons.first { $0.frame.contains(x: x, y: y) } }

    /// The button under the pointer, if any (its tooltip shows).
    public func button(under pointer: (x: Int, y: Int)?) -> Button? { pointer.flatMap { button(atX: $0.x, y: $0.y) } }

    /// The Back button's command (what Esc does, wherever one is).
    public static let back = "back"
}

/// A header button a room brings (`RoomRegistry.register(…, button:)`): what it does, where it stands, and how it
/// looks for the gallery as it is, if it shows at all.
public struct ToolbarItem {
    public struct Look: Equatable {
        public let glyph: String
        /// The icon drawn for it (`Icon`); the glyph is drawn where the icon font is missing.
        public let icon: Icon?
        /// The tooltip's words (the key is added).
        public let label: String
        /// Drawn lit (the list while the list shows, the slideshow while it shows).
        public let active: Bool
        public let enabled: Bool
        /// `icon`: the glyph's own (`Icon.standing(for:)`) unless told.
        public init(glyph: String, icon: Icon? = nil, label: String, active: Bool = false, enabled: Bool = true) {
            self.glyph = glyph; self.icon = icon ?? Icon.standing(for: glyph)
            self.label = label; self.active = active; self.enabled = enabled
        }
    }

    public let id: String
    public let command: Command
    /// How much it is needed: a narrow window keeps the lowest first.
    public let rank: Int
    /// Where it stands, left to right.
    public let order: Int
    /// Shown only when a key gives its command too (the header offers nothing the key map does not: a kiosk's
    /// lacks the bookmarks, the search and the name).
    public let needsKey: Bool
    /// How it looks now; nil when it does not show.
    public let look: (GalleryModel) -> Look?

    public init(id: String, command: Command, rank: Int, order: Int? = nil, needsKey: Bool = true,
                look: @escaping (GalleryModel) -> Look?) {
        self.id = id; self.command = command; self.rank = rank; self.order = order ?? rank; self.needsKey = needsKey
        self.look = look
    }

    /// Back, dimmed when there is nowhere to go back to: always in its place, so the row never shifts.
    public static let back = ToolbarItem(id: "back", command: .action(Toolbar.back), rank: 0, needsKey: false) {
        Look(glyph: "←", label: tr("Back"), enabled: $0.canGoBack)
    }

    /// Grid or list, dimmed where no wall shows (the slideshow).
    public static let view = ToolbarItem(id: "view", command: .toggleView, rank: 1) { gallery in
        let list = gallery.screen.wall?.mode == .list
        // Translators: the header button's tooltip: what a press shows (the grid of photos, or the list).
        return Look(glyph: list ? "▦" : "☰", label: list ? tr("Grid") : tr("List"), active: list,
                    enabled: gallery.screen.wall != nil)
    }
}

extension KeyMap {
    /// How the help writes the keys bound to a command in the first of `scopes` that binds it ("v", "Esc").
    public func chordNames(for command: Command, in scopes: [Scope]) -> String {
        for scope in scopes {
            let chords = (bindings[scope] ?? [:]).filter { $0.value == command }.map(\.key.name)
            if !chords.isEmpty { return chords.sorted { ($0.count, $0) < ($1.count, $1) }.prefix(2).joined(separator: ", ") }
        }
        if command == .action(Toolbar.back) { return tr("Esc", context: "key") }
        return ""
    }
}

extension GalleryModel {
    /// The header's buttons as they are now.
    public var toolbar: Toolbar {
        Toolbar(for: self, width: viewport.size.width, headerHeight: config.headerHeight, room: toolbarRoom)
    }
}
