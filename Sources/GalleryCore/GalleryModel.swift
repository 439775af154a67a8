/// The gallery without a display: the shared catalog, the screen that shows it (the welcome screen or the wall),
/// and the overlays drawn over it (the detail pane, an alert), with input dispatched by scope, innermost first, and
/// typed text going to the focused field before any key binding. The app draws what this says and feeds it input;
/// tests drive it directly.
public final class GalleryModel {
    public let config: GalleryConfig
    public let catalog: Catalog
    public let browse: BrowseScreen
    public internal(set) var overlays: [Overlay] = []
    public let keyMap: KeyMap
    /// Kiosk mode's state (nil: a desktop gallery). Its key map has no way out but Ctrl+Alt+Q.
    public internal(set) var kiosk: Kiosk?
    /// Where the user's name is kept; nil when this run must not touch the user's data (automation, benchmarks).
    public let library: Library?
    /// Line height of the detail pane's text, from the font the app loaded.
    public var detailLineHeight = 22
    /// How a photo is credited in the pane, and the link `c` copies and `o` opens: the shown source's say
    /// (`PhotoSource.credit`), author and page by default.
    public var credit: (Photo) -> Credit = { Credit(line: $0.author, page: $0.url) }

    public enum ScreenKind: Equatable { case welcome, browse, bookmarks }
    public private(set) var screen: ScreenKind = .browse
    public private(set) var welcome: WelcomeScreen?
    /// The name the header greets with: from the library, or given for this run (`--name`).
    public private(set) var userName: String?
    /// The user's bookmarks for the shown source (nil without a library).
    public private(set) var shelf: BookmarkShelf?
    /// The bookmarks screen while it shows: the same wall over a catalog of the bookmarked photos.
    public private(set) var bookmarksScreen: BrowseScreen?

    /// Search by author, while a query is typed or kept; its matches shown on a wall of their own.
    public private(set) var search: Search?
    public private(set) var searchScreen: BrowseScreen?

    /// The wall input and drawing go to: the bookmarks', the search's matches, or the feed's.
    public var currentBrowse: BrowseScreen {
        if screen == .bookmarks, let bookmarksScreen { return bookmarksScreen }
        return searchScreen ?? browse
    }

    /// `library`: where the name and bookmarks are stored; with one and no name in it (and `asksName`), the welcome
    /// screen shows first. `userName`: a name for this run only, which skips the welcome screen and is not stored.
    /// `source`: what bookmarks made now are filed under.
    public init(config: GalleryConfig = GalleryConfig(), pager: FeedPager.Settings? = nil, keyMap: KeyMap = KeyMap(),
                kiosk: Kiosk? = nil,
                library: Library? = nil, asksName: Bool = true, userName: String? = nil, source: String = "picsum") {
        self.config = config
        self.kiosk = kiosk
        self.keyMap = kiosk == nil ? keyMap : KeyMap.kiosk(from: keyMap)
        self.library = library
        catalog = Catalog(pager: pager ?? FeedPager.Settings(pageSize: config.pageSize, wraps: config.wraps,
                                                             minInterval: config.pageInterval))
        browse = BrowseScreen(catalog: catalog, config: config)
        self.userName = userName ?? library?.userName
        shelf = library.map { BookmarkShelf(library: $0, source: source) }
        if self.userName == nil, library != nil, asksName { showWelcome() }
    }

    public var viewport: Viewport { browse.viewport }

    /// The scopes input goes through now: the top overlay's, the screen's, then global. While an overlay is open
    /// the screen under it takes no input (overlays are modal).
    public var activeScopes: [Scope] {
        if let top = overlays.last { return [top.scope, .global] }
        switch screen {
        case .welcome: return [.welcome, .global]
        case .browse: return [.browse, .global]
        case .bookmarks: return [.bookmarks, .browse, .global]
        }
    }

    /// Whether typed text has somewhere to go (the app turns the platform's text input on only then).
    public var hasFocusedField: Bool { focusedField != nil }

    private enum FieldOwner { case welcome, search }

    private var focusedField: FieldOwner? {
        if case .search? = overlays.last { return .search }
        return screen == .welcome && overlays.isEmpty ? .welcome : nil
    }

    private func editField(_ edit: (inout TextField) -> Void) {
        switch focusedField {
        case .welcome?: if let welcome { edit(&welcome.field) }
        case .search?:
            guard var current = search else { return }
            edit(&current.field)
            current.pagesWithoutMatch = 0
            search = current
            refilter(keepingPlace: false)
        case nil: break
        }
    }

    /// The open detail pane, if any, and where its photo is in the catalog.
    public var detail: (overlay: DetailOverlay, index: Int)? {
        for case .detail(let d) in overlays.reversed() {
            if let index = currentBrowse.catalog.feed.index(of: d.key) { return (d, index) }
        }
        return nil
    }

    /// The text the detail pane shows under a photo.
    public func detailLines(for photo: Photo) -> [DetailOverlay.Line] {
        DetailOverlay.lines(photo: photo, credit: credit(photo))
    }

    public func detailLayout(for index: Int) -> DetailLayout {
        let photo = currentBrowse.catalog.items[index].photo
        return DetailOverlay.layout(window: viewport.size, config: config, photo: photo, lineHeight: detailLineHeight,
                                    lines: detailLines(for: photo).count)
    }

    // MARK: input

    public enum Effect: Equatable {
        case none, quit, toggleFullscreen
        /// Put this text on the clipboard.
        case copy(String)
        /// Open this http(s) URL in the user's browser.
        case open(String)
    }

    /// A key press. A focused field takes editing keys and swallows characters (they arrive as text); otherwise
    /// the innermost scope that binds the key acts.
    public func handle(key: Key, modifiers: Modifiers = []) -> Effect {
        swallowText = nil
        if hasFocusedField {
            if key == .backspace { editField { $0.backspace() }; return .none }
            if case .character = key, modifiers.isDisjoint(with: [.control, .alt]) { return .none }
            if key == .space { return .none }
        }
        guard let command = keyMap.command(for: key, modifiers: modifiers, in: activeScopes) else { return .none }
        let effect = apply(command)
        // The key that opened a field must not be typed into it: its text event follows the key press.
        if hasFocusedField, case .character(let c) = key { swallowText = String(c) }
        return effect
    }

    private var swallowText: String?

    /// Text typed (or committed by an input method) goes to the focused field, never to key bindings.
    public func handle(text: String) {
        defer { swallowText = nil }
        guard hasFocusedField else { return }
        if let swallow = swallowText, text == swallow { return }
        editField { $0.insert(text) }
    }

    /// An input method's composition in progress, shown in the focused field.
    public func handle(composition: String) {
        editField { $0.compose(composition) }
    }

    /// Runs a command in the active scopes (scripts and tests name commands directly).
    public func apply(_ command: Command) -> Effect {
        switch command {
        case .quit: return .quit
        case .toggleFullscreen: return .toggleFullscreen
        case .reload:
            overlays.removeAll()
            resetSearch()
            browse.reload()
        case .closeDetail:
            // Input goes back to the wall at once; the pane shrinks into its cell on the frames that follow.
            if let open = detail {
                var pane = open.overlay
                pane.reveal.turn(to: 0)
                pane.origin = currentBrowse.focusedIndex.map(currentBrowse.screenFrame(of:)) ?? pane.origin
                closingDetail = pane
            }
            overlays.removeAll { if case .detail = $0 { return true } else { return false } }
        case .dismissAlert:
            overlays.removeAll { if case .alert = $0 { return true } else { return false } }
        case .nextPhoto, .previousPhoto, .historyBack, .historyForward:
            navigateDetail(command)
        case .toggleBookmark, .showBookmarks, .removeBookmark, .undoRemoveBookmark, .closeScreen:
            bookmarkCommand(command)
        case .openSearch, .commitSearch, .clearSearch:
            searchCommand(command)
        case .copyLink, .openLink:
            guard let open = detail else { return .none }
            // Only http(s) links leave the app (and a local photo's own file); a page URL is validated when parsed,
            // checked again here.
            let page = credit(currentBrowse.catalog.items[open.index].photo).page
            let url = ExternalText.isFileURL(page) ? page : ExternalText.url(page)
            guard !url.isEmpty else { return .none }
            return command == .copyLink ? .copy(url) : .open(url)
        case .toggleHelp:
            if case .help? = overlays.last { overlays.removeLast() } else { overlays.append(.help) }
        case .submit:
            submitWelcome()
        case .changeName:
            guard library != nil else { return .none }  // a run that must not touch the user's data
            showWelcome()
        default:
            guard overlays.isEmpty, screen != .welcome else { return .none }  // nothing under an overlay moves
            if let open = currentBrowse.apply(command) { openDetail(at: open) }
        }
        return .none
    }

    /// Moves the open pane to another photo; the wall's focus follows, so closing lands on that photo.
    private func navigateDetail(_ command: Command) {
        let catalog = currentBrowse.catalog
        guard let top = overlays.indices.last, case .detail(var pane) = overlays[top],
              let index = catalog.feed.index(of: pane.key) else { return }
        switch command {
        case .nextPhoto, .previousPhoto:
            let next = index + (command == .nextPhoto ? 1 : -1)
            guard next >= 0, next < catalog.count else { return }
            pane.show(catalog.items[next].key)
        case .historyBack: pane.back()
        case .historyForward: pane.forward()
        default: return
        }
        overlays[top] = .detail(pane)
        if let shown = catalog.feed.index(of: pane.key) { currentBrowse.focus(shown) }
    }

    private func showWelcome() {
        welcome = WelcomeScreen(name: userName ?? "")
        screen = .welcome
    }

    /// Enter or Start on the welcome screen: a blank name shows the alert and stays; a name is stored and greets.
    private func submitWelcome() {
        guard screen == .welcome, let welcome else { return }
        switch welcome.submit() {
        case .alert(let message):
            overlays.append(.alert(AlertOverlay(message: message)))
        case .start(let name):
            do {
                try library?.setUserName(name)
                userName = name
                screen = .browse
                self.welcome = nil
            } catch {
                overlays.append(.alert(AlertOverlay(message: "Your name could not be saved: \(error)")))
            }
        }
    }

    private func openDetail(at index: Int) {
        let items = currentBrowse.catalog.items
        guard index < items.count else { return }
        var pane = DetailOverlay(key: items[index].key, origin: currentBrowse.screenFrame(of: index))
        // Opened again while it was still closing: the animation turns around from where it is.
        if let closing = closingDetail, closing.key == pane.key { pane.reveal = Reveal(from: closing.reveal.progress) }
        closingDetail = nil
        overlays.append(.detail(pane))
    }

    /// The pane that was just closed, while it shrinks back into its cell (drawn, takes no input).
    public private(set) var closingDetail: DetailOverlay?

    /// Whether something is animating (automation waits for it to finish before it calls the screen settled).
    public var isAnimating: Bool {
        if closingDetail != nil { return true }
        for case .detail(let d) in overlays where d.reveal.isMoving { return true }
        return false
    }

    // MARK: search

    private func searchCommand(_ command: Command) {
        switch command {
        case .openSearch:
            guard screen == .browse, overlays.isEmpty else { return }
            if search == nil { search = Search() }
            search?.editing = true
            overlays.append(.search)
            refilter(keepingPlace: true)
        case .commitSearch:
            overlays.removeAll { $0 == .search }
            search?.editing = false
            if search?.query.isEmpty ?? true { clearSearch() }
        case .clearSearch:
            clearSearch()
        default: break
        }
    }

    func clearSearch() {
        guard search != nil else { return }
        overlays.removeAll { $0 == .search }
        search = nil
        searchScreen = nil
    }

    /// Rebuilds the wall of matches from the catalog. New pages keep the place; a changed query starts at the top.
    private func refilter(keepingPlace: Bool) {
        guard let search else { return }
        let matches = catalog.items.map(\.photo).filter { Search.matches($0.author, query: search.query) }
        let old = searchScreen
        let wall = BrowseScreen(catalog: Catalog(fixed: matches), config: config)
        wall.resize(to: viewport)
        if browse.mode != wall.mode { wall.setMode(browse.mode) }
        if keepingPlace, let old {
            wall.setScroll(offset: Double(old.scrollTop))
            if let focus = old.focusedIndex, focus < matches.count { wall.focus(focus) }
        }
        searchScreen = wall
    }

    /// Resets clear the search too (a reload or a new source starts over).
    private func resetSearch() { clearSearch() }

    /// A new page arrived while searching: its matches join the wall; a page without any counts towards giving up.
    private func searchReceived(newItems: ArraySlice<FeedItem>) {
        guard var current = search else { return }
        let found = newItems.contains { Search.matches($0.photo.author, query: current.query) }
        current.pagesWithoutMatch = found ? 0 : current.pagesWithoutMatch + 1
        search = current
        refilter(keepingPlace: true)
    }

    /// The header's line about the search.
    public var searchNote: String? {
        guard let search else { return nil }
        let count = searchScreen?.catalog.count ?? 0
        var note = "Search “\(search.query)”: \(count) match\(count == 1 ? "" : "es")"
        if !search.keepsPaging { note += "; none in the last \(Search.maxPagesWithoutMatch) pages, stopped looking" }
        return note + (search.editing ? " · Enter keeps, Esc clears" : " · Esc clears")
    }

    // MARK: bookmarks

    /// The photo a bookmark command is about: the one open in the pane, else the focused one.
    private var targetPhoto: Photo? {
        let browse = currentBrowse
        if let open = detail { return browse.catalog.items[open.index].photo }
        return browse.focusedIndex.map { browse.catalog.items[$0].photo }
    }

    public func isBookmarked(_ photoID: String) -> Bool { shelf?.contains(photoID) ?? false }

    private func bookmarkCommand(_ command: Command) {
        guard let shelf else { return }
        do {
            switch command {
            case .toggleBookmark:
                guard let photo = targetPhoto else { return }
                if screen == .bookmarks { try shelf.remove(photo); refreshBookmarks() } else { try shelf.toggle(photo) }
            case .showBookmarks:
                guard screen == .browse else { return }
                overlays.removeAll()
                screen = .bookmarks
                refreshBookmarks(focusing: shelf.list().first?.photo.id)
            case .removeBookmark:
                guard screen == .bookmarks, overlays.isEmpty, let photo = targetPhoto else { return }
                try shelf.remove(photo)
                refreshBookmarks()
            case .undoRemoveBookmark:
                guard screen == .bookmarks, let back = try shelf.undo() else { return }
                refreshBookmarks(focusing: back.photo.id)
            case .closeScreen:
                guard screen == .bookmarks else { return }
                overlays.removeAll()
                screen = .browse
                bookmarksScreen = nil
            default: break
            }
        } catch {
            overlays.append(.alert(AlertOverlay(message: "The bookmark could not be saved: \(error)")))
        }
    }

    /// Rebuilds the bookmarks screen from the shelf (newest first), keeping the focus near where it was.
    private func refreshBookmarks(focusing photoID: String? = nil) {
        guard let shelf else { return }
        let old = bookmarksScreen
        let previousFocus = old?.focusedIndex
        let screen = BrowseScreen(catalog: Catalog(fixed: shelf.list().map(\.photo)), config: config)
        screen.resize(to: viewport)
        if let old, old.mode != screen.mode { screen.setMode(old.mode) }
        let items = screen.catalog.items
        if let id = photoID, let index = items.firstIndex(where: { $0.photo.id == id }) {
            screen.focus(index)
        } else if !items.isEmpty {
            screen.setScroll(offset: Double(old?.scrollTop ?? 0))
            screen.focus(min(previousFocus ?? 0, items.count - 1))
        }
        bookmarksScreen = screen
    }

    /// A click (or tap) that was not a drag. With the pane open, a click outside it closes it.
    public func click(atWindowX x: Int, y: Int) {
        if case .alert? = overlays.last {
            if AlertOverlay.layout(window: viewport.size).button.contains(x: x, y: y) { _ = apply(.dismissAlert) }
            return
        }
        if screen == .welcome {
            if WelcomeScreen.layout(window: viewport.size).button.contains(x: x, y: y) { _ = apply(.submit) }
            return
        }
        if let open = detail {
            let layout = detailLayout(for: open.index)
            if layout.backButton.contains(x: x, y: y) { _ = apply(.historyBack) }
            else if layout.forwardButton.contains(x: x, y: y) { _ = apply(.historyForward) }
            else if !layout.panel.contains(x: x, y: y) { _ = apply(.closeDetail) }
            return
        }
        let wall = currentBrowse
        if let index = wall.index(atWindowX: x, y: y), let star = BrowseScreen.starRect(of: wall.screenFrame(of: index)),
           star.contains(x: x, y: y) {
            wall.focus(index)
            bookmarkCommand(.toggleBookmark)
            return
        }
        if let index = wall.click(atWindowX: x, y: y) { openDetail(at: index) }
    }

    public func middleClick(atWindowX x: Int, y: Int) {
        guard overlays.isEmpty, screen != .welcome else { return }
        currentBrowse.middleClick(atWindowX: x, y: y)
    }

    public func hover(atWindowX x: Int, y: Int) {
        pointer = (x, y)
        guard overlays.isEmpty, screen != .welcome else { return }
        currentBrowse.hover(atWindowX: x, y: y)
    }

    /// Where the pointer is, for hover states of buttons.
    public private(set) var pointer: (x: Int, y: Int)?

    public func beginDrag(at time: Double) {
        guard overlays.isEmpty, screen != .welcome else { return }
        currentBrowse.beginDrag(at: time)
    }

    public func drag(by dy: Double, at time: Double) { currentBrowse.drag(by: dy, at: time) }
    public func endDrag(at time: Double) { currentBrowse.endDrag(at: time) }

    public func wheel(notches: Double) {
        guard overlays.isEmpty, screen != .welcome else { return }
        currentBrowse.wheel(notches: notches)
    }

    /// The window changed size or display: every holder gets the new viewport.
    public func resize(to viewport: Viewport) {
        browse.resize(to: viewport)
        searchScreen?.resize(to: viewport)
        bookmarksScreen?.resize(to: viewport)
    }

    public func tick(dt: Double) {
        currentBrowse.tick(dt: dt)
        for i in overlays.indices {
            if case .detail(var pane) = overlays[i], pane.reveal.isMoving {
                pane.reveal.step(dt: dt)
                overlays[i] = .detail(pane)
            }
        }
        if var closing = closingDetail {
            closing.reveal.step(dt: dt)
            closingDetail = closing.reveal.isMoving ? closing : nil
        }
    }

    // MARK: the catalog

    /// The page to fetch now, if the screen is near the end of what is loaded.
    public func nextPageRequest(now: Double) -> FeedPager.Request? {
        catalog.nextPageRequest(wantsMore: wantsMore, now: now)
    }

    /// The feed should grow: the wall nears its end, or a search shows too few matches (within its bound).
    private var wantsMore: Bool {
        guard let search, let searchScreen else { return browse.wantsMore }
        return search.keepsPaging && searchScreen.wantsMore
    }

    @discardableResult
    public func receive(_ request: FeedPager.Request, _ result: Result<PageContents, SourceError>, now: Double,
                        unit: Double = 0.5) -> FeedPager.Outcome {
        let before = catalog.count
        let outcome = catalog.receive(request, result, now: now, unit: unit)
        // A wall that wraps forgets the passes it left far behind (not while a search holds a view of them).
        if search == nil, let top = browse.topIndex { catalog.dropPassedItems(above: top) }
        browse.sync(after: outcome)
        if search != nil, case .success = result { searchReceived(newItems: catalog.items[before...]) }
        return outcome
    }

    /// Shows pages stored earlier (the offline cache) before any network answer.
    public func restore(_ pages: [(page: Int, contents: PageContents)], pageSize: Int? = nil) {
        catalog.restore(pages, pageSize: pageSize)
        browse.sync()
    }

    /// What changed on disk under photos already shown (a watched folder).
    public func apply(_ edits: FolderIndex.Edits) {
        browse.apply(edits)
    }

    /// Forgets the feed and starts again from page 1 (a new source).
    public func resetFeed() {
        overlays.removeAll()
        resetSearch()
        catalog.reset()
        browse.sync()
    }

    /// Whether the feed is about to grow under this viewport (automation waits for it).
    public var expectsPage: Bool { catalog.expectsPage(wantsMore: wantsMore) }
}
