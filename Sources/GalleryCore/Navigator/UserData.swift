/// The user's own data in this run: the name the header greets with and the bookmarks of the shown source, kept in
/// the library (without one, this run must not touch the user's data: nothing is stored, and a name given for the
/// run is only shown).
public final class UserData {
    public let library: Library?
    /// The name the header greets with: from the library, or given for this run (`--name`).
    public private(set) var name: String?
    /// The bookmarks of the shown source (nil without a library).
    public private(set) var shelf: BookmarkShelf?
    /// Told of every bookmark change (the app pins a bookmarked photo's images in the cache, and unpins them).
    public var onBookmarkChange: ((Photo, _ bookmarked: Bool) -> Void)? { didSet { shelf?.onChange = onBookmarkChange } }

    /// `source`: the key of the source the feed comes from, which bookmarks made now belong to.
    public init(library: Library?, name: String?, source: String) {
        self.library = library
        self.name = name ?? library?.userName
        shelf = library.map { BookmarkShelf(library: $0, source: source) }
    }

    /// The longest name kept (the welcome screen's field, `--name`).
    public static let maxNameCharacters = 80

    /// Stores the name the header greets with.
    public func saveName(_ name: String) throws {
        try library?.setUserName(name)
        self.name = name
    }

    public func isBookmarked(_ photoID: String) -> Bool { shelf?.contains(photoID) ?? false }

    /// The folders chosen on the welcome screen, shown when a start names no source of its own.
    public var folders: [String] { UserData.folders(in: library) }

    public static func folders(in library: Library?) -> [String] {
        (library?.setting(UserData.foldersKey) ?? "").split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    public func saveFolders(_ folders: [String]) throws {
        try library?.setSetting(UserData.foldersKey, to: folders.isEmpty ? nil : folders.joined(separator: "\n"))
    }

    static let foldersKey = "folders"

    /// The columns the wall was zoomed to, kept in the library (nil: never zoomed, or back to the usual two).
    public var wallColumns: Int? {
        library?.setting(UserData.wallColumnsKey).flatMap { Int($0) }.flatMap {
            BrowseScreen.columnRange.contains($0) ? $0 : nil
        }
    }

    /// Keeps the wall's columns (nil: forgets them). A library that cannot be written already says so in the
    /// header: the zoom holds for this run all the same.
    public func keepWallColumns(_ columns: Int?) {
        try? library?.setSetting(UserData.wallColumnsKey, to: columns.map(String.init))
    }

    static let wallColumnsKey = "wall-columns"

    /// Another source shows: bookmarks made from now on belong to it, and the shelf shows its bookmarks.
    public func showSource(_ source: String) {
        guard let library, source != shelf?.source else { return }
        shelf = BookmarkShelf(library: library, source: source)
        shelf?.onChange = onBookmarkChange
    }
}

/// What a first run offers to show: the user's Pictures folder (`XDG_PICTURES_DIR`) when there is one, and a
/// folder chooser when the desktop has one (else a path is typed).
public struct PhotoOffer: Equatable {
    public var picturesFolder: String?
    public var canChoose: Bool
    /// What shows when no folder is chosen ("Lorem Picsum's photos", "the demo").
    public var otherwise: String
    /// The folder chosen before and shown now (`N` later on), filled in rather than the Pictures folder.
    public var current: String?
    public init(picturesFolder: String?, canChoose: Bool, otherwise: String, current: String? = nil) {
        self.picturesFolder = picturesFolder; self.canChoose = canChoose; self.otherwise = otherwise
        self.current = current
    }
}
