import GalleryCore

/// Draws the header: the title and the clock on the left, the status (and a note or problem under it) on the
/// right, and a thin progress bar along its bottom edge while anything loads.
final class HeaderView {
    private let canvas: Canvas
    private var theme: Theme { canvas.theme }

    init(canvas: Canvas) { self.canvas = canvas }

    /// `filled`: the share of visible cells that have their image, for the progress bar.
    func draw(width: Int, height: Int, status: HeaderStatus, name: String?, clock: String, time: Double,
              filled: Double) {
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
        text.drawClock(clock, x: x, y: titleY, color: theme.accent)

        let summaryY = status.problem == nil && status.note == nil ? (height - text.lineHeight(.body)) / 2 : 5
        let summary = text.fit(status.summary, .body, maxWidth: width / 2)
        text.draw(summary, .body, x: width - 16 - text.width(of: summary, .body), y: summaryY, color: theme.dimText)
        if let second = status.problem ?? status.note {
            let color = status.problem != nil ? theme.errorText : theme.dimText
            let line = text.fit(second, .body, maxWidth: width / 2)
            text.draw(line, .body, x: width - 16 - text.width(of: line, .body), y: summaryY + text.lineHeight(.body),
                      color: color)
        }
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
