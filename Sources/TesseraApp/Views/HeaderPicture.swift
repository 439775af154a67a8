import GalleryCore
import SDLKit

/// The header's picture: everything in it but the clock and the progress bar, drawn once per change into a texture
/// the header's size and copied onto each whole frame after, the bar and the clock drawn over the copy. On SDL's
/// software renderer the header's pieces (the title, the name and the status as words, the toolbar's tiles and
/// icons, each one blended) cost 6.5-10 % of the main thread under a clip, a fade or the folder pass, drawn again on
/// every whole frame though only the clock changes; the copy is a row copy (the window's own XRGB8888 format).
///
/// The pieces are drawn into a render target of the window's format, so SDL blends them with the same blitters and
/// the picture has the pieces' pixels; on a right-to-left screen the mirror goes on inside the target (as wide as
/// the layout, copied whole at x 0), and the burn-in offset moves the copy as it moved the pieces. The picture is
/// opaque (the header's fill covers it all), so what lies under the header does not matter.
///
/// Its memory (the window's width x the header's height x 4 bytes: 0.37 MB at 1920, 0.74 MB at 3840) is the
/// header's own, as the text's cached lines are, and is not a photo's: the bench's `texture_bytes_peak` counts the
/// image pipeline's photo textures against the photo budget (3 windows' pixels), and this one stays out of it.
final class HeaderPicture<Key: Equatable> {
    /// What a picture leaves to each frame: where the clock goes; where the status's room starts (the clock redrawn
    /// alone must stay left of it) and where its words start (the clock drawn over the copy must not reach them: the
    /// pieces draw the status after the clock); whether the progress bar may be drawn over the copy (nothing but
    /// the header's fill and rule lies in its rows, so drawing it after the words and tiles gives what drawing it
    /// before them gave).
    struct Layout {
        let clockX: Int, titleY: Int, statusLeft: Int, statusInk: Int
        var barFits = false
    }

    private var key: Key?
    private var texture: Texture?
    private var layout: Layout?
    /// A picture could not be made (no render target, no memory): the pieces are drawn from then on.
    private var failed = false
    /// Copies made so far (tests).
    private(set) var copies = 0

    /// Whether a frame may be drawn through the picture on `renderer`: SDL's software renderer (elsewhere the pieces
    /// cost the GPU little) at scale 1, upright, drawing into the window (not into another target).
    static func fits(_ renderer: Renderer) -> Bool {
        renderer.drawsInSoftware && renderer.rotation == 0 && renderer.drawingScale == 1 && !renderer.drawsIntoTarget
    }

    /// The picture for `key`, drawn first when the key changed: `paint` draws the pieces (the fill and rule, the
    /// toolbar, the title, the name and the status, not the clock nor the bar) into a `width` x `height` target and
    /// says where the clock goes; `ground` draws the fill and rule alone, to learn whether `bar`'s rows hold anything
    /// else (asked only when `busy`). Nil when no picture can be made: the caller draws the pieces.
    func layout(for key: Key, renderer: Renderer, width: Int, height: Int, bar: Rect, busy: Bool,
                ground: () -> Void, paint: () -> Layout?) -> Layout? {
        guard !failed else { return nil }
        if key != self.key {
            self.key = nil
            layout = nil
            make(key, renderer: renderer, width: width, height: height, bar: bar, busy: busy, ground: ground, paint: paint)
        }
        return layout
    }

    /// Copies the picture made for the last key at the header's place (under the burn-in offset and the mirror, as
    /// the pieces were).
    func copy(on renderer: Renderer) {
        guard let texture, layout != nil else { return }
        renderer.copy(texture, to: 0, 0, texture.width, texture.height)
        copies += 1
    }

    /// Forgets the picture (the renderer lost its textures, the scale or the font changed): made again when next
    /// asked for.
    func drop() {
        failed = false  // a new renderer or size may well make it
        key = nil
        layout = nil
        texture = nil
    }

    private func make(_ key: Key, renderer: Renderer, width: Int, height: Int, bar: Rect, busy: Bool,
                      ground: () -> Void, paint: () -> Layout?) {
        do {
            if texture?.width != width || texture?.height != height {
                texture = nil
                texture = try Texture(renderer: renderer, targetWidth: width, height: height)
            }
            guard let texture else { return }
            var made: Layout?
            if busy, bar.width > 0, bar.height > 0, bar.y >= 0, bar.maxY <= height {
                let rows = (x: 0, y: bar.y, width: width, height: bar.height)
                let header = (r: UInt8(0), g: UInt8(0), b: UInt8(0))
                let bare = try renderer.drawAndRead(into: texture, over: header, part: rows, keepingMirror: true, ground)
                let drawn = try renderer.drawAndRead(into: texture, over: header, part: rows, keepingMirror: true) {
                    made = paint()
                }
                made?.barFits = HeaderPicture.samePixels(bare, drawn)
            } else {
                try renderer.draw(into: texture, keepingMirror: true) { made = paint() }
            }
            guard let made else { return }
            self.key = key
            layout = made
        } catch {
            Log.warn("header picture: \(error); drawn in pieces")
            failed = true
            texture = nil
        }
    }

    /// Whether two readings of the same rows hold the same colours.
    private static func samePixels(_ a: Surface, _ b: Surface) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        return a.withUnsafeMutablePixels { pa, pitchA in
            b.withUnsafeMutablePixels { pb, pitchB in
                (0..<a.height).allSatisfy { y in
                    let rowA = (pa + y * pitchA).assumingMemoryBound(to: UInt32.self)
                    let rowB = (pb + y * pitchB).assumingMemoryBound(to: UInt32.self)
                    return (0..<a.width).allSatisfy { rowA[$0] & 0xFF_FFFF == rowB[$0] & 0xFF_FFFF }
                }
            }
        }
    }
}
