import Foundation

/// The frame's own quiet clock (`--clock CORNER`): the time in minutes in its corner of the slideshow. Asked each
/// second (each frame when it shows milliseconds), it changes, and so redraws, once a minute.
public final class FrameClockOverlay: OverlayModel {
    public let traits: OverlayTraits
    public let showsMilliseconds: Bool
    /// What it shows now ("07:05"; "07:05:09.120" with milliseconds).
    public private(set) var text = ""

    /// Off the window's edges: twice the window's margin.
    public static let inset = 32

    public init(corner: ClockCorner, showsMilliseconds: Bool = false) {
        self.showsMilliseconds = showsMilliseconds
        let spot: OverlayPlacement.Spot
        switch corner {
        case .topLeft: spot = .topLeft
        case .topRight: spot = .topRight
        case .bottomLeft: spot = .bottomLeft
        case .bottomRight: spot = .bottomRight
        }
        traits = OverlayTraits(placement: OverlayPlacement(spot, inset: FrameClockOverlay.inset), scenes: .slideshow,
                               refresh: showsMilliseconds ? .everyFrame : .every(seconds: 1))
    }

    /// The clock `--clock` asks for, if any.
    public convenience init?(config: GalleryConfig) {
        guard let corner = config.slideClock else { return nil }
        self.init(corner: corner)
    }

    /// Over a photo only, as the slideshow drew it: not over "Waiting for photos…" or the empty feed's words.
    public func shows(in gallery: GalleryModel) -> Bool { (gallery.screen as? FrameScreen)?.showsPhoto ?? true }

    public func refresh(_ context: OverlayContext) -> Bool {
        let full = ClockFormat.now(context.date, timeZone: context.timeZone)
        let shown = showsMilliseconds ? full : String(full.prefix(5))
        defer { text = shown }
        return shown != text
    }
}
