import GalleryCore
import SDLKit

/// Draws one frame: the current screen, each overlay over it in order, and the header on top. It reads the model
/// and the image pipeline and changes neither; each screen and overlay has a view of its own, found by its type in
/// `views`.
@_spi(Bench) public final class SceneRenderer {
    private let canvas: Canvas
    private let browseView: BrowseView
    private let headerView: HeaderView
    private let slideshowView: SlideshowView
    /// The non-modal overlays over every room (the clock, the captions, the toasts).
    let overlays: OverlayLayer
    let views = RoomViews()

    init(renderer: Renderer, text: TextRenderer?, config: GalleryConfig, viewport: Viewport,
         overlays entries: [OverlayEntry] = InstalledOverlays.all) {
        canvas = Canvas(renderer: renderer, text: text, config: config, viewport: viewport)
        browseView = BrowseView(canvas: canvas)
        headerView = HeaderView(canvas: canvas)
        slideshowView = SlideshowView(canvas: canvas)
        overlays = OverlayLayer(entries: entries, config: config, canvas: canvas)
        registerViews()
    }

    /// The gallery's own rooms and their views.
    private func registerViews() {
        let walls = browseView, detail = DetailView(canvas: canvas), welcome = WelcomeView(canvas: canvas)
        let alert = AlertView(canvas: canvas), searchBar = SearchBarView(canvas: canvas), help = HelpView(canvas: canvas)
        views.register(BrowseScreen.self) { wall, f in
            walls.draw(wall, f, emptyText: f.model.catalog.hasEnded ? f.model.services.emptyFeedText : nil,
                       empty: wall.emptyState(in: f.model))
        }
        views.register(BookmarksScreen.self) { screen, f in
            walls.draw(screen.bookmarks, f, emptyText: nil, empty: screen.emptyState(in: f.model))
        }
        views.register(MemoriesScreen.self) { screen, f in walls.draw(screen.memories, f, emptyText: screen.emptyText) }
        views.register(SearchScreen.self) { screen, f in
            walls.draw(screen.matches, f, emptyText: screen.emptyText(photos: f.model.catalog.count),
                       empty: screen.emptyState(in: f.model))
        }
        let slideshow = slideshowView
        views.register(SlideshowScreen.self) { show, f in slideshow.draw(show, f) }
        views.register(WelcomeScreen.self) { screen, f in welcome.draw(screen, window: f.model.viewport.size,
                                                                        pointer: f.model.pointer, time: f.time) }
        views.register(DetailPane.self) { pane, f in detail.draw(f.model, pane: pane, images: f.images) }
        views.register(AlertOverlay.self) { overlay, f in alert.draw(overlay, window: f.model.viewport.size,
                                                                       pointer: f.model.pointer) }
        views.register(SearchBar.self) { bar, f in
            searchBar.draw(bar.screen.search, window: f.model.viewport.size, top: f.model.config.headerHeight, time: f.time)
        }
        let canvas = self.canvas
        views.register(MenuOverlay.self) { menu, f in
            canvas.fill(menu.panel, canvas.theme.panel)
            for (row, button) in zip(menu.rows, menu.entries) {
                let hovered = f.model.pointer.map { row.contains(x: $0.x, y: $0.y) } == true
                if hovered { canvas.fill(row, canvas.theme.headerRule) }
                guard let text = canvas.text else { continue }
                let y = row.y + (row.height - text.lineHeight(.body)) / 2
                let iconBox = Rect(x: row.x + Metrics.fieldPadding, y: row.y, width: IconFont.buttonSize, height: row.height)
                if button.icon.map({ canvas.icon($0, size: IconFont.buttonSize, in: iconBox, color: canvas.theme.accent) }) != true {
                    text.draw(button.glyph, .bold, x: row.x + Metrics.fieldPadding, y: y, color: canvas.theme.accent)
                }
                text.draw(button.tooltip, .body, x: row.x + 4 * Metrics.fieldPadding, y: y, color: canvas.theme.text,
                          maxWidth: row.width - 4 * Metrics.fieldPadding - Metrics.padding)
            }
            canvas.outline(menu.panel, canvas.theme.headerRule, width: Metrics.hairline)
        }
        views.register(HelpOverlay.self) { overlay, f in
            help.draw(overlay, sections: HelpSheet.sections(for: f.model), window: f.model.viewport.size,
                      top: f.model.config.headerHeight)
        }
    }

    /// Counts of the last frame's visible cells, for the progress bar and the benchmark.
    @_spi(Bench) public var visibleCells: Int { browseView.visibleCells }
    @_spi(Bench) public var blankCells: Int { browseView.blankCells }

    func viewportChanged(_ viewport: Viewport) {
        canvas.viewportChanged(viewport)
        headerView.dropPicture()
    }

    /// After `SDL_RENDER_TARGETS_RESET` / `SDL_RENDER_DEVICE_RESET`: every texture the views own is made again
    /// (the images' are the pipeline's to reload), so the next frame is whole.
    func rebuildTextures() {
        canvas.rebuildTextures()
        headerView.dropPicture()
        browseView.dropTextures()
        slideshowView.dropTextures()
    }

    /// Draws the clock alone over the last frame when nothing else in the header changed, else the header (the
    /// wall's counts are the last whole frame's); returns where it drew.
    func drawHeaderAlone(model: GalleryModel, status: HeaderStatus, clock: String, time: Double) -> Rect {
        let toolbar = model.toolbar
        if let area = headerView.drawClockAlone(width: model.viewport.size.width, height: model.config.headerHeight,
                                                status: status, name: model.user.name, clock: clock,
                                                toolbar: toolbar, hovered: toolbar.button(under: model.pointer)?.id) {
            return area
        }
        return drawHeader(model: model, status: status, clock: clock, time: time)
    }

    @discardableResult
    private func drawHeader(model: GalleryModel, status: HeaderStatus, clock: String, time: Double) -> Rect {
        let filled = visibleCells == 0 ? 0 : Double(visibleCells - blankCells) / Double(visibleCells)
        let area = Rect(x: 0, y: 0, width: model.viewport.size.width, height: model.config.headerHeight)
        headerView.draw(model: model, status: status, clock: clock, time: time, filled: filled)
        return area
    }

    /// Where the clips `keys` show on the wall the last frame drew, as parts to draw again (`RedrawParts`), or nil
    /// when one is not a wall's cell (a slideshow's photo, the pane's): the frame is then drawn whole.
    func cells(of keys: Set<ImageKey>, model: GalleryModel) -> [Rect]? {
        guard let wall = model.screen.wall, model.leaving.isEmpty else { return nil }
        var cells: [Rect] = []
        for key in keys {
            guard let cell = browseView.clipCells[key] else { return nil }
            cells.append(cell)
        }
        // Under the header a cell is hidden by it: only the grid's part is drawn again.
        return RedrawParts.parts(of: cells, within: wall.gridArea)
    }

    /// `inside`: draws only there (a part of the last frame, `cells(of:model:)`), the rest of the window left as it
    /// was; the header is drawn only if the part reaches it.
    func draw(model: GalleryModel, images: ImagePipeline, status: HeaderStatus, clock: String, time: Double,
              inside part: Rect? = nil) {
        if let part { canvas.renderer.setClip((part.x, part.y, part.width, part.height)) }
        defer { if part != nil { canvas.renderer.setClip(nil) } }
        // A wall fills its own background around the cells, and a standing slideshow its fill around its photos, so
        // each pixel is written once; other screens, and a frame whose burn-in offset uncovered a strip, start from a
        // cleared window (`SDL_RenderClear` ignores the clip: never for a part).
        let fillsGaps = (model.screen.wall != nil || slideshowView.paintsWholeWindow(model.screen, images: images))
            && !canvas.renderer.bordersNeedClearing
        precondition(fillsGaps || part == nil, "a part of a frame drawn over a cleared window")
        if !fillsGaps {
            canvas.set(canvas.theme.background)
            canvas.renderer.clear()
        }
        let frame = SceneFrame(model: model, images: images, time: time, fillsGaps: fillsGaps)
        views.draw(model.screen, frame)
        // A slideshow's header fades away while nobody touches the frame (overlays keep it: they may need it).
        let chrome = model.overlays.isEmpty ? model.screen.chromeOpacity : 1
        overlays.draw(.underHeader, gallery: model, header: chrome, time: time)
        let headerArea = Rect(x: 0, y: 0, width: model.viewport.size.width, height: model.config.headerHeight)
        if let part, !part.intersects(headerArea) {
            // The part lies below the header: it stays as drawn.
        } else if chrome >= 1 {
            drawHeader(model: model, status: status, clock: clock, time: time)
        } else if chrome > 0 {
            canvas.drawFaded(chrome) { drawHeader(model: model, status: status, clock: clock, time: time) }
        }
        for room in model.leaving + model.overlays { views.draw(room, frame) }
        overlays.draw(.top, gallery: model, header: chrome, time: time)
        headerView.drawTooltip(model: model)
    }
}
