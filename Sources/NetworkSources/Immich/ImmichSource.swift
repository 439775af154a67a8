import Foundation
import DemoPhotos
import GalleryCore

/// An Immich server (the photo library people host themselves, v2.x from 1.133 and v3.x) as a feed: the photos on
/// its timeline (never what the owner archived or hid), an album's (`--album`, its name or ID, repeatable), the
/// favourites (`--favorites`), those with people (`--person`) or tags (`--tag`), taken within a span (`--from`,
/// `--to`) or on this day in earlier years (`--memories`). Names become IDs before the first search (`ImmichNames`).
///
/// Newest first, it pages `POST /api/search/metadata` (following its `nextPage`). In random order (`--sort random`)
/// it lists every asset the search finds (a thousand a request, at most `ImmichCatalogue.maxAssets`; their IDs and
/// upload times kept, each page's photos fetched as it is served: `ImmichDetails`) and shows them in a fair shuffle
/// (`ListedShuffle`): each photo once a pass, in an order new each pass, carried across restarts by
/// the place the app keeps; photos uploaded since (their `createdAt` after the pass began) join the part not yet
/// shown. Memories are the same search kept to this day in each earlier year, newest year first.
///
/// Cells, the pane and the slideshow get `GET /api/assets/{id}/thumbnail?size=preview` (a JPEG about 1440 px on its
/// long side, already upright; `size=thumbnail`, about 250 px, for cells that small), never the original unless
/// zoomed. Every request carries the key in `x-api-key` (`ImmichAPI`). An original refused (a key without
/// `asset.download`: 403) is not asked for again: the preview answers instead, then and from then on; one the decoder
/// refused is not asked for again for that photo.
public final class ImmichSource: PhotoSource {
    public let name: String
    /// The server's root (`http://immich.local:2283`), without `/api`.
    public let baseURL: String
    let api: ImmichAPI
    private var http: HTTPClient { api.http }
    /// Albums named (names or IDs), resolved before the first search.
    public let albums: [String]
    public let favorites: Bool
    public let random: Bool
    /// People and tags named (names or IDs), resolved before the first search.
    public let people: [String]
    public let tags: [String]
    /// `--from`, `--to`, `--memories`.
    public let dates: PhotoDateFilter
    private let log: (String) -> Void
    private let lock = NSLock()
    // Guarded by `lock`:
    /// The page whose answer said there is none after it (this pass ends there).
    private var lastPage: Int?
    /// The people, tags and albums as IDs (nil until looked up).
    private var resolved: ImmichNames.Resolved?
    /// Refusals already logged (each said once).
    private var saidRefusals: Set<String> = []
    /// Whether the server refused an original for want of a permission (every original then: the key lacks it).
    private var originalsRefused = false
    /// Photos whose original the decoder could not take (a HEIC it refuses): their preview is the largest asked.
    private var undecodableOriginals: Set<String> = []
    /// This pass's memories, newest year first.
    private var memoryList: [Photo]?
    private var saidTruncated = false
    /// A show newest first: the place an earlier run kept (taken up at the first page), and the one this pass
    /// carries on from (nil: from the newest).
    private var keptNewest: ImmichNewestPlace?
    private var carryingOn: ImmichNewestPlace?
    /// The random order over the whole library (set once, in `init`).
    private var shuffle: ListedShuffle!

    public init(baseURL: String, apiKey: String, http: HTTPClient, albums: [String] = [], favorites: Bool = false,
                random: Bool = false, people: [String] = [], tags: [String] = [], dates: PhotoDateFilter = PhotoDateFilter(),
                name: String = "Immich", relistAfter: Double = 6 * 3_600, log: @escaping (String) -> Void = { _ in }) {
        self.baseURL = ImmichSource.root(baseURL)
        api = ImmichAPI(baseURL: self.baseURL, apiKey: apiKey, http: http)
        // A name is sent to Immich only as the ID it is looked up as; one longer than a name could be is no name.
        self.albums = albums.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && $0.utf8.count <= 400 }
        self.favorites = favorites
        self.random = random
        self.people = people
        self.tags = tags
        self.dates = dates
        self.name = name
        self.log = log
        // The shuffle lists IDs; a page's photos are fetched as it is served.
        shuffle = ListedShuffle(relistAfter: relistAfter, details: { [weak self] ids, done in
            guard let self else { return done(.success([:])) }
            ImmichDetails.photos(ids, api: self.api) { done(self.noted($0)) }
        }) { [weak self] done in self?.listAll(done) }
    }

    /// `http://host:2283/api/` and `http://host:2283` name the same server.
    static func root(_ url: String) -> String {
        var base = url.withoutTrailingSlashes
        if base.hasSuffix("/api") { base.removeLast(4) }
        return base
    }

    /// Assets a page of `search/metadata` holds at the most (Immich takes up to 1,000; 250 keeps a page's JSON small).
    static let pageLimit = 250
    public var traits: SourceTraits { SourceTraits(pageSizes: 1...ImmichSource.pageLimit) }
    /// A preview is one size, whatever the cell: the decoder fits it.
    public var answersAtRequestedSize: Bool { false }

    public var emptyFeedText: String {
        if let unknown = lock.withLock({ resolved?.unknown }), !unknown.isEmpty {
            // Translators: {problems} is one or more of "no album named “X”", separated by the list separator.
            return tr("Immich has {problems}: check the spelling, or give its ID. r asks again.",
                      ["problems": unknown.joined(separator: ImmichNames.Problem.separator)])
        }
        if dates.memories || dates.onThisDay != nil {
            return tr("No photos in Immich were taken on this day in earlier years. r asks again.")
        }
        if dates.from != nil || dates.to != nil { return tr("No photos in Immich were taken in those days. r asks again.") }
        if !people.isEmpty || !tags.isEmpty { return tr("No photos in Immich have everyone and every tag named. r asks again.") }
        if !albums.isEmpty { return tr("This Immich album has no photos yet. r asks again.") }
        if favorites { return tr("No favourites in Immich yet: a heart on a photo there puts it here. r asks again.") }
        // Translators: {server} is "Immich" or "Immich (its address)"; r is the key that asks again.
        return tr("{server} has no photos yet. r asks again.", ["server": name])
    }

    /// What to search for: the filters, the people, tags and albums as IDs once looked up (before that, only what
    /// was given as an ID: a name is never sent where Immich wants a UUID).
    var query: ImmichQuery {
        var q = ImmichQuery(albums: albums.filter(ImmichQuery.isID), favorites: favorites)
        q.takenAfter = dates.from
        q.takenBefore = dates.to
        if let r = lock.withLock({ resolved }) { q.personIDs = r.personIDs; q.tagIDs = r.tagIDs; q.albums = r.albumIDs }
        return q
    }

    /// Everything named as IDs, when nothing needs looking up.
    private var namedByID: ImmichNames.Resolved? {
        ImmichNames.withoutLookUp(people: people, tags: tags, albums: albums)
    }

    /// Logs a refusal once (a 400's words from Immich, a missing permission): the header says it too, but shortened.
    func noted<T>(_ result: Result<T, SourceError>) -> Result<T, SourceError> {
        if case .failure(.refused(let why)) = result, lock.withLock({ saidRefusals.insert(why).inserted }) {
            log("\(name): \(why)")
        }
        return result
    }

    /// The search's JSON body for a page newest first.
    public func searchBody(page: Int, size: Int) -> Data { query.body(page: page, size: size) }

    @discardableResult
    public func fetchPage(_ page: Int, limit: Int,
                          completion: @escaping (Result<PageContents, SourceError>) -> Void) -> RequestID {
        let known: ImmichNames.Resolved? = lock.withLock {
            // A name that matched nobody is looked up again when the feed starts over (r): it may be there now.
            if page <= 1, resolved?.unknown.isEmpty == false { resolved = nil }
            if resolved == nil { resolved = namedByID }
            return resolved
        }
        guard let names = known else {
            ImmichNames.resolve(people: people, tags: tags, albums: albums, api: api) { [self] result in
                switch noted(result) {
                case .failure(let e): completion(.failure(e))
                case .success(let r):
                    lock.withLock { resolved = r }
                    fetchPage(page, limit: limit, names: r, completion: completion)
                }
            }
            return RequestID(UInt64.max - UInt64(max(0, page)))
        }
        return fetchPage(page, limit: limit, names: names, completion: completion)
    }

    /// A page once the people and tags named are IDs.
    @discardableResult
    private func fetchPage(_ page: Int, limit: Int, names: ImmichNames.Resolved,
                           completion: @escaping (Result<PageContents, SourceError>) -> Void) -> RequestID {
        // Nobody of that name: an empty wall that says so (`emptyFeedText`), not every photo.
        if !names.unknown.isEmpty { return PageContents.endOfPass(page: page, completion) }
        if dates.memories || dates.onThisDay != nil { return memories(page, limit: limit, completion: completion) }
        if random { return shuffle.fetchPage(page, limit: limit, completion: completion) }
        return newestFirst(page, limit: limit, completion: completion)
    }

    /// The whole library the query finds, for the shuffle.
    private func listAll(_ done: @escaping (ListedShuffle.Listing) -> Void) {
        ImmichCatalogue.all(query, api: api, whole: shuffle.listsWhole) { [self] result in
            if case .success(let listing) = result, listing.truncated,
               lock.withLock({ defer { saidTruncated = true }; return !saidTruncated }) {
                log("Immich: the shuffle covers the newest \(ImmichCatalogue.maxAssets) photos of a larger library")
            }
            done(noted(result).map(\.listed))
        }
    }

    /// Photos the shuffle listed last time (for the benchmark and the log).
    public var shuffledCount: Int { shuffle.listedCount }

    public var offersMemories: Bool { true }

    /// The memories room's: the photos taken on this day in earlier years among what the show searches (its albums,
    /// favourites, people and tags; not its own span of days), newest year first.
    public func memories(on day: PhotoDateFilter.Day, limit: Int,
                         completion: @escaping (Result<[Photo], SourceError>) -> Void) {
        let search = { [self] (names: ImmichNames.Resolved) in
            // Somebody named that Immich does not know: none of their photos either.
            guard names.unknown.isEmpty else { return completion(.success([])) }
            var q = query
            q.personIDs = names.personIDs
            q.tagIDs = names.tagIDs
            q.albums = names.albumIDs
            q.takenAfter = nil
            q.takenBefore = nil
            ImmichCatalogue.memories(of: day, q, api: api, limit: limit) { [self] result in
                completion(noted(result).map { Array($0.listed.prefix(max(0, limit)).compactMap(\.photo)) })
            }
        }
        if let known = lock.withLock({ resolved }) ?? namedByID { return search(known) }
        ImmichNames.resolve(people: people, tags: tags, albums: albums, api: api) { [self] result in
            switch noted(result) {
            case .failure(let e): completion(.failure(e))
            case .success(let r):
                lock.withLock { resolved = r }
                search(r)
            }
        }
    }

    /// A page of this pass's memories (page 1 looks them up again: the day may have changed).
    private func memories(_ page: Int, limit: Int,
                          completion: @escaping (Result<PageContents, SourceError>) -> Void) -> RequestID {
        let slice: ([Photo]) -> PageContents = { list in
            let start = min(list.count, (max(1, page) - 1) * limit)
            return PageContents(photos: Array(list[start..<min(list.count, start + limit)]))
        }
        if page > 1, let list = lock.withLock({ memoryList }) {
            DispatchQueue.global().async { completion(.success(slice(list))) }
            return RequestID(UInt64.max - UInt64(page))
        }
        var day = dates.onThisDay ?? PhotoDateFilter.day(of: 0)
        if dates.memories {
            day = PhotoDateFilter.day(of: Int64(Date().timeIntervalSince1970) + Int64(TimeZone.current.secondsFromGMT()))
        }
        ImmichCatalogue.memories(of: day, query, api: api) { [self] result in
            completion(noted(result).map { listing in
                let list = listing.listed.compactMap(\.photo)
                lock.withLock { memoryList = list }
                return slice(list)
            })
        }
        return RequestID(UInt64.max - UInt64(max(0, page)))
    }

    /// A page newest first, straight from the search.
    private func newestFirst(_ page: Int, limit: Int,
                             completion: @escaping (Result<PageContents, SourceError>) -> Void) -> RequestID {
        let size = traits.pageSize(near: limit)
        let (ended, after): (Bool, ImmichNewestPlace?) = lock.withLock {
            if page <= 1 {
                lastPage = nil  // a new pass: photos uploaded since appear in it
                // The first carries on from a kept place, the others start at the newest (the kept place is let
                // go once a first page has come back: a failed one is asked again from the same place).
                carryingOn = keptNewest
            }
            return (lastPage.map { page > $0 } ?? false, carryingOn)
        }
        if ended {
            // Past the page that said it was the last: an empty page ends the pass.
            return PageContents.endOfPass(page: page, completion)
        }
        guard page <= 1, let after else { return search(page, size: size, after: after, above: [], completion: completion) }
        // Carried on from a kept place: the pass whole from the newest, the photos above the place listed first.
        var above = query
        above.takenAfter = max(query.takenAfter ?? after.taken, after.taken)
        ImmichCatalogue.all(above, api: api) { [self] result in
            switch noted(result) {
            case .failure(let e): completion(.failure(e))
            case .success(let listing):
                _ = search(page, size: size, after: after, above: listing.listed.compactMap(\.photo), completion: completion)
            }
        }
        return RequestID(UInt64.max - 1)
    }

    /// A page of the search newest first (taken at or before `after`, a kept place, for the rest of its pass); the
    /// first page of a pass carried on from it begins with the photos `above` it (`ImmichNewestPlace.whole`).
    private func search(_ page: Int, size: Int, after: ImmichNewestPlace?, above: [Photo],
                        completion: @escaping (Result<PageContents, SourceError>) -> Void) -> RequestID {
        var q = query
        if let after { q.takenBefore = min(q.takenBefore ?? after.taken, after.taken) }
        let r = api.request("/api/search/metadata", body: q.body(page: page, size: size), priority: -1, maxBytes: 8 << 20)
        return http.get(r) { [self] result in
            let decoded = noted(api.answer(result)).flatMap { data in
                Result { try ImmichList.decodeSearch(data, base: baseURL) }.mapError { SourceError.malformed("\($0)") }
            }
            if page <= 1, case .success = decoded { lock.withLock { keptNewest = nil } }
            completion(decoded.map { found in
                var contents = found.contents
                if page <= 1, let after { contents = after.whole(above: above, below: contents) }
                if found.hasNext {
                    // More follow: a page the server made shorter than asked must not end the pass.
                    contents.skipped += max(0, size - contents.rawCount)
                } else {
                    lock.withLock { lastPage = page }
                }
                return contents
            })
        }
    }

    /// Where the show stands once `photo` has shown: a shuffle's place, or the last photo shown newest first.
    public func place(shown photo: Photo) -> String? {
        random ? shuffle.place(shown: photo) : ImmichNewestPlace(photo: photo)?.text
    }

    public func resume(from place: String) {
        if random { return shuffle.resume(from: place) }
        guard let kept = ImmichNewestPlace(text: place) else { return }
        lock.withLock { keptNewest = kept }
    }

    /// The preview (about 1440 px, upright) for cells, the pane and the slideshow; the small thumbnail (about
    /// 250 px, WebP) only for cells no larger than it; the original (often a HEIC of tens of MB, decoded by the one
    /// decoder within its budget) only for a photo zoomed in the pane past the preview's size.
    /// A video's picture is always its preview (its poster, made by Immich): its original is the clip itself.
    /// Never an original the server refused (`originalsRefused`) or the decoder could not take.
    public func imagePath(for photo: Photo, size: PixelSize) -> String {
        let side = max(size.width, size.height)
        let refused = lock.withLock { originalsRefused || undecodableOriginals.contains(photo.id) }
        if side > ImmichSource.previewSide, max(photo.width, photo.height) > ImmichSource.previewSide,
           photo.motion?.kind != .clip, !refused {
            return "/api/assets/\(photo.id)/original"
        }
        let small = side <= ImmichSource.thumbnailSide
        return "/api/assets/\(photo.id)/thumbnail?size=\(small ? "thumbnail" : "preview")"
    }

    public static let thumbnailSide = 250, previewSide = 1440

    @discardableResult
    public func fetchImage(_ photo: Photo, size: PixelSize, priority: Int, progress: ((Double) -> Void)?,
                           completion: @escaping (Result<ImageAnswer, SourceError>) -> Void) -> RequestID {
        guard Photo.isAcceptableID(photo.id) else {
            completion(.failure(.malformed("no image address for photo \(photo.id)")))
            return RequestID(0)
        }
        let path = imagePath(for: photo, size: size)
        let original = path.hasSuffix("/original")
        var r = api.request(path, priority: priority, maxBytes: original ? 96 << 20 : 24 << 20)
        r.headers = [("x-api-key", api.apiKey)]
        r.progress = progress
        return http.get(r) { [self] result in
            let answer = api.answer(result)
            guard original else { return completion(answer.map { ImageAnswer($0) }) }
            if case .failure(.refused) = answer, case .success(let response) = result, response.status == 403 {
                // The key may not download originals (`asset.download`): said once, and the preview answers now and
                // for every photo from now on, never the original asked again.
                lock.withLock { originalsRefused = true }
                _ = noted(answer)
                _ = fetchImage(photo, size: size, priority: priority, progress: progress, completion: completion)
                return
            }
            completion(answer.map { data in
                ImageAnswer(data, undecodable: { [weak self] in
                    // The decoder could not take it (a HEIC it refuses): this photo's preview is what it shows.
                    self?.lock.withLock { _ = self?.undecodableOriginals.insert(photo.id) }
                })
            })
        }
    }

    @discardableResult
    public func cancel(_ id: RequestID) -> Bool { http.cancel(id) }

    /// A video's own clip, or a Live Photo's (`livePhotoVideoId`), as Immich plays it
    /// (`GET /api/assets/{id}/video/playback`), with the key in the request's headers: made when playback starts,
    /// never kept with the photo.
    public func motionLocation(for photo: Photo) -> MediaLocation? {
        guard let motion = photo.motion else { return nil }
        let clip: String?
        switch motion.kind {
        case .clip: clip = photo.id
        case .livePhoto: clip = motion.clipID
        case .animation, .motionPhoto: clip = nil
        }
        guard let clip, Photo.isAcceptableID(clip) else { return nil }
        return MediaLocation(url: baseURL + "/api/assets/\(clip)/video/playback", headers: ["x-api-key: \(api.apiKey)"])
    }

    /// Asks `GET /api/server/ping` (no key needed): whether an Immich server answers at the address at all, to tell
    /// "server down" from "key refused".
    /// Whether the server answers at all, through the ping (a search would begin a pass or take up the place).
    public func probe(_ answered: @escaping (Bool) -> Void) {
        var r = HTTPRequest(url: baseURL + "/api/server/ping", priority: -2, maxBodyBytes: 4096)
        r.followsRedirects = false
        _ = http.get(r) { result in
            if case .failure(let error) = result, error.isNetworkFailure { answered(false) } else { answered(true) }
        }
    }

    public func ping(_ completion: @escaping (Bool) -> Void) {
        var r = HTTPRequest(url: baseURL + "/api/server/ping", priority: -2, maxBodyBytes: 4096)
        r.followsRedirects = false
        _ = http.get(r) { result in
            guard case .success(let response) = result, response.status == 200 else { return completion(false) }
            completion(String(decoding: response.body, as: UTF8.self).contains("pong"))
        }
    }
}
