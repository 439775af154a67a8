import GalleryCore
import SDLKit

/// Draws the interface's icons (`Icon`) from the Material Icons font with SDL_ttf, at the pixel size of the display's
/// scale: a 24-point icon is rendered 48 pixels tall at scale 2, hinted at that size, never a small picture stretched.
/// Each icon is rendered once per size into a white texture and tinted when drawn; a new scale (or a renderer that
/// lost its textures) forgets them. Nil from `open` (no icon font installed): the buttons draw their glyphs in the
/// text font, as before the icons.
final class IconFont {
    private let renderer: Renderer
    private let path: String
    private var scale: Double
    /// One font per pixel size asked for (the buttons' 24, the empty screens' 96, at the current scale).
    private var fonts: [Int: Font] = [:]
    private var textures: [IconKey: Texture] = [:]
    private var failed: Set<IconKey> = []

    private struct IconKey: Hashable { let icon: Icon; let pixels: Int }

    /// The buttons' icons, in logical pixels (Material's own design size), inside `Toolbar.size` tiles.
    static let buttonSize = 24

    init(renderer: Renderer, path: String, scale: Double) throws {
        self.renderer = renderer; self.path = path; self.scale = scale
        _ = try font(pixels: IconFont.pixels(IconFont.buttonSize, scale))
    }

    /// The icon font `FontLocator.iconFont` finds, or nil (said once in the log).
    static func open(renderer: Renderer, scale: Double) -> IconFont? {
        guard let path = FontLocator.iconFont() else {
            Log.info("no icon font (install fonts-material-design-icons-iconfont): buttons show text glyphs")
            return nil
        }
        do { return try IconFont(renderer: renderer, path: path, scale: scale) } catch {
            Log.warn("cannot load the icon font \(path): \(error); buttons show text glyphs")
            return nil
        }
    }

    private static func pixels(_ logical: Int, _ scale: Double) -> Int { max(8, Int((Double(logical) * scale).rounded())) }

    private func font(pixels: Int) throws -> Font {
        if let font = fonts[pixels] { return font }
        let font = try Font(system: renderer.window.system, path: path, pointSize: pixels)
        fonts[pixels] = font
        return font
    }

    /// The display's scale changed: icons are rendered again at the new size when next drawn.
    func setScale(_ newScale: Double) {
        guard newScale != scale else { return }
        scale = newScale
        dropTextures()
    }

    /// The renderer lost its textures (or the scale changed): each icon is rendered again on its next use.
    func dropTextures() {
        textures.removeAll()
        failed.removeAll()
        fonts.removeAll()
    }

    /// Whether the font has the icon (`TTF_GlyphIsProvided32`).
    func provides(_ icon: Icon) -> Bool {
        guard let font = try? font(pixels: IconFont.pixels(IconFont.buttonSize, scale)),
              let scalar = Unicode.Scalar(icon.codepoint) else { return false }
        return font.provides(scalar)
    }

    /// Draws `icon` `size` logical pixels tall, centred in `frame`, in `color` (its alpha times `opacity`). False
    /// when it could not be drawn (the caller draws the glyph instead).
    @discardableResult
    func draw(_ icon: Icon, size: Int, in frame: Rect, color: RGBA, opacity: Double = 1) -> Bool {
        guard let texture = texture(icon, pixels: IconFont.pixels(size, scale)) else { return false }
        let w = Int((Double(texture.width) / scale).rounded()), h = Int((Double(texture.height) / scale).rounded())
        texture.setColorMod(r: color.r, g: color.g, b: color.b)
        texture.setAlphaMod(opacity >= 1 ? color.a : UInt8(Double(color.a) * max(0, opacity)))
        // An arrow along the reading turns round with a mirrored screen; a star or a bin does not.
        renderer.copy(texture, to: frame.x + (frame.width - w) / 2, frame.y + (frame.height - h) / 2, w, h,
                      flip: icon.pointsAlongReading ? .withLayout : [])
        return true
    }

    private func texture(_ icon: Icon, pixels: Int) -> Texture? {
        let key = IconKey(icon: icon, pixels: pixels)
        if let hit = textures[key] { return hit }
        guard !failed.contains(key), provides(icon),
              let surface = try? font(pixels: pixels).render(icon.character),
              let texture = try? Texture(renderer: renderer, surface: surface) else {
            failed.insert(key)
            return nil
        }
        texture.setBlending(true)
        textures[key] = texture
        return texture
    }
}
