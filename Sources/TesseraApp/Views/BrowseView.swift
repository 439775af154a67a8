import Foundation
import GalleryCore

/// Draws the wall: each visible cell's image, or its placeholder, with rounded corners and the focus ring, and the
/// end marker under the last cell when the feed stopped.
final class BrowseView {
    private let canvas: Canvas
    private var theme: Theme { canvas.theme }

    /// Counts of the last frame's visible cells, for the progress bar and the benchmark.
    private(set) var visibleCells = 0
    private(set) var blankCells = 0

    private func drawStar(in frame: Rect, filled: Bool) {
        var disc = theme.header
        disc.a = 170
        canvas.fill(frame, disc)
        guard let text = canvas.text else { return }
        let glyph = filled ? "★" : "☆"
        let w = text.width(of: glyph, .title)
        text.draw(glyph, .title, x: frame.x + (frame.width - w) / 2, y: frame.y + (frame.height - text.lineHeight(.title)) / 2,
                  color: filled ? Theme.star : theme.text)
    }

    private let placeholders: Placeholders
    /// Seconds east of UTC here: a file's time in the list is the local one.
    private let fileTimeOffset = Int64(TimeZone.current.secondsFromGMT())
    private lazy var emptyView = EmptyStateView(canvas: canvas)

    init(canvas: Canvas) {
        self.canvas = canvas
        placeholders = Placeholders(renderer: canvas.renderer)
    }

    func dropTextures() { placeholders.drop() }

    /// Where the last frame drew each cell that can play a clip (the picture's frame), by its image's key.
    private(set) var clipCells: [ImageKey: Rect] = [:]

    /// `fillsGaps`: paint the background around the cells (the window was not cleared). `empty`: what the screen
    /// says while it has nothing to show (else `emptyText`, one grey paragraph).
    func draw(_ screen: BrowseScreen, _ scene: SceneFrame, emptyText: String?, empty: EmptyState? = nil) {
        let images = scene.images, fillsGaps = scene.fillsGaps
        let showsFocus = scene.model.overlays.isEmpty
        let visible = screen.visibleIndices
        let items = screen.catalog.items
        // The pictures' frames: the cells in the grid, fitted inside them in the list (the bars around are gaps).
        let frames = visible.map { screen.pictureFrame(of: $0) }
        if fillsGaps {
            for gap in screen.gridArea.uncovered(by: frames) { canvas.fill(gap, theme.background) }
        }
        visibleCells = visible.count
        blankCells = 0
        clipCells.removeAll(keepingCapacity: true)
        for (index, frame) in zip(visible, frames) {
            let key = ImageKey(item: items[index].key, detail: false)
            switch images.state(of: key) {
            case .ready:
                // A texture of the cell's old size (after a resize or `v`, until the new one arrives) is cropped
                // to the cell's shape rather than stretched.
                let texture = images.texture(for: key)!
                let crop = frame.centredCrop(ofWidth: texture.width, height: texture.height)
                canvas.renderer.copy(texture, source: (crop.x, crop.y, crop.width, crop.height),
                                     to: frame.x, frame.y, frame.width, frame.height)
            case .failed:
                canvas.unavailable(frame)
            case .empty, .loading:
                blankCells += 1
                let photo = items[index].photo
                if let blur = placeholders.texture(for: photo) {
                    canvas.renderer.copy(blur, to: frame.x, frame.y, frame.width, frame.height)
                } else if let c = photo.placeholderColor {
                    canvas.fill(frame, RGBA(c.r, c.g, c.b))
                } else {
                    canvas.fill(frame, theme.placeholder)
                }
            }
            canvas.roundCorners(frame)
            let focused = showsFocus && index == screen.focusedIndex
            if focused { canvas.outline(frame, theme.focus, width: Metrics.stroke) }
            // A gold star on bookmarked photos; an outline one on the focused photo shows where to click.
            let starred = scene.model.user.isBookmarked(items[index].photo.id)
            if (starred || focused), let star = BrowseScreen.starRect(of: frame) { drawStar(in: star, filled: starred) }
            if screen.mode == .list {
                // The list says what each photo is beside it (name, date, camera, size) rather than a caption.
                canvas.listDetails(ListDetails.lines(for: items[index].photo, fileTimeOffset: fileTimeOffset),
                                   cell: screen.screenFrame(of: index), picture: frame, gap: scene.model.config.gap)
            } else if let caption = Caption.text(for: items[index].photo,
                                                 fields: screen.captions ?? scene.model.config.captions) {
                canvas.caption(caption, in: frame)
            }
            if let motion = items[index].photo.motion {
                clipCells[key] = frame
                let failed = scene.model.services.clipProgress(items[index].key)?.failure != nil
                // Translators: a badge over a clip that fails to play.
                canvas.badge(failed ? tr("cannot play") : motion.badge, in: frame)
            }
        }
        drawHeadings(screen)
        if visible.isEmpty, let empty {
            emptyView.draw(empty, model: scene.model)
        } else if visible.isEmpty, let emptyText, let text = canvas.text {
            // Wrapped, each line centred: a narrow window shows all of it.
            let lines = TextFit.wrap(emptyText, width: screen.window.width - 2 * Metrics.margin, maxLines: 6) {
                text.width(of: $0, .body)
            }
            var y = screen.gridTop + Metrics.barHeight
            for label in lines {
                text.draw(label, .body, x: (screen.window.width - text.width(of: label, .body)) / 2, y: y, color: theme.dimText)
                y += text.lineHeight(.body) + Metrics.inset
            }
        }
        if let marker = screen.catalog.endText, let text = canvas.text {
            let y = screen.layout.contentHeight - screen.scrollTop + screen.gridTop + Metrics.margin
            let label = text.fit(marker, .body, maxWidth: screen.window.width - 2 * Metrics.margin)
            text.draw(label, .body, x: (screen.window.width - text.width(of: label, .body)) / 2, y: y,
                      color: theme.dimText)
        }
    }

    /// Section headings across the wall (a memories wall's years), on the background between the cells, the words
    /// at the band's foot so they sit on the photos they head.
    private func drawHeadings(_ screen: BrowseScreen) {
        guard let text = canvas.text else { return }
        let top = screen.scrollTop, dy = screen.gridTop - top
        for heading in screen.layout.headings(intersecting: top, top + screen.gridHeight) {
            let band = heading.frame.offsetBy(dy: dy)
            let y = band.maxY - text.lineHeight(.title) - Metrics.inset
            guard y + text.lineHeight(.title) > screen.gridTop else { continue }
            text.draw(heading.title, .title, x: band.x + Metrics.inset, y: y, color: theme.text, maxWidth: band.width)
        }
    }
}
