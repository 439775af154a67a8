import GalleryCore
import SDLKit

/// Text at any pixel size, crisp (the frame's clock across a room, a household screen's lines): a font is opened at
/// the size asked once and kept, and each line is rendered once into a white texture at the display's physical size
/// and tinted when drawn, kept until it is no longer asked for (a clock's minute gone by). Nothing is opened or made
/// per frame. The same faces and fallbacks as the interface's text (`TextLine`).
final class LargeType {
    enum Weight: Hashable { case regular, bold }

    private let renderer: Renderer
    private let faces: (regular: String, bold: String, fallbacks: [FontLocator.Face])
    private var scale: Double
    /// Fonts by physical pixel size and weight, with their fallbacks.
    private var fonts: [FontKey: [Font]] = [:]
    private var lines: [LineKey: (texture: Texture, rise: Int, lastUse: UInt64)] = [:]
    private var failed: Set<LineKey> = []
    private var useCounter: UInt64 = 0
    /// Sizes kept open: a clock's time and date, a weather's and a calendar's lines, and a resize's worth more.
    static let fontLimit = 8
    /// Lines kept rendered: each overlay's few (a clock 2, a weather 6, a calendar and values more), and the last
    /// of each before it changed.
    static let lineLimit = 40
    /// Lines made, for tests that check nothing is made per frame.
    private(set) var renders = 0

    private struct FontKey: Hashable { let pixels: Int; let weight: Weight }
    private struct LineKey: Hashable { let text: String; let font: FontKey }

    init(renderer: Renderer, faces: (regular: String, bold: String, fallbacks: [FontLocator.Face]), scale: Double) {
        self.renderer = renderer; self.faces = faces; self.scale = scale
    }

    /// The display's scale changed: fonts and lines are made again at the new size when next asked for.
    func setScale(_ newScale: Double) {
        guard newScale != scale else { return }
        scale = newScale
        dropTextures()
    }

    /// The renderer lost its textures (a display switched off and on): every line is rendered again on its next use.
    func dropTextures() {
        lines.removeAll()
        failed.removeAll()
        fonts.removeAll()
    }

    /// The fonts of `pixels` (logical) and `weight`, opened once (TTF_OpenFont) at the physical size.
    private func fonts(_ pixels: Int, _ weight: Weight) -> (key: FontKey, fonts: [Font])? {
        let key = FontKey(pixels: max(6, Int((Double(pixels) * scale).rounded())), weight: weight)
        if let open = fonts[key] { return (key, open) }
        let system = renderer.window.system
        guard let primary = try? Font(system: system, path: weight == .bold ? faces.bold : faces.regular,
                                      pointSize: key.pixels) else { return nil }
        let fallbacks = faces.fallbacks.compactMap { face -> Font? in
            if weight == .bold, let bold = face.bold { return try? Font(system: system, path: bold, pointSize: key.pixels) }
            let font = try? Font(system: system, path: face.regular, pointSize: key.pixels)
            if weight == .bold { font?.embolden() }
            return font
        }
        if fonts.count >= LargeType.fontLimit { fonts.removeAll() }
        fonts[key] = [primary] + fallbacks
        return (key, [primary] + fallbacks)
    }

    /// The line's height (the font's line skip) at `pixels`, in logical pixels.
    func lineHeight(_ pixels: Int, _ weight: Weight) -> Int {
        guard let (_, fonts) = fonts(pixels, weight) else { return 0 }
        return Int((Double(fonts[0].lineHeight) / scale).rounded(.up))
    }

    /// The size `text` is drawn at `pixels`: its width and the font's line height, in logical pixels.
    func size(of text: String, _ pixels: Int, _ weight: Weight) -> PixelSize {
        guard let (_, fonts) = fonts(pixels, weight) else { return PixelSize(width: 0, height: 0) }
        let width = Int((Double(TextLine.width(text, fonts: fonts)) / scale).rounded(.up))
        return PixelSize(width: width, height: Int((Double(fonts[0].lineHeight) / scale).rounded(.up)))
    }

    /// Draws `text` with its top-left at (x, y), logical pixels, at `opacity` (0…1) of `color`'s alpha.
    func draw(_ text: String, _ pixels: Int, _ weight: Weight, x: Int, y: Int, color: RGBA, opacity: Double = 1) {
        guard !text.isEmpty, let (texture, rise) = texture(text, pixels, weight) else { return }
        texture.setColorMod(r: color.r, g: color.g, b: color.b)
        texture.setAlphaMod(UInt8(Double(color.a) * min(1, max(0, opacity))))
        renderer.copy(texture, to: x, y - Int((Double(rise) / scale).rounded()),
                      Int((Double(texture.width) / scale).rounded()), Int((Double(texture.height) / scale).rounded()))
    }

    private func texture(_ text: String, _ pixels: Int, _ weight: Weight) -> (Texture, rise: Int)? {
        guard let (font, open) = fonts(pixels, weight) else { return nil }
        useCounter += 1
        let key = LineKey(text: text, font: font)
        if var hit = lines[key] {
            hit.lastUse = useCounter
            lines[key] = hit
            return (hit.texture, hit.rise)
        }
        guard !failed.contains(key) else { return nil }
        renders += 1
        guard let (surface, rise) = try? TextLine.render(text, fonts: open),
              let texture = try? Texture(renderer: renderer, surface: surface) else {
            if failed.count >= 64 { failed.removeAll() }
            failed.insert(key)
            return nil
        }
        texture.setBlending(true)
        if lines.count >= LargeType.lineLimit, let oldest = lines.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            lines[oldest.key] = nil
        }
        lines[key] = (texture, rise, useCounter)
        return (texture, rise)
    }
}
