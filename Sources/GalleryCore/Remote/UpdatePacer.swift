import Foundation

/// When to send an update that may come many times a second (the frame's state to the broker, the state looked at
/// for the remotes): at once if the last one went at least `minimumGap` seconds ago, else once that gap is over,
/// carrying whatever is newest then. A change that comes inside the gap is postponed, never dropped: `changed`
/// says when to come back, and the caller keeps a timer (or wakes its loop) for then. Times are seconds on any
/// monotonic clock.
public struct UpdatePacer: Equatable, Sendable {
    public let minimumGap: Double
    public private(set) var lastSent: Double?
    /// When a postponed update is due (a timer is set for it); nil when none waits.
    public private(set) var postponedUntil: Double?

    public init(minimumGap: Double) { self.minimumGap = minimumGap }

    /// What to do about a change.
    public enum Step: Equatable, Sendable {
        /// Send now (and note it with `sent(at:)`).
        case sendNow
        /// Set a timer for this many seconds; then call `due(now:)`.
        case sendAfter(Double)
        /// A timer is set already: the newest change goes when it fires.
        case alreadyPostponed
    }

    /// How long to wait before sending, from `now` (0: send now).
    public func wait(now: Double) -> Double {
        guard let lastSent else { return 0 }
        return max(0, lastSent + minimumGap - now)
    }

    /// Something changed at `now`: send it now, or come back once the gap is over.
    public mutating func changed(now: Double) -> Step {
        if let postponedUntil {
            // A timer that was never taken up (a loop that did not turn) does not hold every later change back.
            if now < postponedUntil + minimumGap { return .alreadyPostponed }
            self.postponedUntil = nil
        }
        let wait = self.wait(now: now)
        guard wait > 0 else { return .sendNow }
        postponedUntil = now + wait
        return .sendAfter(wait)
    }

    /// The timer set by `sendAfter` fired: whether the postponed update is still to send (false when something
    /// sent meanwhile carried it).
    public mutating func due() -> Bool {
        guard postponedUntil != nil else { return false }
        postponedUntil = nil
        return true
    }

    /// Notes a send at `now`.
    public mutating func sent(at now: Double) {
        lastSent = now
        postponedUntil = nil
    }
}
