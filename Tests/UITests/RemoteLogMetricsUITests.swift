#if canImport(AppDriving)
import AppDriving
#endif
import Foundation
import XCTest

/// The frame's log and metrics from afar, as the owner's phone and a Prometheus server read them from the real app
/// with `--remote`: `GET /api/v1/log` holds the start's lines and never the token; `GET /metrics` is read by
/// Prometheus's own text-format parser (`prometheus_client`), its frame times observed and its photos counted as
/// they come on screen; neither answers without the token.
final class RemoteLogMetricsUITests: XCTestCase {
    private var root = ""
    private var frame: RemoteFrame!

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: AppProcess.executable) else {
            throw missing("the app (swift build): \(AppProcess.executable)")
        }
        root = NSTemporaryDirectory() + "tessera-log-metrics-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        frame = RemoteFrame(root: root)
    }

    override func tearDown() {
        frame?.stop(signal: SIGKILL)
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The demo's slideshow that never moves by itself, its first photo on screen.
    private func launch() throws {
        try frame.launch(["--demo", "--name", "Ada", "--no-cache", "--size", "640x480", "--mode", "slideshow",
                          "--interval", "3600", "--transition", "none"])
        try frame.waitForState("a photo on screen") { $0.photo }
    }

    func testTheLogFromAfarHoldsTheStartAndNeverTheToken() throws {
        let asked = Date().timeIntervalSince1970
        try launch()
        let answer = try frame.request("GET", "/api/v1/log?lines=1000")
        XCTAssertEqual(answer.status, 200, answer.text)
        let lines = try XCTUnwrap(answer.json?["lines"] as? [[String: Any]], answer.text)
        let texts = lines.compactMap { $0["text"] as? String }
        XCTAssertEqual(texts.count, lines.count, "every line has its words")
        XCTAssertTrue(texts.contains("video: offscreen"), "the start's first lines: \(texts)")
        XCTAssertTrue(texts.contains { $0.hasPrefix("remote: listening at 127.0.0.1:\(frame.port)") }, "\(texts)")
        for line in lines {
            XCTAssertTrue(["info", "warning"].contains(line["level"] as? String ?? ""), "\(line)")
        }
        let times = lines.compactMap { $0["time"] as? Double }
        XCTAssertEqual(times.count, lines.count)
        XCTAssertEqual(times, times.sorted(), "oldest first")
        XCTAssertGreaterThan(times.first ?? 0, asked - 5)
        XCTAssertLessThan(times.last ?? .infinity, Date().timeIntervalSince1970 + 5)
        // The token, which the frame read and holds: never in a line, from afar or on the terminal.
        for text in texts { XCTAssertFalse(text.contains(frame.token), text) }
        XCTAssertFalse(answer.text.contains(frame.token))
        XCTAssertFalse(frame.log.contains(frame.token))
        // Every line from afar is a line of the terminal's.
        for text in texts { XCTAssertTrue(frame.log.contains(text), "not on stderr: \(text)") }

        let lastTwo = try frame.request("GET", "/api/v1/log?lines=2")
        XCTAssertEqual((lastTwo.json?["lines"] as? [[String: Any]])?.compactMap { $0["text"] as? String },
                       Array(texts.suffix(2)))
        XCTAssertEqual(try remoteRequest(port: frame.port, token: nil, "GET", "/api/v1/log").status, 401)
        XCTAssertEqual(try frame.request("GET", "/api/v1/log?lines=many").status, 400)
    }

    func testMetricsReadByPrometheusOwnParserCountFramesAndPhotos() throws {
        let python = try testPython()
        try launch()
        let before = try metrics(python)
        XCTAssertEqual(try frame.command("next").status, 200)
        let after = try metrics(python)

        let frames = try XCTUnwrap(after["tessera_frame_seconds"], "families: \(after.keys.sorted())")
        XCTAssertEqual(frames.type, "histogram")
        let count = try XCTUnwrap(frames.value("tessera_frame_seconds_count"))
        XCTAssertGreaterThan(count, 0, "frames were drawn and timed")
        let buckets = frames.samples.filter { $0.name == "tessera_frame_seconds_bucket" }
        XCTAssertEqual(buckets.map(\.value), buckets.map(\.value).sorted(), "cumulative buckets")
        XCTAssertEqual(buckets.last?.labels["le"], "+Inf")
        XCTAssertEqual(buckets.last?.value, count)
        XCTAssertGreaterThan(frames.value("tessera_frame_seconds_sum") ?? 0, 0)

        let shownBefore = try XCTUnwrap(before["tessera_photos_shown"]?.value("tessera_photos_shown_total"))
        let shownAfter = try XCTUnwrap(after["tessera_photos_shown"]?.value("tessera_photos_shown_total"))
        XCTAssertEqual(after["tessera_photos_shown"]?.type, "counter")
        XCTAssertGreaterThan(shownBefore, 0, "the first photo came on screen")
        XCTAssertGreaterThan(shownAfter, shownBefore, "next brought another")

        for name in ["tessera_decode_seconds", "tessera_fetch_seconds"] { XCTAssertEqual(after[name]?.type, "histogram", name) }
        XCTAssertEqual(after["tessera_errors"]?.type, "counter")
        XCTAssertEqual(after["tessera_display_on"]?.value("tessera_display_on"), 1)
        XCTAssertEqual(after["tessera_clips_playing"]?.value("tessera_clips_playing"), 0)
        XCTAssertGreaterThan(after["tessera_resident_memory_bytes"]?.value("tessera_resident_memory_bytes") ?? 0, Double(1 << 20))
        XCTAssertGreaterThan(after["tessera_uptime_seconds"]?.value("tessera_uptime_seconds") ?? 0, 0)

        XCTAssertEqual(try remoteRequest(port: frame.port, token: nil, "GET", "/metrics").status, 401)
        XCTAssertEqual(try remoteRequest(port: frame.port, token: "not-the-token-0123456789abcdef", "GET", "/metrics").status, 401)
        // Those two refusals are errors of their kind.
        let refused = try metrics(python)["tessera_errors"]?.samples.first { $0.labels["kind"] == "remote_refused" }
        XCTAssertGreaterThanOrEqual(refused?.value ?? 0, 2)
    }

    // MARK: Prometheus's parser

    struct Family {
        struct Sample { let name: String; let labels: [String: String]; let value: Double }
        let type: String
        let samples: [Sample]
        func value(_ name: String) -> Double? { samples.first { $0.name == name && $0.labels.isEmpty }?.value }
    }

    /// `GET /metrics` read by `prometheus_client.parser` (Tests/RemotePage/metrics_parse.py), by family name.
    private func metrics(_ python: String) throws -> [String: Family] {
        let answer = try frame.request("GET", "/metrics")
        XCTAssertEqual(answer.status, 200, answer.text)
        let input = root + "/metrics-\(UUID().uuidString).txt"
        try answer.text.write(toFile: input, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" \"$1\" < \"$2\"", python, Self.parser, input]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            XCTFail("Prometheus's parser refused /metrics: \(errors)\n\(answer.text)")
            return [:]
        }
        let families = try XCTUnwrap(JSONSerialization.jsonObject(with: output) as? [[String: Any]])
        var byName: [String: Family] = [:]
        for family in families {
            let samples = (family["samples"] as? [[String: Any]] ?? []).map {
                Family.Sample(name: $0["name"] as? String ?? "", labels: $0["labels"] as? [String: String] ?? [:],
                              value: ($0["value"] as? NSNumber)?.doubleValue ?? .nan)
            }
            byName[family["name"] as? String ?? ""] = Family(type: family["type"] as? String ?? "", samples: samples)
        }
        return byName
    }

    private static let parser = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("RemotePage/metrics_parse.py").path

    /// The test venv's Python with `prometheus_client` (TESSERA_TEST_PYTHON, else /opt/tessera-test-venv).
    private func testPython() throws -> String {
        let given = ProcessInfo.processInfo.environment["TESSERA_TEST_PYTHON"].flatMap { $0.isEmpty ? nil : $0 }
        let python = given ?? "/opt/tessera-test-venv/bin/python"
        guard FileManager.default.isExecutableFile(atPath: python) else { throw missing("\(python) (TESSERA_TEST_PYTHON)") }
        let check = Process()
        check.executableURL = URL(fileURLWithPath: python)
        check.arguments = ["-c", "import prometheus_client.parser"]
        try check.run()
        check.waitUntilExit()
        guard check.terminationStatus == 0 else { throw missing("prometheus_client in \(python) (make test-deps)") }
        return python
    }
}
