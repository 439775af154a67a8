/// Where a binding acts: a screen, an overlay, or everywhere. The active scopes are tried innermost first (the
/// top overlay, then the screen under it, then global), so an overlay can take a key the screen also binds.
/// An open set: a new screen names a scope of its own (`Scope("slideshow")`) and binds keys in it.
public struct Scope: RawRepresentable, Hashable, CaseIterable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ name: String) { rawValue = name }
    public var description: String { rawValue }

    public static let global = Scope("global"), welcome = Scope("welcome"), browse = Scope("browse")
    public static let bookmarks = Scope("bookmarks"), search = Scope("search"), detail = Scope("detail")
    public static let alert = Scope("alert"), help = Scope("help"), slideshow = Scope("slideshow")
    public static let memories = Scope("memories"), menu = Scope("menu")
    /// The scopes of the rooms that come with the gallery.
    public static let allCases: [Scope] = [.global, .welcome, .browse, .bookmarks, .search, .detail, .alert, .help,
                                           .slideshow, .memories, .menu]
}

/// Keys are data: for each scope, a table of (modifiers, key) → command. Letters arrive already cased (`G` is
/// shift+g). The map is injected into the model; the help overlay is generated from it.
public struct KeyMap {
    public struct Chord: Hashable {
        public let key: Key
        public let modifiers: Modifiers
        public init(_ key: Key, _ modifiers: Modifiers = []) { self.key = key; self.modifiers = modifiers }
    }

    public var bindings: [Scope: [Chord: Command]]

    public init(bindings: [Scope: [Chord: Command]] = KeyMap.defaults) { self.bindings = bindings }

    /// The command for a key in the first of `scopes` (innermost first) that binds it.
    public func command(for key: Key, modifiers: Modifiers = [], in scopes: [Scope]) -> Command? {
        for scope in scopes {
            guard let table = bindings[scope] else { continue }
            // Shift is part of a letter's case already; for other keys a binding without modifiers still applies.
            if let command = table[Chord(key, modifiers)] ?? table[Chord(key, modifiers.subtracting(.shift))] {
                return command
            }
        }
        return nil
    }

    /// Commands a public screen must not offer: a way out (quit, leaving fullscreen, a browser opened on a link)
    /// or a change to someone's data (the name, bookmarks).
    /// Search is one too: a passer-by's typing must not appear on a public screen.
    public static let kioskForbidden: Set<Command> = Set<Command>([
        .quit, .toggleFullscreen, .copyLink, .openLink, .changeName, .toggleBookmark, .showBookmarks, .removeBookmark,
        .undoRemoveBookmark, .openSearch,
    ]).union(FileAction.commands)

    /// The key map of a kiosk: the given one without `kioskForbidden` commands and without Esc, and Ctrl+Alt+Q as the
    /// only way to quit.
    public static func kiosk(from map: KeyMap = KeyMap()) -> KeyMap {
        var bindings = map.bindings.mapValues { table in
            table.filter { chord, command in !kioskForbidden.contains(command) && chord.key != .escape }
        }
        bindings[.global, default: [:]][Chord(.character("q"), [.control, .alt])] = .quit
        // Rooms a kiosk cannot open take their keys with them: its help lists nothing that cannot be reached.
        let rooms: [Command: Scope] = [.showBookmarks: .bookmarks, .openSearch: .search, .changeName: .welcome]
        for (opens, scope) in rooms where kioskForbidden.contains(opens) { bindings[scope] = nil }
        return KeyMap(bindings: bindings)
    }

    public static let defaults: [Scope: [Chord: Command]] = [
        .global: [
            Chord(.character("f")): .toggleFullscreen, Chord(.f11): .toggleFullscreen,
            Chord(.character("q")): .quit,
            Chord(.character("r")): .reload,
            Chord(.character("?")): .toggleHelp,
            // What the toast offers to undo (a bookmark just made or removed).
            Chord(.character("u")): .undoRemoveBookmark, Chord(.character("z"), .control): .undoRemoveBookmark,
            // Back and forward as in a browser (in the pane, through the photos viewed in it).
            Chord(.left, .alt): .action(Toolbar.back), Chord(.character("[")): .action(Toolbar.back),
            Chord(.right, .alt): .historyForward, Chord(.character("]")): .historyForward,
        ],
        .browse: [
            Chord(.down): .scrollLines(1), Chord(.character("j")): .scrollLines(1),
            Chord(.up): .scrollLines(-1), Chord(.character("k")): .scrollLines(-1),
            Chord(.pageDown): .scrollPages(1), Chord(.space): .scrollPages(1),
            Chord(.pageUp): .scrollPages(-1), Chord(.space, .shift): .scrollPages(-1),
            Chord(.home): .scrollToTop, Chord(.character("g")): .scrollToTop,
            Chord(.end): .scrollToBottom, Chord(.character("G")): .scrollToBottom,
            Chord(.tab): .focusNext, Chord(.tab, .shift): .focusPrevious,
            Chord(.right): .focusNext, Chord(.character("l")): .focusNext,
            Chord(.left): .focusPrevious, Chord(.character("h")): .focusPrevious,
            Chord(.enter): .openDetail,
            Chord(.character("N"), .shift): .changeName,
            Chord(.character("o"), .control): .action(RoomAction.chooseFolder),
            Chord(.character("v")): .toggleView,
            Chord(.enter, .shift): .openList,
            Chord(.character("b")): .toggleBookmark,
            Chord(.character("B"), .shift): .showBookmarks,
            Chord(.character("/")): .openSearch,
            Chord(.escape): .clearSearch,
            Chord(.character("s")): .showSlideshow,
            Chord(.character("m")): .showMemories,
            Chord(.character("+"), .control): .action(RoomAction.fewerColumns),
            Chord(.character("="), .control): .action(RoomAction.fewerColumns),
            Chord(.character("-"), .control): .action(RoomAction.moreColumns),
            Chord(.character("0"), .control): .action(RoomAction.defaultColumns),
        ],
        .slideshow: [
            Chord(.right): .nextPhoto, Chord(.character("l")): .nextPhoto, Chord(.pageDown): .nextPhoto,
            Chord(.left): .previousPhoto, Chord(.character("h")): .previousPhoto, Chord(.pageUp): .previousPhoto,
            Chord(.space): .action(RoomAction.pause),
            Chord(.escape): .closeScreen, Chord(.backspace): .closeScreen, Chord(.character("s")): .showSlideshow,
            Chord(.character("b")): .toggleBookmark,
        ],
        .search: [
            Chord(.enter): .commitSearch, Chord(.escape): .clearSearch,
        ],
        .help: [
            Chord(.escape): .toggleHelp, Chord(.character("?")): .toggleHelp, Chord(.enter): .toggleHelp,
            Chord(.down): .scrollLines(1), Chord(.character("j")): .scrollLines(1),
            Chord(.up): .scrollLines(-1), Chord(.character("k")): .scrollLines(-1),
            Chord(.pageDown): .scrollPages(1), Chord(.space): .scrollPages(1), Chord(.pageUp): .scrollPages(-1),
            Chord(.home): .scrollToTop, Chord(.end): .scrollToBottom,
        ],
        .bookmarks: [
            Chord(.character("d")): .removeBookmark, Chord(.delete): .removeBookmark,
            Chord(.character("u")): .undoRemoveBookmark,
            Chord(.escape): .closeScreen, Chord(.backspace): .closeScreen,
            Chord(.character("B"), .shift): .closeScreen,
        ],
        .memories: [
            Chord(.escape): .closeScreen, Chord(.backspace): .closeScreen, Chord(.character("m")): .closeScreen,
        ],
        .welcome: [
            Chord(.enter): .submit, Chord(.tab): .focusNext, Chord(.tab, .shift): .focusPrevious,
        ],
        .alert: [
            Chord(.enter): .dismissAlert, Chord(.escape): .dismissAlert,
        ],
        .menu: [
            Chord(.escape): .closeScreen,
        ],
        .detail: [
            Chord(.escape): .closeDetail, Chord(.backspace): .closeDetail,
            Chord(.right): .nextPhoto, Chord(.character("l")): .nextPhoto,
            Chord(.left): .previousPhoto, Chord(.character("h")): .previousPhoto,
            Chord(.left, .alt): .historyBack, Chord(.character("[")): .historyBack,
            Chord(.right, .alt): .historyForward, Chord(.character("]")): .historyForward,
            Chord(.character("b")): .toggleBookmark,
            Chord(.character("c")): .copyLink, Chord(.character("o")): .openLink,
            Chord(.character("+")): .action(RoomAction.zoomIn), Chord(.character("=")): .action(RoomAction.zoomIn),
            Chord(.character("-")): .action(RoomAction.zoomOut),
            Chord(.character("0")): .action(RoomAction.zoomFit), Chord(.character("1")): .action(RoomAction.zoomActual),
            Chord(.character("i")): .action(RoomAction.info),
            Chord(.space): .action(RoomAction.playPause),
            Chord(.character(",")): .action(RoomAction.seekBack), Chord(.character(".")): .action(RoomAction.seekForward),
            // The file's own (`FileAction`): a letter with Shift arrives as its capital.
            Chord(.delete): FileAction.trash.command,
            Chord(.character("r"), .control): FileAction.rotateRight.command,
            Chord(.character("R"), [.control, .shift]): FileAction.rotateLeft.command,
            Chord(.character("C"), [.control, .shift]): FileAction.copyPath.command,
            Chord(.character("O"), [.control, .shift]): FileAction.showFolder.command,
        ],
    ]
}
