import XCTest
@testable import GalleryCore

final class ResidencyTests: XCTestCase {
    private let window = PixelSize(width: 1280, height: 800)

    func testScrollingAHundredThousandItemsNeverHoldsMoreThanTheBudget() {
        var rng = SplitMix(state: 42)
        var layout = MasonryLayout(width: window.width)
        for _ in 0..<100_000 { layout.append(aspect: rng.int(300...5000), height: rng.int(300...5000)) }
        let policy = ResidencyPolicy(byteBudget: ResidencyPolicy.budget(forWindow: window))
        var resident = Set<Int>()
        var peak = 0
        var top = 0
        var starved = 0
        while top < layout.contentHeight {
            let plan = policy.plan(layout: layout, top: top, height: 752, direction: 1)
            // The renderer keeps exactly what is wanted and releases the rest.
            resident = Set(plan.ordered)
            let bytes = resident.reduce(0) { $0 + layout.frames[$1].width * layout.frames[$1].height * 4 }
            XCTAssertEqual(bytes, plan.wantedBytes)
            XCTAssertLessThanOrEqual(bytes, policy.byteBudget)
            peak = max(peak, resident.count)
            starved += plan.visibleOverBudget
            top += 997
        }
        XCTAssertLessThan(peak, 40, "a few screens' worth of cells, not thousands")
        // Uniformly random sides make runs of maximally tall cells far more often than real photos do; even so,
        // a visible cell rarely has to wait for memory.
        XCTAssertLessThan(Double(starved) / Double(layout.contentHeight / 997), 0.02)
        XCTAssertGreaterThan(peak, 4)
    }

    func testWithPhotoLikeAspectRatiosEveryVisibleCellFits() {
        let sides = [(5000, 3333), (3000, 4000), (4000, 4000), (2500, 1667), (3840, 2160), (2000, 3000), (3264, 4896)]
        var rng = SplitMix(state: 9)
        var layout = MasonryLayout(width: window.width)
        for _ in 0..<20_000 { let s = sides[rng.int(0...sides.count - 1)]; layout.append(aspect: s.0, height: s.1) }
        let policy = ResidencyPolicy(byteBudget: ResidencyPolicy.budget(forWindow: window))
        for top in stride(from: 0, to: layout.contentHeight, by: 331) {
            let plan = policy.plan(layout: layout, top: top, height: 752, direction: 1)
            XCTAssertEqual(plan.visibleOverBudget, 0)
            XCTAssertLessThanOrEqual(plan.wantedBytes, policy.byteBudget)
        }
    }

    func testVisibleCellsComeFirstNearestTheCentre() {
        var layout = MasonryLayout(width: window.width)
        layout.append(photos(0..<200))
        let policy = ResidencyPolicy(byteBudget: ResidencyPolicy.budget(forWindow: window))
        let plan = policy.plan(layout: layout, top: 3000, height: 800, direction: 1)
        XCTAssertEqual(Set(plan.visible), Set(layout.indices(intersecting: 3000, 3800)))
        let centre = 3400
        let distances = plan.visible.map { i -> Int in
            let f = layout.frames[i]
            return centre < f.y ? f.y - centre : (centre > f.maxY ? centre - f.maxY : 0)
        }
        XCTAssertEqual(distances, distances.sorted())
        XCTAssertTrue(plan.prefetch.allSatisfy { !plan.visible.contains($0) })
    }

    func testPrefetchLeansTheWayOfScrolling() {
        var layout = MasonryLayout(width: window.width)
        layout.append(photos(0..<400))
        let policy = ResidencyPolicy(byteBudget: 100 << 20)
        let down = policy.plan(layout: layout, top: 10_000, height: 800, direction: 1)
        let below = down.prefetch.filter { layout.frames[$0].y >= 10_800 }.count
        let above = down.prefetch.count - below
        XCTAssertGreaterThan(below, above)
        XCTAssertTrue(layout.frames[down.prefetch[0]].y >= 10_800, "the first prefetch is ahead")
        let up = policy.plan(layout: layout, top: 10_000, height: 800, direction: -1)
        XCTAssertTrue(layout.frames[up.prefetch[0]].maxY <= 10_000)
    }

    func testHiDPIDoublesTheCost() {
        var layout = MasonryLayout(width: window.width)
        layout.append(photos(0..<10))
        let policy = ResidencyPolicy(byteBudget: .max)
        let one = policy.plan(layout: layout, top: 0, height: 800, direction: 0, scale: 1)
        let two = policy.plan(layout: layout, top: 0, height: 800, direction: 0, scale: 2)
        XCTAssertEqual(Double(two.wantedBytes) / Double(one.wantedBytes), 4, accuracy: 0.05)
        XCTAssertEqual(ResidencyPolicy.pixelSize(of: layout.frames[0], scale: 2).width, layout.frames[0].width * 2)
    }
}

final class LoadWorthinessTests: XCTestCase {
    let cell = Rect(x: 0, y: 1000, width: 600, height: 400)  // spans 1000..1400

    func testAtRestEverythingIsWorthLoading() {
        XCTAssertTrue(ResidencyPolicy.isWorthLoading(cell, top: 0, height: 800, velocity: 0, loadTime: 0.1))
    }

    func testScrollingDownSkipsCellsTheViewportWillHaveLeft() {
        // Moving 4000 px/s, loads take 0.1 s: the top edge will be 400 px further down.
        XCTAssertTrue(ResidencyPolicy.isWorthLoading(cell, top: 900, height: 800, velocity: 4000, loadTime: 0.1))
        XCTAssertFalse(ResidencyPolicy.isWorthLoading(cell, top: 1100, height: 800, velocity: 4000, loadTime: 0.1))
        // A fling far faster than loads: nothing on screen now will still be there.
        XCTAssertFalse(ResidencyPolicy.isWorthLoading(cell, top: 600, height: 800, velocity: 50_000, loadTime: 0.1))
    }

    func testScrollingUpMirrorsIt() {
        XCTAssertTrue(ResidencyPolicy.isWorthLoading(cell, top: 700, height: 800, velocity: -4000, loadTime: 0.1))
        XCTAssertFalse(ResidencyPolicy.isWorthLoading(cell, top: 400, height: 800, velocity: -4000, loadTime: 0.1))
    }
}

final class ShortWindowResidencyTests: XCTestCase {
    func testAWindowMuchWiderThanTallStillHasRoomForItsVisibleCells() {
        // 1280x200: two columns of 622-px cells, each up to 1.4 times as tall as wide, taller than the window.
        let window = PixelSize(width: 1280, height: 200)
        var layout = MasonryLayout(width: window.width, metrics: GalleryConfig().layoutMetrics(width: window.width))
        layout.append(photos(0..<40, w: 600, h: 840))
        let policy = ResidencyPolicy(byteBudget: ResidencyPolicy.budget(forWindow: window))
        let plan = policy.plan(layout: layout, top: 0, height: window.height - 48, direction: 0, scale: 1)
        XCTAssertEqual(plan.visibleOverBudget, 0, "every visible cell gets its pixels")
        XCTAssertEqual(ResidencyPolicy.budget(forWindow: PixelSize(width: 1280, height: 800)), 3 * 1280 * 800 * 4,
                       "a usual window's budget is what it was")
    }
}

final class AdaptedResidencyTests: XCTestCase {
    func testFastMotionLooksFurtherAheadAndTheDetailImageCountsAgainstTheBudget() {
        let base = ResidencyPolicy(byteBudget: 12_000_000)
        XCTAssertEqual(base.adapted(screensPerSecond: 1), base, "at reading speed nothing changes")
        let fast = base.adapted(screensPerSecond: 5)
        XCTAssertEqual(fast.screensBehind, 0.25)
        XCTAssertEqual(fast.screensAhead, 2.5)
        XCTAssertEqual(base.adapted(screensPerSecond: 50).screensAhead, 3, "capped")
        XCTAssertEqual(base.adapted(screensPerSecond: 0, detailBytes: 3_000_000).byteBudget, 9_000_000)
        XCTAssertEqual(base.adapted(screensPerSecond: 0, detailBytes: 30_000_000).byteBudget, 6_000_000,
                       "the wall keeps a window and a half whatever the pane takes (a zoomed photo is large)")
    }
}
