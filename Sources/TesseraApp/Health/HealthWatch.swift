import Foundation
import GalleryCore

/// The health's participant: watches, a few times a second, whether the photo on screen changes as it should
/// (`StallWatch`: a stall said once in the log when it starts and once when it ends), when it last changed, and why
/// the display is on or off; samples memory, temperature, throttling and the caches once a minute
/// (`HealthSampler`). The remote's state reads what it kept (`facts`), which costs no file and no lock but the
/// caches' counters. Main thread only.
final class HealthWatch: LoopParticipant {
    private unowned let app: GalleryApp
    private let readings = SystemReadings()
    private let started = HealthTime.iso(Date())
    private let startedAt = GalleryApp.now()
    private var stall = StallWatch()
    private var sampler = HealthSampler<HealthSample>()
    private var lastLook = -Double.infinity
    /// When the photo on screen last changed, on the wall clock (ISO 8601, UTC).
    private var lastAdvanced: String?
    private var displayReason = DisplayReason.always

    /// How often the watch looks (the loop turns at least every quarter second).
    static let lookInterval = 0.25

    init(app: GalleryApp) { self.app = app }

    func frame(_ turn: Turn) { look(now: turn.now, drawing: true) }
    func skipped(_ turn: Turn, drawing: Bool) { look(now: turn.now, drawing: drawing && !turn.asleep) }

    private func look(now: Double, drawing: Bool) {
        guard now - lastLook >= HealthWatch.lookInterval else { return }
        lastLook = now
        let model = app.model
        // Only the slideshow alone on a lit screen is meant to change by itself (a pane or help over it is not).
        let interval = drawing && model.overlays.isEmpty ? model.screen.advancesEvery : nil
        let before = stall.lastChange
        if let line = stall.observe(now: now, photos: model.onShow.photosOnShow.map(\.id), advancing: interval,
                                    why: { self.stallReason }) {
            if stall.isStalled { Log.warn(line) } else { Log.info(line) }
        }
        if stall.lastChange != before { lastAdvanced = HealthTime.iso(Date()) }
        let kiosk = model.kiosk
        displayReason = DisplayReason.of(kiosk, lit: !(app.kiosk?.runner.asleep ?? false),
                                         scheduledShowsPhotos: kiosk?.scheduled(at: Date(), in: .current).showsPhotos ?? true)
        _ = sample(now: now)
    }

    private func sample(now: Double) -> HealthSample {
        sampler.current(now: now) {
            HealthSample(uptime: Int(now - startedAt), memory: readings.memory, temperature: readings.temperature,
                         throttled: readings.throttled,
                         cache: FrameHealth.CacheHealth(bytes: app.sources.cacheBytes,
                                                        hitRate: CacheTally.rate(app.sources.cacheTallies)))
        }
    }

    private var sourceError: String? { app.model.catalog.pager.lastError.map { "\($0)" } }

    private var stallReason: String {
        StallWatch.reason(online: app.feed.isOnline, sourceError: sourceError,
                          imagesLoading: app.images.loadingCount, lastImageFailure: app.images.lastFailure)
    }

    /// The sample kept (taken now only when none is kept yet or it is a minute old): what a scrape of the
    /// metrics reads, so it costs no walk of the thermal zones.
    func kept(now: Double) -> HealthSample { sample(now: now) }

    /// What the state says of the health now: the photo's last change, the stall, and the kept sample.
    func fill(_ facts: inout FrameState.Facts, online: Bool) {
        facts.lastAdvanced = lastAdvanced
        facts.stalled = stall.isStalled
        let sample = sampler.sample ?? sample(now: GalleryApp.now())
        let shown = FrameState.photoShown(in: app.model)
        facts.health = FrameHealth(
            uptime: sample.uptime, started: started, displayReason: displayReason.rawValue,
            source: FrameHealth.SourceHealth(online: online, error: sourceError),
            pass: FrameHealth.PassProgress.of(index: shown?.index, total: app.sources.upstream.knownPhotoCount),
            cache: sample.cache, memory: sample.memory, temperature: sample.temperature, throttled: sample.throttled)
    }
}
