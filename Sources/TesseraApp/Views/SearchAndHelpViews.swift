import GalleryCore

/// The search field, drawn as a bar across the top of the wall while a query is typed.
final class SearchBarView {
    private let canvas: Canvas
    private var theme: Theme { canvas.theme }

    init(canvas: Canvas) { self.canvas = canvas }

    func draw(_ search: Search, window: PixelSize, top: Int, time: Double) {
        let bar = Rect(x: 12, y: top + 8, width: window.width - 24, height: 40)
        canvas.fill(bar, theme.panel)
        canvas.outline(bar, theme.accent, width: 2)
        guard let text = canvas.text else { return }
        let label = "Search authors: "
        let y = bar.y + (bar.height - text.lineHeight(.body)) / 2
        var x = bar.x + 12 + text.draw(label, .body, x: bar.x + 12, y: y, color: theme.dimText)
        x += text.draw(search.field.display, .body, x: x, y: y, color: theme.text, maxWidth: bar.maxX - x - 12)
        if time.truncatingRemainder(dividingBy: 1) < 0.5 {
            canvas.fill(Rect(x: x + 1, y: y, width: 2, height: text.lineHeight(.body)), theme.text)
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
        let panel = Rect(x: 30, y: top + 16, width: window.width - 60, height: window.height - top - 32)
        canvas.fill(panel, theme.panel)
        guard let text = canvas.text else { return }
        let line = text.lineHeight(.body) + 4
        let columnWidth = (panel.width - 60) / 2
        var column = 0, y = panel.y + 16
        text.draw("Keys (Esc or ? closes)", .title, x: panel.x + 20, y: y, color: theme.text)
        y += text.lineHeight(.title) + 10
        let columnTop = y
        for section in sections {
            let needed = line * (section.rows.count + 1)
            if y + needed > panel.maxY - 10, column == 0 { column = 1; y = columnTop }
            let x = panel.x + 20 + column * (columnWidth + 20)
            text.draw(section.title, .bold, x: x, y: y, color: theme.accent)
            y += line
            for row in section.rows where y + line <= panel.maxY - 6 {
                text.draw(row.keys, .body, x: x, y: y, color: theme.text, maxWidth: columnWidth / 2 - 8)
                text.draw(row.action, .body, x: x + columnWidth / 2, y: y, color: theme.dimText, maxWidth: columnWidth / 2)
                y += line
            }
            y += 6
        }
    }
}
