import Foundation

/// Wrong tokens counted per client, to slow guessing (a 256-bit token cannot be guessed anyway; this keeps a
/// scanner from hammering the frame and the log): after `limit` failures within `window` seconds, a client's wrong
/// tokens are refused for `window` seconds (the right one never is: the server checks it first, and counts only
/// failures, since one address is everyone behind a router). The table is bounded: entries whose time has
/// passed are dropped when room is needed, then the oldest. Time comes in as `now` (seconds on any monotonic clock),
/// so tests pass time without waiting.
public struct FailedAttempts: Sendable {
    struct Record: Sendable {
        var failures: Int
        var windowStart: Double
        var blockedUntil: Double?
    }

    public let limit: Int
    public let window: Double
    public let capacity: Int
    private var records: [String: Record] = [:]

    public init(limit: Int, window: Double, capacity: Int) {
        self.limit = max(1, limit); self.window = window; self.capacity = max(1, capacity)
    }

    public init(limits: RemoteLimits) {
        self.init(limit: limits.failuresAllowed, window: limits.failureWindowSeconds, capacity: limits.clientsRemembered)
    }

    /// Clients remembered now.
    public var count: Int { records.count }

    /// Seconds until `client` may try again, or nil when it may now.
    public func retryAfter(client: String, now: Double) -> Double? {
        guard let until = records[client]?.blockedUntil, until > now else { return nil }
        return until - now
    }

    /// Counts a wrong token from `client`; true when this failure blocks it.
    @discardableResult
    public mutating func recordFailure(client: String, now: Double) -> Bool {
        var record = records[client] ?? Record(failures: 0, windowStart: now)
        if record.blockedUntil.map({ $0 <= now }) ?? (now - record.windowStart >= window) {
            record = Record(failures: 0, windowStart: now)
        }
        if records[client] == nil { makeRoom(now: now) }
        record.failures += 1
        let blocks = record.failures >= limit && record.blockedUntil == nil
        if blocks { record.blockedUntil = now + window }
        records[client] = record
        return blocks
    }

    /// A right token: the client's failures are forgotten.
    public mutating func recordSuccess(client: String) { records[client] = nil }

    /// Drops the entries whose time has passed, and if the table is still full the one counting longest.
    private mutating func makeRoom(now: Double) {
        guard records.count >= capacity else { return }
        records = records.filter { _, record in
            if let until = record.blockedUntil { return until > now }
            return now - record.windowStart < window
        }
        if records.count >= capacity, let oldest = records.min(by: { $0.value.windowStart < $1.value.windowStart }) {
            records[oldest.key] = nil
        }
    }
}
