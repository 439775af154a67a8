extension GalleryModel {
    /// The photo the show stands at, for its place in the user's library (`ShowPlace`): the slideshow's, else the
    /// wall's (nil on other screens, or before any photo).
    public var photoOnShow: Photo? { photosOnShow.last }

    /// Every photo on show: the slideshow's (two when paired) once its image is on screen, else the wall's focused
    /// one or the one at its top edge. A slide whose image is still on its way is chosen, not shown: a power cut then
    /// must not count it.
    public var photosOnShow: [Photo] {
        if let slideshow = screen as? SlideshowScreen {
            return [slideshow.current, slideshow.companion].compactMap { $0 }.filter(slideshow.isOnScreen)
                .compactMap { slideshow.photo($0) }
        }
        return wallPhotoOnShow.map { [$0] } ?? []
    }

    /// The wall's focused photo, else the one at its top edge: the photo the remote's state says the wall shows.
    private var wallPhotoOnShow: Photo? {
        let wall = currentBrowse
        if screen === wall, let focused = wall.focusedIndex, focused < wall.catalog.count {
            return wall.catalog.items[focused].photo
        }
        return wallIndexOnShow.map { wall.catalog.items[$0].photo }
    }

    /// Where the wall's photo at its top edge is in the wall's catalog (nil on other screens, or before any photo).
    public var wallIndexOnShow: Int? {
        guard screen is BrowseScreen else { return nil }
        let wall = currentBrowse
        let top = wall.scrollTop
        guard let first = wall.layout.indices(intersecting: top, top + 1).min() ?? wall.layout.indices(intersecting: top, top + wall.gridHeight).min(),
              first < wall.catalog.items.count else { return nil }
        return first
    }
}
