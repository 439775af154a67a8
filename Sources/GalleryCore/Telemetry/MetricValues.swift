import Foundation

/// A number that only goes up (photos shown, errors). Any thread: an add is a lock and an addition.
public final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0.0
    public init() {}
    public func add(_ amount: Double = 1) {
        guard amount > 0 else { return }
        lock.lock(); total += amount; lock.unlock()
    }
    public var value: Double { lock.lock(); defer { lock.unlock() }; return total }
}

/// Counters by one label's value (errors by kind). At most `mostValues` different values: the rest count as
/// "other", so a caller cannot grow the scrape without bound.
public final class LabelledCounter: @unchecked Sendable {
    public let label: String
    public static let mostValues = 32
    private let lock = NSLock()
    private var totals: [String: Double] = [:]
    public init(label: String, known: [String] = []) {
        self.label = label
        for value in known.prefix(LabelledCounter.mostValues) { totals[value] = 0 }
    }
    public func add(_ value: String, _ amount: Double = 1) {
        guard amount > 0 else { return }
        lock.lock(); defer { lock.unlock() }
        let key = totals[value] != nil || totals.count < LabelledCounter.mostValues ? value : "other"
        totals[key, default: 0] += amount
    }
    /// Every value's total, by value.
    public var values: [(String, Double)] {
        lock.lock(); defer { lock.unlock() }
        return totals.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}

/// A number that goes up and down (memory, clips playing), set from any thread.
public final class Gauge: @unchecked Sendable {
    private let lock = NSLock()
    private var number = 0.0
    public init() {}
    public func set(_ value: Double) { lock.lock(); number = value; lock.unlock() }
    public var value: Double { lock.lock(); defer { lock.unlock() }; return number }
}

/// Observations counted in buckets by their upper bounds (seconds a frame's work took), with their sum: an
/// observation is a lock, a search of a dozen bounds and two additions.
public final class Histogram: @unchecked Sendable {
    /// The counts as a scrape reads them: per bucket (not cumulative; `PrometheusText` adds them up), the sum and
    /// the count of every observation (those over the last bound included).
    public struct Snapshot: Equatable, Sendable {
        public var bounds: [Double]
        public var counts: [UInt64]
        public var sum: Double
        public var count: UInt64
    }

    public let bounds: [Double]
    private let lock = NSLock()
    private var counts: [UInt64]
    private var sum = 0.0
    private var count: UInt64 = 0

    /// `bounds`: the buckets' upper bounds (sorted here; `+Inf` is always there).
    public init(bounds: [Double]) {
        self.bounds = Array(Set(bounds.filter { $0.isFinite })).sorted()
        counts = Array(repeating: 0, count: self.bounds.count)
    }

    public func observe(_ value: Double) {
        guard !value.isNaN else { return }
        let bucket = bounds.firstIndex { value <= $0 }
        lock.lock()
        if let bucket { counts[bucket] += 1 }
        sum += value
        count += 1
        lock.unlock()
    }

    public var snapshot: Snapshot {
        lock.lock(); defer { lock.unlock() }
        return Snapshot(bounds: bounds, counts: counts, sum: sum, count: count)
    }
}

/// One kind of work timed and its failures counted (fetches, decodes), handed to the worker that does it.
public struct TimedWork: Sendable {
    public let seconds: Histogram
    public let failures: Counter
    public init(seconds: Histogram, failures: Counter = Counter()) { self.seconds = seconds; self.failures = failures }
}
