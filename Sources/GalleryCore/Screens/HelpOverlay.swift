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

extension GalleryModel {
    /// The help sheet for this gallery: a kiosk's leaves out its way out.
    public var helpSections: [HelpSheet.Section] {
        HelpSheet.sections(for: keyMap, rooms: rooms, hiding: kiosk == nil ? [] : [.quit])
    }
}
