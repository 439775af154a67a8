import Foundation
@testable import GalleryCore
@testable import GalleryStore
import XCTest

/// A store in memory, for the caching source's own logic.
final class MemoryStore: PhotoStore {
    private let lock = NSLock()
    var images: [String: Data] = [:]
    /// When set, reading pages holds the caller (the store queue) until the gate opens.
    var gate: (entered: DispatchSemaphore, open: DispatchSemaphore)?
    func pages(source: String, limit: Int) throws -> [(page: Int, contents: PageContents)] {
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
    private let photo = Photo(id: "9", author: "", width: 30, height: 20, url: "", downloadURL: "")
    private let size = PixelSize(width: 30, height: 20)

    private func make(_ upstream: ManualSource, _ store: MemoryStore) -> CachingSource {
        CachingSource(upstream: upstream, store: store, sourceKey: "k", networkReport: { _ in },
                      storeFailure: { XCTFail($0) })
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

    func testCancellingAfterTheDownloadStartedCancelsIt() {
        let upstream = ManualSource(), store = MemoryStore()
        let source = make(upstream, store)
        let id = source.fetchImage(photo, size: size, priority: 0) { _ in }
        _ = source.storedPages(limit: 1)
        XCTAssertEqual(upstream.calls.count, 1)
        source.cancel(id)
        XCTAssertEqual(upstream.cancelled, [upstream.calls[0].id])
    }

    func testStoredBytesAreServedAndOnlyDecodedBytesAreStored() {
        let upstream = ManualSource(), store = MemoryStore()
        let source = make(upstream, store)
        source.imageDecoded(photo, size: size, data: Data([1, 2]))
        _ = source.storedPages(limit: 1)
        XCTAssertEqual(store.images[source.imageKey(photo, size: size)], Data([1, 2]))
        XCTAssertEqual(source.imageKey(photo, size: size), "k/id/9/30/20", "keyed by the request, not a redirect")
        let done = expectation(description: "served")
        source.fetchImage(photo, size: size, priority: 0) { result in
            XCTAssertEqual(try? result.get(), Data([1, 2]))
            done.fulfill()
        }
        wait(for: [done], timeout: 5)
        XCTAssertTrue(upstream.calls.isEmpty, "served from the store")
        source.imageUndecodable(photo, size: size)
        _ = source.storedPages(limit: 1)
        XCTAssertTrue(store.images.isEmpty)
    }
}
