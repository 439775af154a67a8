#if canImport(AppDriving)
import AppDriving
#endif
import FixtureServer
import Foundation
import XCTest

/// The frame's health as whoever looks after it from afar reads it: the real app (headless) with `--remote` and
/// `--mqtt`, photos from the fixture's Lorem Picsum stand-in on 127.0.0.1, and a fake machine under
/// `TESSERA_SYS_ROOT` (a thermal zone, a Pi's `get_throttled`, the process's `statm`). The state and MQTT's retained
/// state say when the photo last changed, how long the frame runs, its temperature, memory, caches and source; a
/// source that stops answering image requests makes the frame say `stalled` within three intervals, and its log
/// says why.
final class HealthUITests: XCTestCase {
    private var root = ""
    private var frame: RemoteFrame!
    private var server: FixtureServer!
    private var broker: LocalBroker?
    /// Seconds per photo: short, so a stall shows within seconds.
    private let interval = 2.0

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: AppProcess.executable) else {
            throw missing("the app (swift build): \(AppProcess.executable)")
        }
        root = NSTemporaryDirectory() + "tessera-health-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/config", withIntermediateDirectories: true)
        try "hall\n".write(toFile: root + "/config/frame-id", atomically: true, encoding: .utf8)
        try fakeMachine()
        server = FixtureServer(photos: 60)
        try server.start(port: 0)
        frame = RemoteFrame(root: root)
    }

    override func tearDown() {
        frame?.stop(signal: SIGKILL)
        server?.stop()
        broker?.stop(signal: SIGKILL)
        try? FileManager.default.removeItem(atPath: root)
    }

    /// A laptop's two zones (the package's is the CPU's, 52.3 °C), a Pi's throttling (under-voltage and throttled,
    /// now and since boot) and 12,800 resident pages.
    private func fakeMachine() throws {
        let sys = root + "/machine"
        func write(_ path: String, _ text: String) throws {
            try FileManager.default.createDirectory(atPath: sys + (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try text.write(toFile: sys + path, atomically: true, encoding: .utf8)
        }
        try write("/sys/class/thermal/thermal_zone0/type", "acpitz\n")
        try write("/sys/class/thermal/thermal_zone0/temp", "27800\n")
        try write("/sys/class/thermal/thermal_zone1/type", "x86_pkg_temp\n")
        try write("/sys/class/thermal/thermal_zone1/temp", "52345\n")
        try write("/sys/devices/platform/soc/soc:firmware/get_throttled", "50005\n")
        try write("/proc/self/statm", "25000 12800 300 10 0 9000 0\n")
    }

    private func launch(_ extra: [String] = []) throws {
        try frame.launch(["--name", "Hall", "--source", "picsum", "--api", server.baseURL, "--size", "800x600",
                          "--mode", "slideshow", "--interval", String(Int(interval)), "--transition", "none",
                          "--library-dir", root + "/data"] + extra,
                         environment: ["TESSERA_SYS_ROOT": root + "/machine", "TESSERA_CONFIG": root + "/config/config"])
    }

    /// The state as JSON (the health's fields are the remote's words, not `RemoteFrame.State`'s).
    private func state() throws -> [String: Any] {
        let answer = try frame.request("GET", "/api/v1/state")
        return try XCTUnwrap(answer.json, answer.text)
    }

    private func waitForState(_ what: String, seconds: Double, _ holds: ([String: Any]) -> Bool) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(seconds)
        var last: [String: Any] = [:]
        while Date() < deadline {
            if let s = try? state() {
                last = s
                if holds(s) { return s }
            }
            usleep(50_000)
        }
        throw TimedOut(description: "timed out waiting for \(what); last state: \(last)")
    }

    private struct TimedOut: Error, CustomStringConvertible { let description: String }

    private static func date(_ text: Any?) -> Date? {
        (text as? String).flatMap { ISO8601DateFormatter().date(from: $0) }
    }

    /// `/metrics` serves the health's sample of the last minute: a scraper polling it does not make the main thread
    /// walk the thermal zones at each scrape (a zone that changes shows at the next sample, not at the next scrape).
    func testMetricsServeTheHealthsSampleNotAFreshReadOfTheThermalZones() throws {
        try launch()
        _ = try waitForState("a first photo", seconds: 20) { $0["last_advanced"] is String }
        func temperature() throws -> Double? {
            let text = try frame.request("GET", "/metrics").text
            return text.split(separator: "\n").first { $0.hasPrefix("tessera_temperature_celsius ") }
                .flatMap { Double($0.split(separator: " ")[1]) }
        }
        XCTAssertEqual(try XCTUnwrap(try temperature()), 52.3, accuracy: 0.05, "the CPU's zone of the fake machine")
        try "91000\n".write(toFile: root + "/machine/sys/class/thermal/thermal_zone1/temp", atomically: true, encoding: .utf8)
        XCTAssertEqual(try XCTUnwrap(try temperature()), 52.3, accuracy: 0.05, "the sample kept, not the zones read again")
    }

    func testTheStateAndMQTTCarryWhenThePhotoChangedUptimeTemperatureCacheAndSource() throws {
        guard FileManager.default.isExecutableFile(atPath: LocalBroker.executable) else { throw missing("mosquitto") }
        let broker = try LocalBroker()
        try broker.start()
        self.broker = broker
        let started = Date()
        try launch(["--cache-dir", root + "/cache", "--mqtt", "mqtt://127.0.0.1:\(broker.port)"])

        // The first photo on screen: when, on the wall clock, in UTC with its zone.
        let first = try waitForState("a first photo", seconds: 20) { $0["last_advanced"] is String }
        let advanced = try XCTUnwrap(Self.date(first["last_advanced"]), "\(first["last_advanced"] ?? "none")")
        XCTAssertTrue((first["last_advanced"] as? String)?.hasSuffix("Z") == true)
        XCTAssertGreaterThanOrEqual(advanced, started.addingTimeInterval(-1))
        XCTAssertLessThanOrEqual(advanced, Date().addingTimeInterval(1))
        XCTAssertEqual(first["stalled"] as? Bool, false)

        let health = try XCTUnwrap(first["health"] as? [String: Any], "\(first)")
        let since = try XCTUnwrap(Self.date(health["started"]))
        XCTAssertEqual(since.timeIntervalSince(started), 0, accuracy: 5)
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(health["uptime"] as? Int), 0)
        XCTAssertEqual(health["temperature"] as? Double, 52.3, "the CPU's zone of the fake machine")
        XCTAssertEqual(health["memory"] as? Int, 12_800 * Int(sysconf(Int32(_SC_PAGESIZE))))
        let throttled = try XCTUnwrap(health["throttled"] as? [String: Any])
        XCTAssertEqual(throttled["now"] as? [String], ["under-voltage", "throttled"])
        XCTAssertEqual(throttled["since_boot"] as? [String], ["under-voltage", "throttled"])
        XCTAssertEqual(health["display_reason"] as? String, "always")
        let source = try XCTUnwrap(health["source"] as? [String: Any])
        XCTAssertEqual(source["online"] as? Bool, true)
        XCTAssertNil(source["error"], "a source that answers has no error")
        let cache = try XCTUnwrap(health["cache"] as? [String: Any])
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(cache["bytes"] as? Int), 0)
        if let rate = cache["hit_rate"] as? Double { XCTAssertTrue((0...1).contains(rate), "\(rate)") }

        // The photo changes by itself: `last_advanced` follows it, later, within about an interval.
        let next = try waitForState("the next photo", seconds: 4 * interval) {
            (Self.date($0["last_advanced"]) ?? .distantPast) > advanced
        }
        XCTAssertEqual(next["stalled"] as? Bool, false)

        // MQTT's retained state carries the same.
        let retained = try XCTUnwrap(try broker.retained("tessera/hall/state", seconds: 10))
        let told = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(retained.utf8)) as? [String: Any])
        XCTAssertNotNil(Self.date(told["last_advanced"]), retained)
        XCTAssertEqual(told["stalled"] as? Bool, false)
        let toldHealth = try XCTUnwrap(told["health"] as? [String: Any], retained)
        XCTAssertEqual(toldHealth["temperature"] as? Double, 52.3)
        XCTAssertEqual((toldHealth["source"] as? [String: Any])?["online"] as? Bool, true)
        XCTAssertNotNil(toldHealth["cache"] as? [String: Any])
        XCTAssertNotNil(toldHealth["uptime"] as? Int)
    }

    func testAFrameWhoseSourceStopsAnsweringSaysItIsStalledWithinThreeIntervalsAndWhy() throws {
        try launch(["--no-cache"])
        _ = try waitForState("a first photo", seconds: 20) { $0["last_advanced"] is String }
        // From now on no image is answered (the requests hang): what is already here may still show once.
        var faults = server.faults
        faults.imagesBeforeSilence = server.counters.images
        server.faults = faults

        let stalled = try waitForState("stalled", seconds: 30) { $0["stalled"] as? Bool == true }
        let seen = Date()
        let last = try XCTUnwrap(Self.date(stalled["last_advanced"]))
        // `last_advanced` is to the second: up to a second earlier than the change itself.
        XCTAssertLessThanOrEqual(seen.timeIntervalSince(last), 3 * interval + 1.0,
                                 "said within three intervals of the last change (\(last) → \(seen))")
        XCTAssertGreaterThanOrEqual(seen.timeIntervalSince(last), 2 * interval, "not before two intervals")
        try frame.waitForLog("the stall's line", seconds: 5) { line in
            line.contains("stalled: the photo has not changed for")
                && line.contains("while the slideshow should advance; the next photo has not arrived")
        }
        let lines = frame.log.split(separator: "\n").filter { $0.contains("stalled: the photo has not changed") }
        XCTAssertEqual(lines.count, 1, "said once: \(lines)")
        print(String(format: "stalled said %.1f s after the last change (interval %.0f s): ", seen.timeIntervalSince(last),
                     interval) + (lines.first.map(String.init) ?? ""))
        // Paused from afar, a frame is not meant to advance: no longer stalled, said once.
        XCTAssertEqual(try frame.command("pause").status, 200)
        let paused = try waitForState("not stalled once paused", seconds: 5) { $0["stalled"] as? Bool == false }
        XCTAssertEqual(paused["paused"] as? Bool, true)
        try frame.waitForLog("the end of the stall", seconds: 5) { $0.contains("no longer stalled") }
    }
}
