/// The feed as the gallery shows it: the catalog, the wall at the bottom of the screen stack, and what comes of pages
/// arriving, restored from the cache, changed on disk or started over. The screens over the wall have their say: a
/// search showing too few matches asks for more, a screen holding a view of earlier passes keeps them.
public final class GalleryFeed {
    public let catalog: Catalog
    /// The feed's wall.
    public let wall: BrowseScreen
    /// The navigator whose screens have their say; set once, by it.
    weak var gallery: GalleryModel?
    /// A photo to open in the pane as soon as a page brings it (`tessera FILE`, a file dropped); the feed grows until
    /// then. Cleared when the feed starts again.
    public var opening: PhotoOpening?
    /// The photo opened, once the pages ended without it, and since when: a file new since a folder's kept index
    /// comes in an edit from the check for changes, after the kept index's pages (`apply`).
    private var awaitedInEdits: (opening: PhotoOpening, since: Double)?

    /// `keepsMoving`: a kiosk's, which never stops for want of something new (`FeedPager.Settings.keepsMoving`).
    init(config: GalleryConfig, pager: FeedPager.Settings?, keepsMoving: Bool) {
        var settings = pager ?? FeedPager.Settings(pageSize: config.pageSize, wraps: config.wraps,
                                                   minInterval: config.pageInterval)
        settings.keepsMoving = settings.keepsMoving || keepsMoving
        catalog = Catalog(pager: settings)
        wall = BrowseScreen(catalog: catalog, config: config)
    }

    private var screens: [Screen] { gallery?.screens ?? [wall] }

    /// The page to fetch now, if the screen is near the end of what is loaded.
    public func nextPageRequest(now: Double) -> FeedPager.Request? {
        catalog.nextPageRequest(wantsMore: wantsMore, now: now)
    }

    /// The feed should grow: the top screen that has a say (a search showing too few matches), else the wall.
    private var wantsMore: Bool {
        opening != nil || (screens.reversed().lazy.compactMap(\.wantsFeedPages).first ?? wall.wantsMore)
    }

    @discardableResult
    public func receive(_ request: FeedPager.Request, _ result: Result<PageContents, SourceError>, now: Double,
                        unit: Double = 0.5) -> FeedPager.Outcome {
        let before = catalog.count
        let outcome = catalog.receive(request, result, now: now, unit: unit)
        let newItems = catalog.items[min(before, catalog.count)...]
        // A wall that wraps forgets the passes it left far behind (not while a screen holds a view of them).
        if screens.allSatisfy(\.outlivesFeed), let top = wall.topIndex { catalog.dropPassedItems(above: top) }
        wall.sync(after: outcome)
        if case .success(let contents) = result, let resumed = contents.resumed {
            carryOn(resumed, in: newItems)
        }
        if case .success = result, let gallery { for screen in screens { screen.feedGrew(newItems, in: gallery) } }
        openIfArrived(newItems, outcome: outcome, now: now)
        return outcome
    }

    /// Opens the pane on the photo waited for once a page brings it (`opening`); gives up on pages when the feed
    /// ended or wrapped without it (an edit may still bring it: `apply`).
    private func openIfArrived(_ newItems: ArraySlice<FeedItem>, outcome: FeedPager.Outcome, now: Double) {
        guard let waited = opening, let gallery else { return }
        // A wall that wraps has passed the end once its items come round again.
        let ended = catalog.hasEnded || outcome == .wrapped || outcome == .stoppedNothingNew
            || newItems.contains { $0.key.pass > 0 }
        switch waited.step(after: newItems, feedEnded: ended) {
        case .wait: return
        case .giveUp:
            opening = nil
            awaitedInEdits = (waited, now)
        case .open(let index):
            opening = nil
            _ = gallery.apply(.openPhoto(id: catalog.items[index].photo.id))
        }
    }

    /// A page of a show carried on from a kept place (it holds the photos already shown too): the wall stands at the
    /// photo it stood at, a slideshow carries on at the first photo not yet shown.
    private func carryOn(_ resumed: ShowResume, in page: ArraySlice<FeedItem>) {
        func index(of id: String?) -> Int? { id.flatMap { id in page.firstIndex { $0.photo.id == id } } }
        if let stood = index(of: resumed.stoodAt) { wall.stand(at: stood) }
        guard let next = index(of: resumed.next) else { return }
        for screen in screens { screen.carryOn(at: next, pageStart: page.startIndex, of: wall) }
    }

    /// Shows pages stored earlier (the offline cache) before any network answer.
    public func restore(_ pages: [(page: Int, contents: PageContents)], pageSize: Int? = nil) {
        catalog.restore(pages, pageSize: pageSize)
        wall.sync()
    }

    /// What changed on disk under photos already shown (a watched folder, a kept index checked). The photo waited
    /// for, put in by the edit (new since the folder's kept index), opens in the pane, unless something was opened
    /// over the wall meanwhile.
    public func apply(_ edits: FeedEdits) {
        wall.apply(edits)
        // Waited for on pages still to come, or after they ended: an edit puts it among the photos already shown.
        guard let gallery, let id = (opening ?? awaitedInEdits?.opening)?.inserted(in: edits) else { return }
        opening = nil
        awaitedInEdits = nil
        if gallery.screens.count == 1, gallery.overlays.isEmpty { _ = gallery.apply(.openPhoto(id: id)) }
    }

    /// Starts again from page 1 (the navigator closes what showed the old feed first).
    func reset(wraps: Bool? = nil) {
        opening = nil
        awaitedInEdits = nil
        catalog.reset(wraps: wraps)
        wall.sync()
    }

    /// Whether the feed is about to grow under this viewport (automation waits for it).
    public var expectsPage: Bool { catalog.expectsPage(wantsMore: wantsMore) }

    /// Whether a file opened may still come in an edit, a little while after the pages ended without it (automation
    /// waits for it, for `editWait` seconds at most: a file that is no photo never comes).
    public func awaitsOpenedFile(now: Double) -> Bool {
        awaitedInEdits.map { now - $0.since < GalleryFeed.editWait } ?? false
    }
    static let editWait = 10.0
}
