/// Lines of an overlay's large lettering fitted to the room across the window: sized to the window's height, they
/// may be far wider than a narrow portrait panel (80 characters at 3.5 % of 800 px is about 1,200 px on a 480 px
/// window). The size shrinks in a few steps until the widest line fits (all lines keep one size, so the stack reads
/// as one), and a line still too wide at the smallest is cut with an ellipsis (`TextFit`). Few steps: each size is a
/// font opened once and kept.
public enum OverlayLineFit {
    /// The shares of the asked size tried, largest first; the last is the smallest a line is drawn at.
    public static let steps = [1.0, 0.85, 0.72, 0.6]

    /// `lines` at `pixels` in `width`; `measure(text, pixels)` says a line's drawn width. The size chosen, and each
    /// line as drawn (whole, or cut with an ellipsis so that it measures at most `width`).
    public static func fit(_ lines: [String], pixels: Int, width: Int,
                           measure: (String, Int) -> Int) -> (pixels: Int, lines: [String]) {
        let found = share(fitting: width) { share in
            lines.allSatisfy { measure($0, size(pixels, share)) <= width } ? 0 : width + 1
        }
        let chosen = size(pixels, found.share)
        return found.fits ? (chosen, lines) : (chosen, lines.map { TextFit.fit($0, width: width) { measure($0, chosen) } })
    }

    /// The same steps for a box of mixed sizes (the weather: a large temperature, smaller words, a row of icons):
    /// `widest(share)` says how wide the box is with every size at `share` of its own. The largest step at which it
    /// fits in `width`; else the smallest, `fits` false (what is still too wide is then cut by its owner).
    public static func share(fitting width: Int, widest: (Double) -> Int) -> (share: Double, fits: Bool) {
        for step in steps where widest(step) <= width { return (step, true) }
        return (steps[steps.count - 1], false)
    }

    /// `pixels` at `share` of it, whole, at least 1.
    public static func size(_ pixels: Int, _ share: Double) -> Int { max(1, Int((Double(pixels) * share).rounded())) }
}
