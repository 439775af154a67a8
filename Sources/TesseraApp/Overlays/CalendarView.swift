import Foundation
import GalleryCore

/// Draws the calendar's lines stacked in their corner: light words with a shadow on the soft shade the clock, the
/// weather and the house's values stand on (`SoftShade`, feathered, never a hard box), so they read on snow and on
/// night. Sized to the window in `LargeType` (a line 3.5 % of its height, as the values: read across a room), then
/// fitted to the room between the window's insets (`OverlayLineFit`: smaller, then cut with an ellipsis), so no line
/// runs past the shade or the window, on a 480 px portrait panel too; where it has no font, the header's title
/// lettering, fitted the same way. Lines stand flush with their corner's side; measured when they or the window
/// change, never per frame.
final class CalendarView: StillOverlayView {
    private let calendar: CalendarOverlay

    init(_ calendar: CalendarOverlay) { self.calendar = calendar }

    /// `TESSERA_LOG_CALENDAR`: the lines drawn go to the log when they change (the UI tests read them; otherwise
    /// the titles of a household's events stay out of the journal).
    private static let logsLines = ProcessInfo.processInfo.environment["TESSERA_LOG_CALENDAR"] != nil
    private var logged: [String] = []

    static let shade = RGBA(0, 0, 0, 175)
    static let ink = RGBA(245, 245, 245, 240)
    static let shadow = RGBA(0, 0, 0, 160)

    /// The lines as drawn (fitted), their size in pixels and each one's measure.
    private struct Fitted {
        let lines: [String], window: PixelSize, pixels: Int, drawn: [String], sizes: [PixelSize]
    }

    private var fitted: Fitted?

    private func fit(_ pen: OverlayPen, window: PixelSize) -> Fitted {
        let lines = calendar.lines
        if let fitted, fitted.lines == lines, fitted.window == window { return fitted }
        let s = HouseValueView.Sizes(height: window.height)
        // The room across: the window less the overlay's inset on both sides (the shade reaches into the inset).
        let room = max(1, window.width - 2 * CalendarOverlay.inset)
        let result: Fitted
        if let type = pen.canvas.large {
            let (pixels, drawn) = OverlayLineFit.fit(lines, pixels: s.pixels, width: room) {
                type.size(of: $0, $1, .bold).width
            }
            result = Fitted(lines: lines, window: window, pixels: pixels, drawn: drawn,
                            sizes: drawn.map { type.size(of: $0, pixels, .bold) })
        } else {
            let drawn = lines.map { TextFit.fit($0, width: room) { pen.width(of: $0, .title) } }
            result = Fitted(lines: lines, window: window, pixels: s.pixels, drawn: drawn,
                            sizes: drawn.map { PixelSize(width: pen.width(of: $0, .title), height: pen.lineHeight(.title)) })
        }
        fitted = result
        return result
    }

    func size(pen: OverlayPen, gallery: GalleryModel) -> PixelSize? {
        guard pen.writes, !calendar.lines.isEmpty else { return nil }
        let window = gallery.viewport.size, all = fit(pen, window: window).sizes
        return PixelSize(width: all.map(\.width).max() ?? 0,
                         height: all.map(\.height).reduce(0, +)
                            + HouseValueView.Sizes(height: window.height).gap * (all.count - 1))
    }

    func draw(in frame: Rect, pen: OverlayPen, gallery: GalleryModel) {
        let canvas = pen.canvas, window = gallery.viewport.size, s = HouseValueView.Sizes(height: window.height)
        let lines = fit(pen, window: window)
        if CalendarView.logsLines, lines.drawn != logged {
            logged = lines.drawn
            Log.info("calendar shows: " + logged.joined(separator: " | "))
        }
        canvas.shade.draw(over: frame, reach: s.reach, color: CalendarView.shade, opacity: canvas.opacity)
        let right = frame.x + frame.width / 2 > window.width / 2
        var y = frame.y
        for (line, size) in zip(lines.drawn, lines.sizes) {
            let x = right ? frame.maxX - size.width : frame.x
            if let type = canvas.large {
                type.draw(line, lines.pixels, .bold, x: x + s.shadow, y: y + s.shadow, color: CalendarView.shadow,
                          opacity: canvas.opacity)
                type.draw(line, lines.pixels, .bold, x: x, y: y, color: CalendarView.ink, opacity: canvas.opacity)
            } else {
                pen.write(line, .title, x: x + 1, y: y + 1, color: CalendarView.shadow)
                pen.write(line, .title, x: x, y: y, color: CalendarView.ink)
            }
            y += size.height + s.gap
        }
    }
}
