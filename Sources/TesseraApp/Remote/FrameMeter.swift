import Foundation
import GalleryCore

/// The loop's side of the metrics (`FrameMetrics`): the seconds of each whole frame's work, from the turn's start
/// (before input and the participants) to the frame presented, and each photo that comes on screen; and what a scrape
/// reads when it asks. Main thread only; an observation is a lock and an add.
final class FrameMeter {
    let metrics: FrameMetrics
    private let started: Double
    private var frameBegan: Double?
    private var photoShown: String?
    private let system = SystemReadings()

    init(metrics: FrameMetrics, now: Double) { self.metrics = metrics; started = now }

    /// A turn that draws began at `now` (the loop's clock).
    func began(at now: Double) { frameBegan = now }

    /// The turn's frame was presented at `now`, showing `model`.
    func presented(at now: Double, model: GalleryModel) {
        if let began = frameBegan { metrics.frameSeconds.observe(max(0, now - began)) }
        frameBegan = nil
        let shown = FrameState.photoShown(in: model)?.photo.id
        if let shown, shown != photoShown { metrics.photosShown.add() }
        photoShown = shown
    }

    /// A source's page that failed, a store's problem: the errors by kind.
    func count(_ delivery: FeedDelivery) {
        switch delivery {
        case .page(_, .failure): metrics.errors.add("source")
        case .storeProblem: metrics.errors.add("store")
        default: break
        }
    }

    /// The readings a scrape asks for, now: the resident memory read afresh (statm, one small file), the
    /// temperature from the health's last sample (`HealthWatch`, once a minute: a scraper polling every second
    /// must not walk the thermal zones on the main thread each time), the caches' from their tallies.
    func readings(of app: GalleryApp, now: Double) -> FrameMetrics.Readings {
        let tallies = app.sources.cacheTallies.map(\.counts)
        let kept = app.remote?.health.kept(now: now)
        var readings = FrameMetrics.Readings(uptime: now - started, residentBytes: system.memory.map(Double.init),
                                             clipsPlaying: app.clips.count, displayOn: !(app.kiosk?.runner.asleep ?? false),
                                             photos: app.model.catalog.photoCount, temperatureCelsius: kept?.temperature,
                                             cacheBytes: Double(app.sources.cacheBytes),
                                             cacheHitRatio: CacheTally.rate(app.sources.cacheTallies))
        readings.cacheLookups = (tallies.reduce(0) { $0 + $1.hits }, tallies.reduce(0) { $0 + $1.misses })
        return readings
    }
}
