/// The pane's file actions (`FileAction`: trash, rotate, copy the path, show the folder) and how the pane follows its
/// photo's file when it changes under it. Only the person at the window asks for them: a kiosk and a command from
/// afar are refused here too, whatever key map or name brought them (the remote has no name for them at all).
extension DetailPane {
    /// Carries out a file action on the pane's photo and says what came of it: a toast (with Undo where it can be
    /// undone), an alert when it failed on the way.
    func perform(_ action: FileAction, in gallery: GalleryModel) -> GalleryModel.Effect {
        guard let index else { return .none }
        if gallery.kiosk != nil {
            gallery.refuse(tr("A kiosk changes no files"), kind: .notNow)
            return .none
        }
        if gallery.actingFromAfar {
            gallery.refuse(tr("Files are changed only at the window, never from afar"), kind: .invalid)
            return .none
        }
        let photo = wall.catalog.items[index].photo
        guard gallery.services.canChangeFiles(of: photo) else {
            gallery.refuse(tr("Only photos from folders on this computer have files to change"), kind: .notNow)
            return .none
        }
        let outcome = gallery.services.fileAction(action, on: photo)
        // The photo is gone: the pane shows the one that takes its place on the wall (the next, else the one
        // before), or closes when none is left.
        if action == .trash, outcome.kind == .done { stepAway(from: index, in: gallery) }
        return DetailPane.say(outcome, in: gallery)
    }

    /// The toast (or alert) for an outcome, with its Undo; the effect the app carries out.
    static func say(_ outcome: FileActionOutcome, in gallery: GalleryModel) -> GalleryModel.Effect {
        switch outcome.kind {
        case .refused: gallery.refuse(outcome.message, kind: .notNow)
        case .failed: gallery.failed(outcome.message)
        case .done:
            guard let undo = outcome.undo else {
                gallery.toasts.show(outcome.message)
                return outcome.effect
            }
            // Runs inside the toast's own turn (`Toasts.runAction` says "Undone"): a failure is an alert, never
            // another toast; the remote cannot reach it (`Toast.windowOnly`).
            gallery.toasts.show(outcome.message, action: (tr("Undo"), { [weak gallery] in
                let back = undo()
                if back.kind != .done { gallery?.failed(back.message) }
            }), windowOnly: true)
        }
        return outcome.effect
    }

    /// Moves to the photo after `index` (or before it), or closes the pane: its photo is leaving the wall.
    private func stepAway(from index: Int, in gallery: GalleryModel) {
        let items = wall.catalog.items
        let neighbour = index + 1 < items.count ? index + 1 : index - 1
        guard neighbour >= 0, neighbour < items.count else { return gallery.close(self) }
        history.show(items[neighbour].key)
        zoom.reset()
        clip = PaneClip()
        wall.focus(neighbour)
    }

    /// The tooltip of a file action's button: what it does, and its key.
    static func tooltip(of action: FileAction) -> String {
        switch action {
        // Translators: tooltips of the pane's file buttons, with their keys in brackets (the keys stay as they are).
        case .trash: return tr("Move to the trash (Delete)")
        case .rotateRight: return tr("Rotate right, for good (Ctrl+R)")
        case .rotateLeft: return tr("Rotate left, for good (Ctrl+Shift+R)")
        case .copyPath: return tr("Copy the file's path (Ctrl+Shift+C)")
        case .showFolder: return tr("Show in its folder (Ctrl+Shift+O)")
        }
    }

    // MARK: following the file

    /// What a pane stood on before the feed changed under it: its photo, and where that was on the wall.
    public struct Standing {
        let pane: DetailPane
        let index: Int
        let photo: Photo
    }

    /// Applies a live source's edits to the feed, and keeps each open pane on the feed's wall on its photo: a file
    /// replaced under it (turned for good: a new photo of the same file) shows its new self; a file gone leaves
    /// the pane on its neighbour, or closes it when the wall is empty.
    public static func follow(_ edits: FeedEdits, in gallery: GalleryModel) {
        let standings = gallery.overlays.compactMap { overlay -> Standing? in
            guard let pane = overlay as? DetailPane, pane.wall === gallery.browse, let index = pane.index
            else { return nil }
            return Standing(pane: pane, index: index, photo: pane.wall.catalog.items[index].photo)
        }
        gallery.feed.apply(edits)
        for standing in standings where standing.pane.index == nil { standing.pane.follow(standing, in: gallery) }
    }

    private func follow(_ standing: Standing, in gallery: GalleryModel) {
        let items = wall.catalog.items
        if let file = standing.photo.imageReference, file.hasPrefix("/"),
           let again = items.firstIndex(where: { $0.photo.imageReference == file }) {
            history.replaceCurrent(with: items[again].key)
            wall.focus(again)
            return
        }
        guard !items.isEmpty else { return gallery.close(self) }
        let neighbour = min(standing.index, items.count - 1)
        history.show(items[neighbour].key)
        zoom.reset()
        clip = PaneClip()
        wall.focus(neighbour)
    }
}
