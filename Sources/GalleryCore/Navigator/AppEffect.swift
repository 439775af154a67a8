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
    /// Open files and folders (`Command.openPaths`).
    case openPaths([String])
    /// Switch an overlay on or off (`Command.setOverlay`).
    case overlay(String, on: Bool)
    /// Show the frame's name and address large for a while (`Command.identify`).
    case identify

    /// The effect of a command that is the app's alone to carry out (nil: the gallery's or a room's).
    public init?(handedOn command: Command) {
        switch command {
        case .setDisplay(let on): self = .display(on: on)
        case .useSource(let name, let album): self = .useSource(name, album: album)
        case .openPaths(let paths): self = .openPaths(paths)
        case .setOverlay(let name, let on): self = .overlay(name, on: on)
        case .identify: self = .identify
        default: return nil
        }
    }
}
