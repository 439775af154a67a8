import Foundation
import GalleryCore

/// A photo source that keeps what another one fetches: pages are stored as they arrive and served from the store
/// when the network fails; images are served from the store when present and stored as soon as they arrive whole.
/// One image is one download: everyone who asks for an image while it is on its way waits on that one request, and
/// a request already sent runs to its end even when nobody waits any more, so its bytes land in the store.
/// Store work runs on one serial queue, never on the caller's (main) thread. `networkReport` hears, from any
/// thread, whether each network attempt reached the server.
public final class CachingSource: PhotoSource {
    public var name: String { upstream.name }
    public var answersAtRequestedSize: Bool { upstream.answersAtRequestedSize }
    public var traits: SourceTraits { upstream.traits }
    public var pageInterval: Double? { upstream.pageInterval }
    public func credit(for photo: Photo) -> Credit { upstream.credit(for: photo) }
    /// Motion is played from where the upstream says (never cached: a server's key is not kept with the photo).
    public func motionLocation(for photo: Photo) -> MediaLocation? { upstream.motionLocation(for: photo) }
    public func interest(of photo: Photo, completion: @escaping (CentreOfInterest) -> Void) {
        upstream.interest(of: photo, completion: completion)
    }
    private let upstream: PhotoSource
    private let store: PhotoStore
    /// Identifies the upstream in the store (its base URL).
    private let sourceKey: String
    private let queue = BackgroundQueue(name: "tessera-store")
    private let networkReport: (Bool) -> Void
    private let storeFailure: (StoreFailure) -> Void
    /// Images found in the store and not (the health's hit rate), counted from the store's queue.
    private let tally: CacheTally?

    /// One image on its way: who waits for it, and the upstream request once there is one.
    private struct Flight {
        var waiters: [RequestID: (Result<ImageAnswer, SourceError>) -> Void] = [:]
        var upstream: RequestID?
    }

    private let lock = NSLock()
    // Guarded by `lock`:
    private var nextID: UInt64 = 1
    private var flights: [String: Flight] = [:]
    private var flightOf: [RequestID: String] = [:]
    private var pageRequests: [RequestID: RequestID?] = [:]

    public init(upstream: PhotoSource, store: PhotoStore, sourceKey: String,
                networkReport: @escaping (Bool) -> Void, storeFailure: @escaping (StoreFailure) -> Void,
                tally: CacheTally? = nil) {
        self.tally = tally
        self.upstream = upstream
        self.store = store
        self.sourceKey = sourceKey
        self.networkReport = networkReport
        self.storeFailure = storeFailure
    }

    /// Pages already stored for this source (pass 0, in order, at most `maxPages`): those of the first of `limits`
    /// (page sizes) that has any, with that page size, each validated again as input. Delivered on the store
    /// queue, so a large store never holds up the caller.
    public func loadStoredPages(limits: [Int], maxPages: Int = 100,
                                completion: @escaping (_ limit: Int, [(page: Int, contents: PageContents)]) -> Void) {
        queue.async { [self] in
            for limit in limits {
                let pages = (try? store.pages(source: sourceKey, limit: limit, maxPages: maxPages)) ?? []
                if !pages.isEmpty { return completion(limit, pages.map { ($0.page, $0.contents.validated()) }) }
            }
            completion(limits.first ?? 30, [])
        }
    }

    /// The same, waiting for the answer (tests, tools).
    public func storedPages(limit: Int, maxPages: Int = 100) -> [(page: Int, contents: PageContents)] {
        let done = DispatchSemaphore(value: 0)
        var result: [(page: Int, contents: PageContents)] = []
        loadStoredPages(limits: [limit], maxPages: maxPages) { result = $1; done.signal() }
        done.wait()
        return result
    }

    /// The stored size of `photo` nearest to `size` that the decoder will take: the smallest that covers it (and is
    /// at most twice its size, as a source that answers at the size asked must be), else the largest below it.
    func nearestStored(_ photo: Photo, size: PixelSize) -> (key: String, data: Data)? {
        let prefix = "\(sourceKey)/id/\(photo.id)/"
        guard let keys = try? store.imageKeys(prefix: prefix, limit: 64) else { return nil }
        let sizes: [(key: String, w: Int, h: Int)] = keys.compactMap { key in
            let parts = key.dropFirst(prefix.count).split(separator: "/")
            guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
            return (key, w, h)
        }.filter { $0.w <= 2 * size.width && $0.h <= 2 * size.height }
        let covering = sizes.filter { $0.w >= size.width && $0.h >= size.height }.min { $0.w * $0.h < $1.w * $1.h }
        let best = covering ?? sizes.max { $0.w * $0.h < $1.w * $1.h }
        return best.flatMap { best in (try? store.image(forKey: best.key)).flatMap { $0.map { (best.key, $0) } } }
    }

    public func imageKey(_ photo: Photo, size: PixelSize) -> String {
        "\(sourceKey)/id/\(photo.id)/\(size.width)/\(size.height)"
    }

    public func fetchPage(_ page: Int, limit: Int,
                          completion: @escaping (Result<PageContents, SourceError>) -> Void) -> RequestID {
        let id = newID()
        let inner = upstream.fetchPage(page, limit: limit) { [self] result in
            lock.lock(); pageRequests[id] = nil; lock.unlock()
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
                    let stored = (try? store.page(page, limit: limit, source: sourceKey))??.validated()
                    completion(stored.map { .success($0) } ?? result)
                }
            case .failure:
                networkReport(true)  // the server answered, if only with an error
                completion(result)
            }
        }
        lock.lock(); pageRequests[id] = .some(inner); lock.unlock()
        return id
    }

    public func fetchImage(_ photo: Photo, size: PixelSize, priority: Int, progress: ((Double) -> Void)?,
                           completion: @escaping (Result<ImageAnswer, SourceError>) -> Void) -> RequestID {
        let key = imageKey(photo, size: size)
        lock.lock()
        nextID += 1
        let id = RequestID(nextID)
        flightOf[id] = key
        if flights[key] != nil {
            // On its way already: wait for that download instead of starting another.
            flights[key]!.waiters[id] = completion
            lock.unlock()
            return id
        }
        flights[key] = Flight(waiters: [id: completion])
        lock.unlock()
        queue.async { [self] in
            guard hasWaiters(key) else { return land(key, nil) }
            if let data = try? store.image(forKey: key) {
                tally?.hit()
                return land(key, .success(stored(data, key: key)))
            }
            tally?.miss()
            let inner = upstream.fetchImage(photo, size: size, priority: priority, progress: progress) { [self] result in
                switch result {
                case .success(var answer):
                    networkReport(true)
                    // Stored before anyone is told, so a request arriving after this one finds it in the store. The
                    // header read to judge it goes along: the decoder does not read it again.
                    if let header = CachingSource.headerIfWorthKeeping(answer.data) {
                        let data = answer.data
                        queue.async { [self] in attempt("save image") { try store.saveImage(data, forKey: key) } }
                        answer.header = header
                        let forget = forgetting(key), upstreamForgets = answer.undecodable
                        answer.undecodable = { forget(); upstreamForgets?() }
                    }
                    land(key, .success(answer))
                case .failure(let error):
                    // One image timing out says nothing of the server (its pages and probes say that): it is not
                    // taken for "offline", which would stop and restart everything each time it stalls again.
                    if error != .http(.timedOut) { networkReport(!error.isNetworkFailure) }
                    // Offline: the same photo kept at another size is better than a placeholder (drawn scaled, and
                    // asked for again at its own size once the server answers).
                    if error.isNetworkFailure, let standIn = nearestStored(photo, size: size) {
                        var answer = stored(standIn.data, key: standIn.key)
                        answer.isStandIn = true
                        return land(key, .success(answer))
                    }
                    land(key, result)
                }
            }
            lock.lock()
            flights[key]?.upstream = inner
            withdrawIfAbandoned(key)
            lock.unlock()
        }
        return id
    }

    /// Stops waiting for a request. The download itself is withdrawn only if it has not been sent and nobody
    /// else waits for the same image; otherwise it finishes into the store.
    @discardableResult
    /// At the app's end: waits for the photos fetched so far to be written to the store (at most `seconds`, so a
    /// stuck disk cannot hold the quit); whether they all were. A photo shown is then found in the store next time.
    public func finishSaving(within seconds: Double) -> Bool { queue.drain(within: seconds) }

    public func cancel(_ id: RequestID) -> Bool {
        lock.lock()
        if let page = pageRequests.removeValue(forKey: id) {
            lock.unlock()
            return page.map { upstream.cancel($0) } ?? false
        }
        defer { lock.unlock() }
        guard let key = flightOf.removeValue(forKey: id), flights[key]?.waiters.removeValue(forKey: id) != nil else {
            return false
        }
        withdrawIfAbandoned(key)
        return true
    }

    /// If nobody waits for `key` any more, takes its request back if it was not sent yet; a sent one lands in the
    /// store. Called with `lock` held, so nobody can join the flight in between (the upstream never calls back
    /// into this object from `cancel`).
    private func withdrawIfAbandoned(_ key: String) {
        guard let flight = flights[key], flight.waiters.isEmpty, let inner = flight.upstream else { return }
        if upstream.cancel(inner) { flights[key] = nil }
    }

    /// A bookmarked photo's images, at every size, are never evicted; unbookmarked, they age out again.
    public func pin(_ photo: Photo, _ pinned: Bool) {
        let prefix = "\(sourceKey)/id/\(photo.id)/"
        queue.async { [self] in attempt("keep a bookmarked image") { try store.setPinned(prefix, pinned) } }
    }

    /// Bytes are stored only in a format Tessera decodes and only whole (a transfer cut short is not kept): their
    /// header then, nil when not worth keeping.
    static func headerIfWorthKeeping(_ data: Data) -> ImageHeader? {
        guard let header = try? ImageHeaderReader.read(data),
              ImageHeaderReader.looksComplete(data, format: header.format) else { return nil }
        return header
    }

    /// An answer from the store: bytes that turn out not to decode are forgotten, so the next try downloads afresh.
    private func stored(_ data: Data, key: String) -> ImageAnswer { ImageAnswer(data, undecodable: forgetting(key)) }

    private func forgetting(_ key: String) -> () -> Void {
        { [weak self] in self?.queue.async { [weak self] in self?.attempt("forget image") { try self?.store.removeImage(forKey: key) } } }
    }

    // MARK: bookkeeping

    private func newID() -> RequestID {
        lock.lock(); defer { lock.unlock() }
        nextID += 1
        return RequestID(nextID)
    }

    private func hasWaiters(_ key: String) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return !(flights[key]?.waiters.isEmpty ?? true)
    }

    /// The flight for `key` is over: everyone still waiting hears `result` (nil: nobody was).
    private func land(_ key: String, _ result: Result<ImageAnswer, SourceError>?) {
        lock.lock()
        let waiters = flights.removeValue(forKey: key)?.waiters ?? [:]
        for id in waiters.keys { flightOf[id] = nil }
        lock.unlock()
        guard let result else { return }
        for completion in waiters.values { completion(result) }
    }

    /// A failed store write (full disk, read-only) costs the cache, never the photo: report it and go on.
    private func attempt(_ what: String, _ body: () throws -> Void) {
        do { try body() } catch {
            // Translators: the header's note; {reason} says why ("the disk is full").
            storeFailure(StoreFailure(words: tr("The offline cache cannot keep photos: {reason}",
                                                ["reason": StoreErrorWords.describe(error)]),
                                      detail: "cache: could not \(what): \(error)"))
        }
    }
}
