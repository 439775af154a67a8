import Foundation
@testable import GalleryCore
@testable import GalleryStore
import SDLKit
import XCTest

/// A store in memory, for the caching source's own logic.
final class MemoryStore: PhotoStore {
    private let lock = NSLock()
    var images: [String: Data] = [:]
    /// When set, reading pages holds the caller (the store queue) until the gate opens.
    var gate: (entered: DispatchSemaphore, open: DispatchSemaphore)?
    func pages(source: String, limit: Int, maxPages: Int) throws -> [(page: Int, contents: PageContents)] {
        if let gate { gate.entered.signal(); gate.open.wait() }
        return []
    }
    func page(_ page: Int, limit: Int, source: String) throws -> PageContents? { nil }
    func savePage(_ contents: PageContents, page: Int, limit: Int, source: String) throws {}
    func image(forKey key: String) throws -> Data? { lock.lock(); defer { lock.unlock() }; return images[key] }
    func saveImage(_ data: Data, forKey key: String) throws { lock.lock(); images[key] = data; lock.unlock() }
    func removeImage(forKey key: String) throws { lock.lock(); images[key] = nil; lock.unlock() }
}

final class CachingSourceTests: XCTestCase {
    override func setUp() { XCTAssertNotNil(SharedSDL.system) }

    private let photo = Photo(id: "9", author: "", width: 30, height: 20, url: "", downloadURL: "")
    private let size = PixelSize(width: 30, height: 20)

    private func make(_ upstream: ManualSource, _ store: MemoryStore) -> CachingSource {
        CachingSource(upstream: upstream, store: store, sourceKey: "k", networkReport: { _ in },
                      storeFailure: { XCTFail("\($0)") })
    }

    func testACancelledRequestNeverReachesTheNetwork() {
        let upstream = ManualSource(), store = MemoryStore()
        let source = make(upstream, store)
        // Hold the store queue so the request is still waiting when it is cancelled.
        let gate = (entered: DispatchSemaphore(value: 0), open: DispatchSemaphore(value: 0))
        store.gate = gate
        Thread.detachNewThread { _ = source.storedPages(limit: 1) }
        gate.entered.wait()
        store.gate = nil
        let id = source.fetchImage(photo, size: size, priority: 0) { _ in XCTFail("cancelled: no completion") }
        source.cancel(id)
        gate.open.signal()
        _ = source.storedPages(limit: 1)  // the queue is serial: this returns after the request's turn
        XCTAssertTrue(upstream.calls.isEmpty)
    }

    /// A small valid JPEG: what the store keeps.
    private let jpeg: Data = {
        let s = try! Surface(width: 8, height: 8)
        return try! s.jpegData()
    }()

    func testCancellingAQueuedDownloadWithdrawsIt() {
        let upstream = ManualSource(), store = MemoryStore()
        let source = make(upstream, store)
        let id = source.fetchImage(photo, size: size, priority: 0) { _ in XCTFail("cancelled: no completion") }
        _ = source.storedPages(limit: 1)
        XCTAssertEqual(upstream.calls.count, 1)
        XCTAssertTrue(source.cancel(id))
        XCTAssertEqual(upstream.cancelled, [upstream.calls[0].id])
        // Withdrawn, so a new request asks again.
        source.fetchImage(photo, size: size, priority: 0) { _ in }
        _ = source.storedPages(limit: 1)
        XCTAssertEqual(upstream.calls.count, 2)
    }

    func testADownloadAlreadySentFinishesIntoTheStoreWhenNobodyWaits() {
        let upstream = ManualSource(), store = MemoryStore()
        upstream.sent = true
        let source = make(upstream, store)
        let id = source.fetchImage(photo, size: size, priority: 0) { _ in XCTFail("cancelled: no completion") }
        _ = source.storedPages(limit: 1)
        source.cancel(id)
        upstream.calls[0].completion(.success(jpeg))
        _ = source.storedPages(limit: 1)
        XCTAssertEqual(store.images[source.imageKey(photo, size: size)], jpeg, "kept for the next time")
        let served = expectation(description: "served")
        source.fetchImage(photo, size: size, priority: 0) { result in
            XCTAssertEqual(try? result.get().data, self.jpeg)
            served.fulfill()
        }
        wait(for: [served], timeout: 5)
        XCTAssertEqual(upstream.calls.count, 1, "one image, one request")
    }

    func testEveryoneAskingForAnImageOnItsWayWaitsForTheSameDownload() {
        let upstream = ManualSource(), store = MemoryStore()
        let source = make(upstream, store)
        let all = expectation(description: "all served")
        all.expectedFulfillmentCount = 3
        let first = source.fetchImage(photo, size: size, priority: 0) { _ in XCTFail("cancelled") }
        for _ in 0..<3 { source.fetchImage(photo, size: size, priority: 0) { if case .success = $0 { all.fulfill() } } }
        source.cancel(first)  // one of four gives up: the download goes on for the others
        _ = source.storedPages(limit: 1)
        XCTAssertEqual(upstream.calls.count, 1)
        XCTAssertTrue(upstream.cancelled.isEmpty)
        upstream.answer(upstream.calls[0], .success(jpeg))
        wait(for: [all], timeout: 5)
    }

    func testOnlyWholeImagesOfAnAllowedFormatAreStoredAndUndecodableOnesForgotten() {
        let upstream = ManualSource(), store = MemoryStore()
        let source = make(upstream, store)
        let key = source.imageKey(photo, size: size)
        XCTAssertEqual(key, "k/id/9/30/20", "keyed by the request, not a redirect")
        let last = Box<ImageAnswer>()
        for (bytes, kept) in [(Data("GIF89a....".utf8), false), (jpeg.prefix(jpeg.count - 10), false), (jpeg, true)] {
            let done = expectation(description: "answered")
            source.fetchImage(photo, size: size, priority: 0) { if case .success(let a) = $0 { last.set(a) }; done.fulfill() }
            _ = source.storedPages(limit: 1)
            upstream.calls.last!.completion(.success(bytes))
            wait(for: [done], timeout: 5)
            _ = source.storedPages(limit: 1)
            XCTAssertEqual(store.images[key] != nil, kept, "\(bytes.prefix(4) as NSData)")
        }
        XCTAssertNotNil(last.value?.header, "a kept image carries the header read to judge it")
        last.value?.undecodable?()  // the pipeline's verdict
        _ = source.storedPages(limit: 1)
        XCTAssertTrue(store.images.isEmpty)
    }
}

final class StoredPagesLoadingTests: XCTestCase {
    /// The app asks for stored pages at start: the answer comes later, on the store's queue, however slow the
    /// store is, so the first frame never waits for it.
    func testLoadingStoredPagesNeverBlocksTheCaller() {
        let store = MemoryStore()
        let gate = (entered: DispatchSemaphore(value: 0), open: DispatchSemaphore(value: 0))
        store.gate = gate
        let source = CachingSource(upstream: ManualSource(), store: store, sourceKey: "k", networkReport: { _ in },
                                   storeFailure: { _ in })
        let delivered = expectation(description: "delivered")
        source.loadStoredPages(limits: [30]) { _, _ in delivered.fulfill() }
        // Returned while the store is still held inside its read.
        XCTAssertEqual(gate.entered.wait(timeout: .now() + 5), .success)
        gate.open.signal()
        wait(for: [delivered], timeout: 5)
    }
}
