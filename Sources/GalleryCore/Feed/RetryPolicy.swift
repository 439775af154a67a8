/// Exponential backoff with jitter: attempt n waits base·factorⁿ⁻¹, capped, spread by ±jitter so many clients
/// (or many failed images) do not retry in lockstep. A server's `Retry-After` wins when it asks for longer.
public struct RetryPolicy: Equatable {
    public var base: Double
    public var factor: Double
    public var cap: Double
    public var jitter: Double

    public init(base: Double = 0.5, factor: Double = 2, cap: Double = 30, jitter: Double = 0.25) {
        self.base = base; self.factor = factor; self.cap = cap; self.jitter = jitter
    }

    /// Seconds to wait before attempt `failures + 1`. `unit` is a random number in [0, 1).
    public func delay(afterFailures failures: Int, retryAfter: Double? = nil, unit: Double) -> Double {
        let n = max(1, failures)
        var d = base
        for _ in 1..<n where d < cap { d *= factor }
        d = min(d, cap)
        d *= 1 + jitter * (2 * min(max(unit, 0), 1) - 1)
        if let after = retryAfter { d = max(d, after) }
        return d
    }
}
