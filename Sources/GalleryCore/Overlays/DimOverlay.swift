import Foundation

/// The kiosk's dimming drawn (`--dim`, `--night-clock` where nothing sets the display's brightness): black over the
/// whole picture at `Kiosk.drawnDarkness`, above everything else, awake or as the night clock. Asked each frame (a
/// comparison), it changes only at the week's edges.
public final class DimOverlay: OverlayModel {
    public let traits = OverlayTraits(placement: OverlayPlacement(.fullScreen), scenes: [.awake, .asleep],
                                      shiftShare: 0, turnsWithPicture: false, refresh: .everyFrame, depth: .top)
    /// The black's opacity now, 0…1.
    public private(set) var darkness = 0.0

    public init() {}

    /// Installed only for a kiosk's week that dims.
    public convenience init?(config: GalleryConfig) {
        guard config.dimsByWeek else { return nil }
        self.init()
    }

    public func refresh(_ context: OverlayContext) -> Bool {
        let now = min(1, max(0, context.gallery.kiosk?.drawnDarkness ?? 0))
        defer { darkness = now }
        return now != darkness
    }

    public func shows(in gallery: GalleryModel) -> Bool { darkness > 0 }

    /// "dimmed to 30 %", for the remote (what the screen shows).
    public var words: String? {
        guard darkness > 0 else { return nil }
        // Translators: how bright the frame is drawn while dimmed; {percent} is a number ("30").
        return tr("dimmed to {percent} %", ["percent": Words.language.number(Int(((1 - darkness) * 100).rounded()))])
    }
}
