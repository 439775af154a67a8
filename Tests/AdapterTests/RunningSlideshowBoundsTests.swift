import GalleryCore
@testable import TesseraBench
import XCTest

/// `bench --view slideshow --idle 60 --interval 5 --size 1920x1080 --check`'s bounds (CI runs it): every photo on
/// time, the processor time, the resident memory and the anonymous memory's peak, which stands for the wall's bound
/// on growth after the first screen (a running slideshow's first screen is one photo; its working set, 39-50 MB
/// more, comes after, and broke that bound in one run of four).
final class RunningSlideshowBoundsTests: XCTestCase {
    private func options() -> BenchOptions {
        var options = BenchOptions()
        options.slideshow = true
        options.size = PixelSize(width: 1920, height: 1080)
        options.idleSeconds = 60
        options.slideInterval = 5
        return options
    }

    private func figures(steps: Int = 12, cpu: Double = 6.5, rss: Double = 166) -> BenchReport.IdleFigures {
        BenchReport.IdleFigures(seconds: 60, cpuPercent: cpu, wholeFrames: 360, headerOnlyFrames: 225,
                                renderer: "software", rssMB: rss, anonMB: 103, steps: steps)
    }

    func testAShowOnTimeWithinItsMemoryHolds() {
        XCTAssertEqual(BenchReport.runningSlideshowViolations(figures(), anonPeak: 107.3, options()), [])
    }

    func testEachBoundBreaksOnItsOwn() {
        let late = BenchReport.runningSlideshowViolations(figures(steps: 5), anonPeak: 107, options())
        XCTAssertEqual(late.count, 1)
        XCTAssertTrue(late[0].contains("5 new photos"), late[0])
        XCTAssertEqual(BenchReport.runningSlideshowViolations(figures(cpu: 10.5), anonPeak: 107, options()).count, 1)
        XCTAssertEqual(BenchReport.runningSlideshowViolations(figures(rss: 191), anonPeak: 107, options()).count, 1)
        let anon = BenchReport.runningSlideshowViolations(figures(), anonPeak: 128.5, options())
        XCTAssertEqual(anon.count, 1)
        XCTAssertTrue(anon[0].contains("anonymous memory peaked at 128.5"), anon[0])
    }

    /// Elsewhere its steps alone are bounded here, and the run keeps the growth bound every run has.
    func testTheCostAndMemoryBoundsAreFor1080pOnTheSoftwareRenderer() {
        XCTAssertTrue(BenchReport.boundsRunningSlideshow(options()))
        var large = options()
        large.size = PixelSize(width: 3840, height: 2160)
        var accelerated = options()
        accelerated.renderer = "accelerated"
        for other in [large, accelerated] {
            XCTAssertFalse(BenchReport.boundsRunningSlideshow(other))
            XCTAssertEqual(BenchReport.runningSlideshowViolations(figures(cpu: 20, rss: 400), anonPeak: 300, other), [])
            XCTAssertEqual(BenchReport.runningSlideshowViolations(figures(steps: 3), anonPeak: 300, other).count, 1)
        }
    }
}
