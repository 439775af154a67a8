import Foundation
import GalleryCore
#if canImport(Glibc)
import Glibc
#endif

/// The local file system as a folder source's walker: `FolderScanner` walks, `LocalFileReader` reads headers and
/// bytes (a FIFO or device never blocks, a file is read only as far as a photo of its size could go), inotify
/// (`FolderWatch`) follows changes, and a cell's key is the file's `stat` (`FolderSource.cellKey`). Keeps no state.
public final class LocalFileWalker: FileWalker {
    public init() {}

    public func canonical(_ root: String) -> String { LocalFileWalker.absolute(root) }

    public func isFolder(_ path: String) -> Bool? {
        FolderScanner.status(path).map { ($0.st_mode & S_IFMT) == S_IFDIR }
    }

    public func walk(_ roots: [String], _ walk: FolderWalk, found: (LocalFile) -> Void) {
        FolderScanner(walk).scan(roots, found: found)
    }

    public func entry(at path: String, companion: String?, prober: MediaProber?) -> Result<LocalFile, LocalFileReader.Failure> {
        LocalFileReader.read(path: path, companion: companion, prober: prober)
    }

    public func contents(of file: LocalFile, limit: Int) -> Result<Data, LocalFileReader.Failure> {
        LocalFileReader.contents(of: file.path, limit: limit)
    }

    public func cellKey(path: String, size: PixelSize) -> String? { FolderSource.cellKey(path: path, size: size) }

    public func names(in folder: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    }

    public func identity(of folder: String) -> FolderIdentity? {
        guard let info = FolderScanner.status(folder), info.st_mode & S_IFMT == S_IFDIR else { return nil }
        return FolderIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    public func watcher(_ handler: @escaping ([FolderWatch.Event]) -> Void) -> FolderWatching? {
        FolderWatch(handler: handler)
    }

    /// A path as typed, made absolute: `~` expanded, relative to the working folder, `.` and `..` taken out.
    static func absolute(_ path: String) -> String {
        var p = (path as NSString).expandingTildeInPath
        if !p.hasPrefix("/") { p = FileManager.default.currentDirectoryPath + "/" + p }
        p = (p as NSString).standardizingPath
        return p.isEmpty ? "/" : p
    }
}

extension FolderWatch: FolderWatching {}

extension FolderScanner {
    /// A scanner that walks as `walk` asks.
    init(_ walk: FolderWalk) {
        self.init(hidden: walk.hidden)
        followLinks = walk.followLinks
        onlyTopFolders = walk.onlyTopFolders
        prober = walk.prober
        enteredFolder = walk.enteredFolder
        skipped = walk.skipped
        cancelled = walk.cancelled
        isKnown = walk.isKnown
        unchanged = walk.unchanged
        mediaRefused = walk.mediaRefused
    }
}
