import FixtureServer
import Foundation
@testable import GalleryCore
@testable import NetworkSources
@testable import GalleryNet
@testable import GalleryStore
import XCTest

/// The cache and the network together, against the fixture server and its faults, through the real libcurl client.
final class CacheIntegrationTests: FixtureTestCase {
    private var client: CurlHTTPClient!
    private var dir = ""
    private var store: SQLiteStore!
    private let reports = Box<[Bool]>()

    override func setUpWithError() throws {
        try super.setUpWithError()
        client = try CurlHTTPClient()
        dir = NSTemporaryDirectory() + "tessera-cache-\(UUID().uuidString)"
        store = try SQLiteStore(directory: dir, budgetBytes: 64 << 20)
        reports.set([])
    }

    override func tearDown() {
        client.shutdown()
        try? FileManager.default.removeItem(atPath: dir)
        super.tearDown()
    }

    private func cachingSource() -> CachingSource {
        let reports = self.reports
        return CachingSource(upstream: PicsumSource(baseURL: server.baseURL, http: client), store: store,
                             sourceKey: "fixture", networkReport: { reports.set((reports.value ?? []) + [$0]) },
                             storeFailure: { XCTFail("\($0)") })
    }

    private func page(_ source: PhotoSource, _ n: Int, limit: Int = 30) -> Result<PageContents, SourceError>? {
        wait { done in _ = source.fetchPage(n, limit: limit) { done($0) } }
    }

    private func image(_ source: PhotoSource, _ photo: Photo) -> Result<ImageAnswer, SourceError>? {
        wait { done in _ = source.fetchImage(photo, size: PixelSize(width: 120, height: 80), priority: 0) { done($0) } }
    }

    /// Fetches images, as the pipeline does (whole images are stored as they arrive).
    private func warm(_ source: CachingSource, _ photos: [Photo]) throws {
        for p in photos {
            _ = try XCTUnwrap(try image(source, p)?.get())
        }
        _ = source.storedPages(limit: 1)  // the store queue is serial: this waits for the writes above
    }

    /// Offline, a photo kept at another size stands in for the size asked (drawn scaled) instead of a placeholder,
    /// and says so, so the exact size is fetched once the server answers; a size more than twice the one asked is
    /// not offered (the decoder would refuse it).
    func testOfflineAPhotoKeptAtAnotherSizeStandsIn() throws {
        let source = cachingSource()
        let photo = try XCTUnwrap(try page(source, 1)?.get()).photos[0]
        let kept = try XCTUnwrap(wait { done in
            _ = source.fetchImage(photo, size: PixelSize(width: 120, height: 80), priority: 0) { done($0) }
        }?.get())
        _ = source.storedPages(limit: 1)  // the writes are done
        XCTAssertFalse(kept.isStandIn)
        XCTAssertNotNil(kept.header, "the header read to judge the bytes goes along: the decoder does not read it again")
        server.stop()
        let larger = try XCTUnwrap(wait { done in
            _ = source.fetchImage(photo, size: PixelSize(width: 180, height: 120), priority: 0) { done($0) }
        }?.get())
        XCTAssertEqual(larger.data, kept.data, "the kept size, rather than nothing")
        XCTAssertTrue(larger.isStandIn, "said, so the size asked is fetched once the server answers")
        let tiny = wait { done in
            _ = source.fetchImage(photo, size: PixelSize(width: 30, height: 20), priority: 0) { done($0) }
        }
        XCTAssertThrowsError(try tiny?.get(), "four times the size asked is not offered")
    }

    func testCachedImagesAreNeverDownloadedAgainEvenAfterARestart() throws {
        let first = cachingSource()
        let photos = try XCTUnwrap(try page(first, 1)?.get()).photos.prefix(20)
        try warm(first, Array(photos))
        XCTAssertEqual(server.counters.images, 20)
        // Scroll back over them, then "restart" with a new source on the same store.
        try warm(first, Array(photos))
        let restarted = cachingSource()
        try warm(restarted, Array(photos))
        XCTAssertEqual(server.counters.images, 20, "zero repeated image requests")
        XCTAssertEqual(try store.imageCount(), 20)
    }

    func testUndecodableBytesAreNotKept() throws {
        server.faults.corruptImages = ["3"]
        let source = cachingSource()
        let p = try XCTUnwrap(try page(source, 1)?.get()).photos[3]
        let answer = try XCTUnwrap(try image(source, p)?.get())
        answer.undecodable?()  // the pipeline's verdict, if they were kept at all
        _ = source.storedPages(limit: 1)
        XCTAssertEqual(try store.imageCount(), 0)
        server.faults.corruptImages = []
        _ = try XCTUnwrap(try image(source, p)?.get())
        XCTAssertEqual(server.counters.images, 2, "downloaded afresh")
    }

    func testServerDownAtStartServesTheCacheAndReportsOffline() throws {
        let online = cachingSource()
        let cachedPhotos = try XCTUnwrap(try page(online, 1)?.get()).photos
        _ = try XCTUnwrap(try page(online, 2)?.get())
        try warm(online, Array(cachedPhotos.prefix(4)))
        server.stop()

        reports.set([])
        let offline = cachingSource()
        let stored = offline.storedPages(limit: 30)
        XCTAssertEqual(stored.map(\.page), [1, 2], "shown at start, before any network answer")
        XCTAssertEqual(try page(offline, 1)?.get().photos, cachedPhotos, "a stored page stands in")
        guard case .failure(let error)? = page(offline, 3), error.isNetworkFailure else {
            return XCTFail("an uncached page fails as a network failure")
        }
        XCTAssertEqual(reports.value?.contains(false), true, "offline was reported")
        XCTAssertNotNil(try image(offline, cachedPhotos[0])?.get(), "cached image served with the server down")
        guard case .failure? = image(offline, cachedPhotos[10]) else { return XCTFail("uncached image cannot load") }
    }

    func testServerDyingMidScrollAndComingBackLosesNothing() throws {
        let source = cachingSource()
        let model = GalleryModel(pager: .init(pageSize: 30, minInterval: 0))
        var connectivity = Connectivity()
        var now = 0.0
        func step() {
            guard let request = model.feed.nextPageRequest(now: now) ?? {
                _ = model.apply(.scrollToBottom)
                for _ in 0..<300 { model.tick(dt: 1.0 / 60) }
                return model.feed.nextPageRequest(now: now)
            }() else { return XCTFail("no page request at \(now)") }
            let result = page(source, request.page, limit: request.limit)!
            if case .failure(let e) = result, e.isNetworkFailure { connectivity.networkFailed(now: now) }
            model.feed.receive(request, result, now: now)
        }
        step(); step()
        XCTAssertEqual(model.catalog.feed.count, 60)
        let port = server.port
        server.stop()
        step()  // page 3: the server is gone
        XCTAssertFalse(connectivity.isOnline)
        XCTAssertEqual(model.catalog.feed.count, 60)
        now += 100
        step()  // retried after the backoff, still down: not skipped
        XCTAssertEqual(model.catalog.pager.nextPage, 3)

        try server.start(port: port)
        let probe: Result<PageContents, SourceError>? = wait { done in
            _ = PicsumSource(baseURL: server.baseURL, http: client).fetchPage(1, limit: 1) { done($0) }
        }
        XCTAssertNotNil(try probe?.get())
        XCTAssertTrue(connectivity.serverAnswered(), "back online")
        model.catalog.retryPagesSoon()
        step(); step()
        XCTAssertEqual(model.catalog.feed.items.map(\.photo.id), (0..<120).map(String.init), "every item, in order, once")
    }

    func testRetryAfterIsHonoured() throws {
        server.faults.pageStatus[1] = (429, 7)
        let model = GalleryModel(pager: .init(pageSize: 30, retry: RetryPolicy(base: 0.5, jitter: 0), minInterval: 0))
        let request = try XCTUnwrap(model.feed.nextPageRequest(now: 0))
        let outcome = model.feed.receive(request, try XCTUnwrap(page(cachingSource(), 1)), now: 0)
        XCTAssertEqual(outcome, .willRetry(after: 7))
        XCTAssertNil(model.feed.nextPageRequest(now: 6.9))
        server.faults.pageStatus = [:]
        XCTAssertEqual(model.feed.nextPageRequest(now: 7)?.page, 1)
    }

    func testATricklingServerDoesNotHoldASlot() throws {
        server.faults.trickleImages = ["5"]
        let started = Date()
        let r: Result<HTTPResponse, HTTPError>? = wait { done in
            _ = client.get(HTTPRequest(url: server.baseURL + "/id/5/300/300", totalTimeout: 60, stallTimeout: 1)) { done($0) }
        }
        guard case .failure(.timedOut)? = r else { return XCTFail("expected a stall timeout, got \(String(describing: r))") }
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "given up long before the total timeout")
    }
}
