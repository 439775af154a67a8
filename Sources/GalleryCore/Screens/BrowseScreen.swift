/// The wall: the catalog's photos laid out in staggered columns, with scrolling, the focus ring, reload and pull
/// to reload. Coordinates are logical window pixels; the grid starts under the header. It reads the catalog and
/// keeps its layout in step with it (`sync`); it never fetches.
public final class BrowseScreen {
    public let config: GalleryConfig
    public let catalog: Catalog
    public internal(set) var layout: MasonryLayout
    public private(set) var scroll = ScrollModel()
    public private(set) var viewport: Viewport
    public private(set) var focusedIndex: Int?
    /// Which of its moving pictures play (`WallClips`).
    var clips: WallPlayback

    /// No cell is focused any more (a kiosk back from its quiet spell: no ring left on a cell nobody chose).
    public func clearFocus() { focusedIndex = nil }

    /// The wall as a two-column grid, or a one-column list of full-width photos; both over the same catalog.
    public enum Mode: Equatable { case grid, list }
    public private(set) var mode = Mode.grid
    /// What the cells' captions say here (nil: what the configuration says); search results name their authors.
    public var captions: CaptionFields?
    /// Headings across the wall (a memories wall's years): set, or moved to another day, the layout is made again.
    public var sections: WallSections? {
        didSet {
            guard sections?.today != oldValue?.today || (sections == nil) != (oldValue == nil) else { return }
            layout = makeLayout()
            updateBounds()
        }
    }
    /// The sections as far as the layout has read the photos (where the run of memories stands).
    private var sectioning: WallSections?
    /// Headings at each month or day of a wall in date order (a folder by date): set or cleared, the layout is made
    /// again. Memories' sections come first where both are set.
    public var dateHeadings: DateSections? {
        didSet { if dateHeadings != oldValue { layout = makeLayout(); updateBounds() } }
    }
    /// The date sections as far as the layout has read the photos.
    private var dating: DateSections?
    /// Columns the user zoomed the grid to (`BrowseScreen+Zoom`), nil: as the configuration says.
    var zoomedColumns: Int?
    /// A pinch's spread so far since the grid last changed its columns.
    var pinchSpread = 1.0
    /// The feed generation the layout was made for: a reset catalog empties the layout.
    private var generation: Int
    /// How many items the feed had dropped from its front when the layout last followed it.
    private var droppedFront: Int
    /// Content height dropped with them so far: `scrollTop + droppedHeight` only grows while scrolling down, for
    /// whatever measures the scrolling speed.
    public private(set) var droppedHeight = 0
    /// Height reserved under the last cell for the end marker when the feed stops.
    public static let endMarkerHeight = 60

    public init(catalog: Catalog, config: GalleryConfig) {
        self.catalog = catalog
        self.config = config
        clips = WallPlayback(maxPlaying: config.wallClips)
        viewport = Viewport(size: config.windowSize)
        layout = MasonryLayout(width: config.windowSize.width, metrics: config.layoutMetrics(width: config.windowSize.width))
        generation = catalog.feed.generation
        droppedFront = catalog.feed.droppedFront
        sync()
    }

    // MARK: geometry

    public var window: PixelSize { viewport.size }
    /// Room kept free over the cells, under the header (the search bar's while it is typed in).
    public var topInset = 0 {
        didSet { if topInset != oldValue { updateBounds() } }
    }
    /// The folder chooser opened from the empty wall is open (`chooseFolder`).
    var choosingFolder = false
    public var gridTop: Int { config.headerHeight + topInset }
    public var gridHeight: Int { max(1, window.height - gridTop) }
    /// The window under the header, where the cells show.
    public var gridArea: Rect { Rect(x: 0, y: gridTop, width: window.width, height: gridHeight) }
    /// Content offset of the viewport's top edge, in whole pixels.
    public var scrollTop: Int { Int(scroll.offset.rounded()) }

    /// Where an item is drawn, in window coordinates.
    public func screenFrame(of index: Int) -> Rect {
        layout.frames[index].offsetBy(dy: gridTop - scrollTop)
    }

    /// Where a photo's picture goes within its cell: the whole cell in the grid (cropped to fill it, as a wall
    /// does), fitted inside it in the list, never cropped (a photo taller than the window is letterboxed on the
    /// background).
    public func pictureFrame(_ frame: Rect, of photo: Photo) -> Rect {
        mode == .list ? frame.aspectFit(width: photo.width, height: photo.height) : frame
    }

    /// The picture's frame of an item, in window coordinates.
    public func pictureFrame(of index: Int) -> Rect { pictureFrame(screenFrame(of: index), of: catalog.items[index].photo) }

    /// Items intersecting the grid area, ascending.
    public var visibleIndices: [Int] { layout.indices(intersecting: scrollTop, scrollTop + gridHeight) }

    public func index(atWindowX x: Int, y: Int) -> Int? {
        guard y >= gridTop else { return nil }
        return layout.index(at: x, y: y - gridTop + scrollTop)
    }

    /// The window was resized or moved to another display: re-lay out for the new width, keeping the item at the
    /// top of the viewport at the top.
    public func resize(to newViewport: Viewport) {
        guard newViewport != viewport else { return }
        let anchor = layout.indices(intersecting: scrollTop, scrollTop + 1).first
        let anchorShift = anchor.map { Double(scrollTop - layout.frames[$0].y) / Double(max(1, layout.frames[$0].height)) }
        viewport = newViewport
        // A width that holds another number of columns (`--columns auto`) lays the wall out afresh.
        if mode == .list || columns(forWidth: window.width) != layout.metrics.columns {
            layout = makeLayout()
        } else {
            layout.relayout(width: window.width)
        }
        updateBounds()
        if let anchor, let shift = anchorShift {
            let frame = layout.frames[anchor]
            scroll.set(offset: Double(frame.y) + shift * Double(frame.height))
        }
    }

    func updateBounds() {
        let extra = catalog.hasEnded ? BrowseScreen.endMarkerHeight : 0
        scroll.setBounds(contentHeight: Double(layout.contentHeight + extra), viewportHeight: Double(gridHeight))
    }

    // MARK: the catalog

    /// Whether the catalog should fetch: the viewport is near the end of what is loaded, or a reload is looking
    /// for the item that was at the top.
    public var wantsMore: Bool {
        reloadAnchor != nil
            || catalog.pager.wantsMore(contentHeight: layout.contentHeight, viewportBottom: scrollTop + gridHeight,
                                       viewportHeight: gridHeight)
    }

    /// Brings the layout up to date with the catalog: new items are laid out, a reset catalog empties it. After a
    /// page, `outcome` says whether a reload's anchor can still come back.
    public func sync(after outcome: FeedPager.Outcome? = nil) {
        if catalog.feed.generation != generation {
            generation = catalog.feed.generation
            droppedFront = catalog.feed.droppedFront
            droppedHeight = 0
            layout.removeAll()
            sectioning = sections?.fresh
            dating = dateHeadings?.starting(columns: layout.metrics.columns)
            focusedIndex = nil
            scroll.set(offset: 0)
        }
        if catalog.feed.droppedFront != droppedFront {
            let k = catalog.feed.droppedFront - droppedFront
            droppedFront = catalog.feed.droppedFront
            let dy = layout.dropFirst(k)
            droppedHeight += dy
            scroll.contentMovedUp(by: Double(dy))
            focusedIndex = focusedIndex.flatMap { $0 >= k ? $0 - k : nil }
        }
        let before = layout.count
        if catalog.count > before { place(catalog.items[before...], in: &layout) }
        updateBounds()
        if let outcome { restoreAnchor(searchingFrom: before, outcome: outcome) }
    }

    /// Index of the item at the top of the viewport.
    public var topIndex: Int? { layout.indices(intersecting: scrollTop, scrollTop + 1).first ?? visibleIndices.first }

    /// Applies a live source's edits to the catalog and lays the wall out again; the photo at the top of the
    /// viewport stays where it is on screen (if it is still there), so files appearing or going elsewhere do not
    /// move what the user is looking at.
    public func apply(_ edits: FeedEdits) {
        let items = catalog.items
        let top = layout.indices(intersecting: scrollTop, scrollTop + 1).first ?? visibleIndices.first
        let anchor = top.map { (key: items[$0].key, screenY: layout.frames[$0].y - scrollTop) }
        let focused = focusedIndex.map { items[$0].key }
        guard catalog.apply(edits) else { return }
        layout = makeLayout()
        updateBounds()
        focusedIndex = focused.flatMap { catalog.feed.index(of: $0) }
        if let anchor, let index = catalog.feed.index(of: anchor.key) {
            scroll.set(offset: Double(layout.frames[index].y - anchor.screenY))
        } else {
            scroll.set(offset: min(scroll.offset, scroll.maxOffset))
        }
    }

    // MARK: reload

    /// The photo at the top of the viewport before a reload, and how far into the viewport its top was.
    public private(set) var reloadAnchor: (photoID: String, offset: Int)?

    /// Reloads the catalog from the first page; the item at the top of the viewport returns to the same place on
    /// screen once it arrives again (if it still exists in the catalogue).
    public func reload() {
        if let top = layout.indices(intersecting: scrollTop, scrollTop + 1).first ?? visibleIndices.first {
            reloadAnchor = (catalog.items[top].photo.id, layout.frames[top].y - scrollTop)
        }
        catalog.reset()
        sync()
    }

    private func restoreAnchor(searchingFrom start: Int, outcome: FeedPager.Outcome) {
        guard let anchor = reloadAnchor else { return }
        let items = catalog.items
        if let index = items[start...].firstIndex(where: { $0.photo.id == anchor.photoID && $0.key.pass == 0 }) {
            reloadAnchor = nil
            scroll.set(offset: Double(layout.frames[index].y - anchor.offset))
        } else if outcome == .wrapped || outcome == .ended || outcome == .stoppedNothingNew || catalog.pager.pass > 0 {
            reloadAnchor = nil  // it is gone from the catalogue: stay at the top
        }
    }

    // MARK: commands

    /// Scrolling and focus. Returns the index to open in the detail pane for `.openDetail`.
    public func apply(_ command: Command) -> Int? {
        switch command {
        case .scrollLines(let n): scroll.scroll(by: Double(n) * config.lineStep)
        // A page keeps one line of overlap so the eye can follow.
        case .scrollPages(let n): scroll.scroll(by: Double(n) * Double(max(1, gridHeight - Int(config.lineStep) / 2)))
        case .scrollToTop: scroll.scroll(to: 0)
        case .scrollToBottom: scroll.scroll(to: scroll.maxOffset)
        // On the wall the next photo is the one after the focused one (the remote's and a script's `next`).
        case .focusNext, .focusPrevious, .nextPhoto, .previousPhoto:
            guard !catalog.isEmpty else { return nil }
            let step = command == .focusNext || command == .nextPhoto ? 1 : -1
            let start = focusedIndex.map { $0 + step } ?? firstFullyVisible() ?? 0
            focus(min(max(0, start), catalog.count - 1))
        case .reload: reload()
        case .toggleView: setMode(mode == .grid ? .list : .grid)
        case .openList:
            if let index = focusedIndex ?? firstFullyVisible() { setMode(.list, at: index) }
        case .openDetail:
            guard let index = focusedIndex ?? firstFullyVisible() else { return nil }
            focusedIndex = index
            return index
        default: break
        }
        return nil
    }

    /// Switches between grid and list. The photo the user was looking at (the focused one if it is on screen,
    /// else the one at the top) stays where it was on screen, as near as the new layout allows; `at` puts that
    /// photo at the top instead (opening the list at a tapped photo). No page is asked for: the catalog is shared.
    public func setMode(_ newMode: Mode, at target: Int? = nil) {
        let visible = visibleIndices
        let anchor = target ?? focusedIndex.flatMap { visible.contains($0) ? $0 : nil }
            ?? layout.indices(intersecting: scrollTop, scrollTop + 1).first
        let screenY = anchor.map { target == nil ? layout.frames[$0].y - scrollTop : config.gap } ?? 0
        mode = newMode
        layout = makeLayout()
        updateBounds()
        if let anchor {
            focusedIndex = anchor
            scroll.set(offset: Double(layout.frames[anchor].y - screenY))
        }
    }

    /// The layout for the mode and window, with every catalog item in it. In the list a photo is at full width and
    /// its own height, at most one grid height tall: a taller one is fitted inside that cell (`pictureFrame`), so
    /// every photo is seen whole and the visible cells always fit the texture budget.
    func makeLayout() -> MasonryLayout {
        var metrics = layoutMetrics(width: window.width)
        if mode == .list {
            metrics.columns = 1
            let width = window.width - 2 * metrics.gap, height = max(1, gridHeight - 2 * metrics.gap)
            metrics.minAspect = max(metrics.minAspect, Double(width) / Double(height))
            metrics.maxAspect = max(metrics.maxAspect, metrics.minAspect)
        }
        var fresh = MasonryLayout(width: window.width, metrics: metrics)
        sectioning = sections?.fresh
        dating = dateHeadings?.starting(columns: metrics.columns)
        place(catalog.items[...], in: &fresh)
        return fresh
    }

    /// Lays items out after those already in `layout`, each under the heading the sections give it, if any (the
    /// memories' sections, else the dates').
    private func place(_ items: ArraySlice<FeedItem>, in layout: inout MasonryLayout) {
        guard sectioning != nil || dating?.grain != nil else { return layout.append(items.lazy.map(\.photo)) }
        for item in items {
            let title = sectioning != nil ? sectioning?.heading(for: item.photo, pass: item.key.pass)
                : dating?.heading(for: item.photo)
            layout.append(aspect: item.photo.width, height: item.photo.height,
                          heading: title.map { ($0, config.sectionHeadingHeight) })
        }
    }

    /// Moves the focus ring to an item and scrolls just enough to show it whole.
    /// `scrolling`: bring the photo into view (keys); a click on a photo already under the pointer must not move
    /// it away from there.
    public func focus(_ index: Int, scrolling: Bool = true) {
        guard index >= 0, index < layout.count else { return }
        focusedIndex = index
        guard scrolling else { return }
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

    // MARK: pointer

    /// A click (or tap) that was not a drag: focuses the cell under it and returns it, to be opened.
    public func click(atWindowX x: Int, y: Int) -> Int? {
        guard let index = index(atWindowX: x, y: y) else { return nil }
        focusedIndex = index
        return index
    }

    /// Where a cell's bookmark star is drawn and can be clicked: its top-right corner (nil for tiny cells).
    public static func starRect(of frame: Rect) -> Rect? {
        guard frame.width >= 80, frame.height >= 60 else { return nil }
        return Rect(x: frame.maxX - 40, y: frame.y + 8, width: 32, height: 32)
    }

    /// A middle click (or Shift+Enter): the list, opened at the photo under the pointer.
    public func middleClick(atWindowX x: Int, y: Int) {
        if let index = index(atWindowX: x, y: y) { setMode(.list, at: index) }
    }

    /// The pointer moved over the grid: it focuses what it is over.
    public func hover(atWindowX x: Int, y: Int) {
        if let index = index(atWindowX: x, y: y) { focusedIndex = index }
    }

    /// How far the grid has been pulled down past its top in the current drag (pull to refresh).
    public private(set) var pullDistance = 0.0
    /// Pulling further than this and letting go reloads.
    public static let pullToReload = 120.0
    /// Whether letting go now reloads (the header says so).
    public var pullReloads: Bool { pullDistance >= BrowseScreen.pullToReload }

    public func beginDrag(at time: Double) {
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
        if pullDistance >= BrowseScreen.pullToReload { reload() }
        pullDistance = 0
    }

    public func wheel(notches: Double) {
        scroll.scroll(by: -notches * config.wheelStep)
    }

    /// Puts the viewport at a content offset at once (benchmarks, restoring a position).
    public func setScroll(offset: Double) { scroll.set(offset: offset) }

    /// Advances scrolling animation.
    public func tick(dt: Double) { scroll.step(dt: dt) }
}
