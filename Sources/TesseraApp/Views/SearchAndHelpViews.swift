import GalleryCore

/// The search field, drawn as a bar across the top of the wall while a query is typed.
final class SearchBarView {
    private let canvas: Canvas
    private var theme: Theme { canvas.theme }

    init(canvas: Canvas) { self.canvas = canvas }

    func draw(_ search: Search, window: PixelSize, top: Int, time: Double) {
        let m = Metrics.fieldPadding
        let bar = Search.barFrame(window: window, top: top, inset: m)
        canvas.fill(bar, theme.panel)
        canvas.outline(bar, theme.accent, width: Metrics.stroke)
        guard let text = canvas.text else { return }
        // Translators: before the query typed in the search bar (the space after the colon is kept).
        let label = tr("Search authors: ")
        let y = bar.y + (bar.height - text.lineHeight(.body)) / 2
        var x = bar.x + m + text.draw(label, .body, x: bar.x + m, y: y, color: theme.dimText)
        if search.field.selectsAll {
            canvas.fill(Rect(x: x, y: y, width: min(text.width(of: search.field.display, .body), bar.maxX - x - m),
                             height: text.lineHeight(.body)), theme.selection)
        }
        x += text.draw(search.field.display, .body, x: x, y: y, color: theme.text, maxWidth: bar.maxX - x - m)
        if time.truncatingRemainder(dividingBy: 1) < 0.5 {
            canvas.fill(Rect(x: x + 1, y: y, width: Metrics.stroke, height: text.lineHeight(.body)), theme.text)
        }
    }
}

/// The help overlay: every gesture and binding of the key map, by screen, laid out by `HelpLayout` (one column or
/// two, wrapped), scrolled as the overlay says; it tells the overlay how tall the sheet is and how much shows.
final class HelpView {
    private let canvas: Canvas
    private var theme: Theme { canvas.theme }
    /// The last layout, kept while the sheet and the width stay the same (it measures every line).
    private var planned: (sections: [HelpSheet.Section], width: Int, layout: HelpLayout)?

    init(canvas: Canvas) { self.canvas = canvas }

    func draw(_ overlay: HelpOverlay, sections: [HelpSheet.Section], window: PixelSize, top: Int) {
        canvas.fill(Rect(x: 0, y: top, width: window.width, height: window.height - top), theme.scrim)
        let side = window.width < 600 ? Metrics.margin / 2 : Metrics.panelMargin
        let panel = Rect(x: side, y: top + Metrics.margin / 2, width: window.width - 2 * side,
                         height: window.height - top - Metrics.margin)
        canvas.fill(panel, theme.panel)
        guard let text = canvas.text else { return }
        let pad = window.width < 600 ? Metrics.fieldPadding : Metrics.panelPadding
        let line = text.lineHeight(.body) + Metrics.inset
        let titleY = panel.y + Metrics.fieldPadding
        text.draw(tr("Keys and gestures"), .title, x: panel.x + pad, y: titleY, color: theme.text, maxWidth: panel.width - 2 * pad)
        let area = Rect(x: panel.x + pad, y: titleY + text.lineHeight(.title) + Metrics.padding,
                        width: panel.width - 2 * pad, height: 0)
        let bottom = panel.maxY - Metrics.padding - line
        let layout: HelpLayout
        if let planned, planned.sections == sections, planned.width == area.width { layout = planned.layout } else {
            layout = HelpLayout.plan(sections, width: area.width, lineHeight: line) { text.width(of: $0, .body) }
            planned = (sections, area.width, layout)
        }
        overlay.contentHeight = layout.height
        overlay.viewHeight = bottom - area.y
        for item in layout.items {
            let y = area.y + item.y - overlay.scroll
            guard y >= area.y, y + line <= bottom + Metrics.inset else { continue }
            switch item.kind {
            case .heading: text.draw(item.text, .bold, x: area.x + item.x, y: y, color: theme.accent)
            case .keys: text.draw(item.text, .body, x: area.x + item.x, y: y, color: theme.text)
            case .action: text.draw(item.text, .body, x: area.x + item.x, y: y, color: theme.dimText)
            }
        }
        // The foot says how to close it, and that there is more when there is.
        // Translators: the help sheet's foot; Esc, ? and ↓ are keys.
        let foot = overlay.hasMore ? tr("More below: scroll, drag or ↓ · Esc or ? closes") : tr("Esc, ? or a click closes")
        text.draw(foot, .body, x: area.x, y: bottom + Metrics.inset, color: overlay.hasMore ? theme.accent : theme.dimText,
                  maxWidth: area.width)
    }
}
