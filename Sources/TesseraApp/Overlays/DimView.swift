import GalleryCore

/// Draws the kiosk's drawn dimming: black over the whole window at the model's darkness.
final class DimView: OverlayView {
    private let dim: DimOverlay

    init(_ dim: DimOverlay) { self.dim = dim }

    func size(pen: OverlayPen, gallery: GalleryModel) -> PixelSize? { nil }

    func draw(in frame: Rect, pen: OverlayPen, gallery: GalleryModel) {
        pen.fill(frame, RGBA(0, 0, 0, UInt8((dim.darkness * 255).rounded())))
    }
}
