/// Which cells may hold pixels: the visible ones, then a margin around the viewport that reaches further in the
/// direction of scrolling. Everything else is released by the renderer. A pure function of the layout and the
/// viewport, so a test can scroll any number of items through it and count what stays resident.
public struct ResidencyPolicy: Equatable {
    /// Margins in viewport heights.
    public var screensBehind: Double
    public var screensAhead: Double
    /// Upper bound on the bytes (4 per physical pixel) of all wanted cells; visible cells always count first.
    public var byteBudget: Int

    public init(screensBehind: Double = 1, screensAhead: Double = 1.5, byteBudget: Int) {
        self.screensBehind = screensBehind; self.screensAhead = screensAhead; self.byteBudget = byteBudget
    }

    /// Three windows' worth of 32-bit pixels: one on screen, the rest for the margins. A window much wider than
    /// tall counts as half as tall as wide: its two columns' cells are taller than the window, and the visible ones
    /// must fit (a 1280x200 window never drew its second visible cell).
    public static func budget(forWindow size: PixelSize) -> Int {
        3 * size.width * max(size.height, size.width / 2) * 4
    }

    /// The policy for this frame. Moving fast (more than two screens a second, as a fling does, or any scroll in a
    /// small window where a screen is little content), the margin behind shrinks to a quarter screen and the one
    /// ahead reaches half a second of travel (at most three screens): what was passed is not coming back soon,
    /// what is ahead arrives within a load time. An open detail pane's image counts against the same budget, down to half
    /// of it (the visible cells keep theirs, even under a zoomed photo).
    public func adapted(screensPerSecond speed: Double, detailBytes: Int = 0) -> ResidencyPolicy {
        var policy = self
        if speed > 2 {
            policy.screensBehind = 0.25
            policy.screensAhead = min(3, max(screensAhead, speed * 0.5))
        }
        // The cells visible under it (about one window, with the cells cut at its edges) always keep their images.
        policy.byteBudget = max(byteBudget / 2, byteBudget - detailBytes)
        return policy
    }

    public struct Plan: Equatable {
        /// Visible cells, nearest to the viewport centre first.
        public var visible: [Int]
        /// Margin cells within budget, the scroll direction first and nearest first.
        public var prefetch: [Int]
        public var wantedBytes: Int
        /// Visible cells left without pixels because the budget ran out.
        public var visibleOverBudget: Int

        /// All wanted cells in priority order (0 is most urgent).
        public var ordered: [Int] { visible + prefetch }
    }

    /// - Parameters:
    ///   - top, height: the viewport in content pixels.
    ///   - direction: +1 scrolling down, −1 up, 0 at rest (margins split evenly).
    ///   - scale: physical pixels per logical pixel.
    public func plan(layout: some CellLayout, top: Int, height: Int, direction: Int, scale: Double = 1) -> Plan {
        let bottom = top + height
        let centre = top + height / 2
        var visible: [Int] = []
        var bytes = 0
        var overBudget = 0
        let onScreen = layout.indices(intersecting: top, bottom).sorted {
            distance(layout.frames[$0], to: centre) < distance(layout.frames[$1], to: centre)
        }
        // Even visible cells obey the budget (farthest from the centre give way first): only an extreme run of
        // very tall cells can reach it, and then a placeholder is better than unbounded memory.
        for index in onScreen {
            let c = cost(layout.frames[index], scale)
            if bytes + c > byteBudget { overBudget += 1; continue }
            bytes += c
            visible.append(index)
        }

        let (aboveScreens, belowScreens): (Double, Double)
        switch direction {
        case 1: (aboveScreens, belowScreens) = (screensBehind, screensAhead)
        case -1: (aboveScreens, belowScreens) = (screensAhead, screensBehind)
        default:
            let even = (screensBehind + screensAhead) / 2
            (aboveScreens, belowScreens) = (even, even)
        }
        let above = layout.indices(intersecting: top - Int(aboveScreens * Double(height)), top)
            .filter { layout.frames[$0].maxY <= top }
            .sorted { layout.frames[$0].maxY > layout.frames[$1].maxY }
        let below = layout.indices(intersecting: bottom, bottom + Int(belowScreens * Double(height)))
            .filter { layout.frames[$0].y >= bottom }
            .sorted { layout.frames[$0].y < layout.frames[$1].y }
        let (first, second) = direction < 0 ? (above, below) : (below, above)

        var prefetch: [Int] = []
        for index in interleave(first, second) {
            let c = cost(layout.frames[index], scale)
            if bytes + c > byteBudget { continue }
            bytes += c
            prefetch.append(index)
        }
        return Plan(visible: visible, prefetch: prefetch, wantedBytes: bytes, visibleOverBudget: overBudget)
    }

    /// Ahead-of-scroll cells come two for every one behind, so a fling fills the screen it is heading to.
    private func interleave(_ ahead: [Int], _ behind: [Int]) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(ahead.count + behind.count)
        var a = 0, b = 0
        while a < ahead.count || b < behind.count {
            for _ in 0..<2 where a < ahead.count { result.append(ahead[a]); a += 1 }
            if b < behind.count { result.append(behind[b]); b += 1 }
        }
        return result
    }

    private func distance(_ frame: Rect, to centre: Int) -> Int {
        if centre < frame.y { return frame.y - centre }
        if centre > frame.maxY { return centre - frame.maxY }
        return 0
    }

    /// Whether a load started now would still be of use when it finishes: at `velocity` (content px/s, + is down)
    /// over `loadTime` seconds the viewport travels on; a cell it will have left behind by then is not worth
    /// starting. At rest everything is. This is what keeps a fast fling from queueing loads that arrive stale.
    public static func isWorthLoading(_ frame: Rect, top: Int, height: Int, velocity: Double, loadTime: Double) -> Bool {
        let travel = velocity * max(0, loadTime)
        if travel > 0 { return Double(frame.maxY) > Double(top) + travel }
        if travel < 0 { return Double(frame.y) < Double(top + height) + travel }
        return true
    }

    public static func pixelSize(of frame: Rect, scale: Double) -> PixelSize {
        PixelSize(width: max(1, Int((Double(frame.width) * scale).rounded())),
                  height: max(1, Int((Double(frame.height) * scale).rounded())))
    }

    private func cost(_ frame: Rect, _ scale: Double) -> Int {
        ResidencyPolicy.pixelSize(of: frame, scale: scale).area * 4
    }
}
