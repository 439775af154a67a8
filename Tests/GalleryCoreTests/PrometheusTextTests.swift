import XCTest
@testable import GalleryCore

/// `/metrics` in Prometheus's text format 0.0.4: families with HELP and TYPE, cumulative buckets, escaping.
final class PrometheusTextTests: XCTestCase {
    func testAHistogramsBucketsAreCumulativeWithSumAndCount() {
        let histogram = Histogram(bounds: [0.1, 0.01, 1])
        for value in [0.0078125, 0.0625, 0.0625, 0.5, 7] { histogram.observe(value) }
        var text = PrometheusText()
        text.family("t_seconds", help: "Time.", kind: .histogram)
        text.histogram("t_seconds", histogram.snapshot)
        XCTAssertEqual(text.text, """
        # HELP t_seconds Time.
        # TYPE t_seconds histogram
        t_seconds_bucket{le="0.01"} 1
        t_seconds_bucket{le="0.1"} 3
        t_seconds_bucket{le="1"} 4
        t_seconds_bucket{le="+Inf"} 5
        t_seconds_sum 7.6328125
        t_seconds_count 5

        """)
    }

    func testLabelValuesAndHelpAreEscaped() {
        var text = PrometheusText()
        text.family("x_total", help: "A \\ back\nslash.", kind: .counter)
        text.sample("x_total", 3, labels: [("kind", "a \"b\" \\ c\nd")])
        XCTAssertEqual(text.text, "# HELP x_total A \\\\ back\\nslash.\n# TYPE x_total counter\n"
                       + "x_total{kind=\"a \\\"b\\\" \\\\ c\\nd\"} 3\n")
    }

    func testNumbersAreSpelledAsTheFormatReadsThem() {
        XCTAssertEqual(PrometheusText.number(3), "3")
        XCTAssertEqual(PrometheusText.number(0.25), "0.25")
        XCTAssertEqual(PrometheusText.number(.infinity), "+Inf")
        XCTAssertEqual(PrometheusText.number(-.infinity), "-Inf")
        XCTAssertEqual(PrometheusText.number(.nan), "NaN")
        XCTAssertEqual(Double(PrometheusText.number(1e-7)), 1e-7)
    }

    func testTheFramesMetricsNameEveryFamilyOnceWithItsType() {
        let metrics = FrameMetrics()
        metrics.frameSeconds.observe(0.004)
        metrics.photosShown.add()
        metrics.fetch.failures.add()
        metrics.errors.add("remote_refused")
        let text = metrics.text(.init(uptime: 12.5, residentBytes: 1_000_000, clipsPlaying: 2, displayOn: false, photos: 30))
        let types = text.split(separator: "\n").filter { $0.hasPrefix("# TYPE ") }.map { $0.split(separator: " ")[2] }
        XCTAssertEqual(types.count, Set(types).count, "one TYPE per family")
        XCTAssertTrue(text.contains("tessera_frame_seconds_bucket{le=\"0.004\"} 1\n"))
        XCTAssertTrue(text.contains("tessera_frame_seconds_count 1\n"))
        XCTAssertTrue(text.contains("tessera_photos_shown_total 1\n"))
        XCTAssertTrue(text.contains("tessera_errors_total{kind=\"fetch\"} 1\n"))
        XCTAssertTrue(text.contains("tessera_errors_total{kind=\"remote_refused\"} 1\n"))
        XCTAssertTrue(text.contains("tessera_errors_total{kind=\"decode\"} 0\n"))
        XCTAssertTrue(text.contains("tessera_display_on 0\n"))
        XCTAssertTrue(text.contains("tessera_clips_playing 2\n"))
        XCTAssertTrue(text.contains("tessera_uptime_seconds 12.5\n"))
        XCTAssertFalse(text.contains("tessera_temperature_celsius"), "a reading this machine lacks is left out")
    }

    func testALabelledCounterKeepsItsValuesBounded() {
        let counter = LabelledCounter(label: "kind")
        for i in 0..<100 { counter.add("kind\(i)") }
        XCTAssertLessThanOrEqual(counter.values.count, LabelledCounter.mostValues + 1)
        XCTAssertEqual(counter.values.reduce(0) { $0 + $1.1 }, 100)
    }

    func testObservationsFromManyThreadsAreAllCounted() {
        let histogram = Histogram(bounds: [1])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in for _ in 0..<10_000 { histogram.observe(0.5) } }
        XCTAssertEqual(histogram.snapshot.count, 80_000)
        XCTAssertEqual(histogram.snapshot.counts, [80_000])
    }
}
