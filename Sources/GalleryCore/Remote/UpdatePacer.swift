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

/// Lines about the same kind of trouble (refused payloads, a broker that refuses us) at most once per `gap`
/// seconds, the next one saying how many were left out meanwhile: a flood of bad messages cannot flood the log.
public struct LogThrottle: Equatable, Sendable {
    public let gap: Double
    private var lastWritten: Double?
    private var leftOut = 0

    public init(gap: Double) { self.gap = gap }

    /// The line to write now, or nil to leave it out.
    public mutating func line(_ text: String, now: Double) -> String? {
        if let lastWritten, now - lastWritten < gap {
            leftOut += 1
            return nil
        }
        lastWritten = now
        defer { leftOut = 0 }
        return leftOut == 0 ? text : "\(text) (and \(leftOut) more like it left out)"
    }
}
