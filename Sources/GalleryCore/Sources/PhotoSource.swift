import Foundation

/// Where photos come from. Views never know which source they show: picsum today, a local folder or another API later.
public protocol PhotoSource: AnyObject {
    /// A short name for the header ("picsum", "demo").
    var name: String { get }
    /// What the source can do; the composition root and the pager read it, views never do.
    var traits: SourceTraits { get }
    /// Seconds to leave between page requests at the least, when the source knows better than the default (an API
    /// near its rate limit); nil leaves the pager's own interval.
    var pageInterval: Double? { get }
    /// How the detail pane credits a photo, and the page link `c` copies and `o` opens: the author and the photo's
    /// page, unless the source's terms ask for more (Unsplash: "Photo by NAME on Unsplash", referral links).
    func credit(for photo: Photo) -> Credit
    /// Whether images come back at the size asked for (picsum crops to exactly w×h): then an answer far larger
    /// than asked is refused unread. False for sources of originals (a folder, `bench --source-size`).
    var answersAtRequestedSize: Bool { get }
    /// Fetches one page (1-based) of the catalogue. An empty page means the catalogue has ended.
    @discardableResult
    func fetchPage(_ page: Int, limit: Int, completion: @escaping (Result<PageContents, SourceError>) -> Void) -> RequestID
    /// Fetches a photo's encoded bytes at (about) the given pixel size, answered with what the source knows of them
    /// (`ImageAnswer`). `progress` hears the share of the body received so far (0…1), from the network thread, when
    /// the server says how long the body is.
    @discardableResult
    func fetchImage(_ photo: Photo, size: PixelSize, priority: Int, progress: ((Double) -> Void)?,
                    completion: @escaping (Result<ImageAnswer, SourceError>) -> Void) -> RequestID
    /// Withdraws a request not yet sent (true: its completion never runs); one already sent completes (false).
    @discardableResult
    func cancel(_ id: RequestID) -> Bool
    /// What the wall says when the feed ended without a photo, in the source's own words.
    var emptyFeedText: String { get }
    /// Where the show stands once `photo` has been shown, as text for the user's library (`ShowPlace`; nil: this
    /// source keeps no place).
    func place(shown photo: Photo) -> String?
    /// Carries on from a place an earlier run kept (`place(shown:)`); called before the first page.
    func resume(from place: String)
    /// Whether the source can say which photos were taken on a day in earlier years (`memories(on:)`): folders by
    /// their EXIF dates, Immich by its own. Only then does the memories room have a button.
    var offersMemories: Bool { get }
    /// How many photos the source holds, where it knows without paging through them (a folder's index; nil where
    /// the count is the feed's, or a filter keeps some out): the header says this rather than the pages read so far.
    var knownPhotoCount: Int? { get }
    /// The photos taken on `day`'s month and day in earlier years, newest first, at most `limit`, answered from any
    /// thread.
    func memories(on day: PhotoDateFilter.Day, limit: Int, completion: @escaping (Result<[Photo], SourceError>) -> Void)
    /// Whether the server answers at all (false only for a network failure), asked without moving the show: no
    /// pass begun, no place or memories taken up. Answered from any thread.
    func probe(_ answered: @escaping (Bool) -> Void)
    /// Where the moving part of `photo` (`photo.motion`) is played from, made when playback starts: a file, a byte
    /// range of one, or a URL with its server's headers. Nil: the source has none (the still or poster is shown).
    func motionLocation(for photo: Photo) -> MediaLocation?
    /// The centre of interest of `photo` where the source knows one (Immich's faces), answered from any thread;
    /// `.none` where it knows none. Asked only with `--motion`, as a photo comes near the screen.
    func interest(of photo: Photo, completion: @escaping (CentreOfInterest) -> Void)
    /// Starts background work the source needs (a folder's scan and watcher).
    func start()
    /// Stops it (at exit, or when another source takes over).
    func stop()
}

extension PhotoSource {
    public var traits: SourceTraits { SourceTraits() }
    public var answersAtRequestedSize: Bool { true }
    public var pageInterval: Double? { nil }
    public func credit(for photo: Photo) -> Credit { Credit(line: photo.author, page: photo.url) }
    public func place(shown photo: Photo) -> String? { nil }
    public func resume(from place: String) {}
    public var offersMemories: Bool { false }
    public var knownPhotoCount: Int? { nil }
    public func motionLocation(for photo: Photo) -> MediaLocation? { nil }
    public func interest(of photo: Photo, completion: @escaping (CentreOfInterest) -> Void) { completion(.none) }
    /// The smallest first page: a source whose page 1 begins something (a pass, a listing) says otherwise.
    public func probe(_ answered: @escaping (Bool) -> Void) {
        fetchPage(1, limit: 1) { result in
            if case .failure(let error) = result, error.isNetworkFailure { answered(false) } else { answered(true) }
        }
    }
    public func memories(on day: PhotoDateFilter.Day, limit: Int,
                         completion: @escaping (Result<[Photo], SourceError>) -> Void) {
        completion(.success([]))
    }

    @discardableResult
    public func fetchImage(_ photo: Photo, size: PixelSize, priority: Int,
                           completion: @escaping (Result<ImageAnswer, SourceError>) -> Void) -> RequestID {
        fetchImage(photo, size: size, priority: priority, progress: nil, completion: completion)
    }
    // Translators: {name} is a source of photos; r is the key that asks again.
    public var emptyFeedText: String { tr("{name} sent no photos. r asks again.", ["name": name]) }
    public func start() {}
    public func stop() {}
}

/// Where a source keeps what it fetched, so the gallery works offline and never downloads an image twice.
/// Implementations are thread-safe; calls may block on disk, so callers keep them off the main thread.
public protocol PhotoStore: AnyObject {
    /// Pages fetched from `source` with page size `limit`, in page order, the first `maxPages` at most.
    func pages(source: String, limit: Int, maxPages: Int) throws -> [(page: Int, contents: PageContents)]
    /// One stored page, if there is one.
    func page(_ page: Int, limit: Int, source: String) throws -> PageContents?
    func savePage(_ contents: PageContents, page: Int, limit: Int, source: String) throws
    /// The bytes stored under `key`, marking them recently used.
    func image(forKey key: String) throws -> Data?
    /// Stores bytes under `key`, evicting the least recently used images to stay within the budget.
    func saveImage(_ data: Data, forKey key: String) throws
    /// Stores many at once (one transaction where the store has them).
    func saveImages(_ items: [(key: String, data: Data)]) throws
    func removeImage(forKey key: String) throws
    /// Keeps images whose keys start with `prefix` out of eviction (or lets them go again).
    func setPinned(_ prefix: String, _ pinned: Bool) throws
    /// Keys of stored images that start with `prefix`, at most `limit`.
    func imageKeys(prefix: String, limit: Int) throws -> [String]
}

/// Where a folder source keeps its index between runs (the cache store), so a warm start shows its first screen
/// without reading a header. Files are keyed by path under a source key; the stored index is a cache like the rest:
/// it may be gone, and is checked against the disk in the background.
public protocol FolderIndexStore: AnyObject {
    /// Whether an index is stored for `source`.
    func hasFolderIndex(source: String) throws -> Bool
    /// Every stored file, newest first by date, in batches (`batch` returns false to stop).
    func loadFolderIndex(source: String, batchSize: Int, batch: ([LocalFile]) -> Bool) throws
    /// Files found or changed, and paths gone, in one transaction.
    func updateFolderIndex(source: String, upsert: [LocalFile], remove: [String]) throws
    /// Forgets the stored index (a full one follows).
    func clearFolderIndex(source: String) throws
}

extension PhotoStore {
    public func saveImages(_ items: [(key: String, data: Data)]) throws {
        for item in items { try saveImage(item.data, forKey: item.key) }
    }
    public func setPinned(_ prefix: String, _ pinned: Bool) throws {}
    public func imageKeys(prefix: String, limit: Int) throws -> [String] { [] }
}

/// What a source declares about itself (imv's backends declare what they open the same way).
public struct SourceTraits: Equatable, Sendable {
    /// Photos per page the source accepts.
    public var pageSizes: ClosedRange<Int>
    /// Whether it talks to a server: only then do offline detection, probing and the "Offline" header apply, and
    /// only then are pages paced.
    public var networked: Bool
    /// Whether its pages and images go through the offline cache (a folder is its own store; only its decoded
    /// cells are cached).
    public var cacheable: Bool
    /// Whether the feed starts over at the end unless told otherwise (network feeds do; folders end, unless kiosk).
    public var wrapsByDefault: Bool
    /// Whether its photos come newest first by their dates (a folder by date): the wall heads its months and days
    /// (`DateSections`).
    public var inDateOrder: Bool

    public init(pageSizes: ClosedRange<Int> = 1...100, networked: Bool = true, cacheable: Bool = true,
                wrapsByDefault: Bool = true, inDateOrder: Bool = false) {
        self.pageSizes = pageSizes; self.networked = networked; self.cacheable = cacheable
        self.wrapsByDefault = wrapsByDefault; self.inDateOrder = inDateOrder
    }

    /// A page size the source accepts, as near `wanted` as it allows.
    public func pageSize(near wanted: Int) -> Int { pageSizes.clamp(wanted) }
}

public struct Credit: Equatable {
    public let line: String
    public let page: String
    /// More about the photo, a line each (a file's folder, size, date taken, camera), for the detail pane.
    public var details: [String]
    public init(line: String, page: String, details: [String] = []) {
        self.line = line; self.page = page; self.details = details
    }
}

public struct PageContents: Equatable, Sendable, Codable {
    public var photos: [Photo]
    /// Entries the source sent but that were unusable (counted so a short page is not mistaken for the last one).
    public var skipped: Int
    /// Where in this page a show carried on from a kept place stands (`PhotoSource.resume(from:)`): the first page
    /// of the resumed pass, which holds the photos already shown too. Never stored: it belongs to the run that
    /// served it (a cached page restored later is no place to carry on from).
    public var resumed: ShowResume?
    public init(photos: [Photo], skipped: Int = 0, resumed: ShowResume? = nil) {
        self.photos = photos; self.skipped = skipped; self.resumed = resumed
    }
    public var rawCount: Int { photos.count + skipped }

    private enum CodingKeys: String, CodingKey { case photos, skipped }

    /// The same page with every photo validated again (a stored page is input like any other); dropped photos
    /// count as skipped, so the page keeps its length.
    public func validated() -> PageContents {
        let kept = photos.compactMap { $0.validated() }
        return PageContents(photos: kept, skipped: max(0, skipped) + photos.count - kept.count)
    }
}

public enum SourceError: Error, Equatable, CustomStringConvertible {
    case http(HTTPError)
    case malformed(String)
    /// The server will not serve us as we are (a refused key): said once, in the source's words, never retried.
    case refused(String)

    public var isRetryable: Bool {
        switch self {
        case .http(let e): return e.isRetryable
        case .malformed: return true  // a server that sent garbage once may not next time
        case .refused: return false
        }
    }

    public var isNetworkFailure: Bool {
        if case .http(let e) = self { return e.isNetworkFailure }
        return false
    }

    public var retryAfter: Double? {
        if case .http(let e) = self { return e.retryAfter }
        return nil
    }

    public var description: String {
        switch self {
        case .http(let e): return e.description
        case .malformed(let why): return why
        case .refused(let why): return why
        }
    }
}

/// A source that finds its photos by walking something (a folder): how far it has got, for automation and the
/// benchmark, which never name the concrete source.
public protocol ScanningSource: PhotoSource {
    /// Whether the first walk has finished, and how many photos it knows.
    var scanState: (finished: Bool, photos: Int) { get }
    /// Whether its index is kept for the next start.
    var isIndexKept: Bool { get }
    /// The photos found, in the order of a pass.
    func photosInOrder() -> [Photo]
    /// The keys of its kept cells start with one of these (whether a start found any: warm or cold).
    var cellKeyPrefixes: [String] { get }
}
