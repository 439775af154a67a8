import Foundation
import GalleryCore

/// `--sort random` for a network source that can list its whole catalogue (Immich, Lorem Picsum): the catalogue is
/// listed (`list`, the source's own requests) when a pass begins and again when the listing is older than
/// `relistAfter`, and pages come from a `ShuffledPass` in rank order, without a request. The show's place is the
/// pass's (`place(shown:)`, `resume(from:)`), so a restart carries on in the same order without a repeat, the pass
/// served whole from its first photo and its first page saying where the show stood (`PageContents.resumed`).
///
/// The pass holds IDs (`ShuffledPass.Listed`); a page's photos are the ones a source listed whole (Lorem Picsum), or
/// else what `details` fetches for them as the page is served, near the screen (Immich's `GET /api/assets/{id}`): a
/// photo gone since the listing is left out of its page (counted as skipped), and a page whose details failed is
/// served again as the same photos when the feed asks for it again, so a failed request costs the pass nothing.
///
/// Thread-safe by one lock over the pass and the pages waiting for a listing; completions run outside it, on the
/// thread the listing finished on (the network's).
final class ListedShuffle {
    typealias Listing = Result<[ShuffledPass.Listed], SourceError>
    /// The photos of IDs a listing gave alone, by ID (one missing: gone since the listing), answering once.
    typealias Details = ([String], @escaping (Result<[String: Photo], SourceError>) -> Void) -> Void
    /// Lists the whole catalogue, answering once.
    private let list: (@escaping (Listing) -> Void) -> Void
    private let details: Details?
    private let relistAfter: Double
    /// The wall clock (seconds since 1970): when a pass began, for the show's place.
    private let clock: () -> Double
    /// Seconds that only move forward (the system's uptime): how old a listing is. The wall clock is not: set back
    /// (a Raspberry Pi before NTP answers) it would keep a listing "new" for as long, and jumping forward it would make
    /// one look stale at once.
    private let elapsed: () -> Double

    private let lock = NSLock()
    // Guarded by `lock`:
    private var pass: ShuffledPass
    private var listedAt: Double?
    /// Pages asked for while a listing was under way: answered when it ends.
    private var waiting: [(page: Int, limit: Int, completion: (Result<PageContents, SourceError>) -> Void)] = []
    private var listing = false
    /// A page whose photos' details could not be fetched: served again as the same photos when asked again.
    private var unanswered: (page: Int, served: Served)?
    /// A kept place being taken up, until a listing has come: the photos it had shown are listed whole
    /// (`listsWhole`).
    private var resuming: ShowPlace?

    /// A page of the pass as served: its photos by ID, and where a resumed pass stood.
    private struct Served {
        var listed: [ShuffledPass.Listed]
        var resumed: ShowResume?
    }

    /// `relistAfter`: seconds a listing stays good within a pass (newcomers and removals between listings are seen
    /// at the next one, or at the next pass).
    init(relistAfter: Double = 6 * 3_600, seed: UInt64 = UInt64.random(in: 1...UInt64.max),
         clock: @escaping () -> Double = { Date().timeIntervalSince1970 },
         elapsed: @escaping () -> Double = { ProcessInfo.processInfo.systemUptime },
         details: Details? = nil, list: @escaping (@escaping (Listing) -> Void) -> Void) {
        self.list = list
        self.details = details
        self.relistAfter = relistAfter
        self.clock = clock
        self.elapsed = elapsed
        pass = ShuffledPass(seed: seed, now: { Int64(clock()) })
    }

    /// The feed's page: page 1 begins a pass (after a listing), an empty page ends it.
    func fetchPage(_ page: Int, limit: Int, completion: @escaping (Result<PageContents, SourceError>) -> Void) -> RequestID {
        enum Step { case answer(Served), wait, list }
        let now = elapsed()
        let step: Step = lock.withLock {
            if let kept = unanswered {
                unanswered = nil
                if kept.page == page, !listing { return .answer(kept.served) }
            }
            let stale = listedAt.map { page <= 1 || now - $0 >= relistAfter } ?? true
            guard listing || stale else { return .answer(contents(page, limit: limit)) }
            waiting.append((page, limit, completion))
            if listing { return .wait }
            listing = true
            return .list
        }
        switch step {
        case .answer(let served):
            // Off the caller's thread, as the network would answer.
            DispatchQueue.global().async { [self] in answer(served, page: page, completion) }
        case .wait: break
        case .list: list { [self] in listed($0) }
        }
        return RequestID(UInt64.max - UInt64(max(0, page)))
    }

    /// A listing came back: the pass takes it, and the pages waiting for it are answered from it (a failed listing
    /// fails them, to be asked again as any failed page is).
    private func listed(_ result: Listing) {
        let answers: [(page: Int, Result<Served, SourceError>, (Result<PageContents, SourceError>) -> Void)] = lock.withLock {
            listing = false
            let asked = waiting
            waiting.removeAll()
            switch result {
            case .failure where listedAt != nil && asked.allSatisfy({ $0.page > 1 }):
                // Only the six-hourly look at what came and went failed: the pass goes on with what it has, and
                // looks again after another interval (not at every page: each look lists the whole library).
                listedAt = elapsed()
                return asked.map { ($0.page, .success(contents($0.page, limit: $0.limit)), $0.completion) }
            case .failure(let error):
                return asked.map { ($0.page, .failure(error), $0.completion) }
            case .success(let photos):
                pass.list(photos)
                resuming = nil
                listedAt = elapsed()
                unanswered = nil
                return asked.map { ($0.page, .success(contents($0.page, limit: $0.limit)), $0.completion) }
            }
        }
        for (page, result, completion) in answers {
            switch result {
            case .failure(let error): completion(.failure(error))
            case .success(let served): answer(served, page: page, completion)
            }
        }
    }

    /// A served page as photos: those listed whole as they are, the others' details fetched (`details`). Those gone
    /// since the listing are skipped; a failure keeps the page to be served again (`unanswered`).
    private func answer(_ served: Served, page: Int, _ completion: @escaping (Result<PageContents, SourceError>) -> Void) {
        let missing = served.listed.filter { $0.photo == nil }.map(\.id)
        let whole = { (found: [String: Photo]) -> PageContents in
            let photos = served.listed.compactMap { $0.photo ?? found[$0.id] }
            return PageContents(photos: photos, skipped: served.listed.count - photos.count, resumed: served.resumed)
        }
        guard !missing.isEmpty, let details else { return completion(.success(whole([:]))) }
        details(missing) { [self] result in
            switch result {
            case .success(let found): completion(.success(whole(found)))
            case .failure(let error):
                lock.withLock { unanswered = (page, served) }
                completion(.failure(error))
            }
        }
    }

    /// A page of the pass, with where a show carried on from a kept place stands in it (the resumed pass's first
    /// page: `ShuffledPass.takeResumed`). Under `lock`.
    private func contents(_ page: Int, limit: Int) -> Served {
        let listed = pass.page(page, limit: limit)
        return Served(listed: listed, resumed: pass.takeResumed())
    }

    /// Photos listed last time (for tests and the log).
    var listedCount: Int { lock.withLock { pass.count } }

    /// Where the show stands once `photo` has shown, as `ShowPlace` text.
    func place(shown photo: Photo) -> String? { lock.withLock { pass.noteShown(id: photo.id)?.text } }

    /// Carries on from a kept place (before the first page).
    func resume(from text: String) {
        guard let kept = ShowPlace(text: text) else { return }
        lock.withLock {
            pass.resume(from: kept)
            resuming = kept
        }
    }

    /// Which listed photos to keep whole (by ID and upload time): while a kept place is taken up, those it had shown.
    /// The resumed pass's first page serves them all again at once (the wall stands among them), and a source that
    /// lists IDs alone would otherwise fetch each one's details there: a request a photo already shown, every
    /// restart (`NetworkShuffleTests`' twelve restarts of 300 photos: 2,428 details requests, not 780). Judged by a
    /// photo's own rank (a pass's few edge ranks aside): a photo misjudged has its details fetched, or is held whole
    /// until the next listing. None otherwise.
    var listsWhole: (String, Int64?) -> Bool {
        guard let kept = lock.withLock({ resuming }) else { return { _, _ in false } }
        return { id, arrived in
            kept.hasShown(rank: ShowPlace.rank(ShuffledPass.idHash(id), seed: kept.seed, pass: kept.pass), id: id,
                          arrived: arrived ?? 0)
        }
    }
}
