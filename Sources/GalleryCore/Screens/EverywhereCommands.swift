/// Commands that rooms carry out from wherever the gallery stands (a key, a script's line, the remote), each by
/// its owner: the slideshow turns itself on or off and keeps its interval; a photo named by id opens in the
/// slideshow, else in the pane over the feed's wall. Installed in `RoomRegistry.standard`, so the navigator only
/// routes them.
enum EverywhereCommands {
    /// Carries `command` out; false when it is none of these.
    static func perform(_ command: Command, in gallery: GalleryModel) -> Bool {
        switch command {
        case .setMode(let mode): show(mode, in: gallery)
        case .setInterval(let seconds): setInterval(seconds, in: gallery)
        case .openPhoto(let id): openPhoto(id: id, in: gallery)
        default: return false
        }
        return true
    }

    /// The wall or the slideshow, whatever shows now (nothing changes when it shows already).
    static func show(_ mode: FrameMode, in gallery: GalleryModel) {
        let shown = gallery.screens.contains { $0 is SlideshowScreen }
        switch mode {
        case .slideshow where !shown: SlideshowScreen.open(in: gallery)
        case .wall where shown:
            gallery.closeOverlays()
            gallery.removeScreens { $0 is SlideshowScreen }
        default: break
        }
    }

    /// Seconds each photo shows, in the slideshow showing and in any opened later.
    static func setInterval(_ seconds: Double, in gallery: GalleryModel) {
        gallery.config.slideInterval = seconds
        for case let show as SlideshowScreen in gallery.screens { show.interval = seconds }
    }

    /// Shows the feed's photo with this id: the slideshow goes to it, elsewhere its pane opens over the feed's
    /// wall. A photo the feed does not hold is nothing to do (the remote checks first, `catalog.index(ofPhotoID:)`).
    static func openPhoto(id: String, in gallery: GalleryModel) {
        guard let index = gallery.catalog.index(ofPhotoID: id) else { return }
        gallery.closeOverlays()
        if let show = gallery.screen as? SlideshowScreen { return show.show(index: index) }
        gallery.removeScreens { _ in true }
        gallery.browse.focus(index)
        DetailPane.open(at: index, on: gallery.browse, in: gallery)
    }
}
