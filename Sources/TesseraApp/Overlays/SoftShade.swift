import GalleryCore
import SDLKit

/// A soft dark shade behind words over a photo (the frame's clock; any overlay that must read on a white sky and a
/// black night): as dark as asked over a rectangle, fading to nothing over `reach` pixels round it, never a hard box.
/// Drawn in nine parts from one small texture made once (a disc whose alpha falls off smoothly from its centre): its
/// quarters are the corners, its middle row and column the edges stretched, and a fill the middle. Nothing is made
/// per frame; a renderer that lost its textures makes it again on the next draw.
final class SoftShade {
    private let renderer: Renderer
    private var disc: Texture?
    /// The disc's radius in texture pixels: stretched to any reach with linear filtering, the falloff stays smooth.
    static let radius = 64

    init(renderer: Renderer) { self.renderer = renderer }

    func dropTextures() { disc = nil }

    /// How opaque the shade is at `t`, 0 at the rectangle's edge to 1 at `reach` out: a smoothstep down to nothing.
    static func falloff(_ t: Double) -> Double {
        let x = min(1, max(0, t))
        return 1 - x * x * (3 - 2 * x)
    }

    private func makeDisc() -> Texture? {
        let r = SoftShade.radius, size = 2 * r
        guard let surface = try? Surface(width: size, height: size) else { return nil }
        for y in 0..<size {
            for x in 0..<size {
                let dx = Double(x) + 0.5 - Double(r), dy = Double(y) + 0.5 - Double(r)
                let alpha = SoftShade.falloff((dx * dx + dy * dy).squareRoot() / Double(r))
                surface.setPixel(x: x, y: y, r: 255, g: 255, b: 255, a: UInt8((alpha * 255).rounded()))
            }
        }
        guard let texture = try? Texture(renderer: renderer, surface: surface) else { return nil }
        texture.setBlending(true)
        texture.setLinearScaling(true)
        return texture
    }

    /// Shades `rect` with `color` (its alpha the darkest) and feathers it out `reach` pixels on every side, at
    /// `opacity` (0…1, the layer's fade).
    func draw(over rect: Rect, reach: Int, color: RGBA, opacity: Double = 1) {
        let alpha = UInt8(Double(color.a) * min(1, max(0, opacity)))
        guard alpha > 0, !rect.isEmpty else { return }
        renderer.setColor(color.r, color.g, color.b, alpha)
        renderer.fill(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
        guard reach > 0 else { return }
        if disc == nil { disc = makeDisc() }
        guard let disc else { return }
        disc.setColorMod(r: color.r, g: color.g, b: color.b)
        disc.setAlphaMod(alpha)
        let r = SoftShade.radius, e = reach
        // Corners: the disc's quarters (shapes of the layout: a mirrored screen flips each with its corner).
        renderer.copy(disc, source: (0, 0, r, r), to: rect.x - e, rect.y - e, e, e, flip: .withLayout)
        renderer.copy(disc, source: (r, 0, r, r), to: rect.maxX, rect.y - e, e, e, flip: .withLayout)
        renderer.copy(disc, source: (0, r, r, r), to: rect.x - e, rect.maxY, e, e, flip: .withLayout)
        renderer.copy(disc, source: (r, r, r, r), to: rect.maxX, rect.maxY, e, e, flip: .withLayout)
        // Edges: one line of texels through the disc's centre, stretched along the side.
        renderer.copy(disc, source: (r, 0, 1, r), to: rect.x, rect.y - e, rect.width, e)
        renderer.copy(disc, source: (r, r, 1, r), to: rect.x, rect.maxY, rect.width, e)
        renderer.copy(disc, source: (0, r, r, 1), to: rect.x - e, rect.y, e, rect.height, flip: .withLayout)
        renderer.copy(disc, source: (r, r, r, 1), to: rect.maxX, rect.y, e, rect.height, flip: .withLayout)
    }
}
