import GalleryCore

/// Draws a screen with nothing to show (`EmptyState`): its large icon, its title, its actions as buttons (the first
/// lit: the one that helps most) with their keys, and the explanation wrapped under them. Where things go is the
/// core's `EmptyState.layout`, so a click lands where the button was drawn.
final class EmptyStateView {
    private let canvas: Canvas
    private var theme: Theme { canvas.theme }

    init(canvas: Canvas) { self.canvas = canvas }

    func draw(_ empty: EmptyState, model: GalleryModel) {
        let window = model.viewport.size
        let layout = empty.layout(window: window, top: EmptyState.top(in: model))
        canvas.icon(empty.icon, size: EmptyState.pictureSize, in: layout.picture, color: theme.dimText)
        for (i, (action, frame)) in zip(empty.actions, layout.buttons).enumerated() {
            Buttons.draw(canvas, EmptyState.label(action, in: model), in: frame, pointer: model.pointer, enabled: true, lit: i == 0)
        }
        guard let text = canvas.text else { return }
        let title = text.fit(empty.title, .title, maxWidth: layout.title.width)
        text.draw(title, .title, x: (window.width - text.width(of: title, .title)) / 2,
                  y: layout.title.y + (layout.title.height - text.lineHeight(.title)) / 2, color: theme.text)
        guard !empty.detail.isEmpty else { return }
        let lines = TextFit.wrap(empty.detail, width: window.width - 2 * Metrics.margin, maxLines: 6) {
            text.width(of: $0, .body)
        }
        var y = layout.detailTop
        for line in lines {
            text.draw(line, .body, x: (window.width - text.width(of: line, .body)) / 2, y: y, color: theme.dimText)
            y += text.lineHeight(.body) + Metrics.inset
        }
    }
}
