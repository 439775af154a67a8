import GalleryCore

/// The overlay layer's registry: one line an overlay, its model from the configuration and its view. A new overlay
/// (a weather, a calendar) is a model in `GalleryCore/Overlays`, a view here, and a line below; the order is the
/// order they are drawn in.
@_spi(Overlays) public enum InstalledOverlays {
    public static let all: [OverlayEntry] = [
        OverlayEntry("captions", model: { _ in CaptionsOverlay() }, view: CaptionsView.init),
        OverlayEntry("clock", model: FrameClockOverlay.init(config:), view: FrameClockView.init),
        OverlayEntry("weather", model: WeatherStation.overlay(config:), view: WeatherView.init),
        OverlayEntry("calendar", model: CalendarService.overlay(config:), view: CalendarView.init),
        OverlayEntry("values", model: HouseValueOverlay.init(config:), view: HouseValueView.init),
        // Over the photos and the other overlays, under the toasts: which frame this is, for ten seconds.
        OverlayEntry("identify", switchable: false, model: { _ in IdentifyOverlay(clock: GalleryApp.now) }, view: IdentifyView.init),
        OverlayEntry("toasts", switchable: false, model: { _ in ToastOverlay() }, view: ToastView.init),
        // Last: the kiosk's dimming drawn over all of it (the owner's dim spells, not a switch of its own).
        OverlayEntry("dim", switchable: false, model: DimOverlay.init(config:), view: DimView.init),
    ]
}
