import GalleryCore

/// Draws the wall: each visible cell's image, or its placeholder, with rounded corners and the focus ring, and the
/// end marker under the last cell when the feed stopped.
final class BrowseView {
    private let canvas: Canvas
    private var theme: Theme { canvas.theme }

    /// Counts of the last frame's visible cells, for the progress bar and the benchmark.
    private(set) var visibleCells = 0
    private(set) var blankCells = 0

    init(canvas: Canvas) { self.canvas = canvas }

    func draw(_ screen: BrowseScreen, images: ImagePipeline, showsFocus: Bool) {
        let visible = screen.visibleIndices
        let items = screen.catalog.items
        visibleCells = visible.count
        blankCells = 0
        for index in visible {
            let frame = screen.screenFrame(of: index)
            let key = ImageKey(item: items[index].key, detail: false)
            switch images.state(of: key) {
            case .ready:
                canvas.renderer.copy(images.texture(for: key)!, to: frame.x, frame.y, frame.width, frame.height)
            case .failed:
                canvas.unavailable(frame)
            case .empty, .loading:
                blankCells += 1
                canvas.fill(frame, theme.placeholder)
            }
            canvas.roundCorners(frame)
            if showsFocus && index == screen.focusedIndex { canvas.outline(frame, theme.focus, width: 2) }
        }
        if let marker = screen.catalog.endText, let text = canvas.text {
            let y = screen.layout.contentHeight - screen.scrollTop + screen.gridTop + 16
            let label = text.fit(marker, .body, maxWidth: screen.window.width - 32)
            text.draw(label, .body, x: (screen.window.width - text.width(of: label, .body)) / 2, y: y,
                      color: theme.dimText)
        }
    }
}
