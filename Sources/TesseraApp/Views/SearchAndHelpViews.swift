import GalleryCore

/// The search field, drawn as a bar across the top of the wall while a query is typed.
final class SearchBarView {
    private let canvas: Canvas
    private var theme: Theme { canvas.theme }

    init(canvas: Canvas) { self.canvas = canvas }

    func draw(_ search: Search, window: PixelSize, top: Int, time: Double) {
        let m = Metrics.fieldPadding
        let bar = Rect(x: m, y: top + Metrics.padding, width: window.width - 2 * m, height: Metrics.barHeight)
        canvas.fill(bar, theme.panel)
        canvas.outline(bar, theme.accent, width: Metrics.stroke)
        guard let text = canvas.text else { return }
        let label = "Search authors: "
        let y = bar.y + (bar.height - text.lineHeight(.body)) / 2
        var x = bar.x + m + text.draw(label, .body, x: bar.x + m, y: y, color: theme.dimText)
        x += text.draw(search.field.display, .body, x: x, y: y, color: theme.text, maxWidth: bar.maxX - x - m)
        if time.truncatingRemainder(dividingBy: 1) < 0.5 {
            canvas.fill(Rect(x: x + 1, y: y, width: Metrics.stroke, height: text.lineHeight(.body)), theme.text)
        }
    }
}

/// The help overlay: every binding of the key map, by screen, in two columns.
final class HelpView {
    private let canvas: Canvas
    private var theme: Theme { canvas.theme }

    init(canvas: Canvas) { self.canvas = canvas }

    func draw(_ sections: [HelpSheet.Section], window: PixelSize, top: Int) {
        canvas.fill(Rect(x: 0, y: top, width: window.width, height: window.height - top), theme.scrim)
        let panel = Rect(x: Metrics.panelMargin, y: top + Metrics.margin, width: window.width - 2 * Metrics.panelMargin,
                         height: window.height - top - 2 * Metrics.margin)
        canvas.fill(panel, theme.panel)
        guard let text = canvas.text else { return }
        let line = text.lineHeight(.body) + Metrics.inset
        let pad = Metrics.panelPadding
        let columnWidth = (panel.width - 3 * pad) / 2
        var column = 0, y = panel.y + Metrics.margin
        text.draw("Keys (Esc or ? closes)", .title, x: panel.x + pad, y: y, color: theme.text)
        y += text.lineHeight(.title) + Metrics.padding + 2
        let columnTop = y
        for section in sections {
            let needed = line * (section.rows.count + 1)
            if y + needed > panel.maxY - Metrics.padding - 2, column == 0 { column = 1; y = columnTop }
            let x = panel.x + pad + column * (columnWidth + pad)
            text.draw(section.title, .bold, x: x, y: y, color: theme.accent)
            y += line
            for row in section.rows where y + line <= panel.maxY - Metrics.spacing {
                text.draw(row.keys, .body, x: x, y: y, color: theme.text, maxWidth: columnWidth / 2 - Metrics.padding)
                text.draw(row.action, .body, x: x + columnWidth / 2, y: y, color: theme.dimText, maxWidth: columnWidth / 2)
                y += line
            }
            y += Metrics.spacing
        }
    }
}
