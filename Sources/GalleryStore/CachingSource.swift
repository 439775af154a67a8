import Foundation
import GalleryCore

/// A photo source that keeps what another one fetches: pages are stored as they arrive and served from the store
/// when the network fails; images are served from the store when present (never downloaded again while cached) and
/// stored once they have decoded. Store work runs on one serial queue, never on the caller's (main) thread.
/// `networkReport` hears, from any thread, whether each network attempt reached the server.
public final class CachingSource: PhotoSource {
    public var name: String { upstream.name }
    private let upstream: PhotoSource
    private let store: PhotoStore
    /// Identifies the upstream in the store (its base URL).
    private let sourceKey: String
    private let queue = DispatchQueue(label: "tessera-store")
    private let lock = NSLock()
    private var nextID: UInt64 = 1
    /// Requests not finished yet, and the upstream request each one is waiting on, once it has one.
    private var outstanding: [RequestID: RequestID?] = [:]
    private var cancelled: Set<RequestID> = []
    private let networkReport: (Bool) -> Void
    private let storeFailure: (String) -> Void

    public init(upstream: PhotoSource, store: PhotoStore, sourceKey: String,
                networkReport: @escaping (Bool) -> Void, storeFailure: @escaping (String) -> Void) {
        self.upstream = upstream
        self.store = store
        self.sourceKey = sourceKey
        self.networkReport = networkReport
        self.storeFailure = storeFailure
    }

    /// Pages already stored for this source and page size (pass 0, in order), for showing at start.
    public func storedPages(limit: Int) -> [(page: Int, contents: PageContents)] {
        queue.sync { (try? store.pages(source: sourceKey, limit: limit)) ?? [] }
    }

    public func imageKey(_ photo: Photo, size: PixelSize) -> String {
        "\(sourceKey)/id/\(photo.id)/\(size.width)/\(size.height)"
    }

    public func fetchPage(_ page: Int, limit: Int,
                          completion: @escaping (Result<PageContents, SourceError>) -> Void) -> RequestID {
        let id = newID()
        let inner = upstream.fetchPage(page, limit: limit) { [self] result in
            finished(id)
            switch result {
            case .success(let contents):
                networkReport(true)
                queue.async { [self] in
                    attempt("save page \(page)") { try store.savePage(contents, page: page, limit: limit, source: sourceKey) }
                }
                completion(result)
            case .failure(let error) where error.isNetworkFailure:
                networkReport(false)
                // Offline: the stored copy of the page keeps the feed going.
                queue.async { [self] in
                    let stored = (try? store.page(page, limit: limit, source: sourceKey)) ?? nil
                    completion(stored.map { .success($0) } ?? result)
                }
            case .failure:
                networkReport(true)  // the server answered, if only with an error
                completion(result)
            }
        }
        link(id, inner)
        return id
    }

    public func fetchImage(_ photo: Photo, size: PixelSize, priority: Int,
                           completion: @escaping (Result<Data, SourceError>) -> Void) -> RequestID {
        let id = newID()
        let key = imageKey(photo, size: size)
        queue.async { [self] in
            if takeCancelled(id) { return }
            if let data = try? store.image(forKey: key) {
                finished(id)
                completion(.success(data))
                return
            }
            let inner = upstream.fetchImage(photo, size: size, priority: priority) { [self] result in
                finished(id)
                if case .failure(let error) = result { networkReport(!error.isNetworkFailure) } else { networkReport(true) }
                completion(result)
            }
            link(id, inner)
        }
        return id
    }

    public func cancel(_ id: RequestID) {
        lock.lock()
        // A request that already finished has nothing to cancel (and must not be remembered forever).
        guard let entry = outstanding.removeValue(forKey: id) else { lock.unlock(); return }
        cancelled.insert(id)
        lock.unlock()
        if let inner = entry { upstream.cancel(inner) }
    }

    public func imageDecoded(_ photo: Photo, size: PixelSize, data: Data) {
        let key = imageKey(photo, size: size)
        queue.async { [self] in attempt("save image") { try store.saveImage(data, forKey: key) } }
    }

    public func imageUndecodable(_ photo: Photo, size: PixelSize) {
        let key = imageKey(photo, size: size)
        queue.async { [self] in attempt("forget image") { try store.removeImage(forKey: key) } }
    }

    // MARK: bookkeeping

    private func newID() -> RequestID {
        lock.lock(); defer { lock.unlock() }
        nextID += 1
        outstanding[RequestID(nextID)] = .some(nil)
        return RequestID(nextID)
    }

    private func link(_ id: RequestID, _ inner: RequestID) {
        lock.lock()
        let wasCancelled = cancelled.remove(id) != nil
        if outstanding[id] != nil { outstanding[id] = .some(inner) }
        lock.unlock()
        if wasCancelled { upstream.cancel(inner) }
    }

    private func finished(_ id: RequestID) {
        lock.lock()
        outstanding[id] = nil
        cancelled.remove(id)
        lock.unlock()
    }

    /// Whether `id` was cancelled while it waited; forgets it either way once true.
    private func takeCancelled(_ id: RequestID) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return cancelled.remove(id) != nil
    }

    /// A failed store write (full disk, read-only) costs the cache, never the photo: report it and go on.
    private func attempt(_ what: String, _ body: () throws -> Void) {
        do { try body() } catch { storeFailure("cache: could not \(what): \(error)") }
    }
}
