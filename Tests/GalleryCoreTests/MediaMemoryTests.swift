import GalleryCore
import XCTest

/// The media workers' one memory budget and what a decode needs of it: a quarter of the machine, at most a
/// gigabyte, divided among the workers alive; an animated WebP judged at the size shown, a clip at its stored size.
final class MediaMemoryTests: XCTestCase {
    func testTheBudgetIsAQuarterOfTheMachineAtMostAGigabyte() {
        XCTAssertEqual(MediaMemoryBudget(physicalBytes: 1 << 30).total, 256 << 20, "a 1 GB Raspberry Pi")
        XCTAssertEqual(MediaMemoryBudget(physicalBytes: 2 << 30).total, 512 << 20)
        XCTAssertEqual(MediaMemoryBudget(physicalBytes: 24 << 30).total, MediaMemoryBudget.ceiling, "a large desktop")
        XCTAssertEqual(MediaMemoryBudget(physicalBytes: 0).total, MediaMemoryBudget.floor, "an unreadable size")
        XCTAssertEqual(MediaMemoryBudget(physicalBytes: 24 << 30, overrideMB: "256").total, 256 << 20)
        XCTAssertEqual(MediaMemoryBudget(physicalBytes: 24 << 30, overrideMB: "1").total, MediaMemoryBudget.floor)
        XCTAssertEqual(MediaMemoryBudget(physicalBytes: 1 << 30, overrideMB: "lots").total, 256 << 20, "not a number")
        XCTAssertEqual(MediaMemoryBudget(physicalBytes: 1 << 30, overrideMB: "-5").total, 256 << 20)
    }

    func testSharesTogetherNeverPassTheBudget() {
        let budget = MediaMemoryBudget(physicalBytes: 1 << 30)
        for live in 1...8 { XCTAssertLessThanOrEqual(budget.share(live: live) * live, budget.total) }
        XCTAssertEqual(budget.share(live: 3) >> 20, 85, "the service and two players on a Pi")
        XCTAssertEqual(budget.share(live: 0), budget.total)
    }

    func testAnAnimatedWebPIsJudgedAtTheSizeShown() {
        // A 4000x4000 animation in a 622-pixel cell: its file and two 622-pixel pictures, not two of 4000.
        let cell = MediaDecodeMemory.webp(fileBytes: 500_000, output: PixelSize(width: 622, height: 622))
        XCTAssertLessThan(cell, 4 << 20)
        XCTAssertEqual(MediaDecodeMemory.webp(fileBytes: 500_000, output: nil), 500_000, "a probe decodes nothing")
    }

    func testAClipIsJudgedAtItsStoredSizeWithItsThreads() {
        let big = MediaInfo(width: 4096, height: 4096, codec: "h264")
        let two = MediaDecodeMemory.ffmpeg(big, threads: 2), one = MediaDecodeMemory.ffmpeg(big, threads: 1)
        XCTAssertGreaterThan(two, one, "a frame thread holds a frame more")
        XCTAssertGreaterThan(one, 85 << 20, "a 4096x4096 clip does not fit a Pi's share")
        let phone = MediaInfo(width: 1080, height: 1920, rotation: 90, codec: "hevc")
        XCTAssertLessThan(MediaDecodeMemory.ffmpeg(phone, threads: 2), 60 << 20, "a phone's 1080p clip does")
        XCTAssertEqual(MediaDecodeMemory.ffmpeg(MediaInfo(width: 100, height: 10, codec: "gif"), threads: 2), 100 * 10 * 12)
    }

    func testWhatDoesNotFitIsRefusedInWords() {
        XCTAssertNil(MediaDecodeMemory.refusal(needed: 10, available: 10, width: 1, height: 1))
        let refusal = MediaDecodeMemory.refusal(needed: 130 << 20, available: 40 << 20, width: 4096, height: 4096)
        XCTAssertEqual(refusal?.description, "cannot play: frames of 4096x4096 need about 130 MB to decode, more than "
                       + "the 40 MB left of its worker's share")
        XCTAssertEqual(MediaDecodeMemory.refusal(needed: 1, available: -5, width: 1, height: 1)?.description,
                       "cannot play: frames of 1x1 need about 1 MB to decode, more than the 0 MB left of its worker's share")
    }

    func testTheShareTravelsInTheWorkersWords() {
        var limits = MediaLimits()
        limits.workerShare = 85 << 20
        let launch = MediaWorkerLaunch(playback: nil, limits: limits)
        XCTAssertTrue(launch.arguments.contains("share=\(85 << 20)"))
        XCTAssertEqual(MediaWorkerLaunch(arguments: launch.arguments), launch)
        XCTAssertFalse(MediaWorkerLaunch(playback: nil, limits: .standard).arguments.contains { $0.hasPrefix("share=") })
        XCTAssertNil(MediaWorkerLaunch(arguments: ["media-worker", "service", "share=12"]), "less than a megabyte")
    }
}
