/// Whether the server can be reached, judged from what requests report: a network failure makes the gallery
/// offline, any answer from the server makes it online again. While offline it says when to probe, backing off.
public struct Connectivity: Equatable {
    public private(set) var isOnline = true
    public private(set) var nextProbe: Double = 0
    private var probes = 0
    private let retry: RetryPolicy

    public init(retry: RetryPolicy = RetryPolicy(base: 1, factor: 2, cap: 30)) { self.retry = retry }

    /// A request failed because the server could not be reached. Returns true if this went offline.
    @discardableResult
    public mutating func networkFailed(now: Double, unit: Double = 0.5) -> Bool {
        let wasOnline = isOnline
        if wasOnline {
            isOnline = false
            probes = 0
            nextProbe = now + retry.delay(afterFailures: 1, unit: unit)
        }
        return wasOnline
    }

    /// The server answered (with anything). Returns true if this came back online.
    @discardableResult
    public mutating func serverAnswered() -> Bool {
        defer { isOnline = true; probes = 0 }
        return !isOnline
    }

    /// Offline, and the next probe is due.
    public func shouldProbe(now: Double) -> Bool { !isOnline && now >= nextProbe }

    /// A probe went out; the next one waits longer.
    public mutating func probeSent(now: Double, unit: Double = 0.5) {
        probes += 1
        nextProbe = now + retry.delay(afterFailures: probes + 1, unit: unit)
    }
}
