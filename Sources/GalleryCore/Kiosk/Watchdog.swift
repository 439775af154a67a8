/// Guards a kiosk against the frozen wall under a running clock: while the wall scrolls by itself and the source
/// is reachable, some new photo must reach the screen every `limit` seconds. If none has, `check` says why it
/// fires once (the caller logs it and asks again for the stalled pages and images), then watches anew.
public struct Watchdog: Equatable, Sendable {
    public var limit: Double
    private var lastProgress: Double?
    public private(set) var firings = 0

    public init(limit: Double = 180) { self.limit = max(1, limit) }

    /// A new photo was drawn (a texture uploaded), or watching (re)starts.
    public mutating func progress(at time: Double) { lastProgress = time }

    /// Whether to step in now. Not while paused, offline or asleep (then nothing is expected to arrive): the
    /// watch starts over when those end.
    public mutating func check(at time: Double, scrolling: Bool, online: Bool) -> Bool {
        guard scrolling, online else { lastProgress = nil; return false }
        guard let last = lastProgress else { lastProgress = time; return false }
        guard time - last >= limit else { return false }
        firings += 1
        lastProgress = time
        return true
    }
}
