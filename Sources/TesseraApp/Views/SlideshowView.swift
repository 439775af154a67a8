import GalleryCore
import SDLKit

/// Draws the slideshow as a frame on a wall shows a photo: over the whole window (the header fades away over it),
/// the window around a photo of another shape filled with the photo itself blurred and darkened, or a matte of its
/// own colour (`--fill`), two photos of the other shape side by side (`--pairs`), the ones before fading out under
/// them during a crossfade, their caption, a quiet clock (`--clock`), and a pause mark while paused. What fades in
/// is the only blended copy: what is under it is copied opaque.
final class SlideshowView {
    private let canvas: Canvas
    private let placeholders: Placeholders
    /// Backdrop textures made from the pipeline's small pictures, by photo ID (a few, the oldest dropped).
    private var backdrops: [String: Texture] = [:]
    private var backdropOrder: [String] = []

    init(canvas: Canvas) {
        self.canvas = canvas
        placeholders = Placeholders(renderer: canvas.renderer)
    }

    func dropTextures() {
        placeholders.drop()
        backdrops.removeAll()
        backdropOrder.removeAll()
    }

    private typealias Shown = [(key: ItemKey, photo: Photo, frame: Rect)]

    func draw(_ show: SlideshowScreen, _ scene: SceneFrame) {
        let model = scene.model, window = model.viewport.size
        let fading = show.fade < 1
        let before = fading ? show.layout(show.previous, beside: show.previousCompanion) : []
        let now = show.layout(show.current, beside: show.companion)
        guard !now.isEmpty else {
            canvas.fill(show.area, RGBA(0, 0, 0))
            if let text = canvas.text {
                let words = model.catalog.hasEnded ? model.hooks.emptyFeedText() : "Waiting for photos…"
                text.draw(words, .body, x: Metrics.margin, y: model.config.headerHeight + Metrics.barHeight,
                          color: canvas.theme.dimText)
            }
            return
        }
        if fading, !before.isEmpty {
            let f = show.fade
            switch show.transition {
            case .crossfade, .none:
                // What fades in is the only blended copy: what is under it is copied opaque (and black bars need
                // no blend over black bars).
                drawSet(before, scene: scene, alpha: 255)
                drawSet(now, scene: scene, alpha: UInt8(255 * f), fill: model.config.slideFill != .black)
            case .dip:
                canvas.fill(show.area, RGBA(0, 0, 0))
                if f < 0.5 { drawSet(before, scene: scene, alpha: UInt8(255 * (1 - 2 * f))) }
                else { drawSet(now, scene: scene, alpha: UInt8(255 * (2 * f - 1))) }
            case .slide:
                // Eased in and out; both opaque, side by side: no blending at all.
                let p = f * f * (3 - 2 * f)
                let dx = Int((Double(window.width) * p).rounded()) * (show.forward ? 1 : -1)
                drawSet(before, scene: scene, alpha: 255, dx: -dx)
                drawSet(now, scene: scene, alpha: 255, dx: (show.forward ? window.width : -window.width) - dx)
            }
        } else {
            drawSet(now, scene: scene, alpha: 255)
        }
        let fields = model.config.slideshowCaptions
        if !fading {
            for shown in now {
                if let caption = Caption.text(for: shown.photo, fields: fields) {
                    canvas.caption(caption, in: shown.frame, font: .title)
                }
            }
        }
        if let clock = show.clock, let corner = model.config.slideClock { drawClock(clock, corner: corner, window: window) }
        if show.paused, let text = canvas.text {
            let mark = "❚❚"
            let w = text.width(of: mark, .title)
            let pad = Metrics.fieldPadding
            let top = model.config.headerHeight
            let badge = Rect(x: window.width - w - Metrics.glyphRoom, y: top + Metrics.margin, width: w + 2 * pad,
                             height: text.lineHeight(.title) + 2 * Metrics.inset)
            canvas.fill(badge, RGBA(0, 0, 0, 150))
            text.draw(mark, .title, x: badge.x + pad, y: badge.y + Metrics.inset, color: canvas.theme.text)
        }
    }

    /// Photos with their fill, moved `dx` sideways (a slide), at `alpha`.
    private func drawSet(_ shown: Shown, scene: SceneFrame, alpha: UInt8, dx: Int = 0, fill: Bool = true) {
        if fill { drawFill(behind: shown, scene: scene, alpha: alpha, dx: dx) }
        for s in shown { drawPhoto(s.photo, key: s.key, scene: scene, in: s.frame.offsetBy(dx: dx), alpha: alpha) }
    }

    /// The window around the photos: black, the first photo's own colour darkened, or its small picture stretched
    /// over the window (a blur) and darkened. Until the backdrop exists, black.
    private func drawFill(behind shown: Shown, scene: SceneFrame, alpha: UInt8, dx: Int) {
        let area = Rect(x: dx, y: 0, width: scene.model.viewport.size.width, height: scene.model.viewport.size.height)
        let black = RGBA(0, 0, 0, alpha)
        guard let first = shown.first, let backdrops = scene.images.backdrops else { canvas.fill(area, black); return }
        switch scene.model.config.slideFill {
        case .black:
            // Fading in over black already there (a dip), black bars need nothing.
            if alpha == 255 { canvas.fill(area, black) }
        case .matte:
            guard let c = backdrops.colour(for: first.photo.id) ?? first.photo.placeholderColor else {
                canvas.fill(area, black)
                return
            }
            canvas.fill(area, RGBA(UInt8(Int(c.r) * 2 / 5), UInt8(Int(c.g) * 2 / 5), UInt8(Int(c.b) * 2 / 5), alpha))
        case .blur:
            guard let texture = backdrop(for: first.photo.id, backdrops: backdrops) else { canvas.fill(area, black); return }
            // Made at the window's size: a plain copy (stretched only for the moment after a resize).
            texture.setBlending(alpha < 255)
            texture.setAlphaMod(alpha)
            canvas.renderer.copy(texture, to: area.x, area.y, area.width, area.height)
        }
    }

    private func backdrop(for id: String, backdrops: Backdrops) -> Texture? {
        if let made = self.backdrops[id] { return made }
        guard let picture = backdrops.takePicture(for: id), let texture = try? Texture(renderer: canvas.renderer, surface: picture)
        else { return nil }
        texture.setLinearScaling(true)
        self.backdrops[id] = texture
        backdropOrder.append(id)
        if backdropOrder.count > Backdrops.kept { self.backdrops[backdropOrder.removeFirst()] = nil }
        return texture
    }

    /// A quiet clock of the frame's own: the time in minutes, light on a soft shadow, in its corner.
    private func drawClock(_ clock: String, corner: ClockCorner, window: PixelSize) {
        guard let text = canvas.text else { return }
        let w = text.width(of: clock, .title), h = text.lineHeight(.title), m = 2 * Metrics.margin
        let x = corner == .topLeft || corner == .bottomLeft ? m : window.width - w - m
        let y = corner == .topLeft || corner == .topRight ? m : window.height - h - m
        text.draw(clock, .title, x: x + 1, y: y + 1, color: RGBA(0, 0, 0, 140))
        text.draw(clock, .title, x: x, y: y, color: RGBA(240, 240, 240, 210))
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
