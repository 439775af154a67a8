/// A message that stops everything until it is dismissed (Enter, Esc, or its OK button).
public final class AlertOverlay: Overlay {
    public let message: String
    /// How many lines the message wraps to and their height (the view measures them): the panel grows to hold it.
    public var measured = (lines: 3, lineHeight: 20)
    public init(message: String) { self.message = message }

    public var scopes: [Scope] { [.alert] }
    /// Its scrim darkens the whole window, the header with its clock too.
    public var coversHeader: Bool { true }

    public func perform(_ command: Command, in gallery: GalleryModel) -> GalleryModel.Effect? {
        guard command == .dismissAlert else { return nil }
        gallery.close(self)
        return GalleryModel.Effect.none
    }

    /// Its OK button dismisses it; nothing under it takes a click.
    public func pointer(_ input: PointerInput, in gallery: GalleryModel) -> Bool {
        guard case let .click(x, y) = input else { return false }
        if AlertOverlay.layout(window: gallery.viewport.size, lines: measured.lines, lineHeight: measured.lineHeight)
            .button.contains(x: x, y: y) { gallery.close(self) }
        return true
    }

    public struct Layout: Equatable {
        public var panel: Rect
        public var button: Rect
    }

    /// The message wrapped to `lines` lines (as many as the window holds) above the OK button.
    public static func layout(window: PixelSize, lines: Int = 3, lineHeight: Int = 20) -> Layout {
        let width = min(520, window.width - 40)
        let height = min(window.height - 20, 24 + max(1, lines) * lineHeight + 16 + 56)
        let panel = Rect(x: (window.width - width) / 2, y: (window.height - height) / 2, width: width, height: height)
        let button = Rect(x: panel.maxX - 120, y: panel.maxY - 56, width: 100, height: 40)
        return Layout(panel: panel, button: button)
    }
}
