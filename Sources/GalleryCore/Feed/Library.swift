/// A photo the user bookmarked: the photo as it was (so the bookmark shows offline, whatever the feed does
/// later), which source it came from, and when.
public struct Bookmark: Equatable, Codable, Sendable {
    public let photo: Photo
    public let source: String
    /// Seconds since 1970.
    public let added: Double

    public init(photo: Photo, source: String, added: Double) {
        self.photo = photo; self.source = source; self.added = added
    }
}

/// The user's own data: their name and bookmarks. It lives apart from the cache (which may be evicted or moved
/// aside) and every change is written before the call returns, so it survives `kill -9`.
public protocol Library: AnyObject {
    var userName: String? { get }
    func setUserName(_ name: String) throws
    /// Newest first.
    func bookmarks() -> [Bookmark]
    func addBookmark(_ bookmark: Bookmark) throws
    func removeBookmark(photoID: String, source: String) throws
    /// A setting the user made in the window (the folders chosen on the welcome screen), by key.
    func setting(_ key: String) -> String?
    /// Stores a setting (nil removes it), written before the call returns.
    func setSetting(_ key: String, to value: String?) throws
    /// Why changes cannot be kept, in words for the screen (a read-only file, a library busy at start); nil when
    /// they are.
    var notice: String? { get }
}

extension Library {
    public var notice: String? { nil }
    /// Whether what the user changes is kept.
    public var keepsChanges: Bool { notice == nil }
}

/// A library that keeps nothing after the process ends: for automation, benchmarks, kiosks, and a session whose
/// library file could not be used.
public final class MemoryLibrary: Library {
    public private(set) var userName: String?
    private var saved: [Bookmark] = []
    private var settings: [String: String] = [:]
    /// Why this session's library is in memory when the user's own could not be used (nil: meant to be, as for
    /// automation): it is then said on screen, and nothing is asked that could not be kept.
    public let notice: String?

    public init(userName: String? = nil, notice: String? = nil) { self.userName = userName; self.notice = notice }

    public func setUserName(_ name: String) throws { userName = name }
    public func bookmarks() -> [Bookmark] { saved.sorted { $0.added > $1.added } }
    public func addBookmark(_ bookmark: Bookmark) throws {
        saved.removeAll { $0.photo.id == bookmark.photo.id && $0.source == bookmark.source }
        saved.append(bookmark)
    }
    public func removeBookmark(photoID: String, source: String) throws {
        saved.removeAll { $0.photo.id == photoID && $0.source == source }
    }
    public func setting(_ key: String) -> String? { settings[key] }
    public func setSetting(_ key: String, to value: String?) throws { settings[key] = value }
}
