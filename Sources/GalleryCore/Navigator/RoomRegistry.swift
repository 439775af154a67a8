/// The rooms that can be opened by name (`Command.show(name)`), each with a line for the help sheet and how it
/// opens. The one place that names the gallery's own rooms, as imv installs its backends at the root: a new screen
/// or overlay is one `register` line here (or on a copy, in a test), a model file, a view and its key bindings.
public struct RoomRegistry {
    public struct Entry {
        /// What the command does, for the help sheet ("Show bookmarks"), in English (translated where shown).
        public let summary: String
        /// Opens the room in the gallery, or closes it when it is the innermost one already.
        public let open: (GalleryModel) -> Void
    }

    private var entries: [String: Entry] = [:]
    /// The header's buttons, the rooms' own and the gallery's (Back, grid or list).
    public private(set) var buttons: [ToolbarItem] = [.back, .forward, .view]
    /// The help sheet's words for rooms' own commands (`Command.action(name)`).
    private var actions: [String: String] = [:]
    /// The help sheet's sections: each scope's title, in order (nil: the scope has no section, as the welcome
    /// screen's keys, which are on the screen itself).
    public private(set) var scopeTitles: [(scope: Scope, title: String?)] = []

    /// Commands rooms carry out from anywhere (the slideshow's mode and interval, a photo opened by id), asked in
    /// order before the innermost room.
    private var everywhere: [(Command, GalleryModel) -> Bool] = []
    /// The "⋯" of a narrow window, last on the right: it opens the menu of the buttons with no room.
    public var more = MenuOverlay.more
    /// The message that stops everything until it is dismissed (`GalleryModel.alert`).
    public var alert: (String) -> Overlay = { AlertOverlay(message: $0) }

    public init() {}

    /// Installs commands some room carries out from anywhere: `perform` returns false for those it does not take.
    public mutating func everywhere(_ perform: @escaping (Command, GalleryModel) -> Bool) { everywhere.append(perform) }

    /// Carries out a command some room takes from anywhere; false when none does.
    func perform(_ command: Command, in gallery: GalleryModel) -> Bool {
        everywhere.contains { $0(command, gallery) }
    }

    public static let help = "help", bookmarks = "bookmarks", search = "search", welcome = "name"
    public static let slideshow = "slideshow", menu = "menu", memories = "memories"

    /// Registers a room under `name`, with a line for the help sheet, how it opens and, if it has one, its header
    /// button.
    public mutating func register(_ name: String, summary: String, button: ToolbarItem? = nil,
                                  open: @escaping (GalleryModel) -> Void) {
        entries[name] = Entry(summary: summary, open: open)
        if let button {
            buttons.removeAll { $0.id == button.id }
            buttons.append(button)
        }
    }

    /// Words for the help sheet for a room's own command.
    public mutating func describe(action name: String, as summary: String) { actions[name] = summary }

    /// Titles a scope's section in the help sheet (after those described before it); nil leaves it out. English,
    /// marked with `untranslated`: the sheet translates it.
    public mutating func describe(scope: Scope, as title: String?) {
        scopeTitles.removeAll { $0.scope == scope }
        scopeTitles.append((scope, title))
    }

    public var names: [String] { entries.keys.sorted() }

    /// Opens what is registered under `name`; false when nothing is.
    @discardableResult
    public func open(_ name: String, in gallery: GalleryModel) -> Bool {
        guard let entry = entries[name] else { return false }
        entry.open(gallery)
        return true
    }

    /// The help sheet's words for a command, in the frame's language (rooms give theirs in English, marked with
    /// `untranslated`).
    public func summary(of command: Command) -> String {
        if case .show(let name) = command, let entry = entries[name] { return tr(entry.summary) }
        if case .action(let name) = command, let summary = actions[name] { return tr(summary) }
        return command.summary
    }

    /// The gallery's own rooms.
    public static let standard: RoomRegistry = {
        var rooms = RoomRegistry()
        rooms.register(help, summary: untranslated("Show or hide this help"), button: HelpOverlay.button,
                       open: HelpOverlay.toggle)
        rooms.register(bookmarks, summary: untranslated("Show bookmarks"), button: BookmarksScreen.button,
                       open: BookmarksScreen.open)
        rooms.register(search, summary: untranslated("Search by author"), button: SearchScreen.button,
                       open: SearchScreen.open)
        rooms.register(welcome, summary: untranslated("Change your name"), button: WelcomeScreen.button,
                       open: WelcomeScreen.open)
        rooms.register(slideshow, summary: untranslated("Slideshow on or off"), button: SlideshowScreen.button,
                       open: SlideshowScreen.open)
        rooms.register(memories, summary: untranslated("Memories: this day in earlier years"),
                       button: MemoriesScreen.button,
                       open: MemoriesScreen.open)
        rooms.register(menu, summary: untranslated("More buttons"), open: MenuOverlay.toggle)
        rooms.everywhere(EverywhereCommands.perform)
        rooms.everywhere(WeekCommands.perform)
        for (scope, title) in [(Scope.browse, untranslated("The wall")), (.detail, untranslated("Detail pane")),
                               (.slideshow, untranslated("Slideshow")), (.bookmarks, untranslated("Bookmarks")),
                               (.memories, untranslated("Memories")), (.search, untranslated("Search")),
                               (.global, untranslated("Everywhere"))] {
            rooms.describe(scope: scope, as: title)
        }
        for scope in [Scope.welcome, .alert, .help, .menu] { rooms.describe(scope: scope, as: nil) }
        rooms.describe(action: RoomAction.pause, as: untranslated("Pause or go on"))
        rooms.describe(action: RoomAction.zoomIn, as: untranslated("Zoom in"))
        rooms.describe(action: RoomAction.playPause, as: untranslated("Play or pause a clip"))
        rooms.describe(action: RoomAction.seekBack, as: untranslated("A clip: back 5 seconds"))
        rooms.describe(action: RoomAction.seekForward, as: untranslated("A clip: on 5 seconds"))
        rooms.describe(action: RoomAction.zoomOut, as: untranslated("Zoom out"))
        rooms.describe(action: RoomAction.zoomFit, as: untranslated("Fit the photo"))
        rooms.describe(action: RoomAction.zoomActual, as: untranslated("One photo pixel per screen pixel"))
        rooms.describe(action: RoomAction.info, as: untranslated("Details: links, folder, camera"))
        for action in FileAction.allCases { rooms.describe(action: action.rawValue, as: action.summary) }
        rooms.describe(action: RoomAction.fewerColumns, as: untranslated("Larger photos: fewer columns (Ctrl+wheel, pinch)"))
        rooms.describe(action: RoomAction.moreColumns, as: untranslated("Smaller photos: more columns (Ctrl+wheel, pinch)"))
        rooms.describe(action: RoomAction.defaultColumns, as: untranslated("The usual columns again"))
        rooms.describe(action: RoomAction.chooseFolder, as: untranslated("Choose another folder to show"))
        return rooms
    }()
}
