/// The remote's door into the gallery: a command from afar (the HTTP remote, MQTT) arrives as a `Command` value
/// and is carried out as a key's would be, and what came of it goes back as a value (the effect for the app, or why
/// it did nothing or failed: a toast, never an alert, `GalleryModel.failed`).
public enum CommandsFromAfar {
    /// A command from afar (the remote, MQTT), carried out as a key's would be; why it did nothing or failed, when
    /// it did. `bookmark` stars the photo the remote's state names (`FrameState.photoShown`: the pane's, the
    /// slideshow's, else the wall's focused one or the one at its top edge), which is the one its user sees on the
    /// page, even where no photo has the keyboard's focus.
    public static func apply(_ command: Command, in gallery: GalleryModel) -> Result<GalleryModel.Effect, CommandRefusal> {
        gallery.refusal = nil
        gallery.actingFromAfar = true
        defer { gallery.actingFromAfar = false; gallery.refusal = nil }
        var effect = GalleryModel.Effect.none
        // Files are changed only by the person at the window: no file action, nor the Undo of one, from afar.
        if FileAction(command) != nil || command == .undoRemoveBookmark && gallery.toasts.current?.windowOnly == true {
            gallery.refuse(tr("Files are changed only at the window, never from afar"), kind: .invalid)
        } else if command == .toggleBookmark {
            if let shown = FrameState.photoShown(in: gallery) {
                Bookmarking.toggle(shown.photo, in: gallery)
            } else {
                gallery.refuse(tr("No photo shows to bookmark"), kind: .notNow)
            }
        } else {
            effect = gallery.apply(command)
        }
        if let refusal = gallery.refusal { return .failure(refusal) }
        return .success(effect)
    }
}
