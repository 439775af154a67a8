import Foundation

/// The detail pane: one photo of a wall large, with its author and links, over the screen it was opened from. It
/// grows out of the photo's cell and shrinks back into it; ← → move through the wall, Alt+← Alt+→ through the
/// photos viewed in it; while open it takes input first.
public final class DetailPane: Overlay {
    /// The wall it was opened from: its photos are the ones shown, and its focus follows the pane.
    public let wall: BrowseScreen
    public private(set) var history: DetailHistory
    /// The pane grows out of the cell it was opened from (`origin`, window coordinates) and shrinks back into it.
    public var reveal = Reveal()
    public var origin: Rect?
    /// The viewer's zoom into the photo (`+` `-` `0` `1`, the wheel, a pinch, a double tap; a drag pans).
    public private(set) var zoom = Zoom()
    public static let zoomIn = "zoom-in", zoomOut = "zoom-out", zoomFit = "zoom-fit", zoomActual = "zoom-actual"

    public init(key: ItemKey, on wall: BrowseScreen, origin: Rect? = nil) {
        self.wall = wall
        history = DetailHistory(key: key)
        self.origin = origin
    }

    public var key: ItemKey { history.key }
    public var canGoBack: Bool { history.canGoBack }
    public var canGoForward: Bool { history.canGoForward }
    /// Where its photo is in the wall's catalog now (nil once the feed has let it go).
    public var index: Int? { wall.catalog.feed.index(of: key) }

    public var scopes: [Scope] { [.detail] }
    public var isAnimating: Bool { reveal.isMoving }
    public var picture: AnyHashable? { reveal.isMoving ? nil : PanePicture(history: history, origin: origin, zoom: zoom) }
    private struct PanePicture: Hashable {
        let history: [ItemKey], position: Int, origin: [Int]?, zoom: Zoom
        init(history: DetailHistory, origin: Rect?, zoom: Zoom) {
            self.history = history.history; position = history.position
            self.origin = origin.map { [$0.x, $0.y, $0.width, $0.height] }
            self.zoom = zoom
        }
    }

    public func tick(dt: Double) { reveal.step(dt: dt) }

    public func perform(_ command: Command, in gallery: GalleryModel) -> GalleryModel.Effect? {
        switch command {
        case .closeDetail: gallery.close(self)
        case .nextPhoto, .previousPhoto, .historyBack, .historyForward: navigate(command)
        case .action(DetailPane.zoomIn): zoom(in: gallery) { $0.zoom(by: 1.5, fit: $1, area: $2, photoWidth: $3) }
        case .action(DetailPane.zoomOut): zoom(in: gallery) { $0.zoom(by: 1 / 1.5, fit: $1, area: $2, photoWidth: $3) }
        case .action(DetailPane.zoomFit): zoom.reset()
        case .action(DetailPane.zoomActual):
            let scale = gallery.viewport.scale
            zoom(in: gallery) { $0.set(scale: Zoom.actualSize(fit: $1, photoWidth: $3, scalePerPixel: scale),
                                       fit: $1, area: $2, photoWidth: $3) }
        // The wall's focus is the pane's photo: the screen under it stars it (the bookmarks screen removes it).
        case .toggleBookmark: return gallery.screen.perform(command, in: gallery)
        case .copyLink, .openLink:
            guard let index else { return GalleryModel.Effect.none }
            // Only http(s) links leave the app (and a local photo's own file); a page URL is validated when parsed,
            // checked again here.
            let page = gallery.hooks.credit(wall.catalog.items[index].photo).page
            let url = ExternalText.isFileURL(page) ? page : ExternalText.url(page)
            guard !url.isEmpty else {
                gallery.toasts.show("This photo has no link")
                return GalleryModel.Effect.none
            }
            gallery.toasts.show(command == .copyLink ? "Link copied" : "Opening the link in your browser")
            return command == .copyLink ? .copy(url) : .open(url)
        default: return nil
        }
        return GalleryModel.Effect.none
    }

    /// Input goes back to the wall at once; the pane shrinks into its cell on the frames that follow.
    public func willClose(in gallery: GalleryModel) {
        reveal.turn(to: 0)
        origin = wall.focusedIndex.map(wall.screenFrame(of:)) ?? origin
    }

    /// Moves to another photo; the wall's focus follows, so closing lands on that photo.
    private func navigate(_ command: Command) {
        let catalog = wall.catalog
        guard let index else { return }
        switch command {
        case .nextPhoto, .previousPhoto:
            let next = index + (command == .nextPhoto ? 1 : -1)
            guard next >= 0, next < catalog.count else { return }
            history.show(catalog.items[next].key)
        case .historyBack: history.back()
        case .historyForward: history.forward()
        default: return
        }
        zoom.reset()
        if let shown = self.index { wall.focus(shown) }
    }

    /// Changes the zoom with the photo's fitted frame, the viewing area and the photo's width.
    private func zoom(in gallery: GalleryModel, _ change: (inout Zoom, Rect, Rect, Int) -> Void) {
        guard let index else { return }
        let layout = DetailPane.layout(of: index, on: wall, in: gallery)
        change(&zoom, layout.image, layout.imageArea, wall.catalog.items[index].photo.width)
    }

    /// The back and forward buttons; a click outside the panel closes it. The wheel, a pinch and a double tap zoom;
    /// a drag pans a zoomed photo; a swipe over a photo that is not zoomed moves to the next or previous one.
    public func pointer(_ input: PointerInput, in gallery: GalleryModel) -> Bool {
        guard let index else { return false }
        let layout = DetailPane.layout(of: index, on: wall, in: gallery)
        let width = wall.catalog.items[index].photo.width
        switch input {
        case let .click(x, y):
            if layout.backButton.contains(x: x, y: y) { navigate(.historyBack) }
            else if layout.forwardButton.contains(x: x, y: y) { navigate(.historyForward) }
            else if !layout.panel.contains(x: x, y: y) { gallery.close(self) }
        case let .doubleClick(x, y):
            // On a button it is a second press of it; outside the photo nothing.
            if layout.backButton.contains(x: x, y: y) || layout.forwardButton.contains(x: x, y: y) { return false }
            guard layout.imageArea.contains(x: x, y: y) else { return true }
            if zoom.isZoomed { zoom.reset() }
            else { zoom.set(scale: 2.5, at: (x, y), fit: layout.image, area: layout.imageArea, photoWidth: width) }
        case let .wheel(notches):
            let at = gallery.pointer.flatMap { layout.imageArea.contains(x: $0.x, y: $0.y) ? $0 : nil }
            zoom.zoom(by: pow(1.25, notches), at: at, fit: layout.image, area: layout.imageArea, photoWidth: width)
        case let .pinch(scale, x, y):
            zoom.zoom(by: scale, at: (x, y), fit: layout.image, area: layout.imageArea, photoWidth: width)
        case .beginDrag: return zoom.isZoomed
        case let .drag(dx, dy, _): zoom.pan(dx: dx, dy: dy, fit: layout.image, area: layout.imageArea)
        case .endDrag: break
        case let .swipe(dx, _, _):
            guard !zoom.isZoomed else { return true }
            navigate(dx < 0 ? .nextPhoto : .previousPhoto)
        case .longPress: gallery.toggleBookmark(wall.catalog.items[index].photo)
        case .middleClick, .hover: break
        }
        return true
    }

    /// The photo at the size it is drawn: fitted, or zoomed (in steps of two, so a pinch does not ask for a new size
    /// at every step), never more pixels than the photo has or the decode budget allows (`maxZoomedPixels`).
    public func largeImages(in gallery: GalleryModel) -> [LargeImage] {
        guard let index else { return [] }
        let photo = wall.catalog.items[index].photo
        let fit = DetailPane.layout(of: index, on: wall, in: gallery).image
        var factor = 1.0
        if zoom.isZoomed {
            factor = pow(2, ceil(log2(zoom.scale)))
            let scale = gallery.viewport.scale
            let natural = Double(photo.width) / (Double(fit.width) * scale)  // the photo's own pixels, at most
            let budget = (Double(DetailPane.maxZoomedPixels) / (Double(fit.width * fit.height) * scale * scale)).squareRoot()
            factor = max(1, min(factor, natural, budget))
        }
        let frame = Rect(x: fit.x, y: fit.y, width: Int(Double(fit.width) * factor), height: Int(Double(fit.height) * factor))
        return [LargeImage(item: key, photo: photo, frame: frame)]
    }

    /// The most pixels a zoomed photo is fetched and decoded at (16 megapixels: 64 MB of pixels, the decoder's budget).
    public static let maxZoomedPixels = 16_000_000

    public static func layout(window: PixelSize, config: GalleryConfig, photo: Photo, lineHeight: Int,
                              lines: Int) -> DetailLayout {
        DetailLayout(window: window, headerHeight: config.headerHeight, margin: config.detailMargin, photo: photo,
                     lineHeight: lineHeight, lines: lines)
    }

    /// One line of text under the photo, and how it is drawn.
    public struct Line: Equatable {
        public enum Style: Equatable { case credit, link, info, hint }
        public let text: String
        public let style: Style
    }

    /// The text under a photo: the source's credit line, the page and download links a source has, what the source
    /// knows besides (a file's folder, date taken, camera), then the photo's size and the keys.
    public static func lines(photo: Photo, credit: Credit) -> [Line] {
        var lines = [Line(text: credit.line, style: .credit)]
        if !credit.page.isEmpty {
            let label = ExternalText.isFileURL(credit.page) ? "File: " : "Page: "
            lines.append(Line(text: label + credit.page, style: .link))
        }
        if !photo.downloadURL.isEmpty { lines.append(Line(text: "Download: " + photo.downloadURL, style: .link)) }
        lines += credit.details.map { Line(text: $0, style: .info) }
        lines.append(Line(text: "\(photo.width) × \(photo.height) · ← → photos · + − 0 1 zoom · Alt+← Alt+→ back, forward · Esc to return",
                          style: .hint))
        return lines
    }
}

extension GalleryModel {
    /// The open detail pane, if any, and where its photo is in its wall's catalog.
    public var detail: (overlay: DetailPane, index: Int)? {
        for case let pane as DetailPane in overlays.reversed() {
            if let index = pane.index { return (pane, index) }
        }
        return nil
    }
}

extension DetailPane {
    /// The pane just closed in `gallery`, while it shrinks back into its cell (drawn, takes no input).
    public static func closing(in gallery: GalleryModel) -> DetailPane? {
        gallery.leaving.lazy.compactMap { $0 as? DetailPane }.last
    }

    /// Opens the pane on a wall's photo, growing out of its cell.
    public static func open(at index: Int, on wall: BrowseScreen, in gallery: GalleryModel) {
        let items = wall.catalog.items
        guard index < items.count else { return }
        let pane = DetailPane(key: items[index].key, on: wall, origin: wall.screenFrame(of: index))
        // Opened again while it was still closing: the animation turns around from where it is.
        if let closing = closing(in: gallery), closing.key == pane.key { pane.reveal = Reveal(from: closing.reveal.progress) }
        gallery.open(pane)
    }

    /// The text the pane shows under a photo in `gallery`.
    public static func lines(for photo: Photo, in gallery: GalleryModel) -> [Line] {
        lines(photo: photo, credit: gallery.hooks.credit(photo))
    }

    /// Where the pane puts the photo at `index` of `wall` (the wall shown, by default), its text and its panel.
    public static func layout(of index: Int, on wall: BrowseScreen? = nil, in gallery: GalleryModel) -> DetailLayout {
        let photo = (wall ?? gallery.currentBrowse).catalog.items[index].photo
        return layout(window: gallery.viewport.size, config: gallery.config, photo: photo,
                      lineHeight: gallery.hooks.detailLineHeight, lines: lines(for: photo, in: gallery).count)
    }
}
