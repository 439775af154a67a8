import CPlatform
import Foundation
import GalleryCore
import Workers
#if canImport(Glibc)
import Glibc
#endif

/// Photos from folders and files (`tessera ~/Pictures`), as a pipeline of three stages, each with one owner and one
/// queue: the walk (a `FileWalker`: the local file system, or any walker installed in `walkers`) on the walk queue,
/// in the background, each image's size read from its header, and its watcher following the folders (files dropped in
/// appear, deleted ones disappear, replaced ones refresh, reported as `Edits` for the catalog); the index
/// (`FolderIndexStage`), whose pages go out in order as soon as the walk allows; the reader (`FolderReader`), which
/// reads images, or takes them from the cache store when this cell size was decoded before (keyed by the file as it
/// is now, so a changed file is never shown stale). Folders nobody cleaned are taken as they come: a FIFO or device
/// never blocks a reader, a link out of the folders is not followed, a file is read only as far as a photo of its
/// size could go, and the bytes being read at once are bounded.
public final class FolderSource: ScanningSource {
    public let name: String
    public var traits: SourceTraits {
        SourceTraits(pageSizes: 1...200, networked: false, cacheable: false, wrapsByDefault: false,
                     inDateOrder: settings.sort == .date)
    }
    /// Files on disk are originals: any size may come back.
    public var answersAtRequestedSize: Bool { false }
    public var emptyFeedText: String {
        if let day = settings.dates.onThisDay {
            // Translators: {day} is a day of the year as the language writes it ("23 November").
            return tr("No photos taken on this day ({day}) in earlier years: memories go by the date taken in the photos' EXIF. New ones show as they arrive.",
                      ["day": WordDates.dayOfYear(month: day.month, day: day.day)])
        }
        if !settings.dates.isEmpty { return tr("No photos here from the days asked for (--from, --to).") }
        if settings.prober != nil {
            return tr("No photos or videos here (JPEG, PNG, WebP, HEIC, AVIF, GIF, MP4, MOV, WebM, MKV). New ones show as they arrive.")
        }
        return tr("No photos here (JPEG, PNG, WebP, HEIC, AVIF). New ones show as they arrive.")
    }

    public struct Settings {
        public var sort = FolderSort.date
        public var hidden = false
        public var watch = true
        /// Files larger than this are not read (no photo is; a disk image named .jpg would be).
        public var maxFileBytes = 256 << 20
        /// The bytes of files being read at once, by all readers together.
        public var maxBytesInFlight = 64 << 20
        /// Follow links out of the folders, and onto other file systems (`--follow-links`).
        public var followLinks = false
        /// Walk the folders named without their subfolders: a file opened shows its own folder (`OpenPaths`).
        public var onlyTopFolders = false
        /// Folders watched at most (each costs one of the user's inotify watches); past it, the rest is looked
        /// through again every `rescanInterval` seconds.
        public var maxWatches = 8192
        public var rescanInterval = 300.0
        /// How often the folders named are looked at: one removed, re-created, swapped by a rename or mounted
        /// again is noticed by its identity (device and inode) changing, even where no watch event says so.
        public var rootCheckInterval = 2.0
        /// Which photos show by their date (`--from`, `--to`, `--memories`).
        public var dates = PhotoDateFilter()
        /// Reads clips and animations (the media worker's probe), and the clips of Live and motion photos. Nil:
        /// clips and animations are not listed (their posters could not be made either); Live and motion photos
        /// still are, without a duration.
        public var prober: MediaProber?
        public init() {}
    }

    /// The folders and files named, made absolute.
    public let roots: [String]
    let settings: Settings
    /// The first stage: walks the folders and reads headers (`FolderWalking` runs it on `walkQueue`).
    let walker: FileWalker
    /// The second: the index, and the pages and credits answered from it.
    let stage: FolderIndexStage
    /// The third: images' bytes, or their cells.
    let reader: FolderReader
    /// Where the index is kept between runs, once the cache is open (it opens while the walk runs).
    var indexStore: FolderIndexStore? { openIndexStore() }
    let openIndexStore: () -> FolderIndexStore?
    let log: (String) -> Void
    /// Catalog edits for photos already shown; set before `start`.
    public var onEdits: (FolderIndex.Edits) -> Void = { _ in }
    /// Whether the source is stopping: every stage looks before its next piece of work.
    let stopping = Locked(false)
    /// What the walk follows: the watcher, the folders it does not follow, the folders named as last seen.
    let following = Locked(Following())
    let walkQueue = DispatchQueue(label: "tessera-folder-scan", qos: .utility)
    /// Changes to the stored index are written here, in order.
    let indexWrites = DispatchQueue(label: "tessera-index-writes", qos: .utility)

    /// `cells`: where decoded cells are kept (nil: nowhere). `indexStore`: where the index is kept between runs,
    /// asked for when first needed (it may block while the store opens). `log` hears one line per thing skipped.
    /// `walker`: where the files are (the local file system unless another is given).
    public init(roots: [String], settings: Settings = Settings(), walker: FileWalker = LocalFileWalker(), cells: KeptCells?,
                indexStore: @escaping () -> FolderIndexStore?, log: @escaping (String) -> Void) {
        self.walker = walker
        self.roots = roots.map(walker.canonical)
        let files = Set(self.roots.filter { walker.isFolder($0) == false })
        fileRoots = files
        folderRoots = self.roots.filter { !files.contains($0) }
        self.settings = settings
        openIndexStore = indexStore
        self.log = log
        let stage = FolderIndexStage(sort: settings.sort, dates: settings.dates)
        self.stage = stage
        reader = FolderReader(walker: walker, cells: cells, maxFileBytes: settings.maxFileBytes,
                              maxBytesInFlight: settings.maxBytesInFlight,
                              lookup: { photo in stage.withIndex { $0.file(id: photo.id) } })
        let first = self.roots.first.map { $0 == "/" ? "/" : PathBytes.display(String($0.split(separator: "/").last ?? "")) }
            ?? "folder"
        name = self.roots.count == 1 ? first : "\(first) and \(self.roots.count - 1) more"
    }

    deinit { stop() }

    /// Files named on their own (not folders): watched through their folder, whose other files are not shown.
    let fileRoots: Set<String>
    let folderRoots: [String]

    /// Whether an event's path is one the user asked for: a file named, or anything under a folder named.
    func isShown(_ path: String) -> Bool {
        if fileRoots.contains(path) { return true }
        guard settings.onlyTopFolders else { return FolderScanner.isInside(path, folderRoots) }
        let parent = (path as NSString).deletingLastPathComponent
        return folderRoots.contains(parent.isEmpty ? "/" : parent)
    }

    /// Starts the walk (and the watcher) in the background.
    public func start() {
        if settings.watch {
            let watch = walker.watcher { [weak self] events in self?.handle(events) }
            if watch == nil { log("cannot watch folders for changes: new files show after a restart") }
            // A file named on its own is watched through its folder (a replaced or deleted file is seen).
            for file in fileRoots {
                let parent = (file as NSString).deletingLastPathComponent
                if !FolderScanner.isInside(parent, folderRoots) { _ = watch?.watch(parent.isEmpty ? "/" : parent) }
            }
            following.withLock { $0.watch = watch }
        }
        let identities = Dictionary(uniqueKeysWithValues: folderRoots.map { ($0, walker.identity(of: $0)) })
        following.withLock { $0.rootIdentities = identities }
        walkQueue.async { [weak self] in
            guard let self else { return }
            // A warm start shows the index of the last run at once and checks it against the disk in the background;
            // a cold one reads every header, then keeps the index for next time.
            if self.loadStoredIndex() { self.scan(self.roots, initial: false) } else { self.scan(self.roots, initial: true) }
            // A folder named that is not there now shows none of the last run's photos while it is waited for.
            for root in self.folderRoots where identities[root] == .some(nil) { self.takeOff(root) }
            if self.settings.watch { self.scheduleRootCheck() }
        }
    }

    public func stop() {
        stopping.withLock { $0 = true }
        following.withLock { $0.watch }?.stop()
        reader.requests.cancelAll()
        // Changes to the stored index queued so far are written before the source goes.
        indexWrites.sync {}
    }

    var isStopping: Bool { stopping.withLock { $0 } }

    /// The index's count: every photo found so far (not with --from/--to, which leave some out).
    public var knownPhotoCount: Int? { settings.dates.isEmpty ? scanState.photos : nil }

    /// Whether the first walk has finished, and how many photos it knows.
    public var scanState: (finished: Bool, photos: Int) {
        let progress = stage.progress.current
        return (progress.finished, progress.photos)
    }

    // MARK: pages and images

    public func fetchPage(_ page: Int, limit: Int,
                          completion: @escaping (Result<PageContents, SourceError>) -> Void) -> RequestID {
        let id = reader.requests.reserveID()
        stage.ask((id, page, limit, completion))
        return id
    }

    public func fetchImage(_ photo: Photo, size: PixelSize, priority: Int, progress: ((Double) -> Void)?,
                           completion: @escaping (Result<ImageAnswer, SourceError>) -> Void) -> RequestID {
        reader.read(photo, size: size, priority: priority, completion: completion)
    }

    @discardableResult
    public func cancel(_ id: RequestID) -> Bool { reader.requests.cancel(id) || stage.withdraw(id) }

    /// Asked every frame the pane is open, on the main thread.
    public func credit(for photo: Photo) -> Credit { stage.credit(for: photo) }

    /// The cache key of a cell of this file as the file is now: path, size, modification time, inode and status
    /// change time (a same-size replacement given the old time with `touch -r` is still a new file), cell size.
    public static func cellKey(path: String, size: PixelSize) -> String? {
        guard let info = FolderScanner.status(path) else { return nil }
        let modified = FolderScanner.modified(info)
        let changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        return cellKeyPrefix(folder: path) + "|\(size.width)x\(size.height)|\(info.st_size)|\(modified)"
            + "|\(info.st_ino)|\(changed)"
    }

    /// Keys of cells of files at or under `folder` start with this.
    public static func cellKeyPrefix(folder: String) -> String { "cell:" + folder }

    /// Off the main thread (`PlaceKeeper`'s queue): the index may be busy with a walk's batch.
    public func place(shown photo: Photo) -> String? { stage.withIndex { $0.noteShown(id: photo.id)?.text } }

    public func resume(from text: String) {
        guard let kept = ShowPlace(text: text) else { return }
        stage.withIndex { $0.resume(from: kept) }
    }

    public var offersMemories: Bool { true }

    /// Answered once the first walk has finished (a memory may be anywhere in the folders), off the caller's thread.
    public func memories(on day: PhotoDateFilter.Day, limit: Int,
                         completion: @escaping (Result<[Photo], SourceError>) -> Void) {
        stage.askMemories((day, limit, completion))
    }

    /// The photos found, in the order of a pass (for a prefetch of every cell).
    public func photosInOrder() -> [Photo] { stage.withIndex { $0.inOrder().map(\.photo) } }

    public var rootPaths: [String] { roots }

    public var cellKeyPrefixes: [String] { roots.map { FolderSource.cellKeyPrefix(folder: $0) + "/" } }

}

/// What the walk follows, one lock for it all (`FolderSource.following`).
struct Following {
    var watch: FolderWatching?
    /// Whether the watch limit was said (once).
    var limitSaid = false
    /// Folders the watcher does not follow (past `maxWatches` or the system's limit): looked through periodically.
    var unwatched: [String] = []
    /// The folders named, as they were last seen (nil: not there).
    var rootIdentities: [String: FolderIdentity?] = [:]
}
