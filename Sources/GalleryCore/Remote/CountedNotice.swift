import Foundation

/// A log line for something that may happen thousands of times a second (a flood of connections): said at its
/// first occurrence, then at most once every `interval` seconds with how many happened since. Time comes in as
/// `now` (seconds on any monotonic clock), so tests pass time without waiting.
public struct CountedNotice: Sendable {
    public let interval: Double
    /// Occurrences not yet said.
    public private(set) var pending = 0
    private var lastSaid: Double?

    public init(interval: Double) { self.interval = interval }

    /// Counts one occurrence at `now`: the count to say now (this one and those not yet said), or nil when the
    /// last line is too recent.
    public mutating func record(now: Double) -> Int? {
        pending += 1
        return due(now: now)
    }

    /// The count not yet said, if there is one and the interval has passed since the last line (for a timer, so
    /// the end of a flood is said too); nil otherwise.
    public mutating func flush(now: Double) -> Int? {
        pending > 0 ? due(now: now) : nil
    }

    private mutating func due(now: Double) -> Int? {
        if let lastSaid, now - lastSaid < interval { return nil }
        let count = pending
        pending = 0
        lastSaid = now
        return count
    }
}
