/// A translucent picture recovered from two drawings of it: once over opaque black, once over opaque white (the same
/// blends each time). Over black a pixel reads its colour already multiplied by its coverage, `C·A`; over white it
/// reads `C·A + 255·(1 − A)`; the difference gives the coverage and the black drawing the colour. This is how a
/// picture blended together from many pieces (a shade, shadows, words) becomes one texture with straight alpha on
/// SDL's software renderer, which has no premultiplied blend mode and whose blenders do not all keep the target's
/// alpha: only the colours each blend leaves are read.
public enum Matte {
    /// How the straightened picture will be blended when it is copied: the colour and coverage are chosen so that
    /// this copy gives back the two readings, each rounding included (a level lost here is a level the words lose).
    public enum Copy: Sendable {
        /// `new·a + old·(1 − a)` rounded to the nearest level (exact arithmetic, as a GPU blends).
        case rounded
        /// SDL 2's software blitter for an ARGB8888 texture blended onto a 32-bit surface (`BlitRGBtoRGBPixelAlpha`,
        /// its MMX form on x86-64, SDL 2.26): `⌊C·A/256⌋ + ⌊D·(255 − A)/256⌋`, an opaque pixel copied and a clear
        /// one skipped (`flooredCopy`). Rounding to the nearest would leave every word a level darker than its pieces.
        case softwareFloor
    }

    /// Writes into `overBlack` the picture as ARGB8888 with straight alpha (0 where nothing was drawn) for `copy`, and
    /// returns the smallest rectangle holding every pixel not fully transparent (nil: none is). Both planes are the
    /// same size.
    public static func straighten(overBlack black: PixelPlane, overWhite white: PixelPlane,
                                  copiedBy copy: Copy = .rounded) -> PixelRect? {
        precondition(black.width == white.width && black.height == white.height, "two drawings of one picture")
        var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
        for y in 0..<black.height {
            let b = black.row(y), w = white.row(y)
            for x in 0..<black.width {
                let pixel = copy == .rounded ? straight(b[x], w[x]) : straightForFlooredCopy(b[x], w[x])
                b[x] = pixel
                if pixel >> 24 != 0 {
                    x0 = min(x0, x); x1 = max(x1, x)
                    y0 = min(y0, y); y1 = y
                }
            }
        }
        guard x1 >= 0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
    }

    /// One channel of the `softwareFloor` copy: `colour` at coverage `alpha` over `background` (levels 0...255).
    public static func flooredCopy(_ colour: Int, alpha: Int, over background: Int) -> Int {
        if alpha == 0 { return background }
        if alpha == 255 { return colour }
        return ((colour * alpha) >> 8) + ((background * (255 - alpha)) >> 8)
    }

    @inline(__always) private static func channel(_ p: UInt32, _ shift: UInt32) -> Int { Int((p >> shift) & 0xFF) }

    /// One pixel for the `rounded` copy: the coverage from the three channels' differences (their mean), each
    /// colour divided by it.
    @inline(__always) static func straight(_ black: UInt32, _ white: UInt32) -> UInt32 {
        var gap = 0
        for shift: UInt32 in [0, 8, 16] { gap += max(0, channel(white, shift) - channel(black, shift)) }
        let alpha = min(255, max(0, (765 - gap + 1) / 3))
        guard alpha > 0 else { return 0 }
        var pixel = UInt32(alpha) << 24
        for shift: UInt32 in [0, 8, 16] {
            let colour = min(255, (channel(black, shift) * 255 + alpha / 2) / alpha)
            pixel |= UInt32(colour) << shift
        }
        return pixel
    }

    /// One pixel for the `softwareFloor` copy. Over white that copy leaves `⌊255·(255 − A)/256⌋ = 254 − A` of the
    /// white above the colour (A < 255), so the channels' mean difference `g` gives `A = 254 − g` (none: opaque);
    /// at least one more than the brightest reading over black, which `⌊C·A/256⌋ ≤ A − 1` has to reach. Each colour
    /// is then the smallest whose `⌊C·A/256⌋` is its reading over black: copied over black, the picture gives the
    /// black drawing back level for level, and over white the white one.
    @inline(__always) static func straightForFlooredCopy(_ black: UInt32, _ white: UInt32) -> UInt32 {
        var gap = 0, top = 0
        for shift: UInt32 in [0, 8, 16] {
            gap += max(0, channel(white, shift) - channel(black, shift))
            top = max(top, channel(black, shift))
        }
        let mean = (gap + 1) / 3
        guard mean > 0 else { return 0xFF00_0000 | black & 0xFF_FFFF }
        let alpha = min(255, max(254 - mean, top > 0 ? top + 1 : 0))
        guard alpha > 0 else { return 0 }
        guard alpha < 255 else { return 0xFF00_0000 | black & 0xFF_FFFF }
        var pixel = UInt32(alpha) << 24
        for shift: UInt32 in [0, 8, 16] {
            let colour = min(255, (channel(black, shift) * 256 + alpha - 1) / alpha)
            pixel |= UInt32(colour) << shift
        }
        return pixel
    }
}
