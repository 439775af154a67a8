/// Every no is said. A command that does nothing (`b` with no photo chosen, the bookmarks asked for from the
/// slideshow) says why in a toast; one that fails (a bookmark the disk had no room for) says so in an alert for the
/// person at the window, but in a toast on a kiosk or when the command came from afar: an alert takes every key
/// and click until it is closed, and on a wall nobody may be there to close it (the remote's paging then did
/// nothing). A command from afar (`CommandsFromAfar`) hands either back, so the remote's answer says it too.
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
}
