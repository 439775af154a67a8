/// Every key and gesture, made from the key map itself (`HelpSheet`), over whatever shows. It scrolls (the wheel, a
/// drag, ↑ ↓ Page Up Page Down Home End) when the window is too short for it; a click or tap closes it.
public final class HelpOverlay: Overlay {
    /// How far the sheet is scrolled, in pixels.
    public var scroll: Int { Int(offset.rounded()) }
    /// The same, unrounded: a slow finger moves it by less than a pixel per event, and that adds up.
    private var offset = 0.0
    /// The view's measure: how tall the sheet is and how much of it shows (set as it draws, like the header's room).
    public var contentHeight = 0 { didSet { clamp() } }
    public var viewHeight = 0 { didSet { clamp() } }
    public static let lineStep = 40

    public init() {}

    /// `?`: opens the help, or closes it when it is the innermost room.
    public static func toggle(in gallery: GalleryModel) {
        if let open = gallery.innermost as? HelpOverlay { gallery.close(open) } else { gallery.open(HelpOverlay()) }
    }

    public var scopes: [Scope] { [.help] }
    public var picture: AnyHashable? { scroll }

    /// Whether more of the sheet lies below what shows.
    public var hasMore: Bool { scroll + viewHeight < contentHeight }

    public func scroll(by pixels: Double) {
        offset += pixels
        clamp()
    }

    private func clamp() { offset = max(0, min(offset, Double(contentHeight - viewHeight))) }

    public func perform(_ command: Command, in gallery: GalleryModel) -> GalleryModel.Effect? {
        switch command {
        case .scrollLines(let n): scroll(by: Double(n * HelpOverlay.lineStep))
        case .scrollPages(let n): scroll(by: Double(n * max(HelpOverlay.lineStep, viewHeight - HelpOverlay.lineStep)))
        case .scrollToTop: offset = 0
        case .scrollToBottom: scroll(by: Double(contentHeight))
        default: return nil
        }
        return GalleryModel.Effect.none
    }

    /// The wheel and a drag scroll; a click anywhere closes it.
    public func pointer(_ input: PointerInput, in gallery: GalleryModel) -> Bool {
        switch input {
        case .click: gallery.close(self)
        case let .wheel(notches): scroll(by: -notches * Double(HelpOverlay.lineStep))
        case let .drag(_, dy, _): scroll(by: -dy)
        default: break
        }
        return true
    }
}

extension HelpSheet {
    /// The help sheet for a gallery: a kiosk's leaves out its way out; the gestures come first, for a hand on a
    /// mouse or a touch screen.
    public static func sections(for gallery: GalleryModel) -> [Section] {
        let keys = sections(for: gallery.keyMap, rooms: gallery.rooms, hiding: gallery.kiosk == nil ? [] : [.quit])
        return [gestures(kiosk: gallery.kiosk != nil)] + keys
    }

    /// What the mouse and fingers do, in the words of both (and the frame's language).
    public static func gestures(kiosk: Bool) -> Section {
        // Translators: the help's gestures: what the mouse and fingers do (left), and what that does (right).
        var rows = [
            Row(keys: tr("Wheel, drag, flick"), action: tr("Scroll the wall")),
            Row(keys: tr("Click, tap"), action: tr("Open a photo")),
        ]
        if !kiosk {
            rows += [Row(keys: tr("Click ☆, long press, right click"), action: tr("Bookmark a photo"))]
        }
        rows += [
            Row(keys: tr("‹ ›, swipe"), action: tr("Previous or next photo in the pane")),
            Row(keys: tr("Wheel, pinch, double tap"), action: tr("Zoom the photo in the pane")),
            Row(keys: tr("Drag"), action: tr("Move a zoomed photo")),
            Row(keys: tr("Click outside, ←"), action: tr("Close the pane, go back")),
            Row(keys: tr("Swipe from the edge"), action: tr("Go back")),
            Row(keys: tr("Header buttons"), action: tr("Every screen (hover for their keys)")),
        ]
        return Section(title: tr("Mouse and touch"), rows: rows)
    }
}

extension HelpOverlay {
    /// Help lists the keys: the least needed by a hand on a touch screen, last.
    public static let button = ToolbarItem(id: "help", command: .toggleHelp, rank: 6) {
        ToolbarItem.Look(glyph: "?", label: tr("Help"), active: $0.overlays.last is HelpOverlay)
    }
}
