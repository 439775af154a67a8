import GalleryCore

/// Draws the header: the title and the clock on the left, the status (and a note or problem under it) on the
/// right, and a thin progress bar along its bottom edge while anything loads.
final class HeaderView {
    private let canvas: Canvas
    private var theme: Theme { canvas.theme }

    init(canvas: Canvas) { self.canvas = canvas }

    /// What the last whole header showed apart from the clock, and where its clock went.
    private struct Drawn: Equatable {
        let width: Int, height: Int, status: HeaderStatus, name: String?, toolbar: Toolbar?, hovered: String?
    }
    private var drawn: Drawn?
    private var clockArea: Rect?

    /// Redraws the clock alone when nothing else in the header changed since it was last drawn whole (and no
    /// progress bar moves); returns the area drawn, or nil when the whole header must be drawn.
    func drawClockAlone(width: Int, height: Int, status: HeaderStatus, name: String?, clock: String,
                        toolbar: Toolbar?, hovered: String?) -> Rect? {
        guard let text = canvas.text, let area = clockArea, !status.isBusy,
              drawn == Drawn(width: width, height: height, status: status, name: name, toolbar: toolbar,
                             hovered: hovered) else { return nil }
        canvas.fill(area, theme.header)
        text.drawClock(clock, x: area.x, y: area.y, color: theme.accent)
        return area
    }

    /// `filled`: the share of visible cells that have their image, for the progress bar. The buttons take the
    /// header's right end, as much of it as the name and the clock leave (`model.toolbarRoom`).
    func draw(model: GalleryModel, status: HeaderStatus, clock: String, time: Double, filled: Double) {
        let width = model.viewport.size.width, height = model.config.headerHeight, name = model.user.name
        if let text = canvas.text {
            let left = (name.map { text.width(of: $0 + " · ", .title) } ?? 0) + text.width(of: clock, .title)
            let said = [status.summary, status.problem ?? status.note].compactMap { $0 }
            model.toolbarRoom = HeaderLayout.toolbarRoom(width: width, leftWidth: left,
                                                         statusWidth: said.map { text.width(of: $0, .body) }.max() ?? 0)
        }
        let toolbar = model.toolbar
        drawn = Drawn(width: width, height: height, status: status, name: name, toolbar: toolbar,
                      hovered: toolbar.button(under: model.pointer)?.id)
        clockArea = nil
        canvas.fill(Rect(x: 0, y: 0, width: width, height: height), theme.header)
        canvas.fill(Rect(x: 0, y: height - Metrics.hairline, width: width, height: Metrics.hairline), theme.headerRule)
        if status.isBusy { drawProgress(width: width, y: height - 3, time: time, filled: filled) }
        guard let text = canvas.text else { return }
        let titleY = (height - text.lineHeight(.title)) / 2
        let second = status.problem ?? status.note
        for button in toolbar.buttons {
            Buttons.draw(canvas, button.glyph, in: button.frame, pointer: model.pointer, enabled: button.enabled,
                         lit: button.active, icon: button.icon)
        }
        let layout = HeaderLayout.plan(
            width: width - toolbar.width, name: name, clockWidth: text.width(of: clock, .title),
            status: [status.summary] + (second.map { [$0] } ?? []),
            measureTitle: { text.width(of: $0, .title) }, measureBody: { text.width(of: $0, .body) },
            fitBody: { text.fit($0, .body, maxWidth: $1) }, fitTitle: { text.fit($0, .title, maxWidth: $1) })
        if layout.showsTitle { text.draw("Tessera", .title, x: HeaderLayout.margin, y: titleY, color: theme.text) }
        if let shown = layout.name { text.draw(shown, .title, x: layout.nameX, y: titleY, color: theme.text) }
        let clockWidth = text.drawClock(clock, x: layout.clockX, y: titleY, color: theme.accent)
        // A little wider than drawn: a digit's glyph may reach past its advance.
        let clockRect = Rect(x: layout.clockX, y: titleY, width: clockWidth + Metrics.inset, height: text.lineHeight(.title))
        let lines = layout.statusLines
        var y = lines.count > 1 ? 5 : (height - text.lineHeight(.body)) / 2
        for (i, line) in lines.enumerated() {
            let color = i == 1 && status.problem != nil ? theme.errorText : theme.dimText
            text.draw(line, .body, x: width - toolbar.width - HeaderLayout.margin - text.width(of: line, .body), y: y,
                      color: color)
            y += text.lineHeight(.body)
        }
        // The clock is redrawn alone only where that cannot paint over the status.
        clockArea = clockRect.maxX <= layout.statusLeft ? clockRect : nil
    }

    /// The hovered button's tooltip, under it (drawn over everything, after the overlays).
    func drawTooltip(model: GalleryModel) {
        guard let button = model.toolbar.button(under: model.pointer), let text = canvas.text else { return }
        // A button whose menu or help is open says nothing over what it opened.
        guard !(button.active && !model.overlays.isEmpty) else { return }
        let w = text.width(of: button.tooltip, .body) + 2 * Metrics.padding, h = text.lineHeight(.body) + 2 * Metrics.inset
        let x = min(max(Metrics.inset, button.frame.x + button.frame.width / 2 - w / 2), model.viewport.size.width - w - Metrics.inset)
        let box = Rect(x: x, y: button.frame.maxY + Metrics.spacing, width: w, height: h)
        canvas.fill(box, theme.panel)
        canvas.outline(box, theme.headerRule, width: Metrics.hairline)
        text.draw(button.tooltip, .body, x: box.x + Metrics.padding, y: box.y + Metrics.inset, color: theme.text)
    }

    /// How much of the screen has its images, and a moving segment while busy.
    private func drawProgress(width: Int, y: Int, time: Double, filled: Double) {
        var accent = theme.accent
        accent.a = 110
        canvas.fill(Rect(x: 0, y: y, width: Int(Double(width) * filled), height: 2), accent)
        let segment = width / 5
        let phase = time.truncatingRemainder(dividingBy: 1.2) / 1.2
        canvas.fill(Rect(x: Int(phase * Double(width + segment)) - segment, y: y, width: segment, height: Metrics.stroke), theme.accent)
    }
}
