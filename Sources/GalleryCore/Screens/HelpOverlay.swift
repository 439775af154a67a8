/// Every key, made from the key map itself (`HelpSheet`), over whatever shows.
public final class HelpOverlay: Overlay {
    public init() {}

    /// `?`: opens the help, or closes it when it is the innermost room.
    public static func toggle(in gallery: GalleryModel) {
        if let open = gallery.innermost as? HelpOverlay { gallery.close(open) } else { gallery.open(HelpOverlay()) }
    }

    public var scopes: [Scope] { [.help] }

    /// A click anywhere closes it.
    public func pointer(_ input: PointerInput, in gallery: GalleryModel) -> Bool {
        if case .click = input { gallery.close(self) }
        return true
    }
}

extension HelpSheet {
    /// The help sheet for a gallery: a kiosk's leaves out its way out.
    public static func sections(for gallery: GalleryModel) -> [Section] {
        sections(for: gallery.keyMap, rooms: gallery.rooms, hiding: gallery.kiosk == nil ? [] : [.quit])
    }
}

extension HelpOverlay {
    /// Help lists the keys: the least needed by a hand on a touch screen, last.
    public static let button = ToolbarItem(id: "help", command: .toggleHelp, rank: 6) {
        ToolbarItem.Look(glyph: "?", label: "Help", active: $0.overlays.last is HelpOverlay)
    }
}
