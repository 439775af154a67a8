/// Burn-in protection: every still thing on screen (the header, the end marker, the pane) moves by a few pixels
/// every few minutes, around a small square, so no pixel of an OLED or plasma panel shows the same edge for hours.
public struct PixelShift: Equatable, Sendable {
    /// Seconds between moves.
    public var period: Double
    /// Largest offset, logical pixels, either way.
    public var amplitude: Int

    public init(period: Double = 180, amplitude: Int = 3) {
        self.period = max(1, period); self.amplitude = max(0, amplitude)
    }

    /// The offset at `time` seconds: a walk round the square's border (corners and edge midpoints), one step a
    /// period, so successive offsets differ by at most `amplitude` on each axis.
    public func offset(at time: Double) -> (dx: Int, dy: Int) {
        guard amplitude > 0 else { return (0, 0) }
        let a = amplitude
        let path = [(0, 0), (a, 0), (a, a), (0, a), (-a, a), (-a, 0), (-a, -a), (0, -a), (a, -a)]
        let step = Int((max(0, time) / period).rounded(.down)) % path.count
        return path[step]
    }

    public static func == (a: PixelShift, b: PixelShift) -> Bool { a.period == b.period && a.amplitude == b.amplitude }
}
