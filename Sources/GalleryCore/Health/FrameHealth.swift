import Foundation

/// How the frame is doing, for whoever looks after it from afar (`GET /api/v1/state`'s `health`, MQTT's retained
/// state, Home Assistant's diagnostic sensors): how long it has run, why its display is on or off, whether its source
/// answers, how far the show's pass is, the caches, the process's memory and the machine's temperature and
/// throttling. Values that change all the time (uptime, memory, temperature, the caches) are samples taken at most
/// once a minute (`HealthSampler`), so the state, which MQTT publishes on every change, does not change every frame.
/// Encoded with snake_case keys; every value English.
public struct FrameHealth: Codable, Equatable, Sendable {
    /// Seconds the frame had run at the last sample.
    public var uptime: Int
    /// When the frame started, ISO 8601 in UTC ("2026-12-02T07:31:22Z").
    public var started: String
    /// Why the display is on or off now (`DisplayReason`): schedule, override, wake, night-clock or always.
    public var displayReason: String
    public var source: SourceHealth
    /// Photos in the show and how many this pass has shown (nil where the source cannot say how many it holds).
    public var pass: PassProgress?
    public var cache: CacheHealth
    /// The process's resident memory in bytes (`/proc/self/statm`), nil where unreadable.
    public var memory: Int?
    /// The CPU's temperature in °C (`ThermalZones`), nil where the machine reports none.
    public var temperature: Double?
    /// A Raspberry Pi's throttling (`ThrottledBits`), nil where it cannot be read.
    public var throttled: ThrottledBits?

    public struct SourceHealth: Codable, Equatable, Sendable {
        public var online: Bool
        /// The source's last error in words (English), nil while it answers.
        public var error: String?
        public init(online: Bool, error: String? = nil) { self.online = online; self.error = error }
    }

    public struct PassProgress: Codable, Equatable, Sendable {
        /// Photos this pass has shown, the one on screen included.
        public var shown: Int
        /// Photos in the show.
        public var total: Int
        public init(shown: Int, total: Int) { self.shown = shown; self.total = total }

        /// Where the show stands in its pass from the photo's place in the feed: a source's feed serves a pass
        /// whole from its first photo and the next pass after it, so the place counted round the show's size says
        /// how far this pass is. Nil before a photo or where the size is not known.
        public static func of(index: Int?, total: Int?) -> PassProgress? {
            guard let index, index >= 0, let total, total > 0 else { return nil }
            return PassProgress(shown: index % total + 1, total: total)
        }
    }

    public struct CacheHealth: Codable, Equatable, Sendable {
        /// Bytes the offline cache holds (0 without one).
        public var bytes: Int
        /// Hits over lookups of the offline and cell caches (0…1, two decimals), nil before the first lookup.
        public var hitRate: Double?
        public init(bytes: Int, hitRate: Double?) { self.bytes = bytes; self.hitRate = hitRate }
        enum CodingKeys: String, CodingKey { case bytes, hitRate = "hit_rate" }
    }

    public init(uptime: Int, started: String, displayReason: String, source: SourceHealth, pass: PassProgress?,
                cache: CacheHealth, memory: Int?, temperature: Double?, throttled: ThrottledBits?) {
        self.uptime = uptime; self.started = started; self.displayReason = displayReason; self.source = source
        self.pass = pass; self.cache = cache; self.memory = memory; self.temperature = temperature
        self.throttled = throttled
    }

    enum CodingKeys: String, CodingKey {
        case uptime, started, displayReason = "display_reason", source, pass, cache, memory, temperature, throttled
    }
}

/// Wall-clock times as the health reports them: ISO 8601 in UTC with its zone ("2026-12-02T07:31:22Z").
public enum HealthTime {
    public static func iso(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
