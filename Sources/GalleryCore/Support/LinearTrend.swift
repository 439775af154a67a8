/// The least-squares line through (x, y) samples: how fast a figure drifts (the soak's RssAnon per hour).
public enum LinearTrend {
    /// The slope dy/dx of the least-squares fit; nil with fewer than two distinct x.
    public static func slope(_ points: [(x: Double, y: Double)]) -> Double? {
        guard points.count >= 2 else { return nil }
        let n = Double(points.count)
        let mx = points.reduce(0) { $0 + $1.x } / n
        let my = points.reduce(0) { $0 + $1.y } / n
        var sxy = 0.0, sxx = 0.0
        for p in points {
            sxy += (p.x - mx) * (p.y - my)
            sxx += (p.x - mx) * (p.x - mx)
        }
        return sxx > 0 ? sxy / sxx : nil
    }
}
