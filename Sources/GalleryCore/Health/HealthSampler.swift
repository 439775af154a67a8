import Foundation

/// The values of the health that change all the time (uptime, memory, temperature, throttling, the caches), read
/// together (`HealthSample`) and kept for a minute: the state is compared on every frame and published by MQTT on
/// every change, so these change it at most once a minute. Driven by the loop's clock (monotonic seconds); pure.
public struct HealthSampler<Sample> {
    /// Seconds a sample is kept.
    public let period: Double
    public private(set) var sample: Sample?
    private var takenAt: Double?

    public init(period: Double = HealthSample.period) { self.period = period }

    /// The sample kept, or a new one (`take`) when none is kept yet or it is `period` old.
    public mutating func current(now: Double, take: () -> Sample) -> Sample {
        if let sample, let takenAt, now >= takenAt, now - takenAt < period { return sample }
        let fresh = take()
        sample = fresh
        takenAt = now
        return fresh
    }
}

/// One reading of the values that change all the time.
public struct HealthSample: Equatable, Sendable {
    /// A minute: how often the state may change for these.
    public static let period = 60.0
    public var uptime: Int
    public var memory: Int?
    public var temperature: Double?
    public var throttled: ThrottledBits?
    public var cache: FrameHealth.CacheHealth
    public init(uptime: Int, memory: Int?, temperature: Double?, throttled: ThrottledBits?,
                cache: FrameHealth.CacheHealth) {
        self.uptime = uptime; self.memory = memory; self.temperature = temperature; self.throttled = throttled
        self.cache = cache
    }
}

/// Hits and misses of a cache, counted from any thread (the offline cache's queue, the decode workers).
public final class CacheTally: @unchecked Sendable {
    private let lock = NSLock()
    private var hits = 0
    private var misses = 0

    public init() {}

    public func hit() { lock.lock(); hits += 1; lock.unlock() }
    public func miss() { lock.lock(); misses += 1; lock.unlock() }

    /// Hits and misses so far.
    public var counts: (hits: Int, misses: Int) { lock.lock(); defer { lock.unlock() }; return (hits, misses) }

    /// Hits over lookups of several tallies, to two decimals; nil before the first lookup.
    public static func rate(_ tallies: [CacheTally]) -> Double? {
        let counts = tallies.map(\.counts)
        let hits = counts.reduce(0) { $0 + $1.hits }, lookups = counts.reduce(0) { $0 + $1.hits + $1.misses }
        guard lookups > 0 else { return nil }
        return (Double(hits) / Double(lookups) * 100).rounded() / 100
    }
}
