@_spi(Bench) import TesseraApp
import Foundation
import GalleryCore

/// What `bench --soak` watches while the kiosk scrolls: memory each minute, RssAnon every 5 s once the first pass
/// through the catalogue is over (its least-squares slope is the drift), and stalls: spells of a second or more in
/// which the running auto-scroll did not move the wall, and the kiosk watchdog stepping in.
struct SoakTrack {
    static let driftInterval = 5.0
    static let stallSeconds = 1.0

    private(set) var minutes: [(minute: Int, rssMB: Double, anonMB: Double)] = []
    private(set) var drift: [(x: Double, y: Double)] = []
    private(set) var firstPassSeconds: Double?
    private(set) var stalls = 0
    private(set) var mostItemsHeld = 0
    private var lastDriftSample = -Double.infinity
    private var lastMove: (position: Int, at: Double)?
    private var inStall = false
    /// Outages of the server: when it went down and came back (soak seconds), and how long after its return the app
    /// was back on the real feed (online again).
    private(set) var outages: [(down: Double, up: Double?, backAfter: Double?)] = []
    /// Stalls that began outside an outage (the bound: none).
    private(set) var stallsOutsideOutages = 0

    /// One frame `elapsed` seconds into the soak. `position` only grows while the wall moves down; `topPass` is the
    /// pass of the item at the top of the viewport.
    mutating func frame(elapsed: Double, position: Int, running: Bool, topPass: Int, itemsHeld: Int,
                        memory: () -> ProcessMemory) {
        mostItemsHeld = max(mostItemsHeld, itemsHeld)
        if firstPassSeconds == nil, topPass >= 1 { firstPassSeconds = elapsed }
        if minutes.count < Int(elapsed / 60) {
            let m = memory()
            minutes.append((minutes.count + 1, m.rssMB, m.anonMB))
        }
        if firstPassSeconds != nil, elapsed - lastDriftSample >= SoakTrack.driftInterval {
            lastDriftSample = elapsed
            drift.append((elapsed, memory().anonMB))
        }
        if lastMove == nil || position > lastMove!.position || !running {
            lastMove = (position, elapsed)
            inStall = false
        } else if !inStall, elapsed - lastMove!.at >= SoakTrack.stallSeconds {
            inStall = true
            stalls += 1
            // A stall in an outage (or within 30 s of its end) is the outage's; any other is the app's.
            if !inOutage(elapsed) { stallsOutsideOutages += 1 }
        }
    }

    private func inOutage(_ t: Double) -> Bool {
        outages.contains { t >= $0.down && t <= ($0.up ?? .infinity) + 30 }
    }

    mutating func serverWentDown(at t: Double) { outages.append((t, nil, nil)) }
    mutating func serverCameBack(at t: Double) {
        guard !outages.isEmpty else { return }
        outages[outages.count - 1].up = t
    }
    /// The app is online (its last request reached the server) at `t`.
    mutating func online(at t: Double) {
        guard let last = outages.last, let up = last.up, last.backAfter == nil else { return }
        outages[outages.count - 1].backAfter = t - up
    }

    mutating func watchdogFired() { stalls += 1 }

    /// RssAnon's drift after the first pass, in MB per hour of soak.
    var anonMBPerHour: Double? { LinearTrend.slope(drift).map { $0 * 3600 } }

    /// Seconds the drift was measured over.
    var driftWindow: Double { (drift.last?.x ?? 0) - (drift.first?.x ?? 0) }

    /// The shortest window whose slope is held to the bound: RssAnon moves by a few MB from one moment to the next
    /// (cells of other sizes, decodes in flight), which over two minutes reads as tens of MB an hour either way.
    static let boundedDriftWindow = 600.0
}

struct SoakFigures {
    let track: SoakTrack
    let passes: Int

    var firstPassSeconds: Double? { track.firstPassSeconds }
    var anonMBPerHour: Double? { track.anonMBPerHour }
    var driftIsBounded: Bool { track.driftWindow >= SoakTrack.boundedDriftWindow }
    var stalls: Int { track.stalls }

    var json: [String: Any] {
        var object: [String: Any] = [
            "stalls": track.stalls,
            "passes": passes,
            "items_held_max": track.mostItemsHeld,
            "drift_samples": track.drift.count,
            "drift_window_s": BenchReport.round(track.driftWindow),
            "minutes": track.minutes.map { ["minute": $0.minute, "rss_mb": BenchReport.round($0.rssMB),
                                            "anon_mb": BenchReport.round($0.anonMB)] },
        ]
        object["first_pass_s"] = track.firstPassSeconds.map(BenchReport.round) ?? NSNull()
        if !track.outages.isEmpty {
            object["outages"] = track.outages.map { o -> [String: Any] in
                ["down_s": BenchReport.round(o.down), "up_s": o.up.map(BenchReport.round) ?? NSNull(),
                 "back_on_feed_after_s": o.backAfter.map(BenchReport.round) ?? NSNull()]
            }
            object["stalls_outside_outages"] = track.stallsOutsideOutages
        }
        object["anon_mb_per_hour"] = track.anonMBPerHour.map(BenchReport.round) ?? NSNull()
        return object
    }
}
