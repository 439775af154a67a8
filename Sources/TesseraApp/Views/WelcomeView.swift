import GalleryCore

/// Draws the welcome screen: a greeting and what Tessera is, the "Your name" field, on a first run the photos to
/// show (a folder field and its Choose button), and the Start button (lit while the pointer is over it). The field
/// with the focus has the accent outline and the caret.
final class WelcomeView {
    private let canvas: Canvas
    private var theme: Theme { canvas.theme }

    init(canvas: Canvas) { self.canvas = canvas }

    func draw(_ welcome: WelcomeScreen, window: PixelSize, pointer: (x: Int, y: Int)?, time: Double) {
        let layout = welcome.layout(window: window)
        guard let text = canvas.text else { return }
        let width = layout.field.width
        text.draw(tr("Welcome to Tessera"), .title, x: layout.title.x, y: layout.title.y, color: theme.text, maxWidth: width)
        let about = tr("Your photos as a wall that never ends, a slideshow, or a frame on the wall.")
        for (i, line) in TextFit.wrap(about, width: width, maxLines: 2, measure: { text.width(of: $0, .body) }).enumerated() {
            text.draw(line, .body, x: layout.title.x, y: layout.title.y + text.lineHeight(.title) + 4 + i * text.lineHeight(.body),
                      color: theme.dimText)
        }
        let caretOn = time.truncatingRemainder(dividingBy: 1) < 0.5
        // Translators: the label above the field for the user's own name.
        drawField(tr("Your name"), welcome.nameField, in: layout.field, focused: welcome.focus == .name, caret: caretOn)
        if let folder = layout.folder, let field = welcome.folderField {
            // Translators: the label above the field for the folder of photos the frame shows.
            drawField(tr("Photos to show"), field, in: folder, focused: welcome.focus == .folder, caret: caretOn,
                      placeholder: tr("A folder, such as ~/Pictures"))
            // Translators: a button that opens a folder chooser.
            if let choose = layout.choose { Buttons.draw(canvas, tr("Choose…"), in: choose, pointer: pointer, enabled: true) }
            // Translators: {photos} is what shows without a folder, such as "the demo photos" (translated on its own).
            let hint = tr("Leave it empty to see {photos}.", ["photos": welcome.offer?.otherwise ?? tr("the photos shown now")])
            text.draw(hint, .body, x: folder.x, y: folder.maxY + Metrics.inset, color: theme.dimText, maxWidth: width)
        }
        // Translators: the welcome screen's button that starts the show.
        Buttons.draw(canvas, tr("Start"), in: layout.button, pointer: pointer, enabled: true)
    }

    /// A labelled field; the end of a long text stays in view (fitted from the right).
    private func drawField(_ label: String, _ field: TextField, in frame: Rect, focused: Bool, caret: Bool,
                           placeholder: String? = nil) {
        guard let text = canvas.text else { return }
        text.draw(label, .body, x: frame.x, y: frame.y - text.lineHeight(.body) - Metrics.spacing, color: theme.dimText)
        canvas.fill(frame, theme.panel)
        canvas.outline(frame, focused ? theme.accent : theme.headerRule, width: focused ? Metrics.stroke : Metrics.hairline)
        let pad = Metrics.fieldPadding, inner = frame.width - 2 * pad
        var visible = field.display
        while !visible.isEmpty && text.width(of: visible, .body) > inner { visible.removeFirst() }
        let textY = frame.y + (frame.height - text.lineHeight(.body)) / 2
        if visible.isEmpty, let placeholder, !focused {
            text.draw(placeholder, .body, x: frame.x + pad, y: textY, color: theme.dimText, maxWidth: inner)
        }
        if field.selectsAll, !visible.isEmpty {
            canvas.fill(Rect(x: frame.x + pad, y: textY, width: text.width(of: visible, .body), height: text.lineHeight(.body)),
                        theme.selection)
        }
        let drawn = visible.isEmpty ? 0 : text.draw(visible, .body, x: frame.x + pad, y: textY, color: theme.text)
        // A caret that blinks twice a second, in the focused field.
        if focused && caret {
            canvas.fill(Rect(x: frame.x + pad + drawn + 1, y: textY, width: Metrics.stroke, height: text.lineHeight(.body)),
                        theme.text)
        }
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
        // Translators: the button that closes an alert.
        Buttons.draw(canvas, tr("OK"), in: layout.button, pointer: pointer, enabled: true)
    }
}

/// A clickable button: filled with the accent while the pointer is over it, dimmed when it cannot be used.
enum Buttons {
    /// `icon`: drawn in place of the label where the icon font is installed.
    static func draw(_ canvas: Canvas, _ label: String, in frame: Rect, pointer: (x: Int, y: Int)?, enabled: Bool,
                     lit: Bool = false, icon: Icon? = nil) {
        let theme = canvas.theme
        let hovered = enabled && pointer.map { frame.contains(x: $0.x, y: $0.y) } == true
        // Borderless: a quiet fill, the accent under the pointer or while lit. An outline would make every button
        // look focused.
        // One that cannot be used has no tile at all and a faint glyph: it must not look like one to press.
        if enabled { canvas.fill(frame, hovered || lit ? theme.accent : theme.headerRule) }
        if let icon, canvas.icon(icon, size: IconFont.buttonSize, in: frame, color: enabled ? theme.text : theme.disabledText) {
            return
        }
        guard let text = canvas.text else { return }
        // A label longer than its button (a translation WordsFitTests did not see) is cut with an ellipsis inside it.
        // Without the icon font an arrow along the reading is a glyph: on a mirrored screen, the opposite one.
        let glyph = Icon.glyph(label, mirrored: canvas.renderer.mirrorWidth != nil)
        let shown = text.fit(glyph, .bold, maxWidth: frame.width - 2 * Metrics.inset)
        let w = text.width(of: shown, .bold)
        text.draw(shown, .bold, x: frame.x + (frame.width - w) / 2, y: frame.y + (frame.height - text.lineHeight(.bold)) / 2,
                  color: enabled ? theme.text : theme.disabledText)
    }
}
