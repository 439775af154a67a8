import GalleryCore

/// Draws the toast: a dark band centred where the layer puts it, with its words and its button ("Undo"), and tells
/// the model where the button is so a click finds it.
final class ToastView: OverlayView {
    /// The words and the button are the gallery's `Toasts`' (a click on the button goes there too); the overlay
    /// only says when and where.
    init(_ toasts: ToastOverlay) {}

    /// The band's width for the words and the button, and its height.
    private func measure(_ toast: Toast, text: TextRenderer, window: PixelSize) -> (size: PixelSize, words: Int, label: Int) {
        let line = text.lineHeight(.body), height = line + 2 * Metrics.fieldPadding
        let label = toast.actionLabel.map { text.width(of: $0, .bold) + 2 * Metrics.fieldPadding } ?? 0
        let room = window.width - 2 * Metrics.margin - label - 3 * Metrics.fieldPadding
        let words = min(text.width(of: toast.text, .body), max(40, room))
        let width = words + label + 2 * Metrics.fieldPadding + (label > 0 ? Metrics.fieldPadding : 0)
        return (PixelSize(width: width, height: height), words, label)
    }

    func size(pen: OverlayPen, gallery: GalleryModel) -> PixelSize? {
        guard let toast = gallery.toasts.current, let text = pen.canvas.text else { return nil }
        return measure(toast, text: text, window: gallery.viewport.size).size
    }

    func draw(in box: Rect, pen: OverlayPen, gallery model: GalleryModel) {
        let canvas = pen.canvas
        guard let toast = model.toasts.current, let text = canvas.text else { return }
        let theme = canvas.theme, (_, words, label) = measure(toast, text: text, window: model.viewport.size)
        canvas.fill(box, theme.panel)
        canvas.outline(box, theme.headerRule, width: Metrics.hairline)
        text.draw(toast.text, .body, x: box.x + Metrics.fieldPadding, y: box.y + Metrics.fieldPadding, color: theme.text,
                  maxWidth: words)
        var button: Rect?
        if let actionLabel = toast.actionLabel {
            let frame = Rect(x: box.maxX - Metrics.fieldPadding / 2 - label, y: box.y + Metrics.inset, width: label,
                             height: box.height - 2 * Metrics.inset)
            Buttons.draw(canvas, actionLabel, in: frame, pointer: model.pointer, enabled: true)
            button = frame
        }
        if toast.buttonFrame != button { model.toasts.setButtonFrame(button) }
        if toast.frame != box { model.toasts.setFrame(box) }
    }
}
