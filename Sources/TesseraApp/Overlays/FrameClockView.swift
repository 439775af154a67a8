import GalleryCore

/// Draws the frame's clock: light words with a light shadow on a soft dark shade (`SoftShade`), so they read on a
/// white sky and a black night alike; the shade spans the window in a band. The small clock is in the header's title
/// lettering; large and huge are `LargeType` at the sizes `ClockLayout` gives the window. The layout is worked out
/// when the words or the window change (once a minute), never per frame; so are the words' textures.
final class FrameClockView: StillOverlayView {
    private let clock: FrameClockOverlay

    /// The words, measured and placed in the box, for the words and window they were measured for.
    private struct Layout {
        let text: String, date: String?, window: PixelSize
        let timePixels: Int, datePixels: Int
        let size: PixelSize, time: Rect, dateFrame: Rect?
        /// How far inside the box the shade's feather begins and how far out of it it reaches; the shadow's offset.
        let core: Int, reach: Int, shadow: Int
    }
    private var layout: Layout?

    /// The words' colour, the shadow's and the shade's (its darkest, over the box).
    static let ink = RGBA(245, 245, 245, 255)
    static let shadow = RGBA(0, 0, 0, 150)
    static let shade = RGBA(0, 0, 0, 150)

    init(_ clock: FrameClockOverlay) { self.clock = clock }

    func size(pen: OverlayPen, gallery: GalleryModel) -> PixelSize? {
        guard pen.writes, !clock.text.isEmpty else { return nil }
        return measured(pen, window: gallery.viewport.size)?.size
    }

    private func measured(_ pen: OverlayPen, window: PixelSize) -> Layout? {
        if let layout, layout.text == clock.text, layout.date == clock.dateLine, layout.window == window {
            return layout
        }
        layout = clock.style.size == .small ? small(pen, window: window) : large(pen, window: window)
        return layout
    }

    /// The header's title for the time, its body for the date.
    private func small(_ pen: OverlayPen, window: PixelSize) -> Layout {
        let time = PixelSize(width: pen.width(of: clock.text, .title), height: pen.lineHeight(.title))
        let date = clock.dateLine.map { PixelSize(width: pen.width(of: $0, .body), height: pen.lineHeight(.body)) }
        let box = ClockLayout.arrange(time: time, date: date, spot: pen.laidOut(clock.style.spot))
        return Layout(text: clock.text, date: clock.dateLine, window: window, timePixels: 0, datePixels: 0,
                      size: box.size, time: box.time, dateFrame: box.date, core: time.height / 4,
                      reach: time.height / 2, shadow: 1)
    }

    /// Sized to the window, smaller where the words would not fit across it.
    private func large(_ pen: OverlayPen, window: PixelSize) -> Layout? {
        guard let type = pen.canvas.large, let nominal = ClockLayout.timePixels(clock.style.size, window: window) else {
            return nil
        }
        let ems = { (words: String, pixels: Int) in Double(type.size(of: words, pixels, .bold).width) / Double(pixels) }
        let dateNominal = Int(Double(nominal) * ClockLayout.dateShare)
        guard let letters = ClockLayout.lettering(clock.style.size, window: window, timeEms: ems(clock.text, nominal),
                                                  dateEms: clock.dateLine.map { ems($0, dateNominal) }) else { return nil }
        let time = type.size(of: clock.text, letters.time, .bold)
        let date = clock.dateLine.map { type.size(of: $0, letters.date, .bold) }
        let box = ClockLayout.arrange(time: time, date: date, spot: pen.laidOut(clock.style.spot))
        return Layout(text: clock.text, date: clock.dateLine, window: window, timePixels: letters.time,
                      datePixels: letters.date, size: box.size, time: box.time, dateFrame: box.date,
                      core: Int(Double(letters.time) * ClockLayout.shadeCore),
                      reach: Int(Double(letters.time) * ClockLayout.shadeReach), shadow: max(1, letters.time / 40))
    }

    func draw(in frame: Rect, pen: OverlayPen, gallery: GalleryModel) {
        guard let layout = measured(pen, window: gallery.viewport.size) else { return }
        let canvas = pen.canvas, opacity = canvas.opacity
        // A band's shade runs across the window (and past its sides, so no edge shows); elsewhere round the box.
        var shaded = frame
        if clock.style.spot == .topBand || clock.style.spot == .bottomBand {
            shaded = Rect(x: -layout.reach, y: frame.y, width: layout.window.width + 2 * layout.reach, height: frame.height)
        }
        let c = layout.core
        let core = Rect(x: shaded.x + c, y: shaded.y + c, width: shaded.width - 2 * c, height: shaded.height - 2 * c)
        canvas.shade.draw(over: core, reach: layout.reach + c, color: FrameClockView.shade, opacity: opacity)
        let time = layout.time.offsetBy(dx: frame.x, dy: frame.y)
        let date = layout.dateFrame?.offsetBy(dx: frame.x, dy: frame.y)
        for (color, d) in [(FrameClockView.shadow, layout.shadow), (FrameClockView.ink, 0)] {
            if clock.style.size == .small {
                pen.write(clock.text, .title, x: time.x + d, y: time.y + d, color: color)
                if let line = clock.dateLine, let date { pen.write(line, .body, x: date.x + d, y: date.y + d, color: color) }
            } else if let type = canvas.large {
                type.draw(clock.text, layout.timePixels, .bold, x: time.x + d, y: time.y + d, color: color, opacity: opacity)
                if let line = clock.dateLine, let date {
                    type.draw(line, layout.datePixels, .bold, x: date.x + d, y: date.y + d, color: color, opacity: opacity)
                }
            }
        }
    }
}
