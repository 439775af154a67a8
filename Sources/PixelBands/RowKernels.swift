/// The inner loops: one row of pixels at a time, over raw pointers (no bounds checks, no overflow traps: `&+` and `&*`
/// wrap as the lanes' arithmetic is laid out not to). A pixel's blue and red sit in the low bytes of two 16-bit
/// lanes (`0x00ff00ff`), its green and X in the high bytes (`0xff00ff00`), each lane wide enough for a channel times
/// 256, so one 16-bit multiplication mixes a channel: eight pixels at a time as 16 lanes of `SIMD16<UInt16>` (two
/// SSE2 `pmullw` a register where 32-bit lanes would need `pmulld`, which SSE2 lacks; NEON on a Pi has both), the
/// row's last few one at a time as `UInt32`, with the same result to the bit.
enum RowKernels {
    /// Pixels the vector loops take at a time.
    static let lanes = 8
    typealias Lanes = SIMD16<UInt16>

    /// An alpha (0…255) as a weight out of 256: 255 is all of the new pixel, 0 none of it.
    @inline(__always) static func weight(_ alpha: UInt8) -> UInt32 { UInt32(alpha) + UInt32(alpha >> 7) }

    /// `s` over `d` at weight `a` of 256: (s·a + d·(256 - a))/256 in each channel, rounded; the X byte set.
    @inline(__always) static func blend(_ s: UInt32, _ d: UInt32, _ a: UInt32) -> UInt32 {
        let ia = 256 &- a
        let rb = ((s & 0xff00ff) &* a &+ (d & 0xff00ff) &* ia &+ 0x80_0080) >> 8
        let g = ((s & 0xff00) &* a &+ (d & 0xff00) &* ia &+ 0x8000) >> 8
        return (rb & 0xff00ff) | (g & 0xff00) | 0xff00_0000
    }

    /// `s` with each channel multiplied by `m` of 256 (a colour mod), rounded, opaque.
    @inline(__always) static func shade(_ s: UInt32, _ m: UInt32) -> UInt32 {
        let rb = ((s & 0xff00ff) &* m &+ 0x80_0080) >> 8
        let g = ((s & 0xff00) &* m &+ 0x8000) >> 8
        return (rb & 0xff00ff) | (g & 0xff00) | 0xff00_0000
    }

    // The same two in 16-bit lanes: a channel times its weight, plus 128, is at most 255·256 + 128 < 2¹⁶.
    private static let low = Lanes(repeating: 0x00ff), high = Lanes(repeating: 0xff00), half = Lanes(repeating: 128)
    private static let opaque = unsafeBitCast(SIMD8<UInt32>(repeating: 0xff00_0000), to: Lanes.self)

    @inline(__always) private static func load(_ p: UnsafePointer<UInt32>) -> Lanes {
        UnsafeRawPointer(p).loadUnaligned(as: Lanes.self)
    }

    @inline(__always) private static func store(_ v: Lanes, _ p: UnsafeMutablePointer<UInt32>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: Lanes.self)
    }

    /// Eight pixels `s` over `d` at weights `a` and `ia` (256 - a).
    @inline(__always) private static func blend(_ s: Lanes, _ d: Lanes, _ a: Lanes, _ ia: Lanes) -> Lanes {
        let rb = ((s & low) &* a &+ (d & low) &* ia &+ half) &>> 8
        let ga = ((s &>> 8) &* a &+ (d &>> 8) &* ia &+ half) & high
        return rb | ga | opaque
    }

    /// Eight pixels `s` times `m` of 256.
    @inline(__always) private static func shade(_ s: Lanes, _ m: Lanes) -> Lanes {
        ((s & low) &* m &+ half) &>> 8 | ((s &>> 8) &* m &+ half) & high | opaque
    }

    static func fill(_ d: UnsafeMutablePointer<UInt32>, _ n: Int, _ colour: UInt32) {
        d.update(repeating: colour | 0xff00_0000, count: n)
    }

    static func blendFill(_ d: UnsafeMutablePointer<UInt32>, _ n: Int, _ colour: UInt32, _ a: UInt32) {
        let c = unsafeBitCast(SIMD8<UInt32>(repeating: colour), to: Lanes.self), va = Lanes(repeating: UInt16(a))
        let via = Lanes(repeating: UInt16(256 &- a))
        var i = 0
        while i &+ lanes <= n { store(blend(c, load(d + i), va, via), d + i); i &+= lanes }
        while i < n { d[i] = blend(colour, d[i], a); i &+= 1 }
    }

    /// An opaque copy (the X byte set: a window of ARGB8888 shows it as is).
    static func copy(_ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, _ n: Int) {
        var i = 0
        while i &+ lanes <= n { store(load(s + i) | opaque, d + i); i &+= lanes }
        while i < n { d[i] = s[i] | 0xff00_0000; i &+= 1 }
    }

    static func blend(_ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, _ n: Int, _ a: UInt32) {
        let va = Lanes(repeating: UInt16(a)), via = Lanes(repeating: UInt16(256 &- a))
        var i = 0
        while i &+ lanes <= n { store(blend(load(s + i), load(d + i), va, via), d + i); i &+= lanes }
        while i < n { d[i] = blend(s[i], d[i], a); i &+= 1 }
    }

    static func shade(_ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, _ n: Int, _ m: UInt32) {
        let vm = Lanes(repeating: UInt16(m))
        var i = 0
        while i &+ lanes <= n { store(shade(load(s + i), vm), d + i); i &+= lanes }
        while i < n { d[i] = shade(s[i], m); i &+= 1 }
    }

    static func shadeBlend(_ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, _ n: Int, _ m: UInt32,
                           _ a: UInt32) {
        let vm = Lanes(repeating: UInt16(m)), va = Lanes(repeating: UInt16(a)), via = Lanes(repeating: UInt16(256 &- a))
        var i = 0
        while i &+ lanes <= n { store(blend(shade(load(s + i), vm), load(d + i), va, via), d + i); i &+= lanes }
        while i < n { d[i] = blend(shade(s[i], m), d[i], a); i &+= 1 }
    }

    /// d[i] = s[xs[i]]: one row of a stretched copy, the source columns picked beforehand (the X byte set).
    static func gather(_ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, _ xs: UnsafePointer<Int32>,
                       _ n: Int) {
        var i = 0
        while i < n { d[i] = s[Int(xs[i])] | 0xff00_0000; i &+= 1 }
    }
}
