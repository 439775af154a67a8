/// The bookmarks (`B`): the same wall over a catalog of the bookmarked photos, newest first, which never pages.
/// `d` removes one, `u` undoes that, Esc goes back to the screen under it.
public final class BookmarksScreen: Screen {
    private let shelf: BookmarkShelf
    private let config: GalleryConfig
    public private(set) var bookmarks: BrowseScreen
    /// The shelf's version the wall shows.
    private var shownVersion = -1

    init(shelf: BookmarkShelf, config: GalleryConfig, viewport: Viewport) {
        self.shelf = shelf
        self.config = config
        bookmarks = BrowseScreen(catalog: Catalog(fixed: []), config: config)
        bookmarks.resize(to: viewport)
        refresh(focusing: shelf.list().first?.photo.id)
    }

    /// `Command.showBookmarks`: from a wall, with a library to keep them in.
    public static func open(in gallery: GalleryModel) {
        if let shown = gallery.innermost as? BookmarksScreen { return gallery.pop(shown) }
        guard let shelf = gallery.user.shelf else { return gallery.refuse(tr("Bookmarks are not kept in this run")) }
        // Already open, under an overlay: nothing to do, and nothing to say.
        if gallery.screen is BookmarksScreen { return }
        guard gallery.screen.wall != nil else { return gallery.refuse(tr("The bookmarks open from the wall")) }
        gallery.closeOverlays()
        gallery.push(BookmarksScreen(shelf: shelf, config: gallery.config, viewport: gallery.viewport))
    }

    public var scopes: [Scope] { [.bookmarks, .browse] }
    /// Back keeps it for Forward.
    public var isPage: Bool { true }
    public var wall: BrowseScreen? { bookmarks }
    public var picture: AnyHashable? { bookmarks.picture }

    public func adjust(_ status: inout HeaderStatus, in gallery: GalleryModel) {
        status = HeaderStatus(photos: bookmarks.catalog.count, sourceName: tr("bookmarks", context: "header"), pageLoading: false,
                              imagesLoading: status.imagesLoading, problem: status.problem,
                              // Translators: d and u are the keys (they stay d and u).
                              note: shelf.canUndo ? tr("d removes · u undoes the last removal") : status.note,
                              offline: status.offline)
    }

    public func perform(_ command: Command, in gallery: GalleryModel) -> GalleryModel.Effect? {
        do {
            switch command {
            case .toggleBookmark, .removeBookmark:
                // On this screen a star only comes off.
                guard let index = bookmarks.focusedIndex else {
                    gallery.refuse(tr("Choose a bookmark to remove first: click it, or move to it with the arrow keys"))
                    return GalleryModel.Effect.none
                }
                try shelf.remove(bookmarks.catalog.items[index].photo)
                refresh()
                // The shelf, not this screen: Undo still works after the screen is left (it shows the shelf again
                // when it changes, `tick`).
                let shelf = self.shelf
                gallery.toasts.show(tr("Bookmark removed"), action: (tr("Undo"), { [weak self, weak gallery] in
                    do {
                        let back = try shelf.undo()
                        self?.refresh(focusing: back?.photo.id)
                    } catch { gallery?.failed(tr("The bookmark could not be saved: {error}", ["error": "\(error)"])) }
                }))
            case .undoRemoveBookmark:
                guard let back = try shelf.undo() else { return GalleryModel.Effect.none }
                refresh(focusing: back.photo.id)
            case .closeScreen:
                gallery.pop(self)
            default:
                return bookmarks.perform(command, in: gallery)
            }
        } catch {
            gallery.failed(tr("The bookmark could not be saved: {error}", ["error": "\(error)"]))
        }
        return GalleryModel.Effect.none
    }

    public func pointer(_ input: PointerInput, in gallery: GalleryModel) -> Bool { bookmarks.pointer(input, in: gallery) }
    /// The shelf changed elsewhere (the pane's star, a toast's Undo): shown again, the focus kept on its photo.
    public func tick(dt: Double) {
        if shelf.version != shownVersion {
            refresh(focusing: bookmarks.focusedIndex.map { bookmarks.catalog.items[$0].photo.id })
        }
        bookmarks.tick(dt: dt)
    }
    public func resize(to viewport: Viewport) { bookmarks.resize(to: viewport) }

    /// Rebuilds the wall from the shelf (newest first), keeping the focus near where it was.
    private func refresh(focusing photoID: String? = nil) {
        let old = bookmarks
        let wall = BrowseScreen(catalog: Catalog(fixed: shelf.list().map(\.photo)), config: config)
        wall.resize(to: old.viewport)
        if old.mode != wall.mode { wall.setMode(old.mode) }
        let items = wall.catalog.items
        if let id = photoID, let index = items.firstIndex(where: { $0.photo.id == id }) {
            wall.focus(index)
        } else if !items.isEmpty {
            wall.setScroll(offset: Double(old.scrollTop))
            wall.focus(min(old.focusedIndex ?? 0, items.count - 1))
        }
        bookmarks = wall
        shownVersion = shelf.version
    }
}

extension BookmarksScreen {
    /// None kept yet: how to keep one (its key and the star), and the way back to the photos.
    public func emptyState(in gallery: GalleryModel) -> EmptyState? {
        guard bookmarks.catalog.isEmpty else { return nil }
        let key = gallery.keyMap.chordNames(for: .toggleBookmark, in: [.browse])
        return EmptyState(icon: .bookmarkBorder, title: tr("No bookmarks yet"),
                          actions: [EmptyState.Action(tr("Back to the photos"), .closeScreen)],
                          // Translators: {key} is the key that bookmarks ("b").
                          detail: key.isEmpty ? tr("Click the ☆ on a photo to keep it here.")
                              : tr("Click the ☆ on a photo, or press {key}, to keep it here.", ["key": key]))
    }

    /// Only with the user's library (a run without one keeps no bookmarks).
    public static let button = ToolbarItem(id: "bookmarks", command: .showBookmarks, rank: 4) { gallery in
        gallery.user.shelf == nil ? nil
            : ToolbarItem.Look(glyph: "★", icon: .bookmarks, label: tr("Bookmarks"), active: gallery.screen is BookmarksScreen)
    }
}
