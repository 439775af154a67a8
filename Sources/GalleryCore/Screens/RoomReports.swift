/// What the rooms that show photos say of them to those outside (`Room.photoShown`, `Screen.photosOnShow`,
/// `Room.describe`): the remote's state and picture, and the show's place in the user's library. Nothing outside
/// the rooms looks inside one to find out.
extension DetailPane {
    public var remoteName: String { "pane" }

    /// Its photo, and its place in the feed when it was opened from the feed's wall.
    public func photoShown(in gallery: GalleryModel) -> (photo: Photo, index: Int?)? {
        guard let index, index < wall.catalog.count else { return nil }
        return (wall.catalog.items[index].photo, wall === gallery.browse ? index : nil)
    }
}

extension SlideshowScreen {
    public var frameMode: FrameMode? { .slideshow }

    public func carryOn(at next: Int, pageStart: Int, of wall: BrowseScreen) {
        if feedWall === wall { carryOn(at: next, pageStart: pageStart) }
    }

    /// The slide chosen now (its image may still be on its way).
    public func photoShown(in gallery: GalleryModel) -> (photo: Photo, index: Int?)? {
        guard let index, index < gallery.catalog.count else { return nil }
        return (gallery.catalog.items[index].photo, index)
    }

    /// The slides on screen (two when paired): a slide whose image is still on its way is chosen, not shown, and a
    /// power cut then must not count it.
    public func photosOnShow(in gallery: GalleryModel) -> [Photo] {
        [current, companion].compactMap { $0 }.filter(isOnScreen).compactMap { photo($0) }
    }

    /// A photo's interval; a moving picture's time at most (it shows until it has played, `maxClipSeconds` at most).
    /// Nil when nothing else can come: the catalog has ended and every photo in it is on screen (one photo, or a
    /// pair of two), so a step stays where it is and a show that stands still is not stalled.
    public var advancesEvery: Double? {
        guard !paused else { return nil }
        let catalog = feedWall.catalog
        if catalog.hasEnded, catalog.count <= [current, companion].compactMap({ $0 }).count { return nil }
        switch photo(current)?.motion?.kind {
        case .clip?, .livePhoto?, .motionPhoto?: return interval + feedWall.config.maxClipSeconds
        case .animation?, nil: return interval
        }
    }

    public func describe(_ state: inout FrameState, in gallery: GalleryModel) {
        state.paused = paused
        state.interval = interval
    }
}

extension WelcomeScreen {
    public var dimsToolbar: Bool { true }
    public var awaitsReply: Bool { choosing }
}

extension MemoriesScreen {
    public var awaitsReply: Bool { !answered }
}

extension MenuOverlay {
    /// The "⋯" of a narrow window (`RoomRegistry.more`).
    static let more = ToolbarItem(id: "more", command: .show(RoomRegistry.menu), rank: .max, order: .max) {
        ToolbarItem.Look(glyph: "⋯", label: tr("More", context: "button"), active: $0.overlays.last is MenuOverlay)
    }
}

extension BrowseScreen {
    public var remoteName: String { "wall" }

    /// The focused photo, else the one at its top edge; its place is the feed's only on the feed's wall. (No walk
    /// over the feed by id: the state is made a few times a second, and a folder may hold a million photos.)
    public func photoShown(in gallery: GalleryModel) -> (photo: Photo, index: Int?)? {
        guard let index = focusedIndex ?? indexOnShow, index < catalog.count else { return nil }
        return (catalog.items[index].photo, self === gallery.browse ? index : nil)
    }

    public func photosOnShow(in gallery: GalleryModel) -> [Photo] {
        photoShown(in: gallery).map { [$0.photo] } ?? []
    }

    /// Where the photo at its top edge is in its catalog (nil before any photo): the wall's photo on show.
    public var indexOnShow: Int? {
        let top = scrollTop
        guard let first = layout.indices(intersecting: top, top + 1).min() ?? layout.indices(intersecting: top, top + gridHeight).min(),
              first < catalog.items.count else { return nil }
        return first
    }
}
