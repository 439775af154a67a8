import GalleryCore

/// Draws the frame's name and address (`IdentifyOverlay`) large in the middle of the window, on a dark band that
/// reads over any photo: the name about 9 % of the window's height (readable across a room), the address below it
/// at about half that. In `LargeType`; where it has no font, the header's title lettering.
final class IdentifyView: OverlayView {
    private let card: IdentifyOverlay

    static let ink = RGBA(245, 245, 245, 255)
    static let band = RGBA(0, 0, 0, 200)

    /// Sizes for a window `height` tall.
    struct Sizes: Equatable {
        let name, address, gap, padding: Int
        init(height: Int) {
            let h = Double(max(200, height))
            name = Int(h * 0.09); address = Int(h * 0.045); gap = Int(h * 0.015); padding = Int(h * 0.03)
        }
    }

    init(_ card: IdentifyOverlay) { self.card = card }

    private typealias Line = (text: String, pixels: Int, size: PixelSize)
    /// The lines measured last, for what they were measured for (measured when the words or the window change, never
    /// per frame).
    private var measured: (name: String, address: String?, window: PixelSize, lines: [Line])?

    /// The lines, each with its measure, fitted to the window's width.
    private func lines(_ pen: OverlayPen, window: PixelSize) -> [Line] {
        if let measured, measured.name == card.name, measured.address == card.address, measured.window == window {
            return measured.lines
        }
        let made = measure(pen, window: window)
        measured = (card.name, card.address, window, made)
        return made
    }

    private func measure(_ pen: OverlayPen, window: PixelSize) -> [Line] {
        let s = Sizes(height: window.height)
        let room = max(1, window.width - 4 * s.padding)
        let wanted = [(card.name, s.name)] + (card.address.map { [($0, s.address)] } ?? [])
        return wanted.filter { !$0.0.isEmpty }.map { text, pixels in
            if let type = pen.canvas.large {
                let (fitted, drawn) = OverlayLineFit.fit([text], pixels: pixels, width: room) { type.size(of: $0, $1, .bold).width }
                let line = drawn.first ?? text
                return (line, fitted, type.size(of: line, fitted, .bold))
            }
            return (text, pixels, PixelSize(width: pen.width(of: text, .title), height: pen.lineHeight(.title)))
        }
    }

    func size(pen: OverlayPen, gallery: GalleryModel) -> PixelSize? {
        guard pen.writes, card.isShowing else { return nil }
        let window = gallery.viewport.size, s = Sizes(height: window.height), all = lines(pen, window: window)
        guard !all.isEmpty else { return nil }
        let height = all.map(\.size.height).reduce(0, +) + s.gap * (all.count - 1) + 2 * s.padding
        return PixelSize(width: min(window.width, (all.map(\.size.width).max() ?? 0) + 4 * s.padding), height: height)
    }

    func draw(in frame: Rect, pen: OverlayPen, gallery: GalleryModel) {
        let window = gallery.viewport.size, s = Sizes(height: window.height)
        pen.fill(frame, IdentifyView.band)
        var y = frame.y + s.padding
        for line in lines(pen, window: window) {
            let x = frame.x + (frame.width - line.size.width) / 2
            if let type = pen.canvas.large {
                type.draw(line.text, line.pixels, .bold, x: x, y: y, color: IdentifyView.ink)
            } else {
                pen.write(line.text, .title, x: x, y: y, color: IdentifyView.ink)
            }
            y += line.size.height + s.gap
        }
    }
}
