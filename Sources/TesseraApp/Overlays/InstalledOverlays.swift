import GalleryCore

/// The overlay layer's registry: one line an overlay, its model from the configuration and its view. A new overlay
/// (a weather, a calendar) is a model in `GalleryCore/Overlays`, a view here, and a line below; the order is the
/// order they are drawn in.
@_spi(Overlays) public enum InstalledOverlays {
    public static let all: [OverlayEntry] = [
        OverlayEntry("captions", model: { _ in CaptionsOverlay() }, view: CaptionsView.init),
        OverlayEntry("clock", model: FrameClockOverlay.init(config:), view: FrameClockView.init),
        OverlayEntry("toasts", model: { _ in ToastOverlay() }, view: ToastView.init),
    ]
}
