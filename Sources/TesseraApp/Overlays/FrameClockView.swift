import GalleryCore

/// Draws the frame's quiet clock: light on a soft shadow, fixed where the layer puts it.
final class FrameClockView: OverlayView {
    private let clock: FrameClockOverlay

    init(_ clock: FrameClockOverlay) { self.clock = clock }

    func size(pen: OverlayPen, gallery: GalleryModel) -> PixelSize? {
        guard pen.writes, !clock.text.isEmpty else { return nil }
        return PixelSize(width: pen.width(of: clock.text, .title), height: pen.lineHeight(.title))
    }

    func draw(in frame: Rect, pen: OverlayPen, gallery: GalleryModel) {
        pen.write(clock.text, .title, x: frame.x + 1, y: frame.y + 1, color: RGBA(0, 0, 0, 140))
        pen.write(clock.text, .title, x: frame.x, y: frame.y, color: RGBA(240, 240, 240, 210))
    }
}
