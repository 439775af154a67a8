/// The frame's metrics (`GET /metrics`, prefix `tessera_`): made once at composition and handed to whoever
/// observes (the loop, the decode pool, the HTTP client); no other copy exists. The numbers that are read rather
/// than counted (memory, the display, the clips) come as `Readings` when a scrape asks.
public final class FrameMetrics: Sendable {
    /// Seconds of a whole frame's work in the loop (input, the participants, drawing, presenting).
    public let frameSeconds = Histogram(bounds: [0.001, 0.002, 0.004, 0.008, 0.012, 0.016, 0.025, 0.033, 0.05, 0.1, 0.25, 0.5, 1])
    /// Photos that came on screen (the photo shown changed).
    public let photosShown = Counter()
    /// Image decodes: seconds each, and the ones that failed.
    public let decode = TimedWork(seconds: Histogram(bounds: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]))
    /// HTTP requests: seconds each to the last byte, and the ones that failed (no answer, or an error status).
    public let fetch = TimedWork(seconds: Histogram(bounds: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]))
    /// Other errors, by kind (`source`: a page that failed, `store`: the offline cache's, `remote_refused`: a request
    /// without the token or with a wrong one, `command_refused`: a remote's command the frame did not carry out);
    /// fetches' and decodes' are their own.
    public let errors = LabelledCounter(label: "kind", known: FrameMetrics.errorKinds)

    public static let errorKinds = ["source", "store", "remote_refused", "command_refused"]

    public init() {}

    /// What a scrape reads when it comes (nil: not known on this machine).
    public struct Readings: Sendable {
        public var uptime: Double
        public var residentBytes: Double?
        public var clipsPlaying: Int
        public var displayOn: Bool
        public var photos: Int
        public var temperatureCelsius: Double?
        public var cacheBytes: Double?
        public var cacheHitRatio: Double?
        /// The caches' lookups answered and not, since the start.
        public var cacheLookups: (hits: Int, misses: Int)?
        public init(uptime: Double, residentBytes: Double? = nil, clipsPlaying: Int = 0, displayOn: Bool = true,
                    photos: Int = 0, temperatureCelsius: Double? = nil, cacheBytes: Double? = nil,
                    cacheHitRatio: Double? = nil) {
            self.uptime = uptime; self.residentBytes = residentBytes; self.clipsPlaying = clipsPlaying
            self.displayOn = displayOn; self.photos = photos; self.temperatureCelsius = temperatureCelsius
            self.cacheBytes = cacheBytes; self.cacheHitRatio = cacheHitRatio
        }
    }

    /// Every metric in Prometheus's text format.
    public func text(_ readings: Readings) -> String {
        var out = PrometheusText()
        out.family("tessera_frame_seconds", help: "Seconds of a whole frame's work in the loop.", kind: .histogram)
        out.histogram("tessera_frame_seconds", frameSeconds.snapshot)
        out.family("tessera_photos_shown_total", help: "Photos that came on screen.", kind: .counter)
        out.sample("tessera_photos_shown_total", photosShown.value)
        out.family("tessera_decode_seconds", help: "Seconds an image decode took.", kind: .histogram)
        out.histogram("tessera_decode_seconds", decode.seconds.snapshot)
        out.family("tessera_fetch_seconds", help: "Seconds an HTTP request took, to its last byte.", kind: .histogram)
        out.histogram("tessera_fetch_seconds", fetch.seconds.snapshot)
        out.family("tessera_errors_total", help: "Errors, by kind.", kind: .counter)
        let kinds = [("decode", decode.failures.value), ("fetch", fetch.failures.value)] + errors.values
        for (kind, total) in kinds.sorted(by: { $0.0 < $1.0 }) { out.sample("tessera_errors_total", total, labels: [("kind", kind)]) }
        gauge(&out, "tessera_uptime_seconds", "Seconds since the frame started.", readings.uptime)
        gauge(&out, "tessera_resident_memory_bytes", "The process's resident memory.", readings.residentBytes)
        gauge(&out, "tessera_clips_playing", "Clips, animations and Live Photos playing.", Double(readings.clipsPlaying))
        gauge(&out, "tessera_display_on", "1 while the display is on, 0 while it is off.", readings.displayOn ? 1 : 0)
        gauge(&out, "tessera_photos", "Photos in the show.", Double(readings.photos))
        gauge(&out, "tessera_temperature_celsius", "The processor's temperature.", readings.temperatureCelsius)
        gauge(&out, "tessera_cache_bytes", "Bytes the photo cache holds on disk.", readings.cacheBytes)
        gauge(&out, "tessera_cache_hit_ratio", "Share of the cache's reads it could answer (0 to 1).", readings.cacheHitRatio)
        if let lookups = readings.cacheLookups {
            out.family("tessera_cache_lookups_total", help: "The caches' lookups, answered (hit) or not (miss).", kind: .counter)
            out.sample("tessera_cache_lookups_total", Double(lookups.hits), labels: [("result", "hit")])
            out.sample("tessera_cache_lookups_total", Double(lookups.misses), labels: [("result", "miss")])
        }
        return out.text
    }

    private func gauge(_ out: inout PrometheusText, _ name: String, _ help: String, _ value: Double?) {
        guard let value else { return }
        out.family(name, help: help, kind: .gauge)
        out.sample(name, value)
    }
}
