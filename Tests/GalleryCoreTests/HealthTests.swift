import Foundation
import XCTest
@testable import GalleryCore

final class ThrottledBitsTests: XCTestCase {
    func testTheFirmwaresBitsAreSaidInWordsNowAndSinceBoot() throws {
        // Under-voltage and throttled now, both since boot too (a Pi on a weak supply).
        let weak = try XCTUnwrap(ThrottledBits.parse("50005\n"))
        XCTAssertEqual(weak.now, ["under-voltage", "throttled"])
        XCTAssertEqual(weak.sinceBoot, ["under-voltage", "throttled"])
        // vcgencmd's way of saying it; a soft limit hit since boot, nothing now.
        let earlier = try XCTUnwrap(ThrottledBits.parse("throttled=0x80000"))
        XCTAssertEqual(earlier.now, [])
        XCTAssertEqual(earlier.sinceBoot, ["soft temperature limit"])
        XCTAssertEqual(ThrottledBits.parse("0x2")?.now, ["frequency capped"])
        XCTAssertEqual(ThrottledBits.parse("0"), ThrottledBits(now: [], sinceBoot: []))
    }

    func testWhatIsNotHexIsNoReading() {
        XCTAssertNil(ThrottledBits.parse(""))
        XCTAssertNil(ThrottledBits.parse("not supported"))
        XCTAssertNil(ThrottledBits.parse("0x123456789"), "more than 32 bits")
    }

    func testTheJSONSaysSinceBootInSnakeCase() throws {
        let json = String(decoding: try JSONEncoder().encode(ThrottledBits(bits: 0x10000)), as: UTF8.self)
        XCTAssertTrue(json.contains(#""since_boot":["under-voltage"]"#), json)
    }
}

final class ThermalZonesTests: XCTestCase {
    private func zone(_ n: Int, _ type: String, _ temp: String) -> ThermalZones.Zone {
        ThermalZones.Zone(name: "thermal_zone\(n)", type: type + "\n", temp: temp + "\n")
    }

    func testTheCPUsZoneIsChosenOverOthers() {
        // A laptop: the ACPI zone comes first, the package's is the CPU's.
        XCTAssertEqual(ThermalZones.cpuTemperature([zone(0, "acpitz", "27800"), zone(1, "x86_pkg_temp", "45123")]), 45.1)
        // A Raspberry Pi.
        XCTAssertEqual(ThermalZones.cpuTemperature([zone(0, "cpu-thermal", "51540")]), 51.5)
        XCTAssertEqual(ThermalZones.cpuTemperature([zone(1, "gpu_thermal", "39000"), zone(0, "soc_thermal", "48000")]), 48)
    }

    func testWithoutACPUZoneTheFirstReadableOneByNumber() {
        XCTAssertEqual(ThermalZones.cpuTemperature([zone(10, "b", "30000"), zone(2, "a", "40000")]), 40,
                       "zone 2 comes before zone 10")
        XCTAssertEqual(ThermalZones.cpuTemperature([zone(0, "x86_pkg_temp", "broken"), zone(1, "acpitz", "30000")]), 30,
                       "a broken CPU zone is passed over")
        XCTAssertNil(ThermalZones.cpuTemperature([]))
        XCTAssertNil(ThermalZones.cpuTemperature([zone(0, "cpu-thermal", "9999999")]), "no plausible reading")
    }

    func testResidentMemoryIsStatmsSecondFieldInPages() {
        XCTAssertEqual(ProcessMemory.residentBytes(statm: "1000 250 100 1 0 300 0\n", pageSize: 4096), 1_024_000)
        XCTAssertNil(ProcessMemory.residentBytes(statm: "", pageSize: 4096))
        XCTAssertNil(ProcessMemory.residentBytes(statm: "1000 x", pageSize: 4096))
    }
}

final class HealthSamplerTests: XCTestCase {
    /// A state built at the observers' rate (four a second) for three minutes, with memory and temperature read
    /// anew at each sample, changes at most once a minute: what MQTT publishes for them.
    func testValuesThatChangeAllTheTimeChangeTheStateOnceAMinute() {
        var sampler = HealthSampler<HealthSample>()
        var reads = 0
        var published: [HealthSample] = []
        for step in 0...(180 * 4) {
            let now = 1000 + Double(step) * 0.25
            let sample = sampler.current(now: now) {
                reads += 1
                return HealthSample(uptime: Int(now - 1000), memory: 50_000_000 + step, temperature: 40 + Double(step % 7),
                                    throttled: nil, cache: FrameHealth.CacheHealth(bytes: step, hitRate: nil))
            }
            if published.last != sample { published.append(sample) }
        }
        XCTAssertEqual(reads, 4, "read at 0, 60, 120 and 180 s")
        XCTAssertEqual(published.map(\.uptime), [0, 60, 120, 180])
    }

    func testAClockThatWentBackTakesANewSample() {
        var sampler = HealthSampler<Int>(period: 60)
        var n = 0
        XCTAssertEqual(sampler.current(now: 100) { n += 1; return n }, 1)
        XCTAssertEqual(sampler.current(now: 159.9) { n += 1; return n }, 1)
        XCTAssertEqual(sampler.current(now: 50) { n += 1; return n }, 2)
    }

    func testTheHitRateCountsEveryTallyFromAnyThread() {
        let images = CacheTally(), cells = CacheTally()
        XCTAssertNil(CacheTally.rate([images, cells]), "no lookup yet")
        DispatchQueue.concurrentPerform(iterations: 400) { i in
            if i % 4 == 0 { images.hit() } else { cells.miss() }
        }
        XCTAssertEqual(CacheTally.rate([images, cells]), 0.25)
    }

    func testThePassIsCountedRoundTheShowsSize() {
        XCTAssertEqual(FrameHealth.PassProgress.of(index: 0, total: 30), FrameHealth.PassProgress(shown: 1, total: 30))
        XCTAssertEqual(FrameHealth.PassProgress.of(index: 31, total: 30)?.shown, 2, "the second pass's second photo")
        XCTAssertNil(FrameHealth.PassProgress.of(index: 3, total: nil))
        XCTAssertNil(FrameHealth.PassProgress.of(index: nil, total: 30))
    }
}

final class StallWatchTests: XCTestCase {
    private let why = { "the next photo has not arrived" }

    /// Looks four times a second from `from` to `to` with the same photo; returns the lines said, with when.
    private func watch(_ w: inout StallWatch, from: Double, to: Double, photos: [String] = ["a"],
                       interval: Double? = 10) -> [(at: Double, line: String)] {
        var said: [(Double, String)] = []
        var now = from
        while now <= to {
            if let line = w.observe(now: now, photos: photos, advancing: interval, why: why) { said.append((now, line)) }
            now += 0.25
        }
        return said
    }

    func testAPhotoThatDoesNotChangeForTwoIntervalsIsAStallSaidOnceWithin3Intervals() throws {
        var w = StallWatch()
        XCTAssertTrue(watch(&w, from: 0, to: 22).isEmpty, "two intervals and a little are no stall")
        let said = watch(&w, from: 22.25, to: 60)
        XCTAssertEqual(said.count, 1, "said once: \(said)")
        let first = try XCTUnwrap(said.first)
        XCTAssertLessThan(first.at, 30, "within three intervals")
        XCTAssertEqual(first.line, "stalled: the photo has not changed for 22 s (2 intervals of 10 s) while the slideshow "
                       + "should advance; the next photo has not arrived")
        XCTAssertTrue(w.isStalled)
        // The next photo shows: said once, and the frame is not stalled.
        let cleared = watch(&w, from: 60.25, to: 61, photos: ["b"])
        XCTAssertEqual(cleared.map(\.line), ["advancing again: the photo changed after 37 s stalled"])
        XCTAssertFalse(w.isStalled)
    }

    func testAShowThatAdvancesIsNeverStalled() {
        var w = StallWatch()
        for n in 0..<30 {
            let said = watch(&w, from: Double(n) * 12, to: Double(n) * 12 + 11.75, photos: ["p\(n)"])
            XCTAssertTrue(said.isEmpty, "photo \(n): \(said)")
        }
        XCTAssertEqual(w.lastChange, 29 * 12)
    }

    func testAPausedShowIsNotStalledAndResumingStartsTheCountAgain() {
        var w = StallWatch()
        XCTAssertTrue(watch(&w, from: 0, to: 300, interval: nil).isEmpty, "paused for five minutes")
        XCTAssertTrue(watch(&w, from: 300.25, to: 322, interval: 10).isEmpty, "resumed: counted from the resumption")
        XCTAssertEqual(watch(&w, from: 322.25, to: 323).count, 1)
        // Paused while stalled: the stall is over, said once.
        let paused = watch(&w, from: 323.25, to: 330, interval: nil)
        XCTAssertEqual(paused.count, 1)
        XCTAssertTrue(paused[0].line.hasPrefix("no longer stalled"), paused[0].line)
        XCTAssertFalse(w.isStalled)
    }

    func testNoPhotoYetCountsFromWhenTheShowBegan() {
        var w = StallWatch()
        XCTAssertTrue(watch(&w, from: 0, to: 4.25, photos: [], interval: 2).isEmpty)
        let said = watch(&w, from: 4.5, to: 6, photos: [], interval: 2)
        XCTAssertEqual(said.map(\.line), ["stalled: the photo has not changed for 4 s (2 intervals of 2 s) while the "
                                          + "slideshow should advance; the next photo has not arrived"])
        XCTAssertNil(w.lastChange)
    }

    func testWhyASlideshowStalledPutsTheSourceFirst() {
        XCTAssertEqual(StallWatch.reason(online: false, sourceError: nil, imagesLoading: 2, lastImageFailure: nil),
                       "the source cannot be reached")
        XCTAssertEqual(StallWatch.reason(online: true, sourceError: "HTTP 500", imagesLoading: 0, lastImageFailure: nil),
                       "the source's last error: HTTP 500")
        XCTAssertEqual(StallWatch.reason(online: true, sourceError: nil, imagesLoading: 1, lastImageFailure: "x"),
                       "the next photo has not arrived (1 image still loading)")
        XCTAssertEqual(StallWatch.reason(online: true, sourceError: nil, imagesLoading: 0, lastImageFailure: "timed out"),
                       "the next photo has not arrived (the last image failed: timed out)")
    }
}

final class HealthStateTests: XCTestCase {
    func testTheDisplaysReasonFollowsTheKiosk() {
        XCTAssertEqual(DisplayReason.of(nil, lit: true, scheduledShowsPhotos: true), .always)
        XCTAssertEqual(DisplayReason.of(Kiosk(), lit: true, scheduledShowsPhotos: true), .always, "no hours")
        let hours = Kiosk(schedule: Schedule(parsing: "07:00-23:00"))
        XCTAssertEqual(DisplayReason.of(hours, lit: true, scheduledShowsPhotos: true), .schedule)
        XCTAssertEqual(DisplayReason.of(hours, lit: false, scheduledShowsPhotos: false), .schedule)
        hours.wakeOnTouch = true
        XCTAssertEqual(DisplayReason.of(hours, lit: true, scheduledShowsPhotos: false), .wake)
        hours.setDisplay(on: false, at: Date(), in: .current)
        XCTAssertEqual(DisplayReason.of(hours, lit: false, scheduledShowsPhotos: true), .override)
        XCTAssertEqual(DisplayReason.nightClock.rawValue, "night-clock")
    }

    func testTheStatesHealthIsSnakeCaseAndAnOlderStateStillReads() throws {
        let model = GalleryModel(pager: .init(pageSize: 30, minInterval: 0), asksName: false)
        var facts = FrameState.Facts(version: "1", name: "hall", displayOn: true,
                                     source: .init(name: "picsum", title: "Lorem Picsum"), online: true)
        facts.lastAdvanced = "2026-12-02T07:31:22Z"
        facts.stalled = true
        facts.health = FrameHealth(uptime: 61, started: "2026-12-02T07:30:21Z", displayReason: "always",
                                   source: .init(online: true), pass: .init(shown: 3, total: 30),
                                   cache: .init(bytes: 2048, hitRate: 0.5), memory: 1 << 26, temperature: 45.1,
                                   throttled: nil)
        let state = FrameState(model: model, facts: facts)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: state.json()) as? [String: Any])
        XCTAssertEqual(json["last_advanced"] as? String, "2026-12-02T07:31:22Z")
        XCTAssertEqual(json["stalled"] as? Bool, true)
        let health = try XCTUnwrap(json["health"] as? [String: Any])
        XCTAssertEqual(health["display_reason"] as? String, "always")
        XCTAssertEqual((health["cache"] as? [String: Any])?["hit_rate"] as? Double, 0.5)
        XCTAssertEqual((health["pass"] as? [String: Any])?["shown"] as? Int, 3)
        XCTAssertEqual(try JSONDecoder().decode(FrameState.self, from: state.json()), state)
        // A state without the health (another frame's, older) reads as not stalled.
        var older = json
        older["stalled"] = nil; older["health"] = nil; older["last_advanced"] = nil
        let decoded = try JSONDecoder().decode(FrameState.self, from: JSONSerialization.data(withJSONObject: older))
        XCTAssertFalse(decoded.stalled)
        XCTAssertNil(decoded.health)
        XCTAssertEqual(HealthTime.iso(Date(timeIntervalSince1970: 1_796_196_682)), "2026-12-02T07:31:22Z")
    }
}

final class HealthEntitiesTests: XCTestCase {
    /// Home Assistant's diagnostic entities of the health: each by its English id, its class and unit.
    func testTheHealthIsDiagnosticSensorsAndAStalledProblem() throws {
        let discovery = HomeAssistantDiscovery(frameID: FrameID("hall")!, deviceName: "Hall", version: "1")
        func config(_ component: String, _ object: String) throws -> [String: Any] {
            let found = try XCTUnwrap(discovery.configs.first { $0.topic == "homeassistant/\(component)/hall/\(object)/config" },
                                      "\(component) \(object)")
            return try XCTUnwrap(JSONSerialization.jsonObject(with: found.payload) as? [String: Any])
        }
        let expected: [(String, String, String, String?, String?)] = [
            ("sensor", "last_advanced", "Hall Last advanced", "timestamp", nil),
            ("sensor", "started", "Hall Started", "timestamp", nil),
            ("sensor", "temperature", "Hall Temperature", "temperature", "°C"),
            ("sensor", "memory", "Hall Memory", "data_size", "MB"),
            ("sensor", "cache_size", "Hall Cache size", "data_size", "MB"),
            ("sensor", "cache_hit_rate", "Hall Cache hit rate", nil, "%"),
            ("sensor", "source_status", "Hall Source status", nil, nil),
            ("sensor", "pass", "Hall Photos this pass", nil, "%"),
            ("sensor", "display_reason", "Hall Display reason", nil, nil),
            ("binary_sensor", "stalled", "Hall Stalled", "problem", nil),
        ]
        for (component, object, id, deviceClass, unit) in expected {
            let json = try config(component, object)
            XCTAssertEqual(json["object_id"] as? String, id)
            XCTAssertEqual(json["entity_category"] as? String, "diagnostic", object)
            XCTAssertEqual(json["device_class"] as? String, deviceClass, object)
            XCTAssertEqual(json["unit_of_measurement"] as? String, unit, object)
            XCTAssertEqual(json["state_topic"] as? String, "tessera/hall/state", object)
            XCTAssertNotNil(json["value_template"] as? String, object)
        }
        XCTAssertEqual(try config("binary_sensor", "stalled")["value_template"] as? String,
                       "{{ 'ON' if value_json.get('stalled') else 'OFF' }}")
        XCTAssertEqual(try config("sensor", "temperature")["state_class"] as? String, "measurement")
    }
}

/// A show that cannot advance (one photo, or every photo on screen, and the catalog ended) is expected to stand
/// still: no interval, so the watch never calls it stalled (Home Assistant's Stalled sensor off for a one-photo album).
final class StandingShowTests: XCTestCase {
    private func slideshow(_ sizes: [(Int, Int)], pairs: Bool) throws -> (GalleryModel, SlideshowScreen) {
        var config = GalleryConfig()
        config.windowSize = PixelSize(width: 1280, height: 800)
        config.slideInterval = 10
        config.slidePairs = pairs
        let m = GalleryModel(config: config, pager: .init(pageSize: 50, wraps: false, minInterval: 0))
        let photos = sizes.enumerated().map { i, s in
            Photo(id: "\(i)", author: "A", width: s.0, height: s.1, url: "", downloadURL: "")
        }
        let r = try XCTUnwrap(m.feed.nextPageRequest(now: 0))
        m.feed.receive(r, .success(PageContents(photos: photos)), now: 0)
        _ = m.handle(key: .character("s"))
        return (m, try XCTUnwrap(m.screen as? SlideshowScreen))
    }

    func testOnePhotoOrEveryPhotoOnScreenIsNeverStalled() throws {
        let (one, alone) = try slideshow([(900, 600)], pairs: false)
        XCTAssertTrue(alone.feedWall.catalog.hasEnded, "a short first page is the last")
        XCTAssertNil(alone.advancesEvery, "one photo: nothing else can come")
        var watch = StallWatch()
        var now = 0.0
        while now <= 300 {
            alone.step(1)  // the show's own steps stay on the one photo
            let line = watch.observe(now: now, photos: one.onShow.photosOnShow.map(\.id), advancing: alone.advancesEvery,
                                     why: { "" })
            XCTAssertNil(line, "at \(now) s")
            now += 0.25
        }
        XCTAssertFalse(watch.isStalled)

        let (_, pair) = try slideshow([(600, 900), (600, 900)], pairs: true)
        XCTAssertNotNil(pair.companion)
        XCTAssertNil(pair.advancesEvery, "both photos on screen as a pair")

        let (_, two) = try slideshow([(600, 900), (600, 900)], pairs: false)
        XCTAssertEqual(two.advancesEvery, 10, "two photos one at a time: it advances")
        let (_, three) = try slideshow([(600, 900), (600, 900), (600, 900)], pairs: true)
        XCTAssertEqual(three.advancesEvery, 10, "a pair and one more")
    }
}
