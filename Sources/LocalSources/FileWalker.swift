import Foundation
import GalleryCore

/// Where a folder source's files come from: the first stage of the folder source's pipeline (walker → index →
/// reader). A walker walks the folders named and reads a file's header and bytes; the index and the reader never
/// touch a file system themselves. The local file system is `LocalFileWalker`; a WebDAV or SMB share is one more
/// walker, installed by a line in `FolderSource.walkers` (`FileWalkerKind`), the index and the reader unchanged.
///
/// Every method may be called from any of the source's threads (the walk's queue, the watcher's thread, the readers);
/// a walker keeps no state of the walk between calls, or guards what it keeps itself.
public protocol FileWalker: AnyObject {
    /// The path the walker knows `root` by for good (a local path made absolute; a URL as given).
    func canonical(_ root: String) -> String
    /// Whether `path` is a folder (nil: nothing there, now).
    func isFolder(_ path: String) -> Bool?
    /// Walks `roots` (folders, or single files) depth-first on the calling thread, reporting each photo found
    /// through `found`, and what else `walk` asks to hear (folders entered, things skipped, files unchanged).
    func walk(_ roots: [String], _ walk: FolderWalk, found: (LocalFile) -> Void)
    /// One file read again (a change the watcher saw): its entry, or why it is not shown. `companion`: the name of
    /// the Live Photo clip beside it.
    func entry(at path: String, companion: String?, prober: MediaProber?) -> Result<LocalFile, LocalFileReader.Failure>
    /// A file's bytes for decoding, at most `limit` of them.
    func contents(of file: LocalFile, limit: Int) -> Result<Data, LocalFileReader.Failure>
    /// The cell cache's key for a cell of `size` of the file at `path` as it is now (nil: the file is not there).
    /// A changed file must give another key, so a cell of the old one is never shown.
    func cellKey(path: String, size: PixelSize) -> String?
    /// The names in `folder` (for the Live Photo pairs a change touches); none if it cannot be listed.
    func names(in folder: String) -> [String]
    /// Where a folder stands (nil: not there, or not a folder): one removed and made again, or swapped, has another.
    func identity(of folder: String) -> FolderIdentity?
    /// Follows changes in the folders the walk enters (nil: it cannot; what is walked shows, folders named are still
    /// looked at by `identity`, and the periodic rescan finds the rest).
    func watcher(_ handler: @escaping ([FolderWatch.Event]) -> Void) -> FolderWatching?
}

/// A watcher of folders, as a walker makes it: told of each folder the walk enters, it reports `FolderWatch.Event`s.
public protocol FolderWatching: AnyObject {
    /// Starts following one folder (not its subfolders); false if it cannot (a limit reached).
    @discardableResult func watch(_ folder: String) -> Bool
    var watchedCount: Int { get }
    func stop()
}

/// What a walk is asked to do and to tell: the user's choices (hidden files, links, the media prober) and the
/// walk's listeners. The same for every walker.
public struct FolderWalk {
    public var hidden = false
    /// Follow links out of the roots, and onto other file systems (`--follow-links`).
    public var followLinks = false
    /// The folders named are walked without their subfolders (a file opened: its folder, `OpenPaths`).
    public var onlyTopFolders = false
    /// Reads clips and animations (and the clips of Live and motion photos); nil: clips and animations are not listed.
    public var prober: MediaProber?
    /// Called for each folder entered, so a watcher can follow it.
    public var enteredFolder: (String) -> Void = { _ in }
    /// One line for the person at the terminal, per thing skipped.
    public var skipped: (String) -> Void = { _ in }
    /// Checked between entries: true stops the walk.
    public var cancelled: () -> Bool = { false }
    /// A file already known with this size and modification time (ns), and the same Live Photo clip beside it, need
    /// not be read again: it is reported through `unchanged` instead.
    public var isKnown: ((_ path: String, _ bytes: Int64, _ modified: Int64, _ companion: String?) -> Bool)?
    public var unchanged: (String) -> Void = { _ in }
    /// A clip or animation the prober refused, with its size and modification time (not asked again while they stay).
    public var mediaRefused: (_ path: String, _ bytes: Int64, _ modified: Int64) -> Void = { _, _, _ in }

    public init() {}
}

/// A kind of walker, as data: which roots it reads and how it is made. The folder source asks the kinds in order
/// and takes the first that claims its roots (imv's `imv_install_backend`, for file systems).
public struct FileWalkerKind {
    public let name: String
    /// Whether this walker reads `root` as named on the command line (a URL of its scheme; any path, for the local one).
    public let claims: (String) -> Bool
    public let make: () -> FileWalker

    public init(name: String, claims: @escaping (String) -> Bool, make: @escaping () -> FileWalker) {
        self.name = name; self.claims = claims; self.make = make
    }

    /// The local file system: any path.
    public static let local = FileWalkerKind(name: "local", claims: { _ in true }, make: { LocalFileWalker() })
}

/// Where a folder is (its device and inode, on a local disk; a walker of another kind says what stands for them).
public struct FolderIdentity: Equatable {
    public let device: UInt64
    public let inode: UInt64
    public init(device: UInt64, inode: UInt64) { self.device = device; self.inode = inode }
}
