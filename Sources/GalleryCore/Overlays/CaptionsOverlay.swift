/// The slideshow's captions (`--caption`): a dark band at the foot of each photo shown, with its date and place
/// (and how long ago, for a memory). The screen says which photos stand where (`FrameScreen`); asked every frame,
/// it changes when the photos do.
public final class CaptionsOverlay: OverlayModel {
    public let traits = OverlayTraits(placement: OverlayPlacement(.fullScreen), scenes: .slideshow, refresh: .everyFrame)
    public private(set) var captions: [PlacedCaption] = []

    public init() {}

    public func refresh(_ context: OverlayContext) -> Bool {
        let now = (context.gallery.screen as? FrameScreen)?.captions(in: context.gallery) ?? []
        defer { captions = now }
        return now != captions
    }

    public var isShowing: Bool { !captions.isEmpty }
    public func shows(in gallery: GalleryModel) -> Bool { isShowing }
}
