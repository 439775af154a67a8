import Foundation

/// Where the house's values wait for the frame (`--show-value`): the MQTT client's thread leaves each message here,
/// the value overlay reads the board when its refresh comes (`HouseValueOverlay.refreshSeconds`). Only the latest
/// payload of each topic is kept, bounded in bytes, so a topic flooding the broker costs one payload of memory and
/// at most a few redraws a second; a flood is said once in the log (`FloodWatch`).
///
/// Threads: every field is touched under `lock` (the MQTT thread writes, the main thread reads).
public final class HouseValueBoard: @unchecked Sendable, Equatable {
    public let lines: [HouseValueLine]
    /// Each line's topic, once.
    public let topics: [String]

    /// Seconds of silence on a topic before its value is stale (`HouseValueStaleness`).
    public let staleAfter: Double

    private let lock = NSLock()
    private var latest: [String: Data] = [:]
    /// When each topic's latest payload came, on `clock`.
    private var heardAt: [String: Double] = [:]
    private var lost = false
    private var generation = 0
    private var floods: [String: FloodWatch] = [:]
    private var refusals = LogThrottle(interval: 60)
    /// Seconds of a monotonic clock (a wall clock set back or forward must not age a value).
    private let clock: @Sendable () -> Double

    public init(lines: [HouseValueLine], staleAfter: Double = HouseValueStaleness.defaultAfter,
                clock: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }) {
        self.lines = lines
        self.staleAfter = staleAfter
        self.clock = clock
        var seen = Set<String>()
        topics = lines.map(\.topic).filter { seen.insert($0).inserted }
    }

    /// Keeps `payload` as the latest of `topic` (larger than `HouseValuePayload.maxBytes`: refused, the last value
    /// stays); a line for the log when something should be said (a flood begins, a payload too large). `now`: seconds
    /// of a monotonic clock.
    public func receive(topic: String, payload: Data, now: Double) -> String? {
        guard topics.contains(topic) else { return nil }
        lock.lock(); defer { lock.unlock() }
        let shown = ExternalText.clean(topic, maxCharacters: 80)
        guard payload.count <= HouseValuePayload.maxBytes else {
            return refusals.line("mqtt: refused a value of \(payload.count) bytes on \(shown) (at most "
                                 + "\(HouseValuePayload.maxBytes)); the last value stays", at: now)
        }
        latest[topic] = payload
        heardAt[topic] = clock()
        generation &+= 1
        var watch = floods[topic] ?? FloodWatch()
        defer { floods[topic] = watch }
        guard watch.heard(at: now) != nil else { return nil }
        return "mqtt: \(shown) floods the frame (over \(FloodWatch.limit) messages a second): only the latest is kept, "
            + "shown at most \(Int(1 / HouseValueOverlay.refreshSeconds)) times a second"
    }

    /// What the board holds now: a number that changes with every payload kept, and the latest payload by topic.
    public func snapshot() -> (generation: Int, payloads: [String: Data]) {
        lock.lock(); defer { lock.unlock() }
        return (generation, latest)
    }

    /// Whether the frame lost its broker (the bridge says so; false again once it is back): no value can change
    /// until then, so each says it may be old.
    public var brokerLost: Bool {
        get { lock.lock(); defer { lock.unlock() }; return lost }
        set {
            lock.lock(); defer { lock.unlock() }
            if lost != newValue { generation &+= 1 }
            lost = newValue
        }
    }

    /// What the value overlay reads: the snapshot, each topic's age in seconds, and whether the broker is lost.
    public func look() -> (generation: Int, payloads: [String: Data], ages: [String: Double], brokerLost: Bool) {
        lock.lock(); defer { lock.unlock() }
        let now = clock()
        return (generation, latest, heardAt.mapValues { now - $0 }, lost)
    }

    /// The payloads kept, in bytes (the flood's test reads it).
    public var bytesKept: Int {
        lock.lock(); defer { lock.unlock() }
        return latest.values.reduce(0) { $0 + $1.count }
    }

    /// One board is one board: the configuration that holds it compares it by identity.
    public static func == (a: HouseValueBoard, b: HouseValueBoard) -> Bool { a === b }
}

/// Whether a topic floods: more than `limit` messages within a second. A flood is said once when it begins, and
/// again only after it ended (a whole second at or under the limit) and at least `quiet` seconds later.
public struct FloodWatch: Equatable, Sendable {
    public static let limit = 50
    public static let quiet = 60.0

    private var windowStart = -Double.infinity
    private var count = 0
    private var flooding = false
    private var lastSaid = -Double.infinity

    public init() {}

    /// A message heard at `now`; the count so far in this second when a flood is to be said.
    public mutating func heard(at now: Double) -> Int? {
        if now - windowStart >= 1 {
            if count <= FloodWatch.limit { flooding = false }
            windowStart = now
            count = 0
        }
        count += 1
        guard !flooding, count > FloodWatch.limit else { return nil }
        flooding = true
        guard now - lastSaid >= FloodWatch.quiet else { return nil }
        lastSaid = now
        return count
    }
}
