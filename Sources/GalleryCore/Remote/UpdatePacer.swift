import Foundation

/// When to send an update that may come many times a second (the frame's state to the broker): at once if the last
/// one went at least `minimumGap` seconds ago, else once that gap is over, carrying whatever is newest then. Times
/// are seconds on any monotonic clock; the caller keeps the timer.
public struct UpdatePacer: Equatable, Sendable {
    public let minimumGap: Double
    public private(set) var lastSent: Double?

    public init(minimumGap: Double) { self.minimumGap = minimumGap }

    /// How long to wait before sending, from `now` (0: send now).
    public func wait(now: Double) -> Double {
        guard let lastSent else { return 0 }
        return max(0, lastSent + minimumGap - now)
    }

    /// Notes a send at `now`.
    public mutating func sent(at now: Double) { lastSent = now }
}
