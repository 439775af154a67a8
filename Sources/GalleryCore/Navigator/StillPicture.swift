/// What the picture under the header shows, as far as the model decides it: when a frame's is the same as the
/// last whole frame's and no input or image arrived in between, only the header (the clock) needs drawing. On a
/// machine without a GPU that is the difference between copying the header and copying the whole window 60
/// times a second.
public struct StillPicture: Equatable {
    let viewport: Viewport
    /// The screen and the overlays, by identity, innermost last.
    let rooms: [ObjectIdentifier]
    /// What each of them shows (`Room.picture`).
    let pictures: [AnyHashable]
    /// The header button under the pointer: its tooltip hangs below the header.
    let tooltip: String?
    /// The toast at the foot of the window.
    let toast: Toast?
}

extension StillPicture {
    /// The picture under the gallery's header now, or nil while it changes by itself: scrolling, a pane's animation,
    /// a caret blinking in a text field, the welcome screen.
    public init?(of gallery: GalleryModel) {
        guard !gallery.input.hasFocusedField, !gallery.isAnimating else { return nil }
        let shown: [Room] = [gallery.screen] + gallery.overlays
        var pictures: [AnyHashable] = []
        for room in shown {
            guard let picture = room.picture else { return nil }
            pictures.append(picture)
        }
        // The toolbar is made (every button's words and keys) only when a pointer can be over one of its buttons: this
        // runs every turn, 30 times a second under a playing clip.
        let tooltip = gallery.pointer == nil ? nil : gallery.toolbar.button(under: gallery.pointer)?.id
        self.init(viewport: gallery.viewport, rooms: shown.map(ObjectIdentifier.init), pictures: pictures,
                  tooltip: tooltip, toast: gallery.toasts.current)
    }
}
