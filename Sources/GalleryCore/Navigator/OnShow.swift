extension GalleryModel {
    /// The photo the show stands at, for its place in the user's library (`ShowPlace`): the slideshow's, else the
    /// wall's (nil on other screens, or before any photo).
    public var photoOnShow: Photo? { photosOnShow.last }

    /// Every photo on show, as the screen says (`Screen.photosOnShow`): the slideshow's once on screen, else the
    /// wall's focused one or the one at its top edge.
    public var photosOnShow: [Photo] { screen.photosOnShow(in: self) }

    /// Where the toast's foot may come down to: where an overlay keeping its text clear says (the pane), else the
    /// window's foot.
    public var toastFloor: Int { overlays.reversed().lazy.compactMap { $0.toastFloor(in: self) }.first ?? viewport.size.height }
}
