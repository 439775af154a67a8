import GalleryCore

/// Draws the toast: a dark band at the foot of the window, centred, with its words and its button ("Undo"), and
/// tells the model where the button is so a click finds it.
final class ToastView {
    private let canvas: Canvas

    init(canvas: Canvas) { self.canvas = canvas }

    func draw(model: GalleryModel) {
        guard let toast = model.toasts.current, let text = canvas.text else { return }
        let theme = canvas.theme, window = model.viewport.size
        let line = text.lineHeight(.body), height = line + 2 * Metrics.fieldPadding
        let label = toast.actionLabel.map { text.width(of: $0, .bold) + 2 * Metrics.fieldPadding } ?? 0
        let room = window.width - 2 * Metrics.margin - label - 3 * Metrics.fieldPadding
        let words = min(text.width(of: toast.text, .body), max(40, room))
        let width = words + label + 2 * Metrics.fieldPadding + (label > 0 ? Metrics.fieldPadding : 0)
        // Above whatever the screen keeps at its foot (the pane's links), else at the window's foot.
        let box = Rect(x: (window.width - width) / 2, y: model.toastFloor - Metrics.margin - height, width: width, height: height)
        canvas.fill(box, theme.panel)
        canvas.outline(box, theme.headerRule, width: Metrics.hairline)
        text.draw(toast.text, .body, x: box.x + Metrics.fieldPadding, y: box.y + Metrics.fieldPadding, color: theme.text,
                  maxWidth: words)
        var button: Rect?
        if let actionLabel = toast.actionLabel {
            let frame = Rect(x: box.maxX - Metrics.fieldPadding / 2 - label, y: box.y + Metrics.inset, width: label,
                             height: height - 2 * Metrics.inset)
            Buttons.draw(canvas, actionLabel, in: frame, pointer: model.pointer, enabled: true)
            button = frame
        }
        if toast.buttonFrame != button { model.toasts.setButtonFrame(button) }
        if toast.frame != box { model.toasts.setFrame(box) }
    }
}
