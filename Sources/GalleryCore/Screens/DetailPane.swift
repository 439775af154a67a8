import Foundation

/// The detail pane: one photo of a wall large, with its author and links, over the screen it was opened from. It
/// grows out of the photo's cell and shrinks back into it; ← → (and the arrows at the photo's sides, shown on
/// hover or after a tap) move through the wall, Alt+← Alt+→ through the photos viewed in it; the row along its top
/// stars it, zooms and opens the details. While open it takes input first.
public final class DetailPane: Overlay {
    /// The wall it was opened from: its photos are the ones shown, and its focus follows the pane.
    public let wall: BrowseScreen
    public internal(set) var history: DetailHistory
    /// The pane grows out of the cell it was opened from (`origin`, window coordinates) and shrinks back into it.
    public var reveal = Reveal()
    public var origin: Rect?
    /// The viewer's zoom into the photo (`+` `-` `0` `1`, the wheel, a pinch, a double tap; a drag pans).
    public internal(set) var zoom = Zoom()
    /// Its moving picture's playing, pausing and seeking.
    public internal(set) var clip = PaneClip()
    /// The details (folder, camera, size, keys) under the photo's links: `i` or the ⓘ button.
    public private(set) var showsInfo = false
    /// What the pointer is over, for hover looks and tooltips.
    public enum Hover: Hashable { case control(DetailLayout.Control), previous, next, image, link(Int) }
    public private(set) var hovered: Hover?
    /// A tap on the photo shows the arrows (a finger has no hover); another hides them.
    public private(set) var arrowsTapped = false

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
    public var picture: AnyHashable? { reveal.isMoving ? nil : PanePicture(self) }
    private struct PanePicture: Hashable {
        let history: [ItemKey], position: Int, origin: [Int]?, zoom: Zoom, info: Bool, hovered: Hover?, tapped: Bool
        let clip: PaneClip
        init(_ pane: DetailPane) {
            clip = pane.clip
            history = pane.history.history; position = pane.history.position
            origin = pane.origin.map { [$0.x, $0.y, $0.width, $0.height] }
            zoom = pane.zoom; info = pane.showsInfo; hovered = pane.hovered; tapped = pane.arrowsTapped
        }
    }

    /// Whether the arrows at the photo's sides show: the pointer over the photo, or a tap asked for them.
    public var showsArrows: Bool { arrowsTapped || [.image, .previous, .next].contains(hovered) }
    /// Whether the arrows are drawn now (a zoomed photo keeps its sides for panning).
    public var arrowsDrawn: Bool { showsArrows && !zoom.isZoomed }

    public func tick(dt: Double) { reveal.step(dt: dt) }

    public func perform(_ command: Command, in gallery: GalleryModel) -> GalleryModel.Effect? {
        switch command {
        case .closeDetail: gallery.close(self)
        case .nextPhoto, .previousPhoto, .historyBack: navigate(command)
        case .action(RoomAction.zoomIn): zoom(in: gallery) { $0.zoom(by: 1.5, fit: $1, area: $2, photoWidth: $3) }
        case .action(RoomAction.zoomOut): zoom(in: gallery) { $0.zoom(by: 1 / 1.5, fit: $1, area: $2, photoWidth: $3) }
        case .action(RoomAction.zoomFit): zoom.reset()
        case .action(RoomAction.playPause): clip.playPause(gallery.services.clipProgress(key))
        // The remote's pause and play: the clip as asked, never toggled by a command sent twice.
        case .setPaused(let pause) where pause != clip.paused: clip.playPause(gallery.services.clipProgress(key))
        case .action(RoomAction.seekBack): clip.step(-PaneClip.step, gallery.services.clipProgress(key))
        case .action(RoomAction.seekForward): clip.step(PaneClip.step, gallery.services.clipProgress(key))
        case .action(RoomAction.info):
            showsInfo.toggle()
            hovered = nil  // the links moved or went: no tooltip of one stays
        case .action(RoomAction.zoomActual):
            let scale = gallery.viewport.scale
            zoom(in: gallery) { $0.set(scale: Zoom.actualSize(fit: $1, photoWidth: $3, scalePerPixel: scale),
                                       fit: $1, area: $2, photoWidth: $3) }
        // The pane's own photo, whatever the screen under it does with its focus (the bookmarks screen rebuilds its
        // wall when a star comes off: its focus moves to a neighbour, which a second press must not remove).
        case .toggleBookmark: if let index { Bookmarking.toggle(wall.catalog.items[index].photo, in: gallery) }
        case let command where FileAction(command) != nil: return perform(FileAction(command)!, in: gallery)
        case .copyLink, .openLink:
            guard let index else { return GalleryModel.Effect.none }
            // Only http(s) links leave the app (and a local photo's own file); a page URL is validated when parsed,
            // checked again here.
            let page = gallery.services.credit(for: wall.catalog.items[index].photo).page
            let url = ExternalText.isFileURL(page) ? page : ExternalText.url(page)
            guard !url.isEmpty else {
                gallery.toasts.show(tr("This photo has no link"))
                return GalleryModel.Effect.none
            }
            gallery.toasts.show(command == .copyLink ? tr("Link copied") : tr("Opening the link in your browser"))
            return command == .copyLink ? .copy(url) : .open(url)
        default: return nil
        }
        return GalleryModel.Effect.none
    }

    /// Forward (the header's →, Alt+→, `]`) walks the photos viewed in it before anything else.
    public func goForward(in gallery: GalleryModel) -> Bool {
        guard canGoForward else { return false }
        navigate(.historyForward)
        return true
    }

    public var isPage: Bool { true }

    /// Forward opens it again after Back closed it, growing out of its cell once more, while the wall it was opened
    /// from shows and still holds its photo.
    public func canReopen(in gallery: GalleryModel) -> Bool {
        guard wall === gallery.currentBrowse, let index else { return false }
        origin = wall.screenFrame(of: index)
        reveal = Reveal(from: reveal.progress)
        return true
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
        clip = PaneClip()
        if case .link = hovered { hovered = nil }
        if let shown = self.index { wall.focus(shown) }
    }

    /// Changes the zoom with the photo's fitted frame, the viewing area and the photo's width.
    private func zoom(in gallery: GalleryModel, _ change: (inout Zoom, Rect, Rect, Int) -> Void) {
        guard let index else { return }
        let layout = layout(in: gallery)
        change(&zoom, layout.image, layout.imageArea, wall.catalog.items[index].photo.width)
    }

    /// The controls along the top, the arrows at the photo's sides and the links in the details; a click outside
    /// the panel closes it, a tap on the photo shows or hides the arrows. The wheel, a pinch and a double tap zoom;
    /// a drag pans a zoomed photo; a swipe over a photo that is not zoomed moves to the next or previous one.
    public func pointer(_ input: PointerInput, in gallery: GalleryModel) -> Bool {
        guard let index else { return false }
        let layout = layout(in: gallery)
        let width = wall.catalog.items[index].photo.width
        switch input {
        case let .click(x, y):
            if let control = layout.control(atX: x, y: y) { press(control, in: gallery) }
            else if showsClipBar, layout.clipBar.contains(x: x, y: y) {
                clip.seek(toFraction: layout.clipFraction(atX: x), gallery.services.clipProgress(key))
            }
            // An arrow answers only where it is drawn (shown, not zoomed, somewhere to go); else the tap is the
            // photo's (it shows the arrows).
            else if arrowsDrawn, hasPrevious, layout.previousArrow.contains(x: x, y: y) { navigate(.previousPhoto) }
            else if arrowsDrawn, hasNext, layout.nextArrow.contains(x: x, y: y) { navigate(.nextPhoto) }
            // A kiosk opens no browser for a passer-by.
            else if gallery.kiosk == nil, let link = link(atX: x, y: y, layout: layout, in: gallery) { gallery.input.request(.open(link)) }
            else if layout.imageArea.contains(x: x, y: y) { arrowsTapped.toggle() }
            else if !layout.panel.contains(x: x, y: y) { gallery.close(self) }
        case let .doubleClick(x, y):
            // On a button or an arrow it is a second press of it; outside the photo nothing.
            if layout.control(atX: x, y: y) != nil
                || arrowsDrawn && (layout.previousArrow.contains(x: x, y: y) || layout.nextArrow.contains(x: x, y: y)) {
                return false
            }
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
        case .longPress: Bookmarking.toggle(wall.catalog.items[index].photo, in: gallery)
        case let .hover(x, y):
            if let control = layout.control(atX: x, y: y) { hovered = .control(control) }
            else if layout.previousArrow.contains(x: x, y: y) { hovered = .previous }
            else if layout.nextArrow.contains(x: x, y: y) { hovered = .next }
            else if layout.imageArea.contains(x: x, y: y) { hovered = .image }
            else { hovered = linkLine(atX: x, y: y, layout: layout, in: gallery).map(Hover.link) }
        case .middleClick: break
        }
        return true
    }

    /// What a control does: the same commands as the keys.
    private func press(_ control: DetailLayout.Control, in gallery: GalleryModel) {
        let command: Command
        switch control {
        case .playPause: command = .action(RoomAction.playPause)
        case .bookmark: command = .toggleBookmark
        case .zoomOut: command = .action(RoomAction.zoomOut)
        case .zoomIn: command = .action(RoomAction.zoomIn)
        case .zoomLevel: command = .action(zoom.isZoomed ? RoomAction.zoomFit : RoomAction.zoomActual)
        case .info: command = .action(RoomAction.info)
        case .showFolder, .copyPath, .rotateLeft, .rotateRight, .trash:
            command = control.fileAction?.command ?? .closeDetail
        }
        _ = perform(command, in: gallery)
    }

    /// The tooltip of what the pointer is over: what it does and its key. An arrow with nowhere to go is not drawn
    /// and has none; the star says what a press will do to this photo.
    public func tooltip(in gallery: GalleryModel) -> String? {
        switch hovered {
        // Translators: the pane's tooltips end with their keys in brackets; the keys stay as they are.
        case .control(.playPause): return tr("Play or pause (Space)")
        case .control(.bookmark):
            let starred = index.map { gallery.user.isBookmarked(wall.catalog.items[$0].photo.id) } ?? false
            return starred ? tr("Remove the bookmark (b)") : tr("Bookmark (b)")
        case .control(.zoomOut): return tr("Zoom out (−, wheel, pinch)")
        case .control(.zoomLevel): return zoom.isZoomed ? tr("Fit to the window (0)") : tr("Actual size (1)")
        case .control(.zoomIn): return tr("Zoom in (+, wheel, pinch)")
        case .control(.info): return tr("Details (i)")
        case .control(let control): return control.fileAction.map(DetailPane.tooltip(of:))
        case .previous: return arrowsDrawn && hasPrevious ? tr("Previous photo (←)") : nil
        case .next: return arrowsDrawn && hasNext ? tr("Next photo (→)") : nil
        case .link: return tr("Open (o)")
        case .image, nil: return nil
        }
    }

    /// Whether its photo is a clip, with a bar to seek (a Live Photo's motion and an animation have none).
    public var showsClipBar: Bool {
        index.map { wall.catalog.items[$0].photo.motion?.kind == .clip } ?? false
    }

    /// Its moving picture, as large as it is drawn (not zoomed: a zoomed clip shows its still frame).
    public func playRequests(in gallery: GalleryModel) -> [PlayRequest] {
        guard let index, !zoom.isZoomed, !reveal.isMoving else { return [] }
        let photo = wall.catalog.items[index].photo
        guard let kind = photo.motion?.kind else { return [] }
        return [PlayRequest(key: key, photo: photo, frame: layout(in: gallery).image, large: true, loops: kind == .animation,
                            sound: gallery.config.sound, paused: clip.paused, seek: clip.seek)]
    }

    /// Whether there is a photo before or after this one on the wall (an arrow with nowhere to go is not drawn).
    public var hasPrevious: Bool { (index ?? 0) > 0 }
    public var hasNext: Bool { index.map { $0 + 1 < wall.catalog.count } ?? false }

    /// The zoom level in percent of the photo's own pixels (100: one photo pixel per screen pixel).
    public func zoomPercent(in gallery: GalleryModel) -> Int {
        guard let index else { return 100 }
        let layout = layout(in: gallery), photo = wall.catalog.items[index].photo
        guard photo.width > 0 else { return 100 }
        let shown = Double(layout.image.width) * zoom.scale * gallery.viewport.scale
        return max(1, Int((shown / Double(photo.width) * 100).rounded()))
    }

    /// The text lines under the photo (with the details open) and the index among them of the one at (x, y).
    private func linkLine(atX x: Int, y: Int, layout: DetailLayout, in gallery: GalleryModel) -> Int? {
        guard showsInfo, let index, x >= layout.textOrigin.x, x < layout.textOrigin.x + layout.textWidth,
              y >= layout.textOrigin.y else { return nil }
        let line = (y - layout.textOrigin.y) / max(1, gallery.services.detailLineHeight)
        let lines = shownLines(DetailPane.lines(for: wall.catalog.items[index].photo, in: gallery))
        guard line < lines.count, lines[line].style == .link else { return nil }
        return line
    }

    /// The URL of the link line at (x, y): a page, a download, a local photo's file.
    private func link(atX x: Int, y: Int, layout: DetailLayout, in gallery: GalleryModel) -> String? {
        guard let line = linkLine(atX: x, y: y, layout: layout, in: gallery), let index else { return nil }
        let text = shownLines(DetailPane.lines(for: wall.catalog.items[index].photo, in: gallery))[line].text
        guard let colon = text.range(of: ": ") else { return nil }
        let url = String(text[colon.upperBound...])
        let checked = ExternalText.isFileURL(url) ? url : ExternalText.url(url)
        return checked.isEmpty ? nil : checked
    }

    /// The lines drawn under the photo: its links always (the page, the download, a local photo's file: the pane
    /// promises image, author and URL), and with the details open everything but the credit (along the top).
    public func shownLines(_ lines: [Line]) -> [Line] {
        showsInfo ? Array(lines.dropFirst()) : lines.filter { $0.style == .link }
    }

    /// Where this pane puts its photo, controls and text in `gallery`.
    public func layout(in gallery: GalleryModel) -> DetailLayout {
        let photo = wall.catalog.items[index ?? 0].photo
        return DetailPane.layout(window: gallery.viewport.size, config: gallery.config, photo: photo,
                                 lineHeight: gallery.services.detailLineHeight,
                                 lines: shownLines(DetailPane.lines(for: photo, in: gallery)).count,
                                 star: gallery.kiosk == nil && gallery.user.shelf != nil,
                                 files: gallery.kiosk == nil && gallery.services.canChangeFiles(of: photo))
    }

    /// The photo at the size it is drawn: fitted, or zoomed (in steps of two, so a pinch does not ask for a new size
    /// at every step), never more pixels than the photo has or the decode budget allows (`maxZoomedPixels`).
    public func largeImages(in gallery: GalleryModel) -> [LargeImage] {
        guard let index else { return [] }
        let photo = wall.catalog.items[index].photo
        let fit = layout(in: gallery).image
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
                              lines: Int, star: Bool = true, files: Bool = false) -> DetailLayout {
        DetailLayout(window: window, headerHeight: config.headerHeight, margin: config.detailMargin, photo: photo,
                     lineHeight: lineHeight, lines: lines, star: star, files: files)
    }
}

extension DetailPane {
    /// The open detail pane, if any, and where its photo is in its wall's catalog.
    public static func shown(in gallery: GalleryModel) -> (overlay: DetailPane, index: Int)? {
        for case let pane as DetailPane in gallery.overlays.reversed() {
            if let index = pane.index { return (pane, index) }
        }
        return nil
    }

    /// The toast comes down over the pane's photo, never over the links and details under it (an Undo covered a URL
    /// or the keys' line).
    public func toastFloor(in gallery: GalleryModel) -> Int? {
        guard index != nil, !reveal.isMoving else { return nil }
        return layout(in: gallery).textOrigin.y - DetailLayout.padding
    }

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
        lines(photo: photo, credit: gallery.services.credit(for: photo))
    }

    /// Where the open pane puts the photo at `index` of the wall shown, its controls and its text.
    public static func layout(of index: Int, in gallery: GalleryModel) -> DetailLayout {
        if let open = DetailPane.shown(in: gallery), open.index == index { return open.overlay.layout(in: gallery) }
        let photo = gallery.currentBrowse.catalog.items[index].photo
        return layout(window: gallery.viewport.size, config: gallery.config, photo: photo,
                      lineHeight: gallery.services.detailLineHeight, lines: 0)
    }
}
