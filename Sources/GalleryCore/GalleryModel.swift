/// The gallery's state and behaviour without a display: the shared feed, its grid layout, scrolling, focus and the
/// detail pane, driven by commands, pointer actions and page arrivals. The app draws what this says; tests drive it
/// directly. Coordinates are logical window pixels; the grid starts under the header.
public final class GalleryModel {
    public let config: GalleryConfig
    public private(set) var feed = Feed()
    public private(set) var pager: FeedPager
    public private(set) var layout: MasonryLayout
    public private(set) var scroll = ScrollModel()
    public private(set) var window: PixelSize
    public private(set) var focusedIndex: Int?
    public private(set) var detailIndex: Int?
    /// Height reserved under the last cell for the end marker when the feed does not wrap.
    public static let endMarkerHeight = 60

    public init(config: GalleryConfig = GalleryConfig(), pager: FeedPager.Settings? = nil) {
        self.config = config
        self.pager = FeedPager(settings: pager ?? FeedPager.Settings(pageSize: config.pageSize, wraps: config.wraps,
                                                                     minInterval: config.pageInterval))
        window = config.windowSize
        layout = MasonryLayout(width: config.windowSize.width, metrics: config.layoutMetrics)
        updateBounds()
    }

    // MARK: geometry

    public var gridTop: Int { config.headerHeight }
    public var gridHeight: Int { max(1, window.height - config.headerHeight) }
    /// Content offset of the viewport's top edge, in whole pixels.
    public var scrollTop: Int { Int(scroll.offset.rounded()) }
    public var showsEndMarker: Bool { pager.phase == .ended && !feed.isEmpty }

    /// What the end of the feed says, and the header with it, when the pager stopped.
    public var endMarkerText: String? {
        guard showsEndMarker else { return nil }
        switch pager.stopReason {
        case .nothingNew(let pages)?:
            return "The server sent nothing new for \(pages) pages in a row, so Tessera stopped asking. Press r to reload."
        default:
            return "End of the catalogue — \(feed.count) photos"
        }
    }

    /// A line for the header while the feed is stopped for a reason the user should know.
    public var stopNote: String? {
        if case .nothingNew? = pager.stopReason, pager.phase == .ended {
            return "Server repeats itself: stopped loading (r reloads)"
        }
        return nil
    }

    /// Where an item is drawn, in window coordinates.
    public func screenFrame(of index: Int) -> Rect {
        layout.frames[index].offsetBy(dy: gridTop - scrollTop)
    }

    /// Items intersecting the grid area, ascending.
    public var visibleIndices: [Int] { layout.indices(intersecting: scrollTop, scrollTop + gridHeight) }

    public func index(atWindowX x: Int, y: Int) -> Int? {
        guard y >= gridTop else { return nil }
        return layout.index(at: x, y: y - gridTop + scrollTop)
    }

    /// The window was resized: re-lay out for the new width, keeping the item at the top of the viewport at the top.
    public func resize(to size: PixelSize) {
        guard size != window else { return }
        let anchor = layout.indices(intersecting: scrollTop, scrollTop + 1).first
        let anchorShift = anchor.map { Double(scrollTop - layout.frames[$0].y) / Double(max(1, layout.frames[$0].height)) }
        window = size
        layout.relayout(width: size.width)
        updateBounds()
        if let anchor, let shift = anchorShift {
            let frame = layout.frames[anchor]
            scroll.set(offset: Double(frame.y) + shift * Double(frame.height))
        }
    }

    private func updateBounds() {
        let extra = pager.phase == .ended ? GalleryModel.endMarkerHeight : 0
        scroll.setBounds(contentHeight: Double(layout.contentHeight + extra), viewportHeight: Double(gridHeight))
    }

    // MARK: feed

    /// Whether a page is on its way or would be asked for as soon as the request interval allows: the feed is
    /// about to grow under this viewport (automation waits for it before it calls the screen settled).
    /// A page waiting out a server error counts (it is retried, then skipped, within seconds); one waiting for the
    /// network to come back does not.
    public var expectsPage: Bool {
        if awaitingRestore || pager.isLoading { return true }
        switch pager.phase {
        case .idle: break
        case .waiting: guard let error = pager.lastError, !error.isNetworkFailure else { return false }
        case .loading, .ended: return false
        }
        return reloadAnchor != nil
            || pager.wantsMore(contentHeight: layout.contentHeight, viewportBottom: scrollTop + gridHeight,
                               viewportHeight: gridHeight)
    }

    /// While the cache is being read at start, no page is asked for: the cached ones may make it unnecessary.
    public var awaitingRestore = false

    /// The page to fetch now, if the viewport is near the end of what is loaded.
    public func nextPageRequest(now: Double) -> FeedPager.Request? {
        guard !awaitingRestore else { return nil }
        // After a reload, pages keep coming until the item the user was looking at is back.
        let wants = reloadAnchor != nil
            || pager.wantsMore(contentHeight: layout.contentHeight, viewportBottom: scrollTop + gridHeight,
                               viewportHeight: gridHeight)
        return pager.nextRequest(wantsMore: wants, now: now, generation: feed.generation)
    }

    @discardableResult
    public func receive(_ request: FeedPager.Request, _ result: Result<PageContents, SourceError>, now: Double,
                        unit: Double = 0.5) -> FeedPager.Outcome {
        let before = feed.count
        let outcome = pager.complete(request, with: result, into: &feed, now: now, unit: unit)
        layout.append(feed.items[before...].map(\.photo))
        updateBounds()
        restoreAnchor(searchingFrom: before, outcome: outcome)
        return outcome
    }

    /// Shows pages stored earlier (the offline cache) before any network answer: pages 1, 2, … as long as they
    /// follow on from each other.
    public func restore(_ pages: [(page: Int, contents: PageContents)]) {
        guard feed.isEmpty else { return }
        var last = 0
        for (page, contents) in pages where page == last + 1 {
            feed.append(contents.photos, pass: 0)
            last = page
        }
        layout.append(feed.items.map(\.photo))
        pager.restored(lastPage: last, itemCount: feed.count)
        updateBounds()
    }

    // MARK: reload

    /// The photo at the top of the viewport before a reload, and how far into the viewport its top was.
    public private(set) var reloadAnchor: (photoID: String, offset: Int)?

    /// Reloads the feed from the first page; the item at the top of the viewport returns to the same place on
    /// screen once it arrives again (if it still exists in the catalogue).
    public func reload() {
        if let top = layout.indices(intersecting: scrollTop, scrollTop + 1).first ?? visibleIndices.first {
            reloadAnchor = (feed.items[top].photo.id, layout.frames[top].y - scrollTop)
        }
        resetFeed()
    }

    private func restoreAnchor(searchingFrom start: Int, outcome: FeedPager.Outcome) {
        guard let anchor = reloadAnchor else { return }
        if let index = feed.items[start...].firstIndex(where: { $0.photo.id == anchor.photoID && $0.key.pass == 0 }) {
            reloadAnchor = nil
            scroll.set(offset: Double(layout.frames[index].y - anchor.offset))
        } else if outcome == .wrapped || outcome == .ended || outcome == .stoppedNothingNew || pager.pass > 0 {
            reloadAnchor = nil  // it is gone from the catalogue: stay at the top
        }
    }

    /// The server is reachable again: a page waiting out a backoff goes at once.
    public func retryPagesSoon() { pager.retrySoon() }

    /// Forgets the feed and starts again from page 1 (a new source, or a reload).
    public func resetFeed() {
        feed.reset()
        pager.restart()
        layout.removeAll()
        focusedIndex = nil
        detailIndex = nil
        scroll.set(offset: 0)
        updateBounds()
    }

    // MARK: input

    public enum Effect: Equatable { case none, quit, toggleFullscreen }

    public func apply(_ command: Command) -> Effect {
        switch command {
        case .quit: return .quit
        case .toggleFullscreen: return .toggleFullscreen
        case .closeDetail: detailIndex = nil
        case .reload: reload()
        case .openDetail:
            if detailIndex == nil, let index = focusedIndex ?? firstFullyVisible() {
                focusedIndex = index
                detailIndex = index
            }
        default:
            guard detailIndex == nil else { return .none }  // the pane is modal: the grid stays where it was
            scrollOrFocus(command)
        }
        return .none
    }

    private func scrollOrFocus(_ command: Command) {
        switch command {
        case .scrollLines(let n): scroll.scroll(by: Double(n) * config.lineStep)
        // A page keeps one line of overlap so the eye can follow.
        case .scrollPages(let n): scroll.scroll(by: Double(n) * Double(max(1, gridHeight - Int(config.lineStep) / 2)))
        case .scrollToTop: scroll.scroll(to: 0)
        case .scrollToBottom: scroll.scroll(to: scroll.maxOffset)
        case .focusNext, .focusPrevious:
            guard !feed.isEmpty else { return }
            let step = command == .focusNext ? 1 : -1
            let start = focusedIndex.map { $0 + step } ?? firstFullyVisible() ?? 0
            let index = min(max(0, start), feed.count - 1)
            focusedIndex = index
            reveal(index)
        default: break
        }
    }

    /// Scrolls just enough to show a whole item.
    private func reveal(_ index: Int) {
        let frame = layout.frames[index]
        let gap = config.gap
        if frame.y - gap < Int(scroll.target) {
            scroll.scroll(to: Double(frame.y - gap))
        } else if frame.maxY + gap > Int(scroll.target) + gridHeight {
            scroll.scroll(to: Double(min(frame.y - gap, frame.maxY + gap - gridHeight)))
        }
    }

    private func firstFullyVisible() -> Int? {
        let visible = visibleIndices
        return visible.first { layout.frames[$0].y >= scrollTop && layout.frames[$0].maxY <= scrollTop + gridHeight }
            ?? visible.first
    }

    /// A click (or tap) that was not a drag. With the pane open, a click outside it closes it.
    public func click(atWindowX x: Int, y: Int) {
        if let open = detailIndex {
            if !detailLayout(for: open).panel.contains(x: x, y: y) { detailIndex = nil }
            return
        }
        if let index = index(atWindowX: x, y: y) {
            focusedIndex = index
            detailIndex = index
        }
    }

    /// The pointer moved over the grid: it focuses what it is over.
    public func hover(atWindowX x: Int, y: Int) {
        guard detailIndex == nil, let index = index(atWindowX: x, y: y) else { return }
        focusedIndex = index
    }

    /// How far the grid has been pulled down past its top in the current drag (pull to refresh).
    public private(set) var pullDistance = 0.0
    /// Pulling further than this and letting go reloads.
    public static let pullToReload = 120.0

    public func beginDrag(at time: Double) {
        guard detailIndex == nil else { return }
        pullDistance = 0
        scroll.beginDrag(at: time)
    }

    public func drag(by dy: Double, at time: Double) {
        guard scroll.isDragging else { return }
        if scroll.offset <= 0 && (dy > 0 || pullDistance > 0) {
            pullDistance = max(0, pullDistance + dy)
        }
        scroll.drag(by: dy, at: time)
    }

    public func endDrag(at time: Double) {
        scroll.endDrag(at: time)
        if pullDistance >= GalleryModel.pullToReload { reload() }
        pullDistance = 0
    }
    public func wheel(notches: Double) {
        guard detailIndex == nil else { return }
        scroll.scroll(by: -notches * config.wheelStep)
    }

    /// Puts the viewport at a content offset at once (benchmarks, restoring a position).
    public func setScroll(offset: Double) { scroll.set(offset: offset) }

    /// Advances scrolling animation.
    public func tick(dt: Double) { scroll.step(dt: dt) }

    // MARK: detail pane

    public static let detailLines = 4
    public var detailLineHeight = 22

    public func detailLayout(for index: Int) -> DetailLayout {
        DetailLayout(window: window, headerHeight: config.headerHeight, margin: config.detailMargin,
                     photo: feed.items[index].photo, lineHeight: detailLineHeight, lines: GalleryModel.detailLines)
    }
}
