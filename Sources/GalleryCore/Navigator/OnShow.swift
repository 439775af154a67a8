/// What the rooms show now, gathered from the stacks for those who work each frame on what shows: the image layer
/// (the large images, whether cells are wanted), the clips (what plays), the place keeper (the photos on show) and
/// the toast (where its foot may come down to). It keeps nothing: each answer is asked of the rooms when it is read.
public struct OnShow {
    unowned let gallery: GalleryModel

    /// Photos shown large now (the overlays', innermost first, then the screen's): wanted before any cell.
    public var largeImages: [LargeImage] {
        gallery.overlays.reversed().flatMap { $0.largeImages(in: gallery) } + gallery.screen.largeImages(in: gallery)
    }

    /// The moving pictures that play now: the innermost room's alone (the pane's clip, not the wall's under it).
    public var playRequests: [PlayRequest] { gallery.innermost.playRequests(in: gallery) }

    /// Whether the screen shows a wall of cells (the slideshow and the welcome screen do not).
    public var showsCells: Bool { gallery.screen.wall != nil }

    /// The photo the show stands at, for its place in the user's library (`ShowPlace`): the slideshow's, else the
    /// wall's (nil on other screens, or before any photo).
    public var photoOnShow: Photo? { photosOnShow.last }

    /// Every photo on show, as the screen says (`Screen.photosOnShow`): the slideshow's once on screen, else the
    /// wall's focused one or the one at its top edge.
    public var photosOnShow: [Photo] { gallery.screen.photosOnShow(in: gallery) }

    /// Where the toast's foot may come down to: where an overlay keeping its text clear says (the pane), else the
    /// window's foot.
    public var toastFloor: Int {
        gallery.overlays.reversed().lazy.compactMap { $0.toastFloor(in: gallery) }.first ?? gallery.viewport.size.height
    }
}
