import Foundation

/// A part of a photo in fractions of its width and height (0…1 each way), so the same path serves a texture of any
/// size (the cell's small picture until the large one arrives).
public struct UnitRect: Equatable, Sendable {
    public var x, y, width, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    /// Whether `other` lies inside this one (to a rounding error).
    public func contains(_ other: UnitRect, tolerance: Double = 1e-9) -> Bool {
        other.x >= x - tolerance && other.y >= y - tolerance && other.maxX <= maxX + tolerance
            && other.maxY <= maxY + tolerance
    }

    /// This part of a `width`×`height` picture in whole pixels, at least one, inside the picture.
    public func pixels(width w: Int, height h: Int) -> Rect {
        let x0 = min(max(0, Int((x * Double(w)).rounded())), max(0, w - 1))
        let y0 = min(max(0, Int((y * Double(h)).rounded())), max(0, h - 1))
        let x1 = min(w, max(x0 + 1, Int((maxX * Double(w)).rounded())))
        let y1 = min(h, max(y0 + 1, Int((maxY * Double(h)).rounded())))
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// The slideshow's slow zoom and pan (`--motion`, the Ken Burns effect): the part of a photo its frame shows at
/// each moment. The zoom grows at a constant rate (1 → `1 + zoomRange` over `span`, a photo's whole time on screen,
/// its transitions in and out included) and the crop drifts towards one of eight directions chosen from the
/// photo's ID, so a restart moves each photo the same way. The crop keeps the photo's own shape (the frame is
/// fitted to it, so nothing is stretched) and always lies inside the photo.
///
/// What must stay in view (`kept`) does: a portrait's top edge never moves and the middle of its top third (where
/// a face is) is always shown; a photo's own centre of interest, when its source gives one, is always shown.
///
/// A photo that stays longer than `span` (the next one is late, a show of one photo) goes on at the same speed and
/// then slows smoothly to a stop `overrun` spans further: the speed never jumps, and the zoom never runs away.
public struct KenBurns: Equatable, Sendable {
    /// How much the zoom grows over a photo's time on screen: slow enough to be felt rather than seen.
    public static let zoomRange = 0.1
    /// How much further (in spans) a photo kept longer drifts while it slows to a stop.
    public static let overrun = 0.5
    /// The share of a portrait's height, from its top, that is always in view.
    public static let portraitTop = 1.0 / 3
    /// Half the side of the box kept in view around a centre of interest (fractions of the photo).
    public static let interestMargin = 0.12
    /// The eight directions a photo may drift in (x, y: -1, 0 or 1; y grows downwards).
    public static let directions: [(x: Int, y: Int)] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)]

    /// Seconds from the start of a photo's transition in to the end of its transition out.
    public let span: Double
    /// Which of `directions` the crop drifts towards.
    public let direction: Int
    /// The part of the photo every crop contains (nil: none in particular).
    public let kept: UnitRect?

    /// - Parameters:
    ///   - interest: the photo's centre of interest in fractions of its width and height (EXIF SubjectArea, the
    ///     union of its faces), if its source gives one: kept in view with at least `interestMargin` around its
    ///     middle each way; without one, a portrait keeps its top third in view.
    public init(photoID: String, width: Int, height: Int, span: Double, interest: UnitRect? = nil) {
        self.span = max(0.001, span)
        // FNV-1a, stirred by SplitMix: nearby IDs ("a1", "a2") land on unrelated directions.
        var mix = SplitMix(state: LocalFile.fnv(photoID))
        direction = Int(mix.next() % UInt64(KenBurns.directions.count))
        if let r = interest {
            let m = KenBurns.interestMargin, cx = r.x + r.width / 2, cy = r.y + r.height / 2
            let x0 = min(max(0, min(r.x, cx - m)), 1), y0 = min(max(0, min(r.y, cy - m)), 1)
            kept = UnitRect(x: x0, y: y0, width: max(0, min(1, max(r.maxX, cx + m)) - x0),
                            height: max(0, min(1, max(r.maxY, cy + m)) - y0))
        } else if height > width {
            kept = UnitRect(x: 0.25, y: 0, width: 0.5, height: KenBurns.portraitTop)
        } else {
            kept = nil
        }
    }

    /// A centre of interest that is a point (fractions of the photo's width and height).
    public init(photoID: String, width: Int, height: Int, span: Double, interest point: (x: Double, y: Double)?) {
        self.init(photoID: photoID, width: width, height: height, span: span,
                  interest: point.map { UnitRect(x: $0.x, y: $0.y, width: 0, height: 0) })
    }

    /// Progress through the path at `t` seconds: `t / span` (constant speed) up to 1, then slowing exponentially
    /// from that same speed towards `1 + overrun`, so the motion never jerks to a halt.
    public func progress(at t: Double) -> Double {
        let t = max(0, t)
        if t <= span { return t / span }
        let o = KenBurns.overrun
        return 1 + o * (1 - exp(-(t - span) / (o * span)))
    }

    /// The zoom at `t` seconds: 1 (the whole photo) growing by `zoomRange` over the span.
    public func zoom(at t: Double) -> Double { 1 + KenBurns.zoomRange * progress(at: t) }

    /// The part of the photo shown at `t` seconds after its transition in began.
    public func crop(at t: Double) -> UnitRect {
        let s = progress(at: t)
        let side = 1 / zoom(at: t)
        // How far across the free room the crop stands, each way: from one side towards the other over the whole
        // path (the overrun included), so it is still drifting when the span ends.
        let d = KenBurns.directions[direction]
        let along = s / (1 + KenBurns.overrun) - 0.5
        let qx = 0.5 + Double(d.x) * along, qy = 0.5 + Double(d.y) * along
        return UnitRect(x: place(side, qx, kept.map { ($0.x, $0.maxX) }),
                        y: place(side, qy, kept.map { ($0.y, $0.maxY) }), width: side, height: side)
    }

    /// Where a crop of `side` starts on one axis, `q` of the way across the room it has, containing `keep`.
    private func place(_ side: Double, _ q: Double, _ keep: (Double, Double)?) -> Double {
        var lo = 0.0, hi = 1 - side
        if let (a, b) = keep {
            lo = max(lo, b - side)
            hi = min(hi, a)
            // Wider than the crop: its middle, as near as the photo allows.
            if lo > hi { return min(max(0, (a + b - side) / 2), 1 - side) }
        }
        return lo + (hi - lo) * min(max(0, q), 1)
    }
}
