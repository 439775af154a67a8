import GalleryCore

/// Draws the detail pane over a scrim: the large image (the cell's texture stands in until it arrives), the
/// author, the page and download links, size and ID.
final class DetailView {
    private let canvas: Canvas
    private var theme: Theme { canvas.theme }

    init(canvas: Canvas) { self.canvas = canvas }

    func draw(_ model: GalleryModel, pane: DetailPane, images: ImagePipeline) {
        guard let index = pane.index else { return }
        let item = pane.wall.catalog.items[index]
        let layout = DetailPane.layout(of: index, on: pane.wall, in: model)
        let window = model.viewport.size, top = model.config.headerHeight
        // Growing out of the cell (or shrinking back): panel and photo move from the cell's frame to their own.
        let t = pane.reveal.eased
        let from = pane.origin ?? layout.image
        let panel = t < 1 ? from.interpolated(to: layout.panel, t) : layout.panel
        let image = t < 1 ? from.interpolated(to: layout.image, t) : layout.image
        var scrim = theme.scrim
        scrim.a = UInt8(Double(scrim.a) * t)
        canvas.fill(Rect(x: 0, y: top, width: window.width, height: window.height - top), scrim)
        canvas.fill(panel, theme.panel)
        let detailKey = ImageKey(item: item.key, detail: true)
        if let texture = images.texture(for: detailKey) ?? images.texture(for: ImageKey(item: item.key, detail: false)) {
            if t >= 1, pane.zoom.isZoomed {
                // Zoomed: the part of the picture that falls in the viewing area, from the sharpest copy there is.
                let shown = pane.zoom.visible(fit: layout.image, area: layout.imageArea)
                let w = Double(texture.width), h = Double(texture.height)
                let source = (Int(shown.source.x * w), Int(shown.source.y * h),
                              max(1, Int(shown.source.width * w)), max(1, Int(shown.source.height * h)))
                let to = shown.destination
                canvas.renderer.copy(texture, source: source, to: to.x, to.y, to.width, to.height)
            } else {
                canvas.renderer.copy(texture, to: image.x, image.y, image.width, image.height)
            }
        } else if images.state(of: detailKey) == .failed {
            canvas.unavailable(image)
        } else {
            canvas.fill(image, theme.placeholder)
        }
        guard t >= 1 else { return }  // text and buttons once the pane has arrived
        // The large image's download, while it comes: bytes received of the total.
        if let share = images.progress(of: detailKey) {
            let bar = Rect(x: layout.image.x, y: layout.image.maxY - Metrics.inset, width: layout.image.width, height: Metrics.inset)
            canvas.fill(bar, theme.headerRule)
            canvas.fill(Rect(x: bar.x, y: bar.y, width: Int(Double(bar.width) * share), height: bar.height), theme.accent)
        }
        // Back and forward between the photos viewed here; a button with nowhere to go is drawn disabled.
        Buttons.draw(canvas, "◀", in: layout.backButton, pointer: model.pointer, enabled: pane.canGoBack)
        Buttons.draw(canvas, "▶", in: layout.forwardButton, pointer: model.pointer, enabled: pane.canGoForward)
        if model.user.isBookmarked(item.photo.id), let text = canvas.text {
            let x = layout.backButton.x - Metrics.glyphRoom
            text.draw("★", .title, x: x, y: layout.backButton.y + Metrics.inset, color: Theme.star)
        }
        guard let text = canvas.text else { return }
        let photo = item.photo
        let x = layout.textOrigin.x, line = model.hooks.detailLineHeight
        var y = layout.textOrigin.y
        for entry in DetailPane.lines(for: photo, in: model) {
            switch entry.style {
            case .credit: text.draw(entry.text, .bold, x: x, y: y, color: theme.text, maxWidth: layout.textWidth)
            case .link: text.draw(entry.text, .body, x: x, y: y, color: theme.accent, maxWidth: layout.textWidth)
            case .info: text.draw(entry.text, .body, x: x, y: y, color: theme.text, maxWidth: layout.textWidth)
            case .hint: text.draw(entry.text, .body, x: x, y: y, color: theme.dimText, maxWidth: layout.textWidth)
            }
            y += line
        }
    }
}
