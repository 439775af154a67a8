import Foundation

/// The user's bookmarks for one source, over the library: which photos are starred, adding and removing them,
/// and undoing the last removal. Every change is written to the library before it returns.
public final class BookmarkShelf {
    public let library: Library
    public let source: String
    public private(set) var ids: Set<String>
    /// Removed bookmarks, the last one last, for undo.
    private var removed: [Bookmark] = []
    /// Told of every change (the app pins a bookmarked photo's images in the cache, and unpins them).
    public var onChange: ((Photo, _ bookmarked: Bool) -> Void)?

    public init(library: Library, source: String) {
        self.library = library
        self.source = source
        ids = Set(library.bookmarks().filter { $0.source == source }.map(\.photo.id))
    }

    public func contains(_ photoID: String) -> Bool { ids.contains(photoID) }

    /// Counts changes, so a screen showing the shelf knows when to show it again.
    public private(set) var version = 0

    /// Newest first.
    public func list() -> [Bookmark] { library.bookmarks().filter { $0.source == source } }

    /// Stars or unstars a photo; returns whether it is bookmarked now.
    @discardableResult
    public func toggle(_ photo: Photo) throws -> Bool {
        if contains(photo.id) {
            try remove(photo)
            return false
        }
        try library.addBookmark(Bookmark(photo: photo, source: source, added: Date().timeIntervalSince1970))
        ids.insert(photo.id)
        version += 1
        onChange?(photo, true)
        return true
    }

    /// `remembered`: kept for `undo` (a bookmark just made and taken back at once is not).
    public func remove(_ photo: Photo, remembered: Bool = true) throws {
        guard let bookmark = list().first(where: { $0.photo.id == photo.id }) else { return }
        try library.removeBookmark(photoID: photo.id, source: source)
        ids.remove(photo.id)
        version += 1
        if remembered {
            removed.append(bookmark)
            if removed.count > 100 { removed.removeFirst() }
        }
        onChange?(photo, false)
    }

    /// Puts back the last removed bookmark, with its original date (so it returns to its place in the list).
    @discardableResult
    public func undo() throws -> Bookmark? {
        guard let last = removed.popLast() else { return nil }
        try library.addBookmark(last)
        ids.insert(last.photo.id)
        version += 1
        onChange?(last.photo, true)
        return last
    }

    public var canUndo: Bool { !removed.isEmpty }
}
