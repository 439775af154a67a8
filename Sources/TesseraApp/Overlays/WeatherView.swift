import GalleryCore

/// Draws the weather in its corner: the temperature large with its icon, today's condition with its highest and
/// lowest under it, the next days in a compact row, the age when old; light words with a shadow on a soft shade
/// (`SoftShade`), so they read on a white sky and a black night alike. Sizes follow the window's height, then the
/// box is fitted to the room across the window between its insets (`OverlayLineFit`: every size smaller in the same
/// few steps; at the smallest, days that do not fit are left off the row and words still too wide are cut with an
/// ellipsis), worked out when what shows or the window changes, never per frame. Text is `LargeType` and icons the
/// icon font, both rendered at the display's size (crisp, never a picture stretched). Lines line up on the corner's
/// side (right in a right corner).
final class WeatherView: StillOverlayView {
    private let weather: WeatherOverlay

    init(_ weather: WeatherOverlay) { self.weather = weather }

    static let words = RGBA(246, 246, 246, 235)
    static let dim = RGBA(236, 236, 236, 230)
    static let shadow = RGBA(0, 0, 0, 150)
    static let shade = RGBA(0, 0, 0, 150)

    /// Sizes in logical pixels for a window `height` tall: the temperature 7.5 % of it; all of them `share` of that
    /// when the window is too narrow for the box (`OverlayLineFit.steps`).
    struct Sizes {
        let temperature, icon, line, small, gap, reach, shadow: Int
        init(height: Int, share: Double = 1) {
            let h = Double(max(200, height)), k = h * share
            temperature = Int(k * 0.075); icon = Int(k * 0.08); line = Int(k * 0.028); small = Int(k * 0.023)
            gap = Int(k * 0.012); reach = Int(h * 0.075); shadow = max(1, Int(h * 0.0018))
        }
    }

    /// One line of the box: words and icons placed left to right, and its size.
    private struct Line {
        enum Piece { case words(String, Int, LargeType.Weight, RGBA, PixelSize), icon(Icon, Int), space(Int) }
        var pieces: [Piece] = []
        var width = 0, height = 0
    }

    /// The lines laid out for what shows and the window, with the sizes they were fitted at, measured once (shaping
    /// text is not free).
    private var laidOut: (shown: WeatherOverlay.Shown, window: PixelSize, sizes: Sizes, lines: [Line])?

    private func lines(_ shown: WeatherOverlay.Shown, type: LargeType, window: PixelSize) -> (sizes: Sizes, lines: [Line]) {
        if let laidOut, laidOut.shown == shown, laidOut.window == window { return (laidOut.sizes, laidOut.lines) }
        // The room across: the window less the overlay's inset on both sides (the shade reaches into the inset).
        let room = max(1, window.width - 2 * WeatherOverlay.inset)
        let found = OverlayLineFit.share(fitting: room) { share in
            WeatherView.layout(shown, type: type, sizes: Sizes(height: window.height, share: share), room: nil)
                .map(\.width).max() ?? 0
        }
        let sizes = Sizes(height: window.height, share: found.share)
        let result = WeatherView.layout(shown, type: type, sizes: sizes, room: found.fits ? nil : room)
        laidOut = (shown, window, sizes, result)
        return (sizes, result)
    }

    /// The box's lines at `sizes`; with a `room`, each made to fit it (the row keeps the days that fit, at least
    /// one; a line's last words are cut with an ellipsis).
    private static func layout(_ shown: WeatherOverlay.Shown, type: LargeType, sizes s: Sizes, room: Int?) -> [Line] {
        func words(_ text: String, _ px: Int, _ weight: LargeType.Weight, _ color: RGBA) -> Line.Piece {
            .words(text, px, weight, color, type.size(of: text, px, weight))
        }
        func line(_ pieces: [Line.Piece]) -> Line {
            var l = Line(pieces: pieces)
            for piece in pieces {
                switch piece {
                case .words(_, _, _, _, let size): l.width += size.width; l.height = max(l.height, size.height)
                case .icon(_, let px): l.width += px; l.height = max(l.height, px)
                case .space(let px): l.width += px
                }
            }
            return l
        }
        /// `pieces` as a line no wider than `room`: its last words cut to what the rest leaves.
        func fitted(_ pieces: [Line.Piece]) -> Line {
            let whole = line(pieces)
            guard let room, whole.width > room,
                  let last = pieces.lastIndex(where: { if case .words = $0 { true } else { false } }),
                  case .words(let text, let px, let weight, let color, let size) = pieces[last] else { return whole }
            let left = room - (whole.width - size.width)
            var cut = pieces
            cut[last] = words(TextFit.fit(text, width: left) { type.size(of: $0, px, weight).width }, px, weight, color)
            return line(cut)
        }
        func row(_ days: ArraySlice<WeatherOverlay.Shown.Day>) -> [Line.Piece] {
            var pieces: [Line.Piece] = []
            for (i, day) in days.enumerated() {
                if i > 0 { pieces.append(.space(s.gap * 2)) }
                pieces += [words(day.weekday, s.small, .bold, WeatherView.dim), .space(s.gap / 2), .icon(day.icon, s.small),
                           .space(s.gap / 2), words("\(day.high) \(day.low)", s.small, .regular, WeatherView.dim)]
            }
            return pieces
        }
        var result = [fitted([.icon(shown.icon, s.icon), .space(s.gap), words(shown.temperature, s.temperature, .bold, WeatherView.words)])]
        let today = shown.today.map { "  \($0)" } ?? ""
        result.append(fitted([words(shown.condition + today, s.line, .regular, WeatherView.words)]))
        if !shown.days.isEmpty {
            var count = shown.days.count
            if let room { while count > 1, line(row(shown.days.prefix(count))).width > room { count -= 1 } }
            result.append(fitted(row(shown.days.prefix(count))))
        }
        if let age = shown.age { result.append(fitted([words(age, s.small, .regular, WeatherView.dim)])) }
        return result
    }

    func size(pen: OverlayPen, gallery: GalleryModel) -> PixelSize? {
        guard let shown = weather.shown, let type = pen.canvas.large else { return nil }
        let (s, all) = lines(shown, type: type, window: gallery.viewport.size)
        return PixelSize(width: all.map(\.width).max() ?? 0, height: all.map(\.height).reduce(0, +) + s.gap * (all.count - 1))
    }

    func draw(in frame: Rect, pen: OverlayPen, gallery: GalleryModel) {
        guard let shown = weather.shown, let type = pen.canvas.large else { return }
        let canvas = pen.canvas, opacity = canvas.opacity
        let (s, laid) = lines(shown, type: type, window: gallery.viewport.size)
        canvas.shade.draw(over: frame, reach: s.reach, color: WeatherView.shade, opacity: opacity)
        let rightAligned = [.topRight, .bottomRight].contains(pen.laidOut(weather.settings.corner))
        var y = frame.y
        for line in laid {
            var x = rightAligned ? frame.maxX - line.width : frame.x
            for piece in line.pieces {
                switch piece {
                case .words(let text, let px, let weight, let color, let size):
                    let top = y + (line.height - size.height) / 2
                    type.draw(text, px, weight, x: x + s.shadow, y: top + s.shadow, color: WeatherView.shadow, opacity: opacity)
                    type.draw(text, px, weight, x: x, y: top, color: color, opacity: opacity)
                    x += size.width
                case .icon(let icon, let px):
                    let box = Rect(x: x, y: y + (line.height - px) / 2, width: px, height: px)
                    canvas.icon(icon, size: px, in: box.offsetBy(dx: s.shadow, dy: s.shadow), color: WeatherView.shadow)
                    canvas.icon(icon, size: px, in: box, color: WeatherView.words)
                    x += px
                case .space(let px): x += px
                }
            }
            y += line.height + s.gap
        }
    }
}
