/// The toast at the foot of the window ("Bookmarked" with Undo), over every room: the model's `Toasts` say what;
/// this says where and when it is drawn. Asked every frame (a comparison), it changes when a toast comes or goes.
public final class ToastOverlay: OverlayModel {
    public let traits = OverlayTraits(placement: OverlayPlacement(.bottomBand, inset: ToastOverlay.inset),
                                      scenes: .awake, refresh: .everyFrame, depth: .top)
    public private(set) var toast: Toast?

    /// Off the foot of its area: the window's margin.
    public static let inset = 16

    public init() {}

    public func refresh(_ context: OverlayContext) -> Bool {
        let now = context.gallery.toasts.current
        defer { toast = now }
        return now?.id != toast?.id
    }

    public var isShowing: Bool { toast != nil }
    public func shows(in gallery: GalleryModel) -> Bool { isShowing }

    /// Above whatever the screen keeps at its foot (the pane's links), else at the window's foot.
    public func area(in gallery: GalleryModel) -> Rect {
        Rect(x: 0, y: 0, width: gallery.viewport.size.width, height: gallery.onShow.toastFloor)
    }
}
