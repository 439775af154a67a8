import GalleryCore
import SDLKit

/// What every view draws with: the renderer, the text renderer (nil when no font could be loaded), the theme, and
/// the few shapes the views share. Rebuilt pieces (the corner mask) follow the viewport's scale.
final class Canvas {
    let renderer: Renderer
    let text: TextRenderer?
    /// The icon font (nil when it is not installed: buttons draw their glyphs).
    let icons: IconFont?
    /// Text at any pixel size in the text's faces (nil without a font): the frame's clock, the household lines.
    let large: LargeType?
    /// The soft dark shade words stand on over a photo.
    let shade: SoftShade
    let theme: Theme
    private let radius: Int
    private var cornerMask: Texture?
    private var maskScale = 0.0

    init(renderer: Renderer, text: TextRenderer?, config: GalleryConfig, viewport: Viewport) {
        self.renderer = renderer
        self.text = text
        icons = IconFont.open(renderer: renderer, scale: viewport.scale)
        large = text.map { LargeType(renderer: renderer, faces: $0.faces, scale: viewport.scale) }
        shade = SoftShade(renderer: renderer)
        theme = config.theme
        radius = config.cornerRadius
        viewportChanged(viewport)
    }

    /// The scale may change with the display: the mask is made at physical size.
    func viewportChanged(_ viewport: Viewport) {
        guard viewport.scale != maskScale else { return }
        maskScale = viewport.scale
        text?.setScale(viewport.scale)
        icons?.setScale(viewport.scale)
        large?.setScale(viewport.scale)
        cornerMask = Canvas.makeCornerMask(renderer: renderer, radius: radius, scale: viewport.scale,
                                           color: theme.background)
    }

    /// The renderer lost its textures: the corner mask and text are made again now.
    func rebuildTextures() {
        text?.rebuildTextures()
        icons?.dropTextures()
        large?.dropTextures()
        shade.dropTextures()
        cornerMask = Canvas.makeCornerMask(renderer: renderer, radius: radius, scale: maskScale, color: theme.background)
    }

    /// How opaque everything drawn is, 0…1: the slideshow's header fades by drawing each part at this share
    /// (`drawFaded`), the photo showing through.
    private(set) var opacity = 1.0

    /// Draws `body` with every colour's alpha scaled by `opacity`, text included.
    func drawFaded(_ opacity: Double, _ body: () -> Void) {
        self.opacity = opacity
        text?.opacity = opacity
        body()
        self.opacity = 1
        text?.opacity = 1
    }

    /// Draws an icon `size` logical pixels tall centred in `frame`, faded as everything is; false when there is no
    /// icon font (the caller draws its glyph instead).
    @discardableResult
    func icon(_ icon: Icon, size: Int, in frame: Rect, color: RGBA) -> Bool {
        icons?.draw(icon, size: size, in: frame, color: color, opacity: opacity) ?? false
    }

    func set(_ c: RGBA) {
        let a = opacity >= 1 ? c.a : UInt8(Double(c.a) * max(0, opacity))
        renderer.setColor(c.r, c.g, c.b, a)
    }

    func fill(_ r: Rect, _ c: RGBA) {
        set(c)
        renderer.fill(x: r.x, y: r.y, width: r.width, height: r.height)
    }

    func outline(_ r: Rect, _ c: RGBA, width w: Int) {
        set(c)
        renderer.fill(x: r.x, y: r.y, width: r.width, height: w)
        renderer.fill(x: r.x, y: r.maxY - w, width: r.width, height: w)
        renderer.fill(x: r.x, y: r.y, width: w, height: r.height)
        renderer.fill(x: r.maxX - w, y: r.y, width: w, height: r.height)
    }

    /// The placeholder of an image that will not come: a muted red with a label.
    func unavailable(_ frame: Rect) {
        fill(frame, theme.failedPlaceholder)
        guard let text, frame.width > Metrics.unavailableLabelMin.width, frame.height > Metrics.unavailableLabelMin.height else { return }
        // Translators: on a photo's place when its image cannot be loaded.
        let label = text.fit(tr("image unavailable"), .body, maxWidth: frame.width - 2 * Metrics.padding)
        let w = text.width(of: label, .body)
        text.draw(label, .body, x: frame.x + (frame.width - w) / 2,
                  y: frame.y + (frame.height - text.lineHeight(.body)) / 2, color: theme.dimText)
    }

    func roundCorners(_ frame: Rect) {
        guard let mask = cornerMask, frame.width >= 2 * radius, frame.height >= 2 * radius else { return }
        let r = radius
        // The mask is a shape of the layout: a mirrored screen flips it with its corner.
        renderer.copy(mask, to: frame.x, frame.y, r, r, flip: .withLayout)
        renderer.copy(mask, to: frame.maxX - r, frame.y, r, r, flip: [.horizontal, .withLayout])
        renderer.copy(mask, to: frame.x, frame.maxY - r, r, r, flip: [.vertical, .withLayout])
        renderer.copy(mask, to: frame.maxX - r, frame.maxY - r, r, r, flip: [.horizontal, .vertical, .withLayout])
    }

    /// A quarter-disc mask in the background colour, opaque outside the arc and anti-aliased along it: drawn over a
    /// cell's four corners it rounds them without any per-pixel work at draw time.
    private static func makeCornerMask(renderer: Renderer, radius: Int, scale: Double, color: RGBA) -> Texture? {
        let size = max(1, Int((Double(radius) * scale).rounded()))
        guard radius > 0, let surface = try? Surface(width: size, height: size) else { return nil }
        let r = Double(size)
        for y in 0..<size {
            for x in 0..<size {
                // Distance of the pixel centre from the arc's centre at (size, size); 4×4 supersampling.
                var outside = 0
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let dx = r - (Double(x) + (Double(sx) + 0.5) / 4)
                        let dy = r - (Double(y) + (Double(sy) + 0.5) / 4)
                        if dx * dx + dy * dy > r * r { outside += 1 }
                    }
                }
                surface.setPixel(x: x, y: y, r: color.r, g: color.g, b: color.b, a: UInt8(outside * 255 / 16))
            }
        }
        guard let texture = try? Texture(renderer: renderer, surface: surface) else { return nil }
        texture.setBlending(true)
        return texture
    }

    /// A caption at a picture's bottom left, on a dark band so it reads on any photo (sky, snow, night).
    func caption(_ caption: String, in frame: Rect, font: TextRenderer.Style = .body) {
        guard let text, frame.width >= Metrics.captionMin.width, frame.height >= Metrics.captionMin.height else { return }
        let line = text.lineHeight(font), pad = Metrics.padding
        let fitted = text.fit(caption, font, maxWidth: frame.width - 4 * pad)
        darkBand(fitted, font, on: Rect(x: frame.x + pad, y: frame.maxY - pad - line - pad,
                                     width: min(frame.width - 2 * pad, text.width(of: fitted, font) + 2 * pad),
                                     height: line + pad), padding: pad)
    }

    /// Words on a dark band over a picture (a caption, a badge), `padding` in from the band's left.
    private func darkBand(_ words: String, _ font: TextRenderer.Style, on band: Rect, padding: Int) {
        fill(band, RGBA(0, 0, 0, 150))
        text?.draw(words, font, x: band.x + padding, y: band.y + padding / 2, color: theme.text)
    }

    /// A moving picture's mark in its picture's top-left corner: its length, GIF or LIVE, or "cannot play".
    func badge(_ label: String, in frame: Rect) {
        guard let text, frame.width >= Metrics.badgeMin.width, frame.height >= Metrics.badgeMin.height else { return }
        let pad = Metrics.inset
        let fitted = text.fit(label, .bold, maxWidth: frame.width - 6 * pad)
        darkBand(fitted, .bold, on: Rect(x: frame.x + 2 * pad, y: frame.y + 2 * pad,
                                      width: text.width(of: fitted, .bold) + 2 * pad, height: text.lineHeight(.bold) + pad),
              padding: pad)
    }
}
