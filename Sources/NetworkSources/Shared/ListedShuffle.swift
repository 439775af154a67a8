import Foundation
import GalleryCore

/// `--sort random` for a network source that can list its whole catalogue (Immich, Lorem Picsum): the catalogue is
/// listed (`list`, the source's own requests) when a pass begins and again when the listing is older than
/// `relistAfter`, and pages come from a `ShuffledPass` in rank order, without a request. The show's place is the
/// pass's (`place(shown:)`, `resume(from:)`), so a restart carries on in the same order without a repeat, the pass
/// served whole from its first photo and its first page saying where the show stood (`PageContents.resumed`).
///
/// Thread-safe by one lock over the pass and the pages waiting for a listing; completions run outside it, on the
/// thread the listing finished on (the network's).
final class ListedShuffle {
    typealias Listing = Result<[ShuffledPass.Listed], SourceError>
    /// Lists the whole catalogue, answering once.
    private let list: (@escaping (Listing) -> Void) -> Void
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

    /// `relistAfter`: seconds a listing stays good within a pass (newcomers and removals between listings are seen
    /// at the next one, or at the next pass).
    init(relistAfter: Double = 6 * 3_600, seed: UInt64 = UInt64.random(in: 1...UInt64.max),
         clock: @escaping () -> Double = { Date().timeIntervalSince1970 },
         elapsed: @escaping () -> Double = { ProcessInfo.processInfo.systemUptime },
         list: @escaping (@escaping (Listing) -> Void) -> Void) {
        self.list = list
        self.relistAfter = relistAfter
        self.clock = clock
        self.elapsed = elapsed
        pass = ShuffledPass(seed: seed, now: { Int64(clock()) })
    }

    /// The feed's page: page 1 begins a pass (after a listing), an empty page ends it.
    func fetchPage(_ page: Int, limit: Int, completion: @escaping (Result<PageContents, SourceError>) -> Void) -> RequestID {
        enum Step { case answer(PageContents), wait, list }
        let now = elapsed()
        let step: Step = lock.withLock {
            let stale = listedAt.map { page <= 1 || now - $0 >= relistAfter } ?? true
            guard listing || stale else { return .answer(contents(page, limit: limit)) }
            waiting.append((page, limit, completion))
            if listing { return .wait }
            listing = true
            return .list
        }
        switch step {
        case .answer(let contents):
            // Off the caller's thread, as the network would answer.
            DispatchQueue.global().async { completion(.success(contents)) }
        case .wait: break
        case .list: list { [self] in listed($0) }
        }
        return RequestID(UInt64.max - UInt64(max(0, page)))
    }

    /// A listing came back: the pass takes it, and the pages waiting for it are answered from it (a failed listing
    /// fails them, to be asked again as any failed page is).
    private func listed(_ result: Listing) {
        let answers: [(Result<PageContents, SourceError>, (Result<PageContents, SourceError>) -> Void)] = lock.withLock {
            listing = false
            let asked = waiting
            waiting.removeAll()
            switch result {
            case .failure where listedAt != nil && asked.allSatisfy({ $0.page > 1 }):
                // Only the six-hourly look at what came and went failed: the pass goes on with what it has, and
                // looks again after another interval (not at every page: each look lists the whole library).
                listedAt = elapsed()
                return asked.map { (.success(contents($0.page, limit: $0.limit)), $0.completion) }
            case .failure(let error):
                return asked.map { (.failure(error), $0.completion) }
            case .success(let photos):
                pass.list(photos)
                listedAt = elapsed()
                return asked.map { (.success(contents($0.page, limit: $0.limit)), $0.completion) }
            }
        }
        for (answer, completion) in answers { completion(answer) }
    }

    /// A page of the pass, with where a show carried on from a kept place stands in it (the resumed pass's first
    /// page: `ShuffledPass.takeResumed`). Under `lock`.
    private func contents(_ page: Int, limit: Int) -> PageContents {
        let photos = pass.page(page, limit: limit)
        return PageContents(photos: photos, resumed: pass.takeResumed())
    }

    /// Photos listed last time (for tests and the log).
    var listedCount: Int { lock.withLock { pass.count } }

    /// Where the show stands once `photo` has shown, as `ShowPlace` text.
    func place(shown photo: Photo) -> String? { lock.withLock { pass.noteShown(id: photo.id)?.text } }

    /// Carries on from a kept place (before the first page).
    func resume(from text: String) {
        guard let kept = ShowPlace(text: text) else { return }
        lock.withLock { pass.resume(from: kept) }
    }
}
