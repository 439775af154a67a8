import Foundation

/// When a calendar source is fetched again: on the wall clock's multiples of the refresh period after a success
/// (every 15 minutes: :00, :15, :30, :45), and after a failure sooner, doubling from `firstRetrySeconds` up to the
/// period itself, so a frame that boots before its network tries again soon without hammering a dead server.
public struct CalendarRefreshPlan: Equatable, Sendable {
    public let period: Double
    public let firstRetry: Double
    public private(set) var failures = 0

    public init(limits: CalendarLimits = CalendarLimits()) {
        period = max(1, limits.refreshSeconds); firstRetry = max(1, min(limits.firstRetrySeconds, limits.refreshSeconds))
    }

    /// After a fetch that worked at `time` (seconds since 1970): the next multiple of the period.
    public mutating func succeeded(at time: Double) -> Double {
        failures = 0
        return ((time / period).rounded(.down) + 1) * period
    }

    /// After a fetch that failed at `time`: 30 s, 60 s, 120 s … at most the period.
    public mutating func failed(at time: Double) -> Double {
        let wait = min(period, firstRetry * pow(2, Double(min(failures, 30))))
        failures += 1
        return time + wait
    }
}
