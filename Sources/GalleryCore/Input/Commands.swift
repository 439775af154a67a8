/// What the user can ask for. The event loop maps input to these; tests drive them directly.
public enum Command: Equatable, Hashable, Sendable {
    case scrollLines(Int)
    case scrollPages(Int)
    case scrollToTop
    case scrollToBottom
    case focusNext
    case focusPrevious
    case openDetail
    case closeDetail
    case reload
    case toggleFullscreen
    case quit
    /// Enter on a form (the welcome screen): go on with what was typed.
    case submit
    case dismissAlert
    /// Grid ↔ list, keeping the photo in view on screen.
    case toggleView
    /// The one-column list, at the focused photo.
    case openList
    /// In the detail pane: the next or previous photo of the feed.
    case nextPhoto, previousPhoto
    /// In the detail pane: back and forward between photos viewed there.
    case historyBack, historyForward
    /// Bookmarks: toggle on the focused or open photo; remove on the bookmarks screen, and undo that; leave a screen.
    case toggleBookmark, removeBookmark, undoRemoveBookmark, closeScreen
    /// Search by author: keep the filter (Enter), clear it (Esc).
    case commitSearch, clearSearch
    /// Opens the screen or overlay registered under this name (`RoomRegistry`), or closes it if it is the innermost
    /// one already: the way into every room, so a new room needs no new command.
    case show(String)
    /// A command of a room's own, by name, for the room to interpret (bound in the room's scope).
    case action(String)
    /// The open photo's page: copied to the clipboard, or opened in the browser.
    case copyLink, openLink
    /// Pauses (true) or goes on (false), whatever the show was doing: the remote's `pause` and `play`, which must
    /// not toggle (a command sent twice leaves it as asked). Space toggles with `.action(RoomAction.pause)`.
    case setPaused(Bool)
    /// The wall or the slideshow, whatever shows now.
    case setMode(FrameMode)
    /// The display on or off, outside the schedule's say until its next change: the app's to do.
    case setDisplay(on: Bool)
    /// Shows the photo of the feed with this id: the slideshow goes to it, elsewhere its pane opens.
    case openPhoto(id: String)
    /// Photos from another source (a name of `SourceRegistry.installed`), of this album where it has albums: the
    /// app's to do.
    case useSource(String, album: String?)
    /// Opens files and folders as the command line would (`OpenPaths`: one file in the pane over its folder's wall,
    /// several as a wall of those, a folder as its wall): files dropped on the window. The app's to do; never a
    /// kiosk's.
    case openPaths([String])
    /// The slideshow's seconds per photo, from now on.
    case setInterval(Double)
    /// The kiosk wall's scrolling speed in pixels a second, from now on.
    case setSpeed(Double)
    /// An overlay of the registry's (`clock`, `values`…) switched on or off, kept across restarts: the app's to do.
    case setOverlay(String, on: Bool)
    /// One of a kiosk's week's settings (`--schedule`, `--dim`…) in its option's words, from now on (the remote's
    /// settings form saved it; `WeekCommands`).
    case setWeek(WeekField, String)
    /// The frame's name and its remote's address shown large for a while, to tell which frame on the wall is which:
    /// the app's to do.
    case identify
}

/// What the window shows: the wall or the slideshow (`--mode`).
public enum FrameMode: String, CaseIterable, Sendable, Codable {
    case wall, slideshow
}

extension Command {
    /// The help overlay, made from the key map.
    public static let toggleHelp = Command.show(RoomRegistry.help)
    /// The bookmarks screen.
    public static let showBookmarks = Command.show(RoomRegistry.bookmarks)
    /// The search field (and the wall of its matches).
    public static let openSearch = Command.show(RoomRegistry.search)
    /// Shows the welcome screen again to change the stored name.
    public static let changeName = Command.show(RoomRegistry.welcome)
    /// This day in earlier years.
    public static let showMemories = Command.show(RoomRegistry.memories)
    /// One photo at a time, the photo frame.
    public static let showSlideshow = Command.show(RoomRegistry.slideshow)
}

/// A key as the core sees it, independent of SDL's codes.
public enum Key: Hashable {
    case character(Character)
    case up, down, left, right, pageUp, pageDown, home, end, space, enter, escape, backspace, tab, f11, delete
}

public struct Modifiers: OptionSet, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shift = Modifiers(rawValue: 1)
    public static let control = Modifiers(rawValue: 2)
    public static let alt = Modifiers(rawValue: 4)
}

/// One step of an automation script (`--script pagedown,search,type:ada,keep`): a command, or text typed into the
/// focused field.
public enum ScriptStep: Equatable {
    case command(Command)
    case text(String)
    /// The renderer loses its textures, as after a display was switched off and on (`render-reset`, and
    /// `device-reset` for the whole device).
    case renderReset(device: Bool)
    /// Waits (without settling) until the photos come from the source of this name (`await-source:NAME`).
    case awaitSource(String)
    /// Holds the main loop still for this many seconds, as a hung loop would (`hang:SECONDS`; the watchdog's test).
    case hang(Double)
    /// A finger gesture injected as touch events (`tap:X:Y`, `drag:…`, `swipe:…`, `pinch:…`, `longpress:…`).
    case touch(TouchScript)
    /// Lets this many seconds pass with the loop running and nothing touched (`wait:SECONDS`: a header fading away).
    case wait(Double)
    /// Waits until a playing clip has drawn a frame this many seconds in (`await-clip:SECONDS`).
    case awaitClip(Double)
    /// Waits until the slideshow shows the photo at this place in the feed (`await-slide:INDEX`).
    case awaitSlide(Int)
    /// Waits until the installed overlay of this name has something to say (`OverlayModel.words`), as a weather
    /// once its forecast came (`await-overlay:NAME`).
    case awaitOverlay(String)
    /// Files and folders dropped on the window, as a file manager drops them (`drop:PATH;PATH`).
    case drop([String])

    public init?(name: String) {
        if name == "render-reset" || name == "device-reset" {
            self = .renderReset(device: name == "device-reset")
        } else if name.hasPrefix("hang:"), let seconds = Double(name.dropFirst(5)), seconds >= 0, seconds <= 60 {
            self = .hang(seconds)
        } else if name.hasPrefix("wait:"), let seconds = Double(name.dropFirst(5)), seconds >= 0, seconds <= 600 {
            self = .wait(seconds)
        } else if name.hasPrefix("await-clip:"), let seconds = Double(name.dropFirst(11)), seconds >= 0, seconds <= 3600 {
            self = .awaitClip(seconds)
        } else if name.hasPrefix("await-slide:"), let index = Int(name.dropFirst(12)), index >= 0 {
            self = .awaitSlide(index)
        } else if name.hasPrefix("drop:") {
            let paths = name.dropFirst(5).split(separator: ";").map(String.init)
            guard !paths.isEmpty else { return nil }
            self = .drop(paths)
        } else if name.hasPrefix("await-overlay:"), name.count > 14 {
            self = .awaitOverlay(String(name.dropFirst(14)))
        } else if name.hasPrefix("await-source:") {
            self = .awaitSource(String(name.dropFirst(13)))
        } else if let gesture = TouchScript(name: name) {
            self = .touch(gesture)
        } else if name.hasPrefix("type:") {
            self = .text(String(name.dropFirst(5)))
        } else if let command = Command(name: name) {
            self = .command(command)
        } else {
            return nil
        }
    }
}
