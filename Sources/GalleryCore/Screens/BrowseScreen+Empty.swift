/// The feed's wall with nothing on it: a folder with no photos (choose another), a source that sent none (ask
/// again), a server that cannot be reached (ask again, or show the demo meanwhile).
extension BrowseScreen {
    public func emptyState(in gallery: GalleryModel) -> EmptyState? {
        guard self === gallery.browse, catalog.isEmpty else { return nil }
        let services = gallery.services, desk = gallery.kiosk == nil
        if let error = catalog.pager.lastError, error.isNetworkFailure {
            // Translators: {server} is the server's name or address, or "the server".
            return EmptyState(icon: .cloudOff, title: tr("Can’t reach {server}", ["server": services.serverName]),
                              actions: desk ? [EmptyState.Action(tr("Retry"), .reload),
                                               EmptyState.Action(tr("Show the demo"), .useSource("demo", album: nil))] : [],
                              detail: tr("Tessera keeps trying by itself: the photos show as soon as it answers."))
        }
        guard catalog.hasEnded else { return nil }
        if let folder = services.shownFolder {
            // Translators: {folder} is a folder's path.
            return EmptyState(icon: .photoLibrary, title: tr("No photos in {folder}", ["folder": folder]),
                              actions: desk ? [EmptyState.Action(tr("Choose another folder"), .action(RoomAction.chooseFolder))] : [],
                              detail: services.emptyFeedText)
        }
        return EmptyState(icon: .photoLibrary, title: tr("No photos"), actions: [EmptyState.Action(tr("Ask again"), .reload)],
                          detail: services.emptyFeedText)
    }

    /// `RoomAction.chooseFolder`: the desktop's folder chooser; the folder picked is shown in place of this one.
    func chooseFolder(in gallery: GalleryModel) {
        guard gallery.kiosk == nil, !choosingFolder else { return }
        choosingFolder = true
        gallery.ask(.chooseFolder)
    }

    public func receive(_ reply: ServiceReply, in gallery: GalleryModel) -> String? {
        guard case .chosenFolder(let path) = reply, choosingFolder else { return nil }
        choosingFolder = false
        guard let path else { return "folder chooser: cancelled" }
        guard let folder = gallery.services.resolveFolder(path) else {
            // Translators: {path} is what the folder chooser gave.
            gallery.alert(tr("“{path}” is not a folder Tessera can read. Choose another.", ["path": path]))
            return "folder chooser: \(path) is not a folder"
        }
        gallery.ask(.showFolders([folder]))
        return "folder chooser: showing \(folder)"
    }

    /// The desktop's chooser is open: automation waits for its answer.
    public var awaitsReply: Bool { choosingFolder }
}
