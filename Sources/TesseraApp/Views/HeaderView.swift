import GalleryCore

/// Draws the header: the title and the clock on the left, the status (and a note or problem under it) on the
/// right, and a thin progress bar along its bottom edge while anything loads.
final class HeaderView {
    private let canvas: Canvas
    private var theme: Theme { canvas.theme }

    init(canvas: Canvas) { self.canvas = canvas }

    /// What the last whole header showed apart from the clock, and where its clock went.
    private struct Drawn: Equatable {
        let width: Int, height: Int, status: HeaderStatus, name: String?
    }
    private var drawn: Drawn?
    private var clockArea: Rect?

    /// Redraws the clock alone when nothing else in the header changed since it was last drawn whole (and no
    /// progress bar moves); returns the area drawn, or nil when the whole header must be drawn.
    func drawClockAlone(width: Int, height: Int, status: HeaderStatus, name: String?, clock: String) -> Rect? {
        guard let text = canvas.text, let area = clockArea, !status.isBusy,
              drawn == Drawn(width: width, height: height, status: status, name: name) else { return nil }
        canvas.fill(area, theme.header)
        text.drawClock(clock, x: area.x, y: area.y, color: theme.accent)
        return area
    }

    /// `filled`: the share of visible cells that have their image, for the progress bar.
    func draw(width: Int, height: Int, status: HeaderStatus, name: String?, clock: String, time: Double,
              filled: Double) {
        drawn = Drawn(width: width, height: height, status: status, name: name)
        clockArea = nil
        canvas.fill(Rect(x: 0, y: 0, width: width, height: height), theme.header)
        canvas.fill(Rect(x: 0, y: height - 1, width: width, height: 1), theme.headerRule)
        if status.isBusy { drawProgress(width: width, y: height - 3, time: time, filled: filled) }
        guard let text = canvas.text else { return }
        let titleY = (height - text.lineHeight(.title)) / 2
        var x = 16 + text.draw("Tessera", .title, x: 16, y: titleY, color: theme.text) + 20
        // "Ada Lovelace · 14:03:27.512": the name, cut to leave room for the clock and the status.
        if let name {
            x += text.draw(name + " · ", .title, x: x, y: titleY, color: theme.text, maxWidth: max(40, width / 2 - x - 180))
        }
        let clockWidth = text.drawClock(clock, x: x, y: titleY, color: theme.accent)
        // A little wider than drawn: a digit's glyph may reach past its advance.
        let clockRect = Rect(x: x, y: titleY, width: clockWidth + 4, height: text.lineHeight(.title))

        let summaryY = status.problem == nil && status.note == nil ? (height - text.lineHeight(.body)) / 2 : 5
        let summary = text.fit(status.summary, .body, maxWidth: width / 2)
        var statusLeft = width - 16 - text.width(of: summary, .body)
        text.draw(summary, .body, x: statusLeft, y: summaryY, color: theme.dimText)
        if let second = status.problem ?? status.note {
            let color = status.problem != nil ? theme.errorText : theme.dimText
            let line = text.fit(second, .body, maxWidth: width / 2)
            text.draw(line, .body, x: width - 16 - text.width(of: line, .body), y: summaryY + text.lineHeight(.body),
                      color: color)
            statusLeft = min(statusLeft, width - 16 - text.width(of: line, .body))
        }
        // The clock is redrawn alone only where that cannot paint over the status (a narrow window overlaps them).
        clockArea = clockRect.maxX <= statusLeft ? clockRect : nil
    }

    /// How much of the screen has its images, and a moving segment while busy.
    private func drawProgress(width: Int, y: Int, time: Double, filled: Double) {
        var accent = theme.accent
        accent.a = 110
        canvas.fill(Rect(x: 0, y: y, width: Int(Double(width) * filled), height: 2), accent)
        let segment = width / 5
        let phase = time.truncatingRemainder(dividingBy: 1.2) / 1.2
        canvas.fill(Rect(x: Int(phase * Double(width + segment)) - segment, y: y, width: segment, height: 2), theme.accent)
    }
}
