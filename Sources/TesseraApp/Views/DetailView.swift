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
        let layout = pane.layout(in: model)
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
                canvas.renderer.copy(texture, source: source, to: to.x, to.y, to.width, to.height, flip: .cutByLayout)
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
        drawClip(pane, item: item, layout: layout, model: model)
        drawControls(pane, layout: layout, model: model, bookmarked: model.user.isBookmarked(item.photo.id))
        guard let text = canvas.text else { return }
        let photo = item.photo
        let lines = DetailPane.lines(for: photo, in: model)
        if let credit = lines.first {
            text.draw(credit.text, .bold, x: layout.title.x, y: layout.title.y + (layout.title.height - text.lineHeight(.bold)) / 2,
                      color: theme.text, maxWidth: layout.title.width)
        }
        let x = layout.textOrigin.x, line = model.services.detailLineHeight
        var y = layout.textOrigin.y
        for (i, entry) in pane.shownLines(lines).enumerated() {
            switch entry.style {
            case .credit: text.draw(entry.text, .bold, x: x, y: y, color: theme.text, maxWidth: layout.textWidth)
            case .link:
                // A link is one: a click opens it; under the pointer it is underlined.
                let w = text.draw(entry.text, .body, x: x, y: y, color: theme.accent, maxWidth: layout.textWidth)
                if pane.hovered == .link(i) {
                    canvas.fill(Rect(x: x, y: y + text.lineHeight(.body) - 2, width: w, height: Metrics.hairline), theme.accent)
                }
            case .info: text.draw(entry.text, .body, x: x, y: y, color: theme.text, maxWidth: layout.textWidth)
            case .hint: text.draw(entry.text, .body, x: x, y: y, color: theme.dimText, maxWidth: layout.textWidth)
            }
            y += line
        }
        drawTooltip(pane, layout: layout, model: model)
    }

    /// A moving picture's state over its picture: a clip's bar (played share, a knob, the time) to seek along, a
    /// Live Photo's or animation's badge, and "cannot play" when it does not.
    private func drawClip(_ pane: DetailPane, item: FeedItem, layout: DetailLayout, model: GalleryModel) {
        guard let motion = item.photo.motion else { return }
        let progress = model.services.clipProgress(item.key)
        if let failure = progress?.failure {
            // Translators: a badge over a clip that fails; {reason} is the decoder's own words (English).
            canvas.badge(tr("cannot play: {reason}", ["reason": failure]), in: layout.image)
            return
        }
        guard pane.showsClipBar else { canvas.badge(motion.badge, in: layout.image); return }
        let bar = layout.clipBar
        let line = Rect(x: bar.x, y: bar.maxY - Metrics.padding, width: bar.width, height: Metrics.inset)
        let played = progress?.fraction ?? 0
        canvas.fill(Rect(x: line.x - Metrics.inset, y: line.y - Metrics.inset, width: line.width + 2 * Metrics.inset,
                         height: line.height + 2 * Metrics.inset), RGBA(0, 0, 0, 120))
        canvas.fill(line, theme.headerRule)
        canvas.fill(Rect(x: line.x, y: line.y, width: Int(Double(line.width) * played), height: line.height), theme.accent)
        let knob = 3 * Metrics.inset
        canvas.fill(Rect(x: line.x + Int(Double(line.width) * played) - knob / 2, y: line.y + line.height / 2 - knob / 2,
                         width: knob, height: knob), theme.text)
        guard let text = canvas.text else { return }
        let position = PhotoMotion.clock(progress?.position ?? 0)
        let length = (progress?.duration ?? motion.duration).map { " / " + PhotoMotion.clock($0) } ?? ""
        let label = (progress?.paused == true ? "❚❚ " : "") + position + length
        let y = line.y - Metrics.spacing - text.lineHeight(.bold)
        canvas.fill(Rect(x: line.x - Metrics.inset, y: y - Metrics.inset / 2, width: text.width(of: label, .bold) + 2 * Metrics.inset,
                         height: text.lineHeight(.bold) + Metrics.inset), RGBA(0, 0, 0, 150))
        text.draw(label, .bold, x: line.x, y: y, color: theme.text)
    }

    /// The row along the top (star, zoom out, level, zoom in, details) and the arrows at the photo's sides.
    private func drawControls(_ pane: DetailPane, layout: DetailLayout, model: GalleryModel, bookmarked: Bool) {
        for (control, frame) in layout.controls {
            let label: String, lit: Bool
            switch control {
            case .playPause:
                let progress = model.services.clipProgress(pane.key)
                let still = progress.map { $0.paused || $0.ended } ?? true
                label = still ? "▶" : "❚❚"; lit = !still
            case .bookmark: label = bookmarked ? "★" : "☆"; lit = false
            case .zoomOut: label = "−"; lit = false
            case .zoomLevel: label = Words.language.percent(pane.zoomPercent(in: model)); lit = false
            case .zoomIn: label = "+"; lit = false
            case .info: label = "i"; lit = pane.showsInfo
            case .showFolder: label = "📂"; lit = false
            case .copyPath: label = "⧉"; lit = false
            case .rotateLeft: label = "⟲"; lit = false
            case .rotateRight: label = "⟳"; lit = false
            case .trash: label = "🗑"; lit = false
            }
            Buttons.draw(canvas, label, in: frame, pointer: model.pointer, enabled: true, lit: lit,
                         icon: Icon.standing(for: label))
            if control == .bookmark, bookmarked,
               canvas.icon(.star, size: IconFont.buttonSize, in: frame, color: Theme.star) {
                // The filled star in the bookmark colour, over the button's own.
            } else if control == .bookmark, bookmarked, let text = canvas.text {
                // The filled star in the bookmark colour, over the button's own glyph.
                let w = text.width(of: "★", .bold)
                text.draw("★", .bold, x: frame.x + (frame.width - w) / 2,
                          y: frame.y + (frame.height - text.lineHeight(.bold)) / 2, color: Theme.star)
            }
        }
        guard pane.arrowsDrawn else { return }
        for (frame, glyph, shown) in [(layout.previousArrow, "‹", pane.hasPrevious), (layout.nextArrow, "›", pane.hasNext)]
        where shown {
            let hovered = model.pointer.map { frame.contains(x: $0.x, y: $0.y) } == true
            canvas.fill(frame, hovered ? theme.accent : theme.scrim)
            let icon: Icon = glyph == "‹" ? .chevronLeft : .chevronRight
            if canvas.icon(icon, size: min(frame.width, frame.height, 2 * IconFont.buttonSize), in: frame,
                           color: theme.text) { continue }
            guard let text = canvas.text else { continue }
            let glyph = Icon.glyph(glyph, mirrored: canvas.renderer.mirrorWidth != nil)
            let w = text.width(of: glyph, .title)
            text.draw(glyph, .title, x: frame.x + (frame.width - w) / 2,
                      y: frame.y + (frame.height - text.lineHeight(.title)) / 2, color: theme.text)
        }
    }

    /// The hovered control's tooltip, under it (over the photo), kept inside the panel.
    private func drawTooltip(_ pane: DetailPane, layout: DetailLayout, model: GalleryModel) {
        guard let tip = pane.tooltip(in: model), let text = canvas.text, let pointer = model.pointer else { return }
        // Never wider than the panel: a long translation is cut with an ellipsis.
        let w = min(text.width(of: tip, .body) + 2 * Metrics.padding, layout.panel.width)
        let h = text.lineHeight(.body) + 2 * Metrics.inset
        let x = min(max(layout.panel.x, pointer.x - w / 2), layout.panel.maxX - w)
        let y = min(pointer.y + 24, layout.panel.maxY - h)
        let box = Rect(x: x, y: y, width: w, height: h)
        canvas.fill(box, theme.header)
        canvas.outline(box, theme.headerRule, width: Metrics.hairline)
        text.draw(tip, .body, x: box.x + Metrics.padding, y: box.y + Metrics.inset, color: theme.text,
                  maxWidth: w - 2 * Metrics.padding)
    }
}
