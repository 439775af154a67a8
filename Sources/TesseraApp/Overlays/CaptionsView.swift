import GalleryCore

/// Draws each caption on its dark band at the foot of its photo.
final class CaptionsView: OverlayView {
    private let captions: CaptionsOverlay

    init(_ captions: CaptionsOverlay) { self.captions = captions }

    func size(pen: OverlayPen, gallery: GalleryModel) -> PixelSize? { nil }

    func draw(in frame: Rect, pen: OverlayPen, gallery: GalleryModel) {
        for caption in captions.captions {
            pen.canvas.caption(caption.text, in: caption.photoFrame.offsetBy(dx: frame.x, dy: frame.y), font: .title)
        }
    }
}
