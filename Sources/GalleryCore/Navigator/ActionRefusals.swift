/// Every no is said. A command that does nothing (`b` with no photo chosen, the bookmarks asked for from the
/// slideshow) says why in a toast; one that fails (a bookmark the disk had no room for) says so in an alert for the
/// person at the window, but in a toast on a kiosk or when the command came from afar: an alert takes every key
/// and click until it is closed, and on a wall nobody may be there to close it (the remote's paging then did
/// nothing). A command from afar (`applyFromAfar`) hands either back, so the remote's answer says it too.
extension GalleryModel {
    /// Says why a command did nothing (a toast), and keeps it for the remote's answer.
    public func refuse(_ message: String, kind: CommandRefusal.Kind = .notNow) {
        toasts.show(message)
        refusal = CommandRefusal(message, kind: kind)
    }

    /// Says that what a command had to write could not be written: an alert for a person at the window; a toast on
    /// a kiosk or for a command from afar, kept for the remote's answer (which the app logs).
    public func failed(_ message: String) {
        if kiosk != nil || actingFromAfar {
            refuse(message, kind: .notStored)
        } else {
            refusal = CommandRefusal(message, kind: .notStored)
            alert(message)
        }
    }

    /// A command from afar (the remote, MQTT), carried out as a key's would be; why it did nothing or failed, when
    /// it did. `bookmark` stars the photo the remote's state names (`FrameState.photoShown`: the pane's, the
    /// slideshow's, else the wall's focused one or the one at its top edge), which is the one its user sees on the
    /// page, even where no photo has the keyboard's focus.
    public func applyFromAfar(_ command: Command) -> Result<Effect, CommandRefusal> {
        refusal = nil
        actingFromAfar = true
        defer { actingFromAfar = false; refusal = nil }
        var effect = Effect.none
        if command == .toggleBookmark {
            if let shown = FrameState.photoShown(in: self) {
                Bookmarking.toggle(shown.photo, in: self)
            } else {
                refuse("No photo shows to bookmark", kind: .notNow)
            }
        } else {
            effect = apply(command)
        }
        if let refusal { return .failure(refusal) }
        return .success(effect)
    }
}
