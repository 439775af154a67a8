/// The header buttons that did not fit a narrow window, as a list under its "⋯" button: each row its glyph, what it
/// does and its key. A tap on a row runs it; a tap elsewhere or Esc closes the menu.
public final class MenuOverlay: Overlay {
    public static let scope = Scope.menu
    public static let rowHeight = 40, width = 280

    public let entries: [Toolbar.Button]
    /// Where the rows are, right-aligned under the header.
    public private(set) var rows: [Rect] = []

    public init(entries: [Toolbar.Button], window: PixelSize, top: Int) {
        self.entries = entries
        layOut(window: window, top: top)
    }

    private func layOut(window: PixelSize, top: Int) {
        let width = min(MenuOverlay.width, window.width - 8)
        rows = entries.indices.map {
            Rect(x: window.width - width - 4, y: top + 4 + $0 * MenuOverlay.rowHeight, width: width,
                 height: MenuOverlay.rowHeight)
        }
    }

    public var panel: Rect {
        guard let first = rows.first, let last = rows.last else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        return Rect(x: first.x, y: first.y, width: first.width, height: last.maxY - first.y)
    }

    public var scopes: [Scope] { [.menu] }

    public func perform(_ command: Command, in gallery: GalleryModel) -> GalleryModel.Effect? {
        guard command == .closeScreen else { return nil }
        gallery.close(self)
        return GalleryModel.Effect.none
    }

    public func pointer(_ input: PointerInput, in gallery: GalleryModel) -> Bool {
        guard case let .click(x, y) = input else { return true }
        gallery.close(self)
        if let row = rows.firstIndex(where: { $0.contains(x: x, y: y) }) { gallery.input.click(button: entries[row]) }
        return true
    }

    public func resize(to viewport: Viewport) { layOut(window: viewport.size, top: rows.first.map { $0.y - 4 } ?? 0) }

    /// Opens the menu with the buttons the header had no room for, or closes it when it shows.
    public static func toggle(in gallery: GalleryModel) {
        if let open = gallery.innermost as? MenuOverlay { gallery.close(open); return }
        gallery.open(MenuOverlay(entries: gallery.toolbar.overflow, window: gallery.viewport.size,
                                 top: gallery.config.headerHeight))
    }
}
