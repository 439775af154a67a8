import GalleryCore

/// Draws the slideshow: the photo fitted on black, the one before fading out under it during a crossfade, its
/// caption, and a pause mark while paused. The photo that fades in is the only blended copy: the one under it is
/// copied opaque, so a crossfade costs one blend of the window a frame.
final class SlideshowView {
    private let canvas: Canvas
    private let placeholders: Placeholders

    init(canvas: Canvas) {
        self.canvas = canvas
        placeholders = Placeholders(renderer: canvas.renderer)
    }

    func dropTextures() { placeholders.drop() }

    func draw(_ show: SlideshowScreen, _ scene: SceneFrame) {
        let model = scene.model, window = model.viewport.size, top = model.config.headerHeight
        canvas.fill(Rect(x: 0, y: top, width: window.width, height: window.height - top), RGBA(0, 0, 0))
        let fading = show.fade < 1
        if fading, let previous = show.photo(show.previous), let key = show.previous {
            drawPhoto(previous, key: key, scene: scene, in: show.frame(of: previous), alpha: 255)
        }
        guard let key = show.current, let photo = show.photo(key) else {
            if let text = canvas.text {
                let words = model.catalog.hasEnded ? model.hooks.emptyFeedText() : "Waiting for photos…"
                text.draw(words, .body, x: Metrics.margin, y: top + Metrics.barHeight, color: canvas.theme.dimText)
            }
            return
        }
        let frame = show.frame(of: photo)
        drawPhoto(photo, key: key, scene: scene, in: frame, alpha: fading ? UInt8(255 * show.fade) : 255)
        let fields = model.config.slideshowCaptions
        if !fading, let caption = Caption.text(for: photo, fields: fields) {
            canvas.caption(caption, in: frame, font: .title)
        }
        if show.paused, let text = canvas.text {
            let mark = "❚❚"
            let w = text.width(of: mark, .title)
            let pad = Metrics.fieldPadding
            let badge = Rect(x: window.width - w - Metrics.glyphRoom, y: top + Metrics.margin, width: w + 2 * pad,
                             height: text.lineHeight(.title) + 2 * Metrics.inset)
            canvas.fill(badge, RGBA(0, 0, 0, 150))
            text.draw(mark, .title, x: badge.x + pad, y: badge.y + Metrics.inset, color: canvas.theme.text)
        }
    }

    /// A photo at its frame: its large image, else its cell's image, else its placeholder.
    private func drawPhoto(_ photo: Photo, key: ItemKey, scene: SceneFrame, in frame: Rect, alpha: UInt8) {
        let images = scene.images
        let texture = images.texture(for: ImageKey(item: key, detail: true))
            ?? images.texture(for: ImageKey(item: key, detail: false))
            ?? placeholders.texture(for: photo)
        guard let texture else {
            if let c = photo.placeholderColor { canvas.fill(frame, RGBA(c.r, c.g, c.b, alpha)) }
            return
        }
        if alpha < 255 {
            texture.setBlending(true)
            texture.setAlphaMod(alpha)
        }
        canvas.renderer.copy(texture, to: frame.x, frame.y, frame.width, frame.height)
        if alpha < 255 {
            texture.setAlphaMod(255)
            texture.setBlending(false)
        }
    }
}
