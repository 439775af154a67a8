import GalleryCore
import PixelBands
import SDLKit

/// An overlay view whose picture changes only when its model's refresh says so (or its frame or the window does):
/// the layer may draw it once into a texture of its own and copy that each frame (`OverlayPicture`).
protocol StillOverlayView: OverlayView {}

/// One overlay's picture, drawn once per change and copied each frame after: on SDL's software renderer every blend
/// costs its pixels each frame, and an overlay is a shade, shadows and words blended over each other (the weather,
/// the clock and the calendar together cost about 6 ms of a 1080p fade's frame). The overlay is drawn twice into a
/// render target, over black and over white, and the two readings give its colours with straight alpha
/// (`Matte`; the software renderer has no premultiplied blend mode), cut to what it covers and uploaded once. Drawn
/// whole each time it changes, which is when its words do (a minute for a clock, ten for the weather). The matte is
/// chosen for the copy the renderer will make (SDL's software blitter floors its products): copied over black it
/// gives the pieces' pixels level for level (rounded to the nearest, the words came out a level darker: 225 where
/// the pieces read 226, which is what WeatherUITests' black photo saw, offscreen and under X11 alike).
final class OverlayPicture {
    /// What the picture was drawn for: its overlay's refreshes that changed it, where and in what window.
    struct Key: Equatable {
        let changes: Int
        let frame: Rect
        let window: PixelSize
    }

    private var key: Key?
    private var texture: Texture?
    /// A picture could not be made (no target, no memory): the overlay's pieces are drawn from then on.
    private var failed = false
    /// The renderer it was drawn for (a screenshot may be drawn by another, which cannot copy this one's textures).
    private weak var madeOn: Renderer?
    /// Where the texture goes, in window pixels.
    private var spot = Rect(x: 0, y: 0, width: 0, height: 0)

    /// Whether the layer may draw through a picture on `renderer`: the software renderer at scale 1, not mirrored
    /// (a mirrored layout places each piece mirrored, not the whole) and not turned; elsewhere pieces are drawn.
    static func fits(_ renderer: Renderer) -> Bool {
        renderer.drawsInSoftware && renderer.mirrorWidth == nil && renderer.rotation == 0 && renderer.drawingScale == 1
    }

    /// Copies the picture for `key` into the frame, drawing it first with `paint` when the key changed; false when
    /// it cannot be made (the caller draws the pieces instead).
    func draw(_ key: Key, renderer: Renderer, paint: () -> Void) -> Bool {
        guard !failed else { return false }
        if key != self.key || madeOn !== renderer {
            self.key = key
            madeOn = renderer
            texture = nil
            make(key, renderer: renderer, paint: paint)
        }
        guard !failed else { return false }
        if let texture { renderer.copy(texture, to: spot.x, spot.y, spot.width, spot.height) }
        return true
    }

    /// Draws the overlay over black and over white in a target the window's size, reads back its frame and a margin
    /// round it as tall as the frame (the shades' feather and the shadows reach less far), and keeps what it covers.
    private func make(_ key: Key, renderer: Renderer, paint: () -> Void) {
        let window = Rect(x: 0, y: 0, width: key.window.width, height: key.window.height)
        let margin = key.frame.height + 8
        let x0 = max(0, key.frame.x - margin), y0 = max(0, key.frame.y - margin)
        let x1 = min(window.maxX, key.frame.maxX + margin), y1 = min(window.maxY, key.frame.maxY + margin)
        guard x1 > x0, y1 > y0 else { return }  // nothing of it in the window: an empty picture
        let part = (x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        do {
            let target = try Texture(renderer: renderer, targetWidth: window.width, height: window.height)
            let black = try renderer.drawAndRead(into: target, over: (0, 0, 0), part: part, paint)
            let white = try renderer.drawAndRead(into: target, over: (255, 255, 255), part: part, paint)
            let cover = black.withUnsafeMutablePixels { b, bPitch in
                white.withUnsafeMutablePixels { w, wPitch in
                    Matte.straighten(overBlack: PixelPlane(base: b.assumingMemoryBound(to: UInt32.self), width: part.width,
                                                           height: part.height, pitch: bPitch / 4),
                                     overWhite: PixelPlane(base: w.assumingMemoryBound(to: UInt32.self), width: part.width,
                                                           height: part.height, pitch: wPitch / 4),
                                     copiedBy: renderer.drawsInSoftware ? .softwareFloor : .rounded)
                }
            }
            guard let cover else { return }
            let cut = try Surface(width: cover.width, height: cover.height)
            black.withUnsafeMutablePixels { b, bPitch in
                cut.withUnsafeMutablePixels { c, cPitch in
                    for y in 0..<cover.height {
                        (c + y * cPitch).copyMemory(from: b + (cover.y + y) * bPitch + cover.x * 4, byteCount: cover.width * 4)
                    }
                }
            }
            let made = try Texture(renderer: renderer, surface: cut)
            made.setBlending(true)
            texture = made
            spot = Rect(x: x0 + cover.x, y: y0 + cover.y, width: cover.width, height: cover.height)
        } catch {
            Log.warn("overlay picture: \(error); drawn in pieces")
            failed = true
        }
    }
}
