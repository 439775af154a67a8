import GalleryCore
import SDLKit

/// Draws the slideshow as a frame on a wall shows a photo: over the whole window (the header fades away over it),
/// the window around a photo of another shape filled with the photo itself blurred and darkened, or a matte of its
/// own colour (`--fill`), two photos of the other shape side by side (`--pairs`), the ones before fading out under
/// them during a crossfade, and a pause mark while paused (their captions and the clock are overlays of the
/// `OverlayLayer`). What fades in is the only blended copy: what is under it is copied opaque. The photos and fills
/// go through a `SlidePainter`, which composes a moving frame (a transition, `--motion`) on all cores when the
/// renderer draws in software.
final class SlideshowView {
    private let canvas: Canvas
    private let placeholders: Placeholders
    private let painter: SlidePainter
    /// Backdrop textures made from the pipeline's small pictures, by photo ID (a few, the oldest dropped).
    private var backdrops: [String: Texture] = [:]
    private var backdropOrder: [String] = []
    /// The next photo's backdrop being uploaded a band a frame: its picture, its texture, the rows done.
    private var upload: (id: String, picture: Surface, texture: Texture, done: Int)?

    init(canvas: Canvas) {
        self.canvas = canvas
        placeholders = Placeholders(renderer: canvas.renderer)
        painter = SlidePainter(renderer: canvas.renderer)
    }

    /// Frames composed on the processor's cores and frames drawn piece by piece by the renderer (the benchmark's).
    var paintedFrames: (composed: Int, drawn: Int) { (painter.composedFrames, painter.drawnFrames) }

    func dropTextures() {
        placeholders.drop()
        backdrops.removeAll()
        backdropOrder.removeAll()
        upload = nil
        painter.dropTextures()
    }

    /// A photo as drawn: where, and which part of it shows (`--motion`; nil: all of it).
    private struct Placed {
        let key: ItemKey, photo: Photo, frame: Rect, crop: UnitRect?
    }

    private func placed(_ show: SlideshowScreen, _ key: ItemKey?, beside other: ItemKey?, outgoing: Bool) -> [Placed] {
        show.layout(key, beside: other).map {
            Placed(key: $0.key, photo: $0.photo, frame: $0.frame, crop: show.crop(of: $0.photo, outgoing: outgoing))
        }
    }

    func draw(_ show: SlideshowScreen, _ scene: SceneFrame) {
        let model = scene.model, window = model.viewport.size
        let fading = show.fade < 1
        let before = fading ? placed(show, show.previous, beside: show.previousCompanion, outgoing: true) : []
        let now = placed(show, show.current, beside: show.companion, outgoing: false)
        guard !now.isEmpty else {
            canvas.fill(show.area, RGBA(0, 0, 0))
            if let text = canvas.text {
                let words = model.catalog.hasEnded ? model.services.emptyFeedText : tr("Waiting for photos…")
                text.draw(words, .body, x: Metrics.margin, y: model.config.headerHeight + Metrics.barHeight,
                          color: canvas.theme.dimText)
            }
            return
        }
        if fading, !before.isEmpty {
            let f = show.fade
            switch show.transition {
            case .crossfade, .none:
                // The last photos opaque, then the next blended once, each fill only around its photos: every
                // pixel is copied once and blended at most once (over black bars, only where a last photo was).
                drawSet(before, scene: scene, alpha: 255)
                let fill = model.config.slideFill
                // Over the last photos' matte the mix is one colour, filled opaque (SDL's software renderer blends
                // a filled rectangle a pixel at a time).
                let lastMatte = fill == .matte ? matte(for: before.first?.photo, scene: scene) : nil
                drawSet(now, scene: scene, alpha: UInt8(255 * f), over: fill == .black ? before : nil,
                        beneath: lastMatte.map { (before, $0) })
            case .dip:
                // Through black: a photo at a over black is the photo darkened to a, copied opaque (reading nothing
                // under it), and so is its fill.
                if f < 0.5 { drawSet(before, scene: scene, alpha: 255, shade: UInt8(255 * (1 - 2 * f))) }
                else { drawSet(now, scene: scene, alpha: 255, shade: UInt8(255 * (2 * f - 1))) }
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
        // A frame that changes (a crossfade, a dip, a slide) or stretches (`--motion`) is composed on all cores,
        // straight into the window's pixels; a still one (opaque copies alone, which SDL does a row at a time, drawn
        // once) piece by piece.
        let changing = fading && !before.isEmpty
        painter.finish(size: window, compose: changing || now.contains { $0.crop != nil })
        if !changing { prepareBackdrop(for: show, scene: scene) }
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

    /// Whether this frame of `room` (a slideshow) paints every pixel of the window opaque: its fill around the photos,
    /// each photo's own image (a still or a clip's frame) under them; while fading, the last photos' too (a crossfade
    /// and a dip draw them opaque first, a slide's two sets tile the window). The scene then need not clear the
    /// window first: at 1080p that is an 8 MB fill a frame, 30 a second under a playing clip.
    func paintsWholeWindow(_ room: Screen, images: ImagePipeline) -> Bool {
        guard let show = room as? SlideshowScreen else { return false }
        let now = placed(show, show.current, beside: show.companion, outgoing: false)
        let before = show.fade < 1 ? placed(show, show.previous, beside: show.previousCompanion, outgoing: true) : []
        return !now.isEmpty && (now + before).allSatisfy {
            images.texture(for: ImageKey(item: $0.key, detail: true)) != nil
                || images.texture(for: ImageKey(item: $0.key, detail: false)) != nil
        }
    }

    /// Photos with their fill around them (not under them: a photo is opaque), moved `dx` sideways (a slide), at
    /// `alpha`. Blended (`alpha` < 255), black bars need blending only where what is under them is not black:
    /// over the last photos `over` (already drawn), nil for everywhere.
    /// `beneath`: the last photos and the matte around them, already drawn (a crossfade over a matte).
    /// `shade`: everything darkened to this (/255), opaque (`alpha` 255): a dip through black.
    private func drawSet(_ set: [Placed], scene: SceneFrame, alpha: UInt8, shade: UInt8 = 255, dx: Int = 0,
                         over: [Placed]? = nil, beneath: (photos: [Placed], matte: RGBA)? = nil) {
        // A photo is placed by what it shows (a pan towards a face): on a mirrored screen it is drawn as placed,
        // and a slide goes the other way, the next photo coming from the left, where the reading goes.
        let dx = canvas.renderer.mirrorWidth == nil ? dx : -dx
        let size = scene.model.viewport.size, window = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let frames = set.map { $0.frame.offsetBy(dx: dx) }
        let around = window.offsetBy(dx: dx).uncovered(by: frames).compactMap { $0.clipped(to: window) }
        drawFill(around, behind: set.first?.photo, scene: scene, alpha: alpha, shade: shade, dx: dx, over: over,
                 beneath: beneath)
        for (p, frame) in zip(set, frames) {
            drawPhoto(p, scene: scene, in: frame, window: window, alpha: alpha, darkened: shade)
        }
    }

    /// The window around the photos (`strips`): black, the first photo's own colour darkened, or its small picture
    /// stretched over the window (a blur) and darkened, each strip copied from its own part of the backdrop. Until
    /// the backdrop exists, black.
    private func drawFill(_ strips: [Rect], behind photo: Photo?, scene: SceneFrame, alpha: UInt8, shade: UInt8,
                          dx: Int, over: [Placed]?, beneath: (photos: [Placed], matte: RGBA)?) {
        let black = RGBA(0, 0, 0, alpha)
        let size = scene.model.viewport.size, window = Rect(x: 0, y: 0, width: size.width, height: size.height)
        // A colour `c` fading in over a part of a last photo: `c` filled opaque, the photo's part blended over it at
        // what is left of its own alpha (c·a + old·(1-a)). SDL's software renderer blends a filled rectangle a
        // pixel at a time, an opaque copy two at a time.
        // Black: the photo's part darkened (`SDL_SetTextureColorMod`), one opaque copy that reads nothing under it.
        func fadeOut(_ old: [Placed], within s: Rect, to c: RGBA) {
            for p in old {
                guard let part = p.frame.clipped(to: s) else { continue }
                if c.r == 0, c.g == 0, c.b == 0 {
                    drawPhoto(p, scene: scene, in: p.frame, window: window, alpha: 255, darkened: 255 - alpha, clip: part)
                    continue
                }
                painter.fill(part, RGBA(c.r, c.g, c.b))
                drawPhoto(p, scene: scene, in: p.frame, window: window, alpha: 255 - alpha, clip: part)
            }
        }
        func blackBars() {
            guard alpha < 255 else { for s in strips { painter.fill(s, black) }; return }
            guard let over else { for s in strips { painter.fill(s, black) }; return }
            // Fading in over black already there (a dip, black bars before) needs nothing.
            for s in strips { fadeOut(over, within: s, to: black) }
        }
        guard let photo, let backdrops = scene.images.backdrops else { blackBars(); return }
        switch scene.model.config.slideFill {
        case .black:
            blackBars()
        case .matte:
            guard var matte = self.matte(for: photo, scene: scene) else { blackBars(); return }
            func dark(_ v: UInt8) -> UInt8 { UInt8(Int(v) * Int(shade) / 255) }
            matte = RGBA(dark(matte.r), dark(matte.g), dark(matte.b), alpha)
            guard alpha < 255, let beneath else { for s in strips { painter.fill(s, matte) }; return }
            let a = Int(alpha), old = beneath.matte
            func mix(_ o: UInt8, _ n: UInt8) -> UInt8 { UInt8((Int(o) * (255 - a) + Int(n) * a + 127) / 255) }
            let mixed = RGBA(mix(old.r, matte.r), mix(old.g, matte.g), mix(old.b, matte.b))
            for s in strips {
                for part in s.uncovered(by: beneath.photos.map(\.frame)) { painter.fill(part, mixed) }
                fadeOut(beneath.photos, within: s, to: matte)
            }
        case .blur:
            guard let texture = backdrop(for: photo.id, backdrops: backdrops) else { blackBars(); return }
            // Made at the window's size: plain copies of its parts (stretched only for the moment after a resize).
            let size = scene.model.viewport.size
            let sx = Double(texture.width) / Double(max(1, size.width))
            let sy = Double(texture.height) / Double(max(1, size.height))
            for s in strips {
                let src = UnitRect(x: Double(s.x - dx) / Double(max(1, size.width)),
                                   y: Double(s.y) / Double(max(1, size.height)),
                                   width: Double(s.width) / Double(max(1, size.width)),
                                   height: Double(s.height) / Double(max(1, size.height)))
                let part = sx == 1 && sy == 1 ? Rect(x: s.x - dx, y: s.y, width: s.width, height: s.height)
                    : src.pixels(width: texture.width, height: texture.height)
                painter.copy(texture, source: part, to: s, alpha: alpha, shade: shade, smooth: true)
            }
        }
    }

    /// A photo's matte: its own colour darkened (opaque), nil until it is known.
    private func matte(for photo: Photo?, scene: SceneFrame) -> RGBA? {
        guard let photo, let c = scene.images.backdrops?.colour(for: photo.id) ?? photo.placeholderColor else { return nil }
        return RGBA(UInt8(Int(c.r) * 2 / 5), UInt8(Int(c.g) * 2 / 5), UInt8(Int(c.b) * 2 / 5))
    }

    /// Uploads the next photo's backdrop while nothing fades, a band of rows a frame (twice `uploadBytesPerFrame`, as the
    /// photos are): made on a fade's first frame, its upload (8 MB at 1920x1080, 33 MB at 3840x2160) would be that
    /// frame's longest part.
    private func prepareBackdrop(for show: SlideshowScreen, scene: SceneFrame) {
        guard scene.model.config.slideFill == .blur, let backdrops = scene.images.backdrops else { return }
        if upload == nil, let next = show.upcoming, self.backdrops[next.id] == nil,
           let picture = backdrops.takePicture(for: next.id),
           let texture = try? Texture(renderer: canvas.renderer, opaqueWidth: picture.width, height: picture.height) {
            upload = (next.id, picture, texture, 0)
        }
        let band = max(1, 2 * scene.model.config.uploadBytesPerFrame / max(1, 4 * (upload?.picture.width ?? 1)))
        continueUpload(rows: band)
    }

    /// Uploads up to `rows` more rows of the backdrop under way; the whole texture is kept once all are in.
    private func continueUpload(rows: Int) {
        guard let u = upload else { return }
        let end = min(u.picture.height, u.done + rows)
        guard (try? u.texture.update(from: u.picture, rows: u.done..<end)) != nil else { upload = nil; return }
        upload?.done = end
        guard end >= u.picture.height else { return }
        upload = nil
        keep(u.texture, for: u.id)
    }

    private func keep(_ texture: Texture, for id: String) {
        texture.setLinearScaling(true)
        backdrops[id] = texture
        backdropOrder.append(id)
        if backdropOrder.count > Backdrops.kept { backdrops[backdropOrder.removeFirst()] = nil }
    }

    private func backdrop(for id: String, backdrops: Backdrops) -> Texture? {
        if let made = self.backdrops[id] { return made }
        // Wanted before its upload was done (a step during the upload): the rest at once.
        if upload?.id == id { continueUpload(rows: .max / 2) }
        if let made = self.backdrops[id] { return made }
        guard let picture = backdrops.takePicture(for: id), let texture = try? Texture(renderer: canvas.renderer, opaque: picture)
        else { return nil }
        keep(texture, for: id)
        return texture
    }

    /// A photo at its frame: its large image, else its cell's image, else its placeholder; only the part of it
    /// that shows now (`--motion`) and only what is inside the window (a stretched copy reaching past the window
    /// would go through a temporary surface) and inside `clip`.
    /// `darkened`: its colour multiplied by this (/255), drawn opaque.
    private func drawPhoto(_ p: Placed, scene: SceneFrame, in frame: Rect, window: Rect, alpha: UInt8,
                           darkened: UInt8 = 255, clip: Rect? = nil) {
        guard let inside = frame.clipped(to: window), let visible = clip.map({ inside.clipped(to: $0) }) ?? inside
        else { return }
        let images = scene.images
        let texture = images.texture(for: ImageKey(item: p.key, detail: true))
            ?? images.texture(for: ImageKey(item: p.key, detail: false))
            ?? placeholders.texture(for: p.photo)
        guard let texture else {
            func dark(_ v: UInt8) -> UInt8 { UInt8(Int(v) * Int(darkened) / 255) }
            // Nothing to show yet: its colour, or black where it is darkened (a dip draws nothing under it).
            if let c = p.photo.placeholderColor { painter.fill(visible, RGBA(dark(c.r), dark(c.g), dark(c.b), alpha)) }
            else if darkened < 255 { painter.fill(visible, RGBA(0, 0, 0, alpha)) }
            return
        }
        let crop = p.crop ?? UnitRect(x: 0, y: 0, width: 1, height: 1)
        let fw = Double(max(1, frame.width)), fh = Double(max(1, frame.height))
        let part = UnitRect(x: crop.x + crop.width * Double(visible.x - frame.x) / fw,
                            y: crop.y + crop.height * Double(visible.y - frame.y) / fh,
                            width: crop.width * Double(visible.width) / fw,
                            height: crop.height * Double(visible.height) / fh)
        let src = part.pixels(width: texture.width, height: texture.height)
        painter.copy(texture, source: src, to: visible, alpha: alpha, shade: darkened)
    }
}
