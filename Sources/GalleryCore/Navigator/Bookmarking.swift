/// Starring and unstarring a photo, for every room that offers it (`b`, a cell's star, a long press, the remote's
/// `bookmark`): the toast says so, with Undo. Never on a kiosk (a tap on a star must not write anyone's data; a
/// passer-by's long press is not answered either, but a remote's bookmark is told why) nor without a library (said,
/// `refuse`); a failure to store it is said too (`failed`).
public enum Bookmarking {
    public static func toggle(_ photo: Photo, in gallery: GalleryModel) {
        if gallery.kiosk != nil {
            if gallery.actingFromAfar { gallery.refuse(tr("A kiosk keeps no bookmarks"), kind: .notNow) }
            return
        }
        guard let shelf = gallery.user.shelf else {
            return gallery.refuse(tr("Bookmarks are not kept in this run"), kind: .notNow)
        }
        do {
            let starred = try shelf.toggle(photo)
            // Translators: "Undo" is the toast's button.
            gallery.toasts.show(starred ? tr("Bookmarked") : tr("Bookmark removed"), action: (tr("Undo"), { [weak gallery] in
                guard let gallery else { return }
                do {
                    if starred { try shelf.remove(photo, remembered: false) } else { try shelf.undo() }
                } catch { gallery.failed(tr("The bookmark could not be saved: {error}", ["error": "\(error)"])) }
            }))
        } catch { gallery.failed(tr("The bookmark could not be saved: {error}", ["error": "\(error)"])) }
    }
}
