/// The one list of photos every view shows: the feed and the pager that fills it, with the source's page limits.
/// Screens read it and say whether they want more; only the catalog asks for pages and applies their answers.
public final class Catalog {
    public private(set) var feed = Feed()
    public private(set) var pager: FeedPager
    /// While the cache is being read at start, no page is asked for: the cached ones may make it unnecessary.
    public var awaitingRestore = false

    /// A fixed list (bookmarks) never asks for pages.
    public let isFixed: Bool

    public init(pager settings: FeedPager.Settings) {
        pager = FeedPager(settings: settings)
        isFixed = false
    }

    /// A catalog of exactly these photos, in this order.
    public init(fixed photos: [Photo]) {
        pager = FeedPager(settings: FeedPager.Settings(pageSize: max(1, photos.count), wraps: false))
        isFixed = true
        feed.append(photos, pass: 0)
    }

    public var items: [FeedItem] { feed.items }
    public var count: Int { feed.count }
    /// Where a photo is in the feed by its id (the remote names photos by id): its first place, nil if the feed
    /// does not hold it. A walk over the feed, for the remote's rare request, not for every frame.
    public func index(ofPhotoID id: String) -> Int? { items.firstIndex { $0.photo.id == id } }
    /// Different photos known (each counted once, however many passes show it).
    public var photoCount: Int { feed.distinctCount }
    public var isEmpty: Bool { feed.isEmpty }

    /// The page to fetch now, if a screen wants more.
    public func nextPageRequest(wantsMore: Bool, now: Double) -> FeedPager.Request? {
        guard !awaitingRestore, !isFixed else { return nil }
        return pager.nextRequest(wantsMore: wantsMore, now: now, generation: feed.generation)
    }

    /// Applies a page's answer; returns what happened and where the new items start.
    @discardableResult
    public func receive(_ request: FeedPager.Request, _ result: Result<PageContents, SourceError>, now: Double,
                        unit: Double = 0.5) -> FeedPager.Outcome {
        pager.complete(request, with: result, into: &feed, now: now, unit: unit)
    }

    /// Shows pages stored earlier (the offline cache) before any network answer: pages 1, 2, … as long as they
    /// follow on from each other. Only into an empty feed.
    public func restore(_ pages: [(page: Int, contents: PageContents)], pageSize: Int? = nil) {
        guard feed.isEmpty else { return }
        if let pageSize, !pages.isEmpty { pager.adopt(pageSize: pageSize) }
        var last = 0
        for (page, contents) in pages where page == last + 1 {
            feed.append(contents.photos, pass: 0)
            last = page
        }
        pager.restored(lastPage: last, itemCount: feed.count)
    }

    /// Applies what changed on disk under photos already in the feed (a live source: a watched folder). Returns
    /// whether the feed changed.
    @discardableResult
    public func apply(_ edits: FeedEdits) -> Bool {
        var changed = feed.remove(photoIDs: Set(edits.removed))
        for (photo, before) in edits.inserted {
            let count = feed.count
            feed.insert(photo, before: before)
            changed = changed || feed.count != count
        }
        return changed
    }

    /// Items of earlier passes kept above the viewport's top item, at least: what a viewer scrolls back through.
    public static let keptBehind = 300
    /// Items dropped at a time, at least (each drop re-indexes the feed).
    public static let dropChunk = 100

    /// A wrapping wall forgets earlier passes' items that lie more than `keptBehind` items above `top` (the item at
    /// the top of the viewport), so a wall that runs for weeks holds at most about two passes. Items of the pass
    /// being shown stay: only repeats go. Returns how many were dropped; the screens follow on `sync`.
    @discardableResult
    public func dropPassedItems(above top: Int) -> Int {
        let items = feed.items
        guard !isFixed, top < items.count, top > Catalog.keptBehind else { return 0 }
        let current = items[top].key.pass
        let older = items[..<(top - Catalog.keptBehind)].prefix { $0.key.pass < current }.count
        guard older >= Catalog.dropChunk else { return 0 }
        feed.dropFirst(older)
        return older
    }

    /// Forgets the feed and starts again from page 1 (a new source, or a reload).
    /// `wraps`: the new feed's own (another source took over); nil keeps it.
    public func reset(wraps: Bool? = nil) {
        feed.reset()
        pager.restart()
        if let wraps { pager.setWraps(wraps) }
    }

    /// Leaves at least this many seconds between page requests from now on.
    public func pace(minInterval seconds: Double) { pager.pace(minInterval: seconds) }

    /// The server is reachable again: a page waiting out a backoff goes at once.
    public func retryPagesSoon() { pager.retrySoon() }

    public var hasEnded: Bool { pager.phase == .ended }

    /// Whether a page is on its way or would be asked for as soon as the request interval allows, given whether a
    /// screen wants more. A page waiting out a server error counts (it is retried, then skipped, within seconds);
    /// one waiting for the network to come back does not.
    public func expectsPage(wantsMore: Bool) -> Bool {
        if isFixed { return false }
        if awaitingRestore || pager.isLoading { return true }
        switch pager.phase {
        case .idle: return wantsMore
        case .waiting: guard let error = pager.lastError, !error.isNetworkFailure else { return false }; return wantsMore
        case .loading, .ended: return false
        }
    }

    /// What the end of the feed says when the pager stopped.
    public var endText: String? {
        guard hasEnded, !feed.isEmpty else { return nil }
        switch pager.stopReason {
        case .nothingNew(let pages)?:
            // Translators: r is the key that reloads.
            return trn("The server sent nothing new for {count} page in a row, so Tessera stopped asking. Press r to reload.",
                       "The server sent nothing new for {count} pages in a row, so Tessera stopped asking. Press r to reload.",
                       count: pages)
        default:
            return trn("End of the catalogue — {count} photo", "End of the catalogue — {count} photos", count: feed.count)
        }
    }

    /// A line for the header while the feed is stopped for a reason the user should know.
    public var stopNote: String? {
        // Translators: r is the key that reloads.
        if case .nothingNew? = pager.stopReason, hasEnded { return tr("Server repeats itself: stopped loading (r reloads)") }
        return nil
    }
}
