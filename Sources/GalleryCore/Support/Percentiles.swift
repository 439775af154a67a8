/// Order statistics for the benchmark's figures (nearest-rank percentiles).
public struct Percentiles: Equatable {
    public let p50: Double
    public let p95: Double
    public let p99: Double
    public let max: Double
    public let count: Int

    public init(p50: Double, p95: Double, p99: Double, max: Double, count: Int) {
        self.p50 = p50; self.p95 = p95; self.p99 = p99; self.max = max; self.count = count
    }

    public init(_ values: [Double]) {
        let sorted = values.sorted()
        func rank(_ p: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            let index = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
            return sorted[Swift.max(0, Swift.min(sorted.count - 1, index))]
        }
        p50 = rank(50); p95 = rank(95); p99 = rank(99)
        max = sorted.last ?? 0
        count = sorted.count
    }
}

/// Durations counted in fixed bins (0.01 ms wide up to `limit`, one bin above), so an hour of frames takes the same
/// memory as a minute: a soak that measures memory drift must not drift itself. Percentiles are exact to a bin; the
/// maximum is exact.
public struct DurationHistogram {
    public static let binWidth = 0.01
    private var bins: [Int]
    private let limit: Double
    public private(set) var count = 0
    public private(set) var max = 0.0

    public init(limit: Double = 250) {
        self.limit = limit
        bins = Array(repeating: 0, count: Int((limit / DurationHistogram.binWidth).rounded()) + 1)
    }

    public mutating func add(_ value: Double) {
        let bin = Swift.min(bins.count - 1, Swift.max(0, Int(value / DurationHistogram.binWidth)))
        bins[bin] += 1
        count += 1
        max = Swift.max(max, value)
    }

    /// Nearest-rank percentiles, each the upper edge of its bin (the maximum where that is smaller).
    public var percentiles: Percentiles {
        func rank(_ p: Double) -> Double {
            guard count > 0 else { return 0 }
            let target = Swift.max(1, Int((p / 100 * Double(count)).rounded(.up)))
            var seen = 0
            for (i, n) in bins.enumerated() {
                seen += n
                guard seen >= target else { continue }
                return i == bins.count - 1 ? max : Swift.min(max, Double(i + 1) * DurationHistogram.binWidth)
            }
            return max
        }
        return Percentiles(p50: rank(50), p95: rank(95), p99: rank(99), max: max, count: count)
    }
}
