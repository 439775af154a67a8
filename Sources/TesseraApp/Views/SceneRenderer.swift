import GalleryCore
import SDLKit

/// Draws one frame: the current screen, each overlay over it in order, and the header on top. It reads the model
/// and the image pipeline and changes neither; each screen and overlay has a view of its own.
final class SceneRenderer {
    private let canvas: Canvas
    private let browseView: BrowseView
    private let detailView: DetailView
    private let headerView: HeaderView
    private let welcomeView: WelcomeView
    private let alertView: AlertView
    private let searchBarView: SearchBarView
    private let helpView: HelpView

    init(renderer: Renderer, text: TextRenderer?, config: GalleryConfig, viewport: Viewport) {
        canvas = Canvas(renderer: renderer, text: text, config: config, viewport: viewport)
        browseView = BrowseView(canvas: canvas)
        detailView = DetailView(canvas: canvas)
        headerView = HeaderView(canvas: canvas)
        welcomeView = WelcomeView(canvas: canvas)
        alertView = AlertView(canvas: canvas)
        searchBarView = SearchBarView(canvas: canvas)
        helpView = HelpView(canvas: canvas)
    }

    /// Counts of the last frame's visible cells, for the progress bar and the benchmark.
    var visibleCells: Int { browseView.visibleCells }
    var blankCells: Int { browseView.blankCells }

    func viewportChanged(_ viewport: Viewport) { canvas.viewportChanged(viewport) }

    /// After `SDL_RENDER_TARGETS_RESET` / `SDL_RENDER_DEVICE_RESET`: every texture the views own is made again
    /// (the images' are the pipeline's to reload), so the next frame is whole.
    func rebuildTextures() {
        canvas.rebuildTextures()
        browseView.dropTextures()
    }

    /// Draws the clock alone over the last frame when nothing else in the header changed, else the header (the
    /// wall's counts are the last whole frame's); returns where it drew.
    func drawHeaderAlone(model: GalleryModel, images: ImagePipeline, status: HeaderStatus, clock: String,
                         time: Double) -> Rect {
        if let area = headerView.drawClockAlone(width: model.viewport.size.width, height: model.config.headerHeight,
                                                status: status, name: model.userName, clock: clock) {
            return area
        }
        return drawHeader(model: model, images: images, status: status, clock: clock, time: time)
    }

    @discardableResult
    private func drawHeader(model: GalleryModel, images: ImagePipeline, status: HeaderStatus, clock: String,
                            time: Double) -> Rect {
        let filled = visibleCells == 0 ? 0 : Double(visibleCells - blankCells) / Double(visibleCells)
        let area = Rect(x: 0, y: 0, width: model.viewport.size.width, height: model.config.headerHeight)
        headerView.draw(width: area.width, height: area.height, status: status, name: model.userName, clock: clock,
                        time: time, filled: filled)
        return area
    }

    func draw(model: GalleryModel, images: ImagePipeline, status: HeaderStatus, clock: String, time: Double) {
        // The wall fills its own background around the cells, so each pixel is written once; other screens, and a
        // frame whose burn-in offset uncovered a strip, start from a cleared window.
        let fillsGaps = model.screen != .welcome && !canvas.renderer.bordersNeedClearing
        if !fillsGaps {
            canvas.set(canvas.theme.background)
            canvas.renderer.clear()
        }
        switch model.screen {
        case .welcome:
            if let welcome = model.welcome {
                welcomeView.draw(welcome, window: model.viewport.size, pointer: model.pointer, time: time)
            }
        case .browse, .bookmarks:
            browseView.draw(model.currentBrowse, images: images, fillsGaps: fillsGaps, showsFocus: model.overlays.isEmpty,
                            bookmarked: model.isBookmarked, emptyText: model.screen == .bookmarks
                                ? "No bookmarks yet: press b on a photo to keep it here. Esc returns."
                                : model.catalog.hasEnded ? "No photos here (JPEG, PNG, WebP). New ones show as they arrive." : nil)
        }
        drawHeader(model: model, images: images, status: status, clock: clock, time: time)
        if let closing = model.closingDetail, let index = model.currentBrowse.catalog.feed.index(of: closing.key) {
            detailView.draw(model, pane: closing, index: index, images: images)
        }
        for overlay in model.overlays {
            switch overlay {
            case .detail(let detail):
                if let index = model.currentBrowse.catalog.feed.index(of: detail.key) {
                    detailView.draw(model, pane: detail, index: index, images: images)
                }
            case .alert(let alert):
                alertView.draw(alert, window: model.viewport.size, pointer: model.pointer)
            case .search:
                if let search = model.search {
                    searchBarView.draw(search, window: model.viewport.size, top: model.config.headerHeight, time: time)
                }
            case .help:
                helpView.draw(HelpSheet.sections(for: model.keyMap), window: model.viewport.size,
                              top: model.config.headerHeight)
            }
        }
    }
}
