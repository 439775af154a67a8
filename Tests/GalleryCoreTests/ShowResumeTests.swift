import XCTest
@testable import GalleryCore

/// A show carried on from a kept place: the feed whole, the wall at the photo it stood at, the slideshow at the first
/// photo not yet shown; and a new pass that never opens with what the last one just showed.
final class ShowResumeTests: XCTestCase {
    private func photos(_ range: Range<Int>, tall: Bool = false) -> [Photo] {
        range.map { Photo(id: "p\($0)", author: "A", width: 400, height: tall ? 300 + ($0 * 37) % 500 : 300,
                          url: "", downloadURL: "") }
    }

    private func model(window: PixelSize = PixelSize(width: 800, height: 600)) -> GalleryModel {
        var config = GalleryConfig()
        config.windowSize = window
        config.slideInterval = 10
        return GalleryModel(config: config, pager: .init(pageSize: 30, wraps: false, minInterval: 0))
    }

    private func receive(_ m: GalleryModel, _ contents: PageContents) {
        let r = m.feed.nextPageRequest(now: 0)!
        m.feed.receive(r, .success(contents), now: 0)
    }

    func testAWallCarriedOnStandsAtItsPhotoWithEveryPhotoAbove() {
        let m = model()
        receive(m, PageContents(photos: photos(0..<39, tall: true), resumed: ShowResume(stoodAt: "p19", next: "p20")))
        XCTAssertEqual(m.catalog.photoCount, 39, "the feed is whole")
        XCTAssertEqual(m.onShow.photoOnShow?.id, "p19", "the wall stands where it stood")
        XCTAssertEqual(m.browse.indexOnShow, 19)
        _ = m.apply(.scrollToTop)
        for _ in 0..<200 { m.tick(dt: 0.05) }
        XCTAssertEqual(m.browse.indexOnShow, 0, "Home reaches the first photo")
    }

    /// Whatever photo a wall of cells of many heights stood at, it stands there again (the photo at its top edge is
    /// the first whose cell reaches it: another column's earlier cell may reach further down than this one's top).
    func testTheWallStandsAtAnyPhotoOfAMasonry() {
        let m = model()
        receive(m, PageContents(photos: photos(0..<90, tall: true)))
        // The photos a wall can stand at: those that are its photo on show at some offset (one whose whole cell an
        // earlier cell beside it spans never is; the place never names it).
        var standing = Set<Int>()
        for y in 0...Int(m.browse.scroll.maxOffset) {
            m.browse.setScroll(offset: Double(y))
            if let index = m.browse.indexOnShow { standing.insert(index) }
        }
        XCTAssertGreaterThan(standing.count, 40)
        for target in standing.sorted() {
            m.browse.setScroll(offset: 0)
            m.browse.stand(at: target)
            XCTAssertEqual(m.browse.indexOnShow, target, "stands at photo \(target)")
        }
    }

    func testASlideshowCarriesOnAtTheFirstPhotoNotShown() throws {
        let m = model()
        SlideshowScreen.open(in: m)
        let show = try XCTUnwrap(m.screen as? SlideshowScreen)
        receive(m, PageContents(photos: photos(0..<40), resumed: ShowResume(stoodAt: "p24", next: "p25")))
        m.tick(dt: 0.05)
        XCTAssertEqual(m.onShow.photosOnShow.map(\.id), ["p25"], "the first photo not yet shown, not the feed's first")
        XCTAssertEqual(show.fade, 1, "at once, no transition from a photo that never showed")
        XCTAssertEqual(m.catalog.photoCount, 40)
        show.step(1)
        XCTAssertEqual(m.onShow.photosOnShow.map(\.id), ["p26"])
    }

    /// Today's memories open the show: they show first, then the show goes on past what the kept place had shown.
    func testASlideshowThatOpenedWithOthersSkipsWhatWasShownWhenItGetsThere() throws {
        let m = model()
        SlideshowScreen.open(in: m)
        let show = try XCTUnwrap(m.screen as? SlideshowScreen)
        receive(m, PageContents(photos: photos(100..<102), skipped: 28))  // not a short page: the feed goes on
        m.tick(dt: 0.05)
        receive(m, PageContents(photos: photos(0..<10), resumed: ShowResume(stoodAt: "p3", next: "p4")))
        XCTAssertEqual(m.onShow.photosOnShow.map(\.id), ["p100"], "the memory on show stays")
        show.step(1)
        XCTAssertEqual(m.onShow.photosOnShow.map(\.id), ["p101"])
        show.step(1)
        XCTAssertEqual(m.onShow.photosOnShow.map(\.id), ["p4"], "past the photos already shown")
        show.step(-1)
        show.step(-1)
        show.step(1)
        XCTAssertEqual(m.onShow.photosOnShow.map(\.id), ["p3"], "once only: going back and on again is by hand")
    }

    /// A slide counts as shown once its image is on screen, not when it is chosen (a power cut in between must not
    /// pass it over).
    func testASlideIsOnShowOnceItsImageIsThere() throws {
        let m = model()
        var arrived = Set<String>()
        m.standIn.arrived = { key in arrived.contains(key.photoID) }
        receive(m, PageContents(photos: photos(0..<40)))
        SlideshowScreen.open(in: m)
        XCTAssertEqual(m.onShow.photosOnShow.map(\.id), [], "chosen, its image on its way")
        arrived.insert("p0")
        XCTAssertEqual(m.onShow.photosOnShow.map(\.id), ["p0"])
    }

    func testAPageThatSaysNothingMovesNothing() {
        let m = model()
        receive(m, PageContents(photos: photos(0..<30), resumed: ShowResume(stoodAt: "gone", next: nil)))
        XCTAssertEqual(m.browse.indexOnShow, 0)
    }

    func testAResumePointIsNeverStored() throws {
        let page = PageContents(photos: photos(0..<2), resumed: ShowResume(stoodAt: "p1", next: nil))
        let back = try JSONDecoder().decode(PageContents.self, from: JSONEncoder().encode(page))
        XCTAssertNil(back.resumed)
        XCTAssertEqual(back.photos, page.photos)
    }

    // MARK: the pass's edge

    /// The order of a pass by the ranks with the edge's: the photos sorted.
    private func order(_ hashes: [UInt64], seed: UInt64, pass: Int) -> [UInt64] {
        let edge = ShowPlace.passEdgeRanks(hashes, seed: seed, pass: pass)
        let rank = { (h: UInt64) in edge[h] ?? ShowPlace.rank(h, seed: seed, pass: pass) }
        return hashes.sorted { rank($0) < rank($1) }
    }

    func testANewPassNeverOpensWithTheLastPhotosOfThePassBefore() {
        var met = 0
        for seed in UInt64(1)...200 {
            let hashes = (0..<60).map { UInt64($0) &* 0x9E3779B97F4A7C15 ^ seed }
            var slides: [UInt64] = []
            for pass in 1...4 { slides += order(hashes, seed: seed, pass: pass) }
            for end in slides.indices {
                let window = slides[max(0, end - 9)...end]
                XCTAssertEqual(Set(window).count, window.count, "seed \(seed): twice within ten slides at \(end)")
            }
            // Without the edge's ranks the shuffles would meet there often.
            let raw = { (pass: Int) in hashes.sorted { ShowPlace.rank($0, seed: seed, pass: pass) < ShowPlace.rank($1, seed: seed, pass: pass) } }
            if !Set(raw(1).suffix(10)).isDisjoint(with: raw(2).prefix(10)) { met += 1 }
            for pass in 1...4 {
                XCTAssertEqual(Set(order(hashes, seed: seed, pass: pass)), Set(hashes), "every photo, once a pass")
            }
        }
        XCTAssertGreaterThan(met, 50, "a plain shuffle's edge repeats photos")
    }

    func testTheEdgesRanksAreTheSameEveryTimeAndLeaveMostRanksAlone() {
        let hashes = (0..<500).map { UInt64($0) &* 0xBF58476D1CE4E5B9 }
        let a = ShowPlace.passEdgeRanks(hashes, seed: 42, pass: 7)
        XCTAssertEqual(a, ShowPlace.passEdgeRanks(hashes.reversed(), seed: 42, pass: 7), "the same after a restart")
        XCTAssertLessThanOrEqual(a.count, ShowPlace.passEdgeGap)
        XCTAssertTrue(ShowPlace.passEdgeRanks(hashes, seed: 42, pass: 1).isEmpty, "the first pass has no edge")
        XCTAssertTrue(ShowPlace.passEdgeRanks(Array(hashes.prefix(20)), seed: 42, pass: 3).isEmpty,
                      "too few photos to keep the edge apart")
    }
}
