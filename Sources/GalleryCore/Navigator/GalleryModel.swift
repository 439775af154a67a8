/// The gallery without a display, as a navigator: the stack of screens (the feed's wall at the bottom), the overlays
/// drawn over the top one, the catalog they show and the user's library. Input goes to the innermost room (the top
/// overlay, else the top screen) through `InputDispatch`; the rooms themselves decide what a command or a click
/// means. The app draws what this says (`OnShow`) and feeds it input; tests drive it directly.
public final class GalleryModel {
    /// The settings; the remote may change the slideshow's interval while the gallery runs (`SlideInterval`).
    public internal(set) var config: GalleryConfig
    /// The feed: its catalog, its wall at the bottom of the stack, pages arriving.
    public let feed: GalleryFeed
    public var catalog: Catalog { feed.catalog }
    /// The feed's wall: the screen at the bottom of the stack, always there.
    public var browse: BrowseScreen { feed.wall }
    public let keyMap: KeyMap
    /// Every command some key gives (the header offers no button the key map does not): worked out once, as the
    /// header asks every frame.
    public private(set) lazy var boundCommands = Set(keyMap.bindings.values.flatMap(\.values))
    /// What `Command.show(name)` can open.
    public let rooms: RoomRegistry
    /// Kiosk mode's state (nil: a desktop gallery). Its key map has no way out but Ctrl+Alt+Q.
    public let kiosk: Kiosk?
    /// The user's name and bookmarks.
    public let user: UserData
    /// The door to the app: what rooms ask of it, and what it knows (`AppServices`).
    public var services: AppServices

    /// Screens, bottom first; the last one shows.
    public private(set) var screens: [Screen]
    /// Overlays over the top screen, innermost last.
    public private(set) var overlays: [Overlay] = []
    /// Overlays just closed that still animate away: drawn, take no input.
    public private(set) var leaving: [Overlay] = []
    /// Where keys, text and pointer input go (`InputDispatch`).
    public private(set) lazy var input = InputDispatch(gallery: self)
    /// How many pixels at the header's right the buttons may take (the header's layout says, as it measures text).
    public var toolbarRoom = Int.max
    /// The message at the window's foot after an action (bookmarked, link copied, cannot open).
    public var toasts = Toasts()
    /// Rooms Back left, for Forward.
    public internal(set) var forwardTrail = ForwardTrail()
    /// While Forward opens a room again (which must not forget the trail, as opening anything new does).
    var reopening = false
    /// Why the command being carried out did nothing or failed (`refuse`), for a remote's answer.
    var refusal: CommandRefusal?
    /// While a command from afar is carried out (`CommandsFromAfar`): a failure is then a toast, never an alert.
    var actingFromAfar = false

    /// `library`: where the name and bookmarks are stored; with one and no name in it (and `asksName`), the welcome
    /// screen shows first. `userName`: a name for this run only, which skips the welcome screen and is not stored.
    /// `source`: the key of the source the feed comes from, which bookmarks made now belong to.
    public init(config: GalleryConfig = GalleryConfig(), pager: FeedPager.Settings? = nil, keyMap: KeyMap = KeyMap(),
                rooms: RoomRegistry = .standard, kiosk: Kiosk? = nil,
                library: Library? = nil, asksName: Bool = true, userName: String? = nil, source: String = "picsum",
                services: AppServices = NoServices()) {
        self.config = config
        self.services = services
        self.kiosk = kiosk
        self.keyMap = kiosk == nil ? keyMap : KeyMap.kiosk(from: keyMap)
        self.rooms = rooms
        user = UserData(library: library, name: userName, source: source)
        feed = GalleryFeed(config: config, pager: pager, keepsMoving: kiosk != nil)
        screens = [feed.wall]
        feed.gallery = self
        // A name is asked for only where it can be kept.
        if user.name == nil, library?.keepsChanges == true, asksName { rooms.open(RoomRegistry.welcome, in: self) }
    }

    public var viewport: Viewport { browse.viewport }
    /// The screen that shows.
    public var screen: Screen { screens[screens.count - 1] }
    /// What takes input now: the top overlay, else the screen.
    public var innermost: Room { overlays.last ?? screen }
    /// The wall input and drawing go to: the top screen's, else the feed's.
    public var currentBrowse: BrowseScreen { screens.reversed().lazy.compactMap(\.wall).first ?? browse }

    /// What the rooms show now, for those who work each frame on it (`OnShow`).
    public var onShow: OnShow { OnShow(gallery: self) }

    /// The scopes input goes through now: the innermost room's, then global. While an overlay is open the screen
    /// under it takes no input (overlays are modal).
    public var activeScopes: [Scope] { innermost.scopes + [.global] }

    // MARK: the stacks

    public func push(_ screen: Screen) {
        screen.resize(to: viewport)
        screens.append(screen)
        if !reopening { forwardTrail.forget() }
    }

    /// Takes a screen off the stack (never the feed's wall); its overlays go with it.
    public func pop(_ screen: Screen) {
        guard screen !== browse, screens.contains(where: { $0 === screen }) else { return }
        if screen === self.screen { overlays.removeAll() }
        screens.removeAll { $0 === screen }
        forwardTrail.left(screen)
    }

    /// Takes the screens that match off the stack at once (never the feed's wall), not kept for Forward.
    public func removeScreens(where match: (Screen) -> Bool) { screens.removeAll { $0 !== browse && match($0) } }

    /// Opens an overlay over everything; what was still animating away stops being drawn.
    public func open(_ overlay: Overlay) {
        overlay.resize(to: viewport)
        leaving.removeAll()
        overlays.append(overlay)
        if !reopening { forwardTrail.forget() }
    }

    /// Closes an overlay; one that still animates (a pane shrinking into its cell) is drawn until it has finished.
    public func close(_ overlay: Overlay) {
        guard overlays.contains(where: { $0 === overlay }) else { return }
        overlays.removeAll { $0 === overlay }
        overlay.willClose(in: self)
        if overlay.isAnimating { leaving.append(overlay) }
        forwardTrail.left(overlay)
    }

    /// Closes every overlay at once, without animation (another screen is about to show).
    public func closeOverlays() {
        overlays.removeAll()
        leaving.removeAll()
        forwardTrail.forget()
    }

    /// Back to the bare feed wall: every overlay closes (animating away) and every screen over the wall goes.
    public func closeEverything() {
        for overlay in overlays.reversed() { close(overlay) }
        screens = [browse]
        forwardTrail.forget()
    }

    // MARK: input, routed by `InputDispatch` (these doors are its, kept for the app and tests)

    /// What a command asks of the app beyond the gallery (`AppEffect`).
    public typealias Effect = AppEffect
    public func handle(key: Key, modifiers: Modifiers = []) -> Effect { input.handle(key: key, modifiers: modifiers) }
    public func handle(text: String) { input.handle(text: text) }
    public func pointer(_ event: PointerInput) { input.pointer(event) }
    public func click(atWindowX x: Int, y: Int) { input.click(atWindowX: x, y: y) }
    public var pointer: (x: Int, y: Int)? { input.pointer }

    /// Runs a command (scripts and tests name commands directly): the gallery's own, else the innermost room's.
    public func apply(_ command: Command) -> Effect {
        switch command {
        case .quit: return .quit
        case .toggleFullscreen: return .toggleFullscreen
        case .reload:
            closeOverlays()
            removeScreens { !$0.outlivesFeed }
            browse.reload()
        case .show(let name): rooms.open(name, in: self)
        case .setDisplay, .useSource, .openPaths, .setOverlay, .identify: return AppEffect(handedOn: command) ?? .none
        case .setSpeed(let speed): kiosk?.autoScroll.speed = speed
        case .action(Toolbar.back): goBack()
        case .historyForward: goForward()
        // `u` undoes what the toast offers to undo (a bookmark just made or removed) before anything else.
        case .undoRemoveBookmark where toasts.current?.actionLabel != nil: toasts.runAction()
        // A command some room carries out from anywhere (`RoomRegistry.everywhere`), else the innermost room's.
        default: if !rooms.perform(command, in: self) { return innermost.perform(command, in: self) ?? .none }
        }
        return .none
    }

    /// The wall or the slideshow, whatever shows now (`Command.setMode`).
    public func show(_ mode: FrameMode) { _ = apply(.setMode(mode)) }

    /// What shows: the slideshow if it is anywhere on the stack, else the wall.
    public var mode: FrameMode { screens.contains { $0.frameMode == .slideshow } ? .slideshow : .wall }

    /// What a Back button (and an edge swipe) does: the innermost overlay closes, else the top screen, else the list
    /// turns back into the grid.
    public func goBack() {
        if innermost.goBack(in: self) { return }
        if let overlay = overlays.last { close(overlay) }
        else if screen !== browse { pop(screen) }
        else if browse.mode == .list { browse.setMode(.grid) }
    }

    /// Whether Back has anywhere to go.
    public var canGoBack: Bool { !overlays.isEmpty || screen !== browse || browse.mode == .list }

    /// The window changed size or display: every room gets the new viewport.
    public func resize(to viewport: Viewport) {
        for room in screens as [Room] + overlays + leaving { room.resize(to: viewport) }
    }

    public func tick(dt: Double) {
        toasts.tick(dt: dt)
        screen.tick(dt: dt)
        for overlay in overlays + leaving { overlay.tick(dt: dt) }
        leaving.removeAll { !$0.isAnimating }
    }

    /// Whether something is animating (automation waits for it to finish before it calls the screen settled).
    public var isAnimating: Bool { !leaving.isEmpty || screen.isAnimating || overlays.contains { $0.isAnimating } }

    /// A message that stops everything until it is dismissed.
    public func alert(_ message: String) { open(rooms.alert(message)) }

    /// Forgets the feed and starts again from page 1. With `source` (the key of a source taking over), bookmarks
    /// made from now on belong to that source, and the shelf shows its bookmarks.
    /// `wraps`: whether the new source's feed starts again at its end (nil: as before).
    public func resetFeed(source: String? = nil, wraps: Bool? = nil) {
        closeOverlays()
        removeScreens { !$0.outlivesFeed }
        if let source { user.showSource(source) }
        feed.reset(wraps: wraps)
    }
}
