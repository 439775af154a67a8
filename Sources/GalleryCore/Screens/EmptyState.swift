/// What a screen with nothing to show says instead of one grey line: a large icon, a short title, the actions that
/// help (real buttons, each a command of the key map, so a click, a tap, its key and a script do the same), and a
/// longer explanation under them. Each room says its own (`Screen.emptyState(in:)`): the feed's wall when the folder
/// or source is empty or cannot be reached, the bookmarks, the search's matches, the memories.
public struct EmptyState: Equatable {
    public struct Action: Equatable {
        public let label: String
        public let command: Command
        public init(_ label: String, _ command: Command) { self.label = label; self.command = command }
    }

    public let icon: Icon
    /// One line ("No photos in ~/Pictures/x"), cut with "…" in a narrow window.
    public let title: String
    public let actions: [Action]
    /// Wrapped under the buttons.
    public let detail: String

    public init(icon: Icon, title: String, actions: [Action] = [], detail: String = "") {
        self.icon = icon; self.title = title; self.actions = actions; self.detail = detail
    }

    /// Where its parts go on the wall's area (window coordinates, logical pixels). Fixed sizes, so a click is
    /// hit-tested in the core as it was drawn; the detail's lines are the view's to wrap below `detailTop`.
    public struct Layout: Equatable {
        public let picture: Rect
        public let title: Rect
        public let buttons: [Rect]
        public let detailTop: Int
    }

    public static let pictureSize = 96, titleHeight = 32, buttonHeight = 44, maxButtonWidth = 300, gap = 16,
                      buttonGap = 8, margin = 24

    /// Centred in the window's width, a third of the way down the area under `top` (high enough that a short window
    /// still shows the buttons).
    public func layout(window: PixelSize, top: Int) -> Layout {
        let buttonsHeight = actions.isEmpty ? 0
            : actions.count * EmptyState.buttonHeight + (actions.count - 1) * EmptyState.buttonGap + EmptyState.gap
        let block = EmptyState.pictureSize + EmptyState.gap + EmptyState.titleHeight + buttonsHeight
        let y0 = top + max(EmptyState.margin, (window.height - top - block - 3 * EmptyState.titleHeight) / 3)
        let picture = Rect(x: (window.width - EmptyState.pictureSize) / 2, y: y0, width: EmptyState.pictureSize,
                           height: EmptyState.pictureSize)
        let title = Rect(x: EmptyState.margin, y: picture.maxY + EmptyState.gap,
                         width: max(0, window.width - 2 * EmptyState.margin), height: EmptyState.titleHeight)
        let width = min(EmptyState.maxButtonWidth, max(0, window.width - 2 * EmptyState.margin))
        var y = title.maxY + EmptyState.gap
        var buttons: [Rect] = []
        for _ in actions {
            buttons.append(Rect(x: (window.width - width) / 2, y: y, width: width, height: EmptyState.buttonHeight))
            y += EmptyState.buttonHeight + EmptyState.buttonGap
        }
        return Layout(picture: picture, title: title, buttons: buttons,
                      detailTop: (buttons.last?.maxY ?? title.maxY) + EmptyState.gap)
    }

    /// The action whose button is at (x, y), if any.
    public func action(atX x: Int, y: Int, window: PixelSize, top: Int) -> Action? {
        zip(actions, layout(window: window, top: top).buttons).first { $0.1.contains(x: x, y: y) }?.0
    }
}

extension Screen {
    public func emptyState(in gallery: GalleryModel) -> EmptyState? { nil }
}

extension EmptyState {
    /// What the gallery's screen says while it has nothing to show (nil: it shows something, or says nothing).
    public static func shown(in gallery: GalleryModel) -> EmptyState? { gallery.screen.emptyState(in: gallery) }

    /// The top of the area an empty screen's parts are laid out on: under the header and what the wall keeps clear
    /// at its top (the search bar).
    public static func top(in gallery: GalleryModel) -> Int {
        gallery.config.headerHeight + (gallery.screen.wall?.topInset ?? 0)
    }

    /// A click on the shown empty screen's button runs its command, as its key would (nothing covers the screen: an
    /// overlay takes its own clicks). Nil when no button was pressed.
    static func click(atX x: Int, y: Int, in gallery: GalleryModel) -> AppEffect? {
        guard gallery.overlays.isEmpty, let empty = shown(in: gallery),
              let action = empty.action(atX: x, y: y, window: gallery.viewport.size, top: top(in: gallery)) else { return nil }
        return gallery.apply(action.command)
    }

    /// An action's label with its key, as its button shows it ("Clear search (Esc)").
    public static func label(_ action: Action, in gallery: GalleryModel) -> String {
        let keys = gallery.keyMap.chordNames(for: action.command, in: gallery.activeScopes + [.browse])
        // Translators: a button's words with its keys in brackets, "Clear search (Esc)".
        return keys.isEmpty ? action.label : tr("{label} ({keys})", ["label": action.label, "keys": keys])
    }
}
