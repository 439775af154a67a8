/// The gallery without a display: the shared catalog, the screen that shows it (the wall), and the overlays drawn
/// over it (the detail pane), with input dispatched by scope, innermost first. The app draws what this says and
/// feeds it input; tests drive it directly.
public final class GalleryModel {
    public let config: GalleryConfig
    public let catalog: Catalog
    public let browse: BrowseScreen
    public private(set) var overlays: [Overlay] = []
    public let keyMap: KeyMap
    /// Line height of the detail pane's text, from the font the app loaded.
    public var detailLineHeight = 22

    public init(config: GalleryConfig = GalleryConfig(), pager: FeedPager.Settings? = nil, keyMap: KeyMap = KeyMap()) {
        self.config = config
        self.keyMap = keyMap
        catalog = Catalog(pager: pager ?? FeedPager.Settings(pageSize: config.pageSize, wraps: config.wraps,
                                                             minInterval: config.pageInterval))
        browse = BrowseScreen(catalog: catalog, config: config)
    }

    public var viewport: Viewport { browse.viewport }

    /// The scopes input goes through now: the top overlay's, the screen's, then global.
    public var activeScopes: [Scope] {
        (overlays.last.map { [$0.scope] } ?? []) + [.browse, .global].filter { scope in
            // While an overlay is open the screen under it takes no input (the pane is modal).
            !(scope == .browse && !overlays.isEmpty)
        }
    }

    /// The open detail pane, if any, and where its photo is in the catalog.
    public var detail: (overlay: DetailOverlay, index: Int)? {
        for case .detail(let d) in overlays.reversed() {
            if let index = catalog.feed.index(of: d.key) { return (d, index) }
        }
        return nil
    }

    public func detailLayout(for index: Int) -> DetailLayout {
        DetailOverlay.layout(window: viewport.size, config: config, photo: catalog.items[index].photo,
                             lineHeight: detailLineHeight)
    }

    // MARK: input

    public enum Effect: Equatable { case none, quit, toggleFullscreen }

    /// A key press: the innermost scope that binds it acts.
    public func handle(key: Key, modifiers: Modifiers = []) -> Effect {
        guard let command = keyMap.command(for: key, modifiers: modifiers, in: activeScopes) else { return .none }
        return apply(command)
    }

    /// Runs a command in the active scopes (scripts and tests name commands directly).
    public func apply(_ command: Command) -> Effect {
        switch command {
        case .quit: return .quit
        case .toggleFullscreen: return .toggleFullscreen
        case .reload:
            overlays.removeAll()
            browse.reload()
        case .closeDetail:
            overlays.removeAll { if case .detail = $0 { return true } else { return false } }
        default:
            guard overlays.isEmpty else { return .none }  // the screen under an overlay does not move
            if let open = browse.apply(command) { openDetail(at: open) }
        }
        return .none
    }

    private func openDetail(at index: Int) {
        guard index < catalog.count else { return }
        overlays.append(.detail(DetailOverlay(key: catalog.items[index].key)))
    }

    /// A click (or tap) that was not a drag. With the pane open, a click outside it closes it.
    public func click(atWindowX x: Int, y: Int) {
        if let open = detail {
            if !detailLayout(for: open.index).panel.contains(x: x, y: y) { _ = apply(.closeDetail) }
            return
        }
        if let index = browse.click(atWindowX: x, y: y) { openDetail(at: index) }
    }

    public func hover(atWindowX x: Int, y: Int) {
        guard overlays.isEmpty else { return }
        browse.hover(atWindowX: x, y: y)
    }

    public func beginDrag(at time: Double) {
        guard overlays.isEmpty else { return }
        browse.beginDrag(at: time)
    }

    public func drag(by dy: Double, at time: Double) { browse.drag(by: dy, at: time) }
    public func endDrag(at time: Double) { browse.endDrag(at: time) }

    public func wheel(notches: Double) {
        guard overlays.isEmpty else { return }
        browse.wheel(notches: notches)
    }

    /// The window changed size or display: every holder gets the new viewport.
    public func resize(to viewport: Viewport) { browse.resize(to: viewport) }

    public func tick(dt: Double) { browse.tick(dt: dt) }

    // MARK: the catalog

    /// The page to fetch now, if the screen is near the end of what is loaded.
    public func nextPageRequest(now: Double) -> FeedPager.Request? {
        catalog.nextPageRequest(wantsMore: browse.wantsMore, now: now)
    }

    @discardableResult
    public func receive(_ request: FeedPager.Request, _ result: Result<PageContents, SourceError>, now: Double,
                        unit: Double = 0.5) -> FeedPager.Outcome {
        let outcome = catalog.receive(request, result, now: now, unit: unit)
        browse.sync(after: outcome)
        return outcome
    }

    /// Shows pages stored earlier (the offline cache) before any network answer.
    public func restore(_ pages: [(page: Int, contents: PageContents)]) {
        catalog.restore(pages)
        browse.sync()
    }

    /// Forgets the feed and starts again from page 1 (a new source).
    public func resetFeed() {
        overlays.removeAll()
        catalog.reset()
        browse.sync()
    }

    /// Whether the feed is about to grow under this viewport (automation waits for it).
    public var expectsPage: Bool { catalog.expectsPage(wantsMore: browse.wantsMore) }
}
