/// Search by author (`/`): a wall of the feed's photos whose author matches, rebuilt as the query is typed and as
/// pages arrive; while the query is typed the search bar (`SearchBar`) lies over it and takes the keys. The feed
/// keeps paging for matches until a few pages in a row brought none.
public final class SearchScreen: Screen {
    public private(set) var search = Search()
    public private(set) var matches: BrowseScreen
    private let feed: BrowseScreen

    init(feed: BrowseScreen) {
        self.feed = feed
        matches = BrowseScreen(catalog: Catalog(fixed: []), config: feed.config)
    }

    /// `Command.openSearch`: the field over the feed's wall, or over the matches of a search already kept.
    public static func open(in gallery: GalleryModel) {
        guard gallery.overlays.isEmpty else { return }
        if let kept = gallery.screen as? SearchScreen {
            kept.search.editing = true
            kept.matches.topInset = Search.barSpace
            gallery.open(SearchBar(search: kept))
        } else if !(gallery.screen is WelcomeScreen) {
            // From the bookmarks or the slideshow too: the search is over the feed's wall, so they close first.
            while gallery.screen !== gallery.browse { gallery.pop(gallery.screen) }
            let screen = SearchScreen(feed: gallery.browse)
            gallery.push(screen)
            gallery.open(SearchBar(search: screen))
            screen.refilter(in: gallery, keepingPlace: true)
        }
    }

    public var scopes: [Scope] { [.browse] }
    public var wall: BrowseScreen? { matches }
    public var picture: AnyHashable? { matches.picture }
    /// A view of the feed's items: it goes when the feed starts over.
    public var outlivesFeed: Bool { false }
    public var wantsFeedPages: Bool? { search.keepsPaging && matches.wantsMore }

    /// Short, so a narrow header shows it whole; the empty wall says the rest.
    public var headerNote: String? {
        let count = matches.catalog.count
        // Translators: {query} is what was typed in the search.
        let note = trn("“{query}”: {count} match", "“{query}”: {count} matches", count: count, ["query": search.query])
        // Translators: Enter and Esc are keys.
        return note + " · " + (search.editing ? tr("Enter keeps, Esc clears") : tr("Esc clears"))
    }

    /// What the wall says while nothing matches.
    public func emptyText(photos: Int) -> String {
        guard !search.query.isEmpty else { return tr("Type part of an author's name.") }
        let values = ["query": search.query, "pages": Words.language.number(Search.maxPagesWithoutMatch)]
        guard !search.keepsPaging else {
            // Translators: {query} is what was typed; {count} how many photos were searched.
            return trn("No author matches “{query}” in the {count} photo loaded; looking in more.",
                       "No author matches “{query}” in the {count} photos loaded; looking in more.", count: photos, values)
        }
        // gettext chooses a plural form by one number ({count}, the photos); {pages} is a constant, so the note tells
        // the translator which number it is, and the sentence is written with that number's form of "pages".
        // Translators: {query} is what was typed; {count} how many photos were searched; {pages} is always 5:
        // write "pages" in the form your language uses after 5.
        return trn("No author matches “{query}” in the {count} photo loaded; none in the last {pages} pages either, so the search stopped. Esc clears it, or try another name.",
                   "No author matches “{query}” in the {count} photos loaded; none in the last {pages} pages either, so the search stopped. Esc clears it, or try another name.",
                   count: photos, values)
    }

    /// Nothing matches: what was looked for, and the way out of the search.
    public func emptyState(in gallery: GalleryModel) -> EmptyState? {
        guard matches.catalog.isEmpty else { return nil }
        guard !search.query.isEmpty else { return EmptyState(icon: .search, title: tr("Type part of an author’s name")) }
        // Translators: {query} is what was typed in the search.
        return EmptyState(icon: .searchOff, title: tr("No photos match “{query}”", ["query": search.query]),
                          actions: [EmptyState.Action(tr("Clear search"), .clearSearch)],
                          detail: emptyText(photos: gallery.catalog.count))
    }

    /// ← (or an edge swipe) leaves the search at once, bar and all: one click, not two.
    public func goBack(in gallery: GalleryModel) -> Bool {
        gallery.pop(self)
        return true
    }

    public func perform(_ command: Command, in gallery: GalleryModel) -> GalleryModel.Effect? {
        switch command {
        case .commitSearch:
            search.editing = false
            matches.topInset = 0
            for case let bar as SearchBar in gallery.overlays { gallery.close(bar) }
            if search.query.isEmpty { gallery.pop(self) }
        case .clearSearch:
            gallery.pop(self)
        default:
            return matches.perform(command, in: gallery)
        }
        return GalleryModel.Effect.none
    }

    public func pointer(_ input: PointerInput, in gallery: GalleryModel) -> Bool { matches.pointer(input, in: gallery) }
    public func tick(dt: Double) { matches.tick(dt: dt) }
    public func resize(to viewport: Viewport) { matches.resize(to: viewport) }

    /// The query changed: the matches start at the top.
    func edit(_ change: (inout TextField) -> Void, in gallery: GalleryModel) {
        change(&search.field)
        search.pagesWithoutMatch = 0
        refilter(in: gallery, keepingPlace: false)
    }

    /// A new page arrived: its matches join the wall; a page without any counts towards giving up.
    public func feedGrew(_ newItems: ArraySlice<FeedItem>, in gallery: GalleryModel) {
        let found = newItems.contains { Search.matches($0.photo.author, query: search.query) }
        search.pagesWithoutMatch = found ? 0 : search.pagesWithoutMatch + 1
        refilter(in: gallery, keepingPlace: true)
    }

    /// Rebuilds the wall of matches from the catalog. New pages keep the place; a changed query starts at the top.
    private func refilter(in gallery: GalleryModel, keepingPlace: Bool) {
        let query = search.query
        let found = feed.catalog.items.map(\.photo).filter { Search.matches($0.author, query: query) }
        let old = matches
        let wall = BrowseScreen(catalog: Catalog(fixed: found), config: feed.config)
        wall.captions = .author
        wall.topInset = search.editing ? Search.barSpace : 0
        wall.resize(to: feed.viewport)
        if feed.mode != wall.mode { wall.setMode(feed.mode) }
        if keepingPlace {
            wall.setScroll(offset: Double(old.scrollTop))
            if let focus = old.focusedIndex, focus < found.count { wall.focus(focus) }
        }
        matches = wall
    }
}

/// The search field at the top of the wall while a query is typed: it has the keys; Enter keeps the search, Esc
/// clears it.
public final class SearchBar: Overlay {
    public let screen: SearchScreen

    init(search screen: SearchScreen) { self.screen = screen }

    public var scopes: [Scope] { [.search] }
    public var field: TextField? { screen.search.field }
    /// The caret blinks.
    public var picture: AnyHashable? { nil }

    public func editField(_ change: (inout TextField) -> Void, in gallery: GalleryModel) {
        screen.edit(change, in: gallery)
    }

    public func perform(_ command: Command, in gallery: GalleryModel) -> GalleryModel.Effect? {
        guard command == .commitSearch || command == .clearSearch else { return nil }
        return screen.perform(command, in: gallery)
    }

    public func goBack(in gallery: GalleryModel) -> Bool { screen.goBack(in: gallery) }

    /// The bar lies over the wall's top alone: a click on an empty search's button below it ("Clear search") is
    /// pressed as if the bar were not open.
    public func pointer(_ input: PointerInput, in gallery: GalleryModel) -> Bool {
        guard case let .click(x, y) = input, let empty = screen.emptyState(in: gallery),
              let action = empty.action(atX: x, y: y, window: gallery.viewport.size, top: EmptyState.top(in: gallery))
        else { return false }
        _ = gallery.apply(action.command)
        return true
    }
}

extension SearchScreen {
    /// The gallery's search screen, while a search is typed or kept.
    public static func shown(in gallery: GalleryModel) -> SearchScreen? {
        gallery.screens.lazy.compactMap { $0 as? SearchScreen }.last
    }
}

extension SearchScreen {
    public static let button = ToolbarItem(id: "search", command: .openSearch, rank: 3) {
        ToolbarItem.Look(glyph: "🔍", label: tr("Search by author"), active: $0.screen is SearchScreen)
    }
}
