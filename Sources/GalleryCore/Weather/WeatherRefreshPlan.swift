/// When the weather is fetched again, on the wall clock: every `interval` plus up to `jitter` (so frames that
/// started together do not ask together), sooner after a failure with a backoff that doubles from `firstRetry` up
/// to `interval`, never sooner than a server's Retry-After. Pure: the random share is given.
public struct WeatherRefreshPlan: Equatable, Sendable {
    public var interval = 20.0 * 60
    public var jitter = 10.0 * 60
    public var firstRetry = 30.0
    /// Share of a retry's delay added at random (up to a quarter).
    public var retryJitterShare = 0.25

    public init() {}

    /// The next fetch after a good one at `time`; `random` in 0…1.
    public func next(afterSuccessAt time: Double, random: Double) -> Double {
        time + interval + jitter * clamp(random)
    }

    /// The next fetch after the `failures`-th failure in a row at `time` (1 for the first).
    public func next(afterFailure failures: Int, at time: Double, retryAfter: Double? = nil, random: Double) -> Double {
        let doublings = Double(min(max(failures, 1) - 1, 20))
        let delay = min(interval, firstRetry * pow2(doublings)) * (1 + retryJitterShare * clamp(random))
        return time + max(delay, min(retryAfter ?? 0, 3600))
    }

    /// The first fetch of a run that starts at `time` with a forecast kept from `fetchedAt` (nil: none): at once
    /// unless the kept one is fresh, then when it would have been fetched again.
    public func first(at time: Double, keptFrom fetchedAt: Double?) -> Double {
        guard let fetchedAt, fetchedAt <= time, time - fetchedAt < interval else { return time }
        return fetchedAt + interval
    }

    /// Whether a fetch planned for `due` is due at `time`: once the time reaches it, and at once when the wall clock
    /// went back by more than an interval since it was planned at `plannedAt` (an NTP step, a Pi's clock set at boot).
    public func isDue(_ due: Double, at time: Double, plannedAt: Double) -> Bool {
        time >= due || time < plannedAt - 60
    }

    private func clamp(_ x: Double) -> Double { x.isFinite ? min(1, max(0, x)) : 0 }
    private func pow2(_ n: Double) -> Double { var v = 1.0; for _ in 0..<Int(n) { v *= 2 }; return v }
}

/// "as of 2 h ago": how old a forecast is, said only when it is older than a fetch or two would leave it.
public enum WeatherAge {
    /// Younger than this, a forecast is current and its age is not said.
    public static let sayAfter = 40.0 * 60
    /// Older than this, a forecast is not shown at all: its days have passed.
    public static let showFor = 3.0 * 86_400

    /// The age words at `time` of a forecast fetched at `fetchedAt`; nil while it is current (or from a clock that
    /// has since gone back).
    public static func words(fetchedAt: Double, now time: Double) -> String? {
        let age = time - fetchedAt
        guard age >= sayAfter else { return nil }
        let minutes = Int(age / 60)
        // Translators: how old a forecast (or a calendar's kept copy) is; "min" is minutes, short.
        if minutes < 60 { return trn("as of {count} min ago", "as of {count} min ago", count: minutes) }
        let hours = minutes / 60
        // Translators: how old a forecast (or a calendar's kept copy) is; "h" is hours, short.
        if hours < 48 { return trn("as of {count} h ago", "as of {count} h ago", count: hours) }
        return trn("as of {count} day ago", "as of {count} days ago", count: hours / 24)
    }

    /// Whether a forecast fetched at `fetchedAt` is still worth showing at `time`.
    public static func shows(fetchedAt: Double, now time: Double) -> Bool {
        time - fetchedAt <= showFor && fetchedAt - time <= showFor
    }
}
