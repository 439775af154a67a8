/// What a command asks of the app beyond the gallery, carried out on the app's one effect path: the window, the
/// clipboard, the browser, the display's power, another source.
public enum AppEffect: Equatable {
    case none, quit, toggleFullscreen
    /// Put this text on the clipboard.
    case copy(String)
    /// Open this http(s) URL in the user's browser.
    case open(String)
    /// Switch the display on or off (`Command.setDisplay`).
    case display(on: Bool)
    /// Show photos from another source (`Command.useSource`).
    case useSource(String, album: String?)
}
