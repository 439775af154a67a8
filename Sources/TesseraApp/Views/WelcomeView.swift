import GalleryCore

/// Draws the welcome screen: a greeting, the "Your name" field with its text and caret, and the Start button
/// (lit while the pointer is over it).
final class WelcomeView {
    private let canvas: Canvas
    private var theme: Theme { canvas.theme }

    init(canvas: Canvas) { self.canvas = canvas }

    func draw(_ welcome: WelcomeScreen, window: PixelSize, pointer: (x: Int, y: Int)?, time: Double) {
        let layout = WelcomeScreen.layout(window: window)
        guard let text = canvas.text else { return }
        text.draw("Welcome to Tessera", .title, x: layout.title.x, y: layout.title.y, color: theme.text)
        text.draw("Your name", .body, x: layout.field.x, y: layout.field.y - text.lineHeight(.body) - Metrics.spacing,
                  color: theme.dimText)
        canvas.fill(layout.field, theme.panel)
        canvas.outline(layout.field, theme.accent, width: Metrics.stroke)
        let pad = Metrics.fieldPadding
        let inner = layout.field.width - 2 * pad
        let shown = welcome.nameField.display
        // The end of a long name stays in view: fit from the right.
        var visible = shown
        while !visible.isEmpty && text.width(of: visible, .body) > inner { visible.removeFirst() }
        let textY = layout.field.y + (layout.field.height - text.lineHeight(.body)) / 2
        let drawn = visible.isEmpty ? 0 : text.draw(visible, .body, x: layout.field.x + pad, y: textY, color: theme.text)
        // A caret that blinks twice a second.
        if time.truncatingRemainder(dividingBy: 1) < 0.5 {
            canvas.fill(Rect(x: layout.field.x + pad + drawn + 1, y: textY, width: Metrics.stroke, height: text.lineHeight(.body)),
                        theme.text)
        }
        Buttons.draw(canvas, "Start", in: layout.button, pointer: pointer, enabled: true)
    }
}

/// Draws an alert over everything: a scrim, the message, and its OK button.
final class AlertView {
    private let canvas: Canvas
    private var theme: Theme { canvas.theme }

    init(canvas: Canvas) { self.canvas = canvas }

    func draw(_ alert: AlertOverlay, window: PixelSize, pointer: (x: Int, y: Int)?) {
        // Wrapped first, so the panel is as tall as the message: it is read whole, not cut after a few words.
        var wrapped: [String] = []
        if let text = canvas.text {
            let width = AlertOverlay.layout(window: window).panel.width - 2 * Metrics.panelPadding
            wrapped = TextFit.wrap(alert.message, width: width, maxLines: 12) { text.width(of: $0, .bold) }
            alert.measured = (wrapped.count, text.lineHeight(.bold))
        }
        let layout = AlertOverlay.layout(window: window, lines: alert.measured.lines, lineHeight: alert.measured.lineHeight)
        canvas.fill(Rect(x: 0, y: 0, width: window.width, height: window.height), theme.scrim)
        canvas.fill(layout.panel, theme.panel)
        canvas.outline(layout.panel, theme.headerRule, width: Metrics.hairline)
        if let text = canvas.text {
            let width = layout.panel.width - 2 * Metrics.panelPadding
            let top = layout.panel.y + Metrics.panelPadding + Metrics.inset
            let line = text.lineHeight(.bold)
            let room = max(1, (layout.button.y - Metrics.inset - top) / max(1, line))
            let lines = wrapped.count <= room ? wrapped
                : TextFit.wrap(alert.message, width: width, maxLines: room) { text.width(of: $0, .bold) }
            for (i, words) in lines.enumerated() {
                text.draw(words, .bold, x: layout.panel.x + Metrics.panelPadding, y: top + i * line, color: theme.text,
                          maxWidth: width)
            }
        }
        Buttons.draw(canvas, "OK", in: layout.button, pointer: pointer, enabled: true)
    }
}

/// A clickable button: filled with the accent while the pointer is over it, dimmed when it cannot be used.
enum Buttons {
    static func draw(_ canvas: Canvas, _ label: String, in frame: Rect, pointer: (x: Int, y: Int)?, enabled: Bool,
                     lit: Bool = false) {
        let theme = canvas.theme
        let hovered = enabled && pointer.map { frame.contains(x: $0.x, y: $0.y) } == true
        // Borderless: a quiet fill, the accent under the pointer or while lit. An outline would make every button
        // look focused.
        var fill = hovered || lit ? theme.accent : theme.headerRule
        if !enabled { fill = theme.panel }
        canvas.fill(frame, fill)
        guard let text = canvas.text else { return }
        let w = text.width(of: label, .bold)
        text.draw(label, .bold, x: frame.x + (frame.width - w) / 2, y: frame.y + (frame.height - text.lineHeight(.bold)) / 2,
                  color: enabled ? theme.text : theme.dimText)
    }
}
