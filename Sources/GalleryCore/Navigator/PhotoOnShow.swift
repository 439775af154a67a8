extension GalleryModel {
    /// The photo the show stands at, for its place in the user's library (`ShowPlace`): the slideshow's, else the
    /// first photo whose cell reaches the wall's top edge (nil on other screens, or before any photo).
    public var photoOnShow: Photo? { photosOnShow.last }

    /// Every photo on show: the slideshow's (two when paired), else the wall's at its top edge.
    public var photosOnShow: [Photo] {
        if let slideshow = screen as? SlideshowScreen {
            return [slideshow.current, slideshow.companion].compactMap { slideshow.photo($0) }
        }
        return wallPhotoOnShow.map { [$0] } ?? []
    }

    private var wallPhotoOnShow: Photo? {
        wallIndexOnShow.map { currentBrowse.catalog.items[$0].photo }
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
