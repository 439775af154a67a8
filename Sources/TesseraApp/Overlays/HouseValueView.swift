import GalleryCore

/// Draws the house's values, a line each, stacked in their corner (right-aligned in a right one): light words with a
/// shadow on the soft shade the clock, the weather and the calendar stand on (`SoftShade`, feathered, never a hard
/// box), so they read on a white sky and a black night alike; a stale value dimmer. Sized to the window (`Sizes`) in
/// `LargeType`, then fitted to the room between the window's insets (`OverlayLineFit`: smaller, then cut with an
/// ellipsis); where it has no font, the header's title lettering. Lines are measured when they or the window change,
/// never per frame.
final class HouseValueView: OverlayView {
    private let values: HouseValueOverlay

    static let ink = RGBA(245, 245, 245, 255)
    /// A stale value's words: still read, plainly not as bright as a live one.
    static let staleInk = RGBA(160, 160, 160, 255)
    static let shadow = RGBA(0, 0, 0, 150)
    static let shade = RGBA(0, 0, 0, 160)

    /// Sizes for a window `height` tall: a line 3.5 % of it (38 px at 1080, read across a kitchen).
    struct Sizes: Equatable {
        let pixels, gap, reach, shadow: Int
        init(height: Int) {
            let h = Double(max(200, height))
            pixels = Int(h * 0.035); gap = Int(h * 0.006); reach = Int(h * 0.03); shadow = max(1, Int(h * 0.0018))
        }
    }

    /// The lines as drawn (fitted) with their size in pixels and each one's measure.
    private struct Fitted {
        let lines: [String], window: PixelSize, pixels: Int, drawn: [String], sizes: [PixelSize]
    }

    private var fitted: Fitted?

    init(_ values: HouseValueOverlay) { self.values = values }

    private func fit(_ pen: OverlayPen, window: PixelSize) -> Fitted {
        if let fitted, fitted.lines == values.lines, fitted.window == window { return fitted }
        let s = Sizes(height: window.height)
        // The room across: the window less the overlay's inset on both sides (the shade reaches into the inset).
        let room = max(1, window.width - 2 * HouseValueOverlay.inset)
        let result: Fitted
        if let type = pen.canvas.large {
            let (pixels, drawn) = OverlayLineFit.fit(values.lines, pixels: s.pixels, width: room) {
                type.size(of: $0, $1, .bold).width
            }
            result = Fitted(lines: values.lines, window: window, pixels: pixels, drawn: drawn,
                            sizes: drawn.map { type.size(of: $0, pixels, .bold) })
        } else {
            let drawn = values.lines.map { TextFit.fit($0, width: room) { pen.width(of: $0, .title) } }
            result = Fitted(lines: values.lines, window: window, pixels: s.pixels, drawn: drawn,
                            sizes: drawn.map { PixelSize(width: pen.width(of: $0, .title), height: pen.lineHeight(.title)) })
        }
        fitted = result
        return result
    }

    func size(pen: OverlayPen, gallery: GalleryModel) -> PixelSize? {
        guard pen.writes, !values.lines.isEmpty else { return nil }
        let window = gallery.viewport.size, all = fit(pen, window: window).sizes
        return PixelSize(width: all.map(\.width).max() ?? 0,
                         height: all.map(\.height).reduce(0, +) + Sizes(height: window.height).gap * (all.count - 1))
    }

    func draw(in frame: Rect, pen: OverlayPen, gallery: GalleryModel) {
        let canvas = pen.canvas, window = gallery.viewport.size, s = Sizes(height: window.height)
        let lines = fit(pen, window: window)
        guard lines.drawn.count == values.lines.count, values.stale.count == values.lines.count else { return }
        canvas.shade.draw(over: frame, reach: s.reach, color: HouseValueView.shade, opacity: canvas.opacity)
        let right = frame.x + frame.width / 2 > window.width / 2
        var y = frame.y
        for ((line, size), stale) in zip(zip(lines.drawn, lines.sizes), values.stale) {
            let x = right ? frame.maxX - size.width : frame.x
            let ink = stale ? HouseValueView.staleInk : HouseValueView.ink
            if let type = canvas.large {
                type.draw(line, lines.pixels, .bold, x: x + s.shadow, y: y + s.shadow, color: HouseValueView.shadow,
                          opacity: canvas.opacity)
                type.draw(line, lines.pixels, .bold, x: x, y: y, color: ink, opacity: canvas.opacity)
            } else {
                pen.write(line, .title, x: x + 1, y: y + 1, color: HouseValueView.shadow)
                pen.write(line, .title, x: x, y: y, color: ink)
            }
            y += size.height + s.gap
        }
    }
}
