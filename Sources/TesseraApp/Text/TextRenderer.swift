import GalleryCore
import SDLKit

/// Draws text with SDL_ttf. Lines are rendered once into white textures and tinted when drawn; the clock, which
/// changes every frame, is drawn from a glyph atlas of its twelve characters so no texture is made per frame.
/// A line given a width is fitted to it (cut with an ellipsis) before SDL_ttf renders it: a long string from
/// outside never becomes a texture wider than the screen. A line that fails to render is remembered, not retried
/// every frame.
final class TextRenderer {
    enum Style { case body, bold, title }

    private let renderer: Renderer
    private var fonts: [Style: Font] = [:]
    private var cache: [CacheKey: (texture: Texture, lastUse: UInt64)] = [:]
    private var useCounter: UInt64 = 0
    /// Lines kept rendered. The status line changes as photos arrive; each old one is a texture held for nothing.
    private let cacheLimit = 24
    private var clockGlyphs: [Character: Texture] = [:]
    private var clockAdvance = 0

    struct CacheKey: Hashable { let text: String; let style: Style }
    private struct FitKey: Hashable { let text: String; let style: Style; let width: Int }
    /// Lines already fitted to a width, so a frame does not measure them again.
    private var fitted: [FitKey: String] = [:]
    /// Lines SDL_ttf could not render.
    private(set) var failed: Set<CacheKey> = []
    /// Renders attempted, for tests that check failures are not retried.
    private(set) var renderAttempts = 0

    /// DejaVu Sans (or `fontPath`) with the fallback fonts, or nil with one line to the log: without a font the
    /// gallery still runs, without text.
    static func open(renderer: Renderer, fontPath: String?, scale: Double) -> TextRenderer? {
        guard let fonts = FontLocator.locate(override: fontPath) else {
            Log.warn("no DejaVu Sans font found (install fonts-dejavu-core or pass --font PATH); text will not be drawn")
            return nil
        }
        do {
            return try TextRenderer(renderer: renderer, regular: fonts.regular, bold: fonts.bold,
                                    fallbacks: FontLocator.fallbacks(), scale: scale)
        } catch {
            Log.warn("cannot load font \(fonts.regular): \(error); text will not be drawn")
            return nil
        }
    }

    /// `fallbacks`: fonts for characters DejaVu lacks (CJK, symbols), tried in order for each run of text.
    init(renderer: Renderer, regular: String, bold: String, fallbacks: [String] = [], scale: Double) throws {
        self.renderer = renderer
        paths = (regular, bold)
        fallbackPaths = fallbacks
        self.scale = scale
        try load(scale: scale)
    }

    private let paths: (regular: String, bold: String)
    private let fallbackPaths: [String]
    /// The fallback fonts at each style's size; a font that cannot be opened is left out.
    private var fallbackFonts: [Style: [Font]] = [:]
    private var scale: Double

    /// Fonts are opened at physical size, so text stays sharp on HiDPI; drawing divides by the scale. A new scale
    /// (the window moved to another display) reopens them and forgets every line rendered at the old one.
    func setScale(_ newScale: Double) {
        guard newScale != scale else { return }
        do {
            try load(scale: newScale)
            scale = newScale
        } catch {
            // Keep drawing at the old scale: blurry text beats none.
        }
    }

    /// The renderer lost its textures (a display switched off and on): every glyph and cached line is made again.
    func rebuildTextures() {
        try? load(scale: scale)
    }

    private func load(scale: Double) throws {
        let system = renderer.window.system
        let px = { (pt: Int) in max(6, Int((Double(pt) * scale).rounded())) }
        let sizes: [Style: Int] = [.body: px(Metrics.bodyPoints), .bold: px(Metrics.boldPoints),
                                   .title: px(Metrics.titlePoints)]
        let opened: [Style: Font] = [.body: try Font(system: system, path: paths.regular, pointSize: sizes[.body]!),
                                     .bold: try Font(system: system, path: paths.bold, pointSize: sizes[.bold]!),
                                     .title: try Font(system: system, path: paths.bold, pointSize: sizes[.title]!)]
        var fallbacks: [Style: [Font]] = [:]
        for (style, size) in sizes {
            fallbacks[style] = fallbackPaths.compactMap { try? Font(system: system, path: $0, pointSize: size) }
        }
        var glyphs: [Character: Texture] = [:], advance = 0
        for ch in ClockFormat.alphabet {
            let texture = try Texture(renderer: renderer, surface: try opened[.title]!.render(String(ch)))
            texture.setBlending(true)
            glyphs[ch] = texture
            if ch.isNumber { advance = max(advance, texture.width) }
        }
        fonts = opened
        fallbackFonts = fallbacks
        clockGlyphs = glyphs
        clockAdvance = advance
        cache.removeAll()
        fitted.removeAll()
        failed.removeAll()
    }

    func lineHeight(_ style: Style) -> Int { Int((Double(fonts[style]!.lineHeight) / scale).rounded(.up)) }

    func width(of text: String, _ style: Style) -> Int {
        let all = [fonts[style]!] + (fallbackFonts[style] ?? [])
        let physical = runs(text, style).reduce(0) { $0 + all[$1.font].size(of: $1.text).width }
        return Int((Double(physical) / scale).rounded(.up))
    }

    private func runs(_ text: String, _ style: Style) -> [TextRuns.Run] {
        let all = [fonts[style]!] + (fallbackFonts[style] ?? [])
        if all.count == 1 || text.unicodeScalars.allSatisfy({ $0.isASCII }) { return [TextRuns.Run(font: 0, text: text)] }
        return TextRuns.split(text, fonts: all.count) { all[$0].provides($1) }
    }

    /// Renders a line run by run, each in the first font that has it, lined up on the primary font's baseline.
    private func render(_ text: String, _ style: Style) throws -> Surface {
        let primary = fonts[style]!
        let all = [primary] + (fallbackFonts[style] ?? [])
        let parts = runs(text, style)
        if parts.count <= 1 { return try all[parts.first?.font ?? 0].render(text) }
        let rendered = try parts.map { (font: all[$0.font], surface: try all[$0.font].render($0.text)) }
        let width = rendered.reduce(0) { $0 + $1.surface.width }
        let height = rendered.map { primary.ascent - $0.font.ascent + $0.surface.height }.max() ?? primary.lineHeight
        let line = try Surface(width: max(1, width), height: max(1, height, primary.lineHeight))
        var x = 0
        for part in rendered {
            try line.copy(part.surface, x: x, y: max(0, primary.ascent - part.font.ascent))
            x += part.surface.width
        }
        return line
    }

    /// `text` as drawn in `maxWidth` logical pixels: whole if it fits, else its longest prefix with an ellipsis.
    func fit(_ text: String, _ style: Style, maxWidth: Int) -> String {
        let key = FitKey(text: text, style: style, width: maxWidth)
        if let hit = fitted[key] { return hit }
        let result = TextFit.fit(text, width: maxWidth) { width(of: $0, style) }
        if fitted.count >= 256 { fitted.removeAll(keepingCapacity: true) }
        fitted[key] = result
        return result
    }

    /// Draws one line at (x, y) (top-left, logical pixels), fitted to `maxWidth` if given. Returns the width drawn.
    @discardableResult
    func draw(_ text: String, _ style: Style, x: Int, y: Int, color: RGBA, maxWidth: Int? = nil) -> Int {
        let line = maxWidth.map { fit(text, style, maxWidth: $0) } ?? text
        guard !line.isEmpty, let texture = texture(for: line, style) else { return 0 }
        let w = Int((Double(texture.width) / scale).rounded()), h = Int((Double(texture.height) / scale).rounded())
        texture.setColorMod(r: color.r, g: color.g, b: color.b)
        texture.setAlphaMod(color.a)
        renderer.copy(texture, to: x, y, w, h)
        return w
    }

    /// Draws the clock string with fixed-width digits so it does not jitter as it runs. Returns the width drawn.
    @discardableResult
    func drawClock(_ text: String, x: Int, y: Int, color: RGBA) -> Int {
        var pen = Double(x)
        for ch in text {
            guard let glyph = clockGlyphs[ch] else { continue }
            let advance = ch.isNumber ? clockAdvance : glyph.width
            glyph.setColorMod(r: color.r, g: color.g, b: color.b)
            let w = Double(glyph.width) / scale
            let cell = Double(advance) / scale
            renderer.copy(glyph, to: Int(pen + (cell - w) / 2), y, Int(w.rounded()), Int((Double(glyph.height) / scale).rounded()))
            pen += cell
        }
        return Int(pen) - x
    }

    private func texture(for text: String, _ style: Style) -> Texture? {
        useCounter += 1
        let key = CacheKey(text: text, style: style)
        if var hit = cache[key] {
            hit.lastUse = useCounter
            cache[key] = hit
            return hit.texture
        }
        guard !failed.contains(key) else { return nil }
        renderAttempts += 1
        guard let surface = try? render(text, style),
              let texture = try? Texture(renderer: renderer, surface: surface) else {
            if failed.count >= 256 { failed.removeAll() }
            failed.insert(key)
            return nil
        }
        texture.setBlending(true)
        if cache.count >= cacheLimit, let oldest = cache.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            cache[oldest.key] = nil
        }
        cache[key] = (texture, useCounter)
        return texture
    }
}
