import GalleryCore
import SDLKit

/// Draws text with SDL_ttf in the interface's fixed styles, each line cut into runs and shaped (`TextLine`). Lines
/// are rendered once into white textures and tinted when drawn; the clock, which changes every frame, is drawn from a glyph atlas of its twelve characters so no texture is made per frame.
/// A line given a width is fitted to it (cut with an ellipsis) before SDL_ttf renders it: a long string from
/// outside never becomes a texture wider than the screen. A line that fails to render is remembered, not retried
/// every frame.
final class TextRenderer {
    enum Style { case body, bold, title }

    private let renderer: Renderer
    private var fonts: [Style: Font] = [:]
    private var cache: [CacheKey: (texture: Texture, rise: Int, lastUse: UInt64)] = [:]
    private var useCounter: UInt64 = 0
    /// Lines kept rendered. The status line changes as photos arrive; each old one is a texture held for nothing.
    private let cacheLimit = 24
    private var clockGlyphs: [Character: Texture] = [:]
    private var clockAdvance = 0

    struct CacheKey: Hashable { let text: String; let style: Style }
    private struct FitKey: Hashable { let text: String; let style: Style; let width: Int }
    /// Lines already fitted to a width, so a frame does not measure them again.
    private var fitted: [FitKey: String] = [:]
    /// Widths already measured (logical pixels, at the current scale).
    private var widths: [CacheKey: Int] = [:]
    /// Lines SDL_ttf could not render.
    private(set) var failed: Set<CacheKey> = []
    /// Renders attempted, for tests that check failures are not retried.
    private(set) var renderAttempts = 0
    /// Every distinct line drawn, when a test asks (`TESSERA_WORDS_LOG`).
    private let wordsLog = WordsLog.fromEnvironment()

    /// DejaVu Sans (or `fontPath`) with the fallback fonts, or nil with one line to the log: without a font the
    /// gallery still runs, without text.
    static func open(renderer: Renderer, fontPath: String?, scale: Double) -> TextRenderer? {
        guard let fonts = FontLocator.locate(override: fontPath) else {
            Log.warn("no DejaVu Sans font found (install fonts-dejavu-core or pass --font PATH); text will not be drawn")
            return nil
        }
        do {
            return try TextRenderer(renderer: renderer, regular: fonts.regular, bold: fonts.bold,
                                    fallbacks: FontLocator.fallbacks(primary: fonts.regular), scale: scale)
        } catch {
            Log.warn("cannot load font \(fonts.regular): \(error); text will not be drawn")
            return nil
        }
    }

    /// `fallbacks`: fonts for characters the main face lacks (other scripts, CJK, symbols), tried in order for each
    /// run of text.
    init(renderer: Renderer, regular: String, bold: String, fallbacks: [FontLocator.Face] = [], scale: Double) throws {
        self.renderer = renderer
        paths = (regular, bold)
        fallbackPaths = fallbacks
        self.scale = scale
        try load(scale: scale)
    }

    private let paths: (regular: String, bold: String)
    private let fallbackPaths: [FontLocator.Face]
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
            fallbacks[style] = fallbackPaths.compactMap { face in
                guard style != .body, let bold = face.bold else {
                    let font = try? Font(system: system, path: face.regular, pointSize: size)
                    if style != .body { font?.embolden() }
                    return font
                }
                return try? Font(system: system, path: bold, pointSize: size)
            }
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
        widths.removeAll()
        failed.removeAll()
    }

    func lineHeight(_ style: Style) -> Int { Int((Double(fonts[style]!.lineHeight) / scale).rounded(.up)) }

    /// Measured once per line and style: the header measures the name and status every frame, and a line in
    /// another script goes through FriBidi and HarfBuzz to be measured.
    func width(of text: String, _ style: Style) -> Int {
        let key = CacheKey(text: text, style: style)
        if let known = widths[key] { return known }
        let width = Int((Double(TextLine.width(text, fonts: allFonts(style))) / scale).rounded(.up))
        if widths.count >= 512 { widths.removeAll(keepingCapacity: true) }
        widths[key] = width
        return width
    }

    func runs(_ text: String, _ style: Style) -> [TextRuns.Run] { TextLine.runs(text, fonts: allFonts(style)) }

    private func allFonts(_ style: Style) -> [Font] { [fonts[style]!] + (fallbackFonts[style] ?? []) }

    /// The faces it was opened with, for large type in the same letters (`LargeType`).
    var faces: (regular: String, bold: String, fallbacks: [FontLocator.Face]) { (paths.regular, paths.bold, fallbackPaths) }

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
        wordsLog?.note(line)
        guard !line.isEmpty, let (texture, rise) = texture(for: line, style) else { return 0 }
        let w = Int((Double(texture.width) / scale).rounded()), h = Int((Double(texture.height) / scale).rounded())
        texture.setColorMod(r: color.r, g: color.g, b: color.b)
        texture.setAlphaMod(faded(color.a))
        renderer.copy(texture, to: x, y - Int((Double(rise) / scale).rounded()), w, h)
        return w
    }

    /// How opaque text is drawn, 0…1 (`Canvas.drawFaded`).
    var opacity = 1.0

    private func faded(_ alpha: UInt8) -> UInt8 { opacity >= 1 ? alpha : UInt8(Double(alpha) * max(0, opacity)) }

    /// Draws the clock string with fixed-width digits so it does not jitter as it runs. Returns the width drawn.
    @discardableResult
    func drawClock(_ text: String, x: Int, y: Int, color: RGBA) -> Int {
        // Glyph by glyph, the run keeps its order on a mirrored screen (12:30 does not become 03:21).
        renderer.keepingOrder(x: x, width: clockWidth(text)) { drawClockGlyphs(text, x: x, y: y, color: color) }
    }

    /// The clock string's width with fixed-width digits, logical pixels (what `drawClock` returns).
    func clockWidth(_ text: String) -> Int {
        Int(text.reduce(0.0) { sum, ch in
            guard let glyph = clockGlyphs[ch] else { return sum }
            return sum + Double(ch.isNumber ? clockAdvance : glyph.width) / scale
        })
    }

    private func drawClockGlyphs(_ text: String, x: Int, y: Int, color: RGBA) -> Int {
        var pen = Double(x)
        for ch in text {
            guard let glyph = clockGlyphs[ch] else { continue }
            let advance = ch.isNumber ? clockAdvance : glyph.width
            glyph.setColorMod(r: color.r, g: color.g, b: color.b)
            glyph.setAlphaMod(faded(color.a))
            let w = Double(glyph.width) / scale
            let cell = Double(advance) / scale
            renderer.copy(glyph, to: Int(pen + (cell - w) / 2), y, Int(w.rounded()), Int((Double(glyph.height) / scale).rounded()))
            pen += cell
        }
        return Int(pen) - x
    }

    private func texture(for text: String, _ style: Style) -> (Texture, rise: Int)? {
        useCounter += 1
        let key = CacheKey(text: text, style: style)
        if var hit = cache[key] {
            hit.lastUse = useCounter
            cache[key] = hit
            return (hit.texture, hit.rise)
        }
        guard !failed.contains(key) else { return nil }
        renderAttempts += 1
        guard let (surface, rise) = try? TextLine.render(text, fonts: allFonts(style)),
              let texture = try? Texture(renderer: renderer, surface: surface) else {
            if failed.count >= 256 { failed.removeAll() }
            failed.insert(key)
            return nil
        }
        texture.setBlending(true)
        if cache.count >= cacheLimit, let oldest = cache.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            cache[oldest.key] = nil
        }
        cache[key] = (texture, rise, useCounter)
        return (texture, rise)
    }
}
