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
    public var picture: AnyHashable? { reveal.isMoving ? nil : PanePicture(history: history, origin: origin) }
    private struct PanePicture: Hashable {
        let history: [ItemKey], position: Int, origin: [Int]?
        init(history: DetailHistory, origin: Rect?) {
            self.history = history.history; position = history.position
            self.origin = origin.map { [$0.x, $0.y, $0.width, $0.height] }
        }
    }

    public func tick(dt: Double) { reveal.step(dt: dt) }

    public func perform(_ command: Command, in gallery: GalleryModel) -> GalleryModel.Effect? {
        switch command {
        case .closeDetail: gallery.close(self)
        case .nextPhoto, .previousPhoto, .historyBack, .historyForward: navigate(command)
        // The wall's focus is the pane's photo: the screen under it stars it (the bookmarks screen removes it).
        case .toggleBookmark: return gallery.screen.perform(command, in: gallery)
        case .copyLink, .openLink:
            guard let index else { return GalleryModel.Effect.none }
            // Only http(s) links leave the app (and a local photo's own file); a page URL is validated when parsed,
            // checked again here.
            let page = gallery.credit(wall.catalog.items[index].photo).page
            let url = ExternalText.isFileURL(page) ? page : ExternalText.url(page)
            guard !url.isEmpty else { return GalleryModel.Effect.none }
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
        if let shown = self.index { wall.focus(shown) }
    }

    /// The back and forward buttons; a click outside the panel closes it.
    public func pointer(_ input: PointerInput, in gallery: GalleryModel) -> Bool {
        guard case let .click(x, y) = input, let index else { return false }
        let layout = gallery.detailLayout(for: index, on: wall)
        if layout.backButton.contains(x: x, y: y) { navigate(.historyBack) }
        else if layout.forwardButton.contains(x: x, y: y) { navigate(.historyForward) }
        else if !layout.panel.contains(x: x, y: y) { gallery.close(self) }
        return true
    }

    public func largeImage(in gallery: GalleryModel) -> LargeImage? {
        guard let index else { return nil }
        return LargeImage(item: key, photo: wall.catalog.items[index].photo,
                          frame: gallery.detailLayout(for: index, on: wall).image)
    }

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
        lines.append(Line(text: "\(photo.width) × \(photo.height) · ← → photos · Alt+← Alt+→ back, forward · Esc to return",
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

    /// The pane that was just closed, while it shrinks back into its cell (drawn, takes no input).
    public var closingDetail: DetailPane? { leaving.lazy.compactMap { $0 as? DetailPane }.last }

    /// Opens the pane on a wall's photo, growing out of its cell.
    public func openDetail(at index: Int, on wall: BrowseScreen) {
        let items = wall.catalog.items
        guard index < items.count else { return }
        let pane = DetailPane(key: items[index].key, on: wall, origin: wall.screenFrame(of: index))
        // Opened again while it was still closing: the animation turns around from where it is.
        if let closing = closingDetail, closing.key == pane.key { pane.reveal = Reveal(from: closing.reveal.progress) }
        open(pane)
    }

    /// The text the detail pane shows under a photo.
    public func detailLines(for photo: Photo) -> [DetailPane.Line] {
        DetailPane.lines(photo: photo, credit: credit(photo))
    }

    public func detailLayout(for index: Int, on wall: BrowseScreen? = nil) -> DetailLayout {
        let photo = (wall ?? currentBrowse).catalog.items[index].photo
        return DetailPane.layout(window: viewport.size, config: config, photo: photo, lineHeight: detailLineHeight,
                                 lines: detailLines(for: photo).count)
    }
}
