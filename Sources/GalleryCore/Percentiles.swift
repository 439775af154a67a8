/// Order statistics for the benchmark's figures (nearest-rank percentiles).
public struct Percentiles: Equatable {
    public let p50: Double
    public let p95: Double
    public let p99: Double
    public let max: Double
    public let count: Int

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
