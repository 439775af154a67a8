import XCTest
@testable import GalleryCore

final class FeedPagerTests: XCTestCase {
    private var feed = Feed()

    private func page(_ range: Range<Int>) -> Result<PageContents, SourceError> { .success(PageContents(photos: photos(range))) }

    func testRequestsTheFirstPageAtOnceAndNeverTwoAtATime() {
        var pager = FeedPager(settings: .init(pageSize: 10, minInterval: 0))
        let first = pager.nextRequest(wantsMore: true, now: 0, generation: feed.generation)
        XCTAssertEqual(first?.page, 1)
        XCTAssertEqual(first?.limit, 10)
        XCTAssertNil(pager.nextRequest(wantsMore: true, now: 0, generation: feed.generation), "one in flight")
        XCTAssertEqual(pager.complete(first!, with: page(0..<10), into: &feed, now: 1), .appended(10))
        XCTAssertEqual(pager.nextRequest(wantsMore: true, now: 1, generation: feed.generation)?.page, 2)
    }

    func testAtMostOnePageRequestPerInterval() {
        var pager = FeedPager(settings: .init(pageSize: 10, minInterval: 1))
        let r1 = pager.nextRequest(wantsMore: true, now: 10, generation: 0)!
        _ = pager.complete(r1, with: page(0..<10), into: &feed, now: 10.05)
        XCTAssertNil(pager.nextRequest(wantsMore: true, now: 10.5, generation: 0), "throttled")
        XCTAssertEqual(pager.nextRequest(wantsMore: true, now: 11, generation: 0)?.page, 2)
    }

    func testRestoredPagesAreNotFetchedAgain() {
        var pager = FeedPager(settings: .init(pageSize: 10, minInterval: 0))
        pager.restored(lastPage: 4, itemCount: 40)
        XCTAssertEqual(pager.nextRequest(wantsMore: true, now: 0, generation: 0)?.page, 5)
    }

    func testReconnectingCutsABackoffShort() {
        var pager = FeedPager(settings: .init(pageSize: 10, minInterval: 0))
        let r = pager.nextRequest(wantsMore: true, now: 0, generation: 0)!
        _ = pager.complete(r, with: .failure(.http(.unreachable("down"))), into: &feed, now: 0)
        XCTAssertNil(pager.nextRequest(wantsMore: true, now: 0.1, generation: 0))
        pager.retrySoon()
        XCTAssertEqual(pager.nextRequest(wantsMore: true, now: 0.1, generation: 0)?.page, 1)
    }

    func testWaitsUntilTheViewportNearsTheEnd() {
        let pager = FeedPager(settings: .init(pageSize: 10, prefetchScreens: 2))
        XCTAssertFalse(pager.wantsMore(contentHeight: 5000, viewportBottom: 800, viewportHeight: 800))
        XCTAssertTrue(pager.wantsMore(contentHeight: 2000, viewportBottom: 800, viewportHeight: 800))
    }

    func testDropsIDsAlreadySeenInThePass() {
        var pager = FeedPager(settings: .init(pageSize: 3, minInterval: 0))
        let r1 = pager.nextRequest(wantsMore: true, now: 0, generation: 0)!
        _ = pager.complete(r1, with: page(0..<3), into: &feed, now: 0)
        let r2 = pager.nextRequest(wantsMore: true, now: 0, generation: 0)!
        XCTAssertEqual(pager.complete(r2, with: page(2..<5), into: &feed, now: 0), .appended(2))
        XCTAssertEqual(feed.items.map(\.photo.id), ["0", "1", "2", "3", "4"])
    }

    func testAnEmptyPageStartsANewPassFromPageOne() {
        var pager = FeedPager(settings: .init(pageSize: 2, minInterval: 0))
        for p in 0..<2 {
            let r = pager.nextRequest(wantsMore: true, now: 0, generation: 0)!
            XCTAssertEqual(r.page, p + 1)
            _ = pager.complete(r, with: page(p * 2..<p * 2 + 2), into: &feed, now: 0)
        }
        let end = pager.nextRequest(wantsMore: true, now: 0, generation: 0)!
        XCTAssertEqual(pager.complete(end, with: page(0..<0), into: &feed, now: 0), .wrapped)
        let again = pager.nextRequest(wantsMore: true, now: 0, generation: 0)!
        XCTAssertEqual(again.page, 1)
        XCTAssertEqual(again.pass, 1)
        XCTAssertEqual(pager.complete(again, with: page(0..<2), into: &feed, now: 0), .appended(2),
                       "the same photos show again on the next pass")
        XCTAssertEqual(feed.items.last?.key, ItemKey(pass: 1, photoID: "1"))
        XCTAssertEqual(Set(feed.items.map(\.key)).count, feed.count, "keys stay unique across passes")
    }

    func testAShortPageEndsThePassWithoutAskingForAnEmptyOne() {
        var pager = FeedPager(settings: .init(pageSize: 10, minInterval: 0))
        let r = pager.nextRequest(wantsMore: true, now: 0, generation: 0)!
        XCTAssertEqual(pager.complete(r, with: page(0..<4), into: &feed, now: 0), .appended(4))
        XCTAssertEqual(pager.nextRequest(wantsMore: true, now: 0, generation: 0)?.page, 1)
        XCTAssertEqual(pager.pass, 1)
    }

    func testWithoutWrappingTheFeedEnds() {
        var pager = FeedPager(settings: .init(pageSize: 10, wraps: false, minInterval: 0))
        let r = pager.nextRequest(wantsMore: true, now: 0, generation: 0)!
        _ = pager.complete(r, with: page(0..<4), into: &feed, now: 0)
        XCTAssertEqual(pager.phase, .ended)
        XCTAssertNil(pager.nextRequest(wantsMore: true, now: 100, generation: 0))
    }

    func testAnEmptyCatalogueEndsInsteadOfLooping() {
        var pager = FeedPager(settings: .init(pageSize: 10, minInterval: 0))
        let r = pager.nextRequest(wantsMore: true, now: 0, generation: 0)!
        XCTAssertEqual(pager.complete(r, with: page(0..<0), into: &feed, now: 0), .ended)
        XCTAssertNil(pager.nextRequest(wantsMore: true, now: 0, generation: 0))
    }

    func testFailuresBackOffAndHonourRetryAfter() {
        var pager = FeedPager(settings: .init(pageSize: 10, retry: RetryPolicy(base: 1, factor: 2, cap: 30, jitter: 0), minInterval: 0))
        var r = pager.nextRequest(wantsMore: true, now: 0, generation: 0)!
        XCTAssertEqual(pager.complete(r, with: .failure(.http(.status(500, retryAfter: nil))), into: &feed, now: 0),
                       .willRetry(after: 1))
        XCTAssertNil(pager.nextRequest(wantsMore: true, now: 0.9, generation: 0), "still backing off")
        r = pager.nextRequest(wantsMore: true, now: 1.0, generation: 0)!
        XCTAssertEqual(r.page, 1, "the same page is tried again")
        XCTAssertEqual(pager.complete(r, with: .failure(.http(.status(429, retryAfter: 9))), into: &feed, now: 1),
                       .willRetry(after: 9))
        XCTAssertEqual(pager.lastError, .http(.status(429, retryAfter: 9)))
        r = pager.nextRequest(wantsMore: true, now: 10, generation: 0)!
        _ = pager.complete(r, with: page(0..<10), into: &feed, now: 10)
        XCTAssertNil(pager.lastError, "a success clears the error")
    }

    func testAPageThatKeepsFailingIsSkipped() {
        var pager = FeedPager(settings: .init(pageSize: 10, retry: RetryPolicy(jitter: 0), attemptsPerPage: 3, minInterval: 0))
        var now = 0.0
        var outcomes: [FeedPager.Outcome] = []
        for _ in 0..<3 {
            let r = pager.nextRequest(wantsMore: true, now: now, generation: 0)!
            XCTAssertEqual(r.page, 1)
            outcomes.append(pager.complete(r, with: .failure(.malformed("bad JSON")), into: &feed, now: now))
            now += 100
        }
        XCTAssertEqual(outcomes.last, .skipped(page: 1))
        XCTAssertEqual(pager.nextRequest(wantsMore: true, now: now, generation: 0)?.page, 2)
    }

    func testResponsesForAnOldFeedAreIgnored() {
        var pager = FeedPager(settings: .init(pageSize: 10, minInterval: 0))
        let r = pager.nextRequest(wantsMore: true, now: 0, generation: feed.generation)!
        feed.reset()
        XCTAssertEqual(pager.complete(r, with: page(0..<10), into: &feed, now: 0), .stale)
        XCTAssertTrue(feed.isEmpty)
    }

    func testRetryPolicyGrowsCapsAndJitters() {
        let p = RetryPolicy(base: 0.5, factor: 2, cap: 4, jitter: 0.25)
        XCTAssertEqual(p.delay(afterFailures: 1, unit: 0.5), 0.5)
        XCTAssertEqual(p.delay(afterFailures: 3, unit: 0.5), 2)
        XCTAssertEqual(p.delay(afterFailures: 10, unit: 0.5), 4)
        XCTAssertEqual(p.delay(afterFailures: 1, unit: 0), 0.375)
        XCTAssertEqual(p.delay(afterFailures: 1, unit: 1), 0.625)
        XCTAssertEqual(p.delay(afterFailures: 1, retryAfter: 30, unit: 0.5), 30)
    }
}

final class ConnectivityTests: XCTestCase {
    func testGoesOfflineOnANetworkFailureAndProbesWithBackoff() {
        var c = Connectivity(retry: RetryPolicy(base: 1, factor: 2, cap: 8, jitter: 0))
        XCTAssertTrue(c.isOnline)
        XCTAssertTrue(c.networkFailed(now: 100))
        XCTAssertFalse(c.networkFailed(now: 100.5), "already offline: no second transition")
        XCTAssertFalse(c.shouldProbe(now: 100.5))
        XCTAssertTrue(c.shouldProbe(now: 101))
        c.probeSent(now: 101)
        XCTAssertFalse(c.shouldProbe(now: 102.9))
        XCTAssertTrue(c.shouldProbe(now: 103))
        c.probeSent(now: 103)
        XCTAssertTrue(c.shouldProbe(now: 107))
        for _ in 0..<10 { c.probeSent(now: 200) }
        XCTAssertTrue(c.shouldProbe(now: 208), "capped")
        XCTAssertTrue(c.serverAnswered(), "back online")
        XCTAssertFalse(c.serverAnswered())
        XCTAssertFalse(c.shouldProbe(now: 1000), "online: no probes")
    }
}

final class FeedPagerRepeatsTests: XCTestCase {
    /// A server that answers every page with page 1, forever, and a user holding End for 40 s.
    func testAServerThatRepeatsItselfIsAskedAFewTimesThenNoMore() {
        let model = GalleryModel(config: GalleryConfig(), pager: .init(pageSize: 30, wraps: true, minInterval: 1))
        var requests = 0
        var now = 0.0
        while now < 40 {
            _ = model.apply(.scrollToBottom)
            if let r = model.feed.nextPageRequest(now: now) {
                requests += 1
                model.feed.receive(r, .success(PageContents(photos: photos(0..<30))), now: now + 0.05)
            }
            model.tick(dt: 1.0 / 60)
            now += 1.0 / 60
        }
        XCTAssertEqual(requests, 4, "one page of photos, then three that added nothing")
        XCTAssertEqual(model.catalog.pager.stopReason, .nothingNew(pages: 3))
        XCTAssertNotNil(model.catalog.stopNote)
        XCTAssertTrue(model.catalog.endText?.contains("Press r to reload") ?? false)
        // A reload starts again.
        _ = model.apply(.reload)
        XCTAssertNil(model.catalog.stopNote)
        XCTAssertEqual(model.feed.nextPageRequest(now: now + 5)?.page, 1)
    }

    func testPagesOfInvalidEntriesCountAsNothingNew() {
        var pager = FeedPager(settings: .init(pageSize: 10, minInterval: 0))
        var feed = Feed()
        var outcomes: [FeedPager.Outcome] = []
        for _ in 0..<3 {
            let r = pager.nextRequest(wantsMore: true, now: 0, generation: 0)!
            outcomes.append(pager.complete(r, with: .success(PageContents(photos: [], skipped: 10)), into: &feed, now: 0))
        }
        XCTAssertEqual(outcomes, [.appended(0), .appended(0), .stoppedNothingNew])
        XCTAssertNil(pager.nextRequest(wantsMore: true, now: 100, generation: 0))
    }

    func testOneBarrenPageBetweenNewOnesDoesNotStop() {
        var pager = FeedPager(settings: .init(pageSize: 10, minInterval: 0))
        var feed = Feed()
        for (i, range) in [0..<10, 0..<10, 0..<10, 10..<20, 10..<20, 20..<30].enumerated() {
            let r = pager.nextRequest(wantsMore: true, now: 0, generation: 0)!
            let outcome = pager.complete(r, with: .success(PageContents(photos: photos(range))), into: &feed, now: 0)
            XCTAssertNotEqual(outcome, .stoppedNothingNew, "page \(i + 1)")
        }
        XCTAssertEqual(feed.count, 30)
    }
}

final class HeaderStatusCompositionTests: XCTestCase {
    func testWhichNoteTheHeaderShows() {
        let model = GalleryModel(config: GalleryConfig(), pager: .init(pageSize: 30, minInterval: 0))
        func status(online: Bool = true, store: String? = nil) -> HeaderStatus {
            HeaderStatus.of(model, sourceName: "demo", sourceNote: "Demo catalogue", imagesLoading: 2, online: online,
                               storeProblem: store)
        }
        XCTAssertEqual(status().note, "Demo catalogue")
        XCTAssertEqual(status(store: "cache: disk full").note, "cache: disk full")
        XCTAssertTrue(status(online: false).note?.hasPrefix("Offline") ?? false)
        XCTAssertTrue(status(online: false).offline)
        // A repeating server: the stop note wins over the cache's.
        for _ in 0..<4 {
            model.browse.setScroll(offset: Double(model.browse.layout.contentHeight))
            let r = model.feed.nextPageRequest(now: 0)!
            model.feed.receive(r, .success(PageContents(photos: photos(0..<30))), now: 0)
        }
        XCTAssertEqual(status(store: "cache: disk full").note, "Server repeats itself: stopped loading (r reloads)")
        XCTAssertEqual(status().summary, "30 photos · demo · loading 2 images")
    }
}

final class PageSizeTests: XCTestCase {
    func testNarrowWindowsAskForBiggerPages() {
        XCTAssertEqual(GalleryConfig.pageSize(forWindow: PixelSize(width: 480, height: 800)), 100)
        XCTAssertEqual(GalleryConfig.pageSize(forWindow: PixelSize(width: 1280, height: 800)), 30)
        XCTAssertEqual(GalleryConfig.pageSize(forWindow: PixelSize(width: 3840, height: 2160)), 30)
        var config = GalleryConfig()
        config.pageSize = 100
        XCTAssertEqual(config.restorablePageSizes, [100, 30])
    }

    func testStoredPagesOfAnotherSizeAreContinuedAtThatSize() {
        let model = GalleryModel(pager: .init(pageSize: 30, minInterval: 0))
        model.catalog.awaitingRestore = true
        XCTAssertNil(model.feed.nextPageRequest(now: 0), "waits for the cache")
        model.catalog.awaitingRestore = false
        model.feed.restore([(1, PageContents(photos: photos(0..<100)))], pageSize: 100)
        model.browse.setScroll(offset: Double(model.browse.layout.contentHeight))
        let next = model.feed.nextPageRequest(now: 0)
        XCTAssertEqual(next?.page, 2)
        XCTAssertEqual(next?.limit, 100, "the cached pages' size, so page 2 follows page 1")
    }
}
