import CPlatform
import Foundation
import GalleryCore
import Workers
#if canImport(Glibc)
import Glibc
#endif

/// Photos from local folders and files (`tessera ~/Pictures`). The folders are scanned in the background, each
/// image's size read from its header; pages go out in order as soon as the scan allows (`FolderIndex`). Images are
/// read from disk, or from the cache store when this cell size was decoded before (keyed by path, file size,
/// modification time, inode, status-change time and cell size, the file checked again at every read, so a changed
/// file is never shown stale). A watcher follows the folders: files dropped in appear, deleted ones disappear,
/// replaced ones refresh, reported as `Edits` for the catalog. Folders nobody cleaned are taken as they come: a FIFO
/// or device never blocks a reader, a link out of the folders is not followed, a file is read only as far as a
/// photo of its size could go, and the bytes being read at once are bounded.
public final class FolderSource: ScanningSource {
    public let name: String
    public var traits: SourceTraits {
        SourceTraits(pageSizes: 1...200, networked: false, cacheable: false, wrapsByDefault: false)
    }
    /// Files on disk are originals: any size may come back.
    public var answersAtRequestedSize: Bool { false }
    public var emptyFeedText: String {
        if let day = settings.dates.onThisDay {
            return "No photos taken on this day (\(day.month)/\(day.day)) in earlier years: memories go by the date taken "
                + "in the photos' EXIF. New ones show as they arrive."
        }
        if !settings.dates.isEmpty { return "No photos here from the days asked for (--from, --to)." }
        if settings.prober != nil {
            return "No photos or videos here (JPEG, PNG, WebP, HEIC, AVIF, GIF, MP4, MOV, WebM, MKV). New ones show as "
                + "they arrive."
        }
        return "No photos here (JPEG, PNG, WebP, HEIC, AVIF). New ones show as they arrive."
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

    let roots: [String]
    let settings: Settings
    /// Where decoded cells are kept (a camera file costs far more to decode than a cell-sized JPEG read back).
    let cells: CellCache?
    /// Where the index is kept between runs, once the cache is open (it opens while the scan runs).
    var indexStore: FolderIndexStore? { openIndexStore() }
    let openIndexStore: () -> FolderIndexStore?
    let log: (String) -> Void
    /// Catalog edits for photos already shown; set before `start`.
    public var onEdits: (FolderIndex.Edits) -> Void = { _ in }

    /// Held briefly, and the only lock the main thread takes: the frame never waits on the scan.
    let lock = NSLock()
    /// Held by the scan for a batch and while a page is put in order (a million files' index grows its tables under
    /// it): never taken on the main thread.
    let indexLock = NSLock()
    // Guarded by `indexLock`:
    var index: FolderIndex
    /// Clips and animations the prober refused, by path: their size and modification time then (not asked again
    /// while they stay so; forgotten at the next start).
    var refusedMedia: [String: [Int64]] = [:]
    // Guarded by `lock`:
    var scanFinished = false
    var knownPhotos = 0
    var indexKept = false
    /// How the pane credits photos of pages served lately, so it never waits for the index.
    var credits: [String: Credit] = [:]
    var waitingPage: (id: RequestID, page: Int, limit: Int, done: (Result<PageContents, SourceError>) -> Void)?
    var stopping = false
    typealias MemoriesRequest = (day: PhotoDateFilter.Day, limit: Int, completion: (Result<[Photo], SourceError>) -> Void)
    /// Memories asked for before the first scan finished.
    var waitingMemories: [MemoriesRequest] = []
    var watchLimitSaid = false
    /// Folders the watcher does not follow (past `maxWatches` or the system's limit): looked through periodically.
    var unwatched: [String] = []
    let gate: ByteGate

    var watch: FolderWatch?
    /// The folders named, as they were last seen (nil: not there). Guarded by `lock`.
    var rootIdentities: [String: FolderIdentity?] = [:]
    let reads = RequestQueue(name: "tessera-folder-read",
                                     width: max(2, ProcessInfo.processInfo.activeProcessorCount))
    let scanQueue = DispatchQueue(label: "tessera-folder-scan", qos: .utility)
    /// Pages are put in order and answered here, off the caller's (the main) thread.
    let pageQueue = DispatchQueue(label: "tessera-folder-pages", qos: .userInitiated)
    let indexWrites = DispatchQueue(label: "tessera-index-writes", qos: .utility)

    /// `cells`: where decoded cells are kept (nil: nowhere). `indexStore`: where the index is kept between runs,
    /// asked for when first needed (it may block while the store opens). `log` hears one line per thing skipped.
    public init(roots: [String], settings: Settings = Settings(), cells: CellCache?,
                indexStore: @escaping () -> FolderIndexStore?, log: @escaping (String) -> Void) {
        self.roots = roots.map(FolderSource.absolute)
        let files = Set(self.roots.filter { FolderScanner.status($0).map { ($0.st_mode & S_IFMT) != S_IFDIR } ?? false })
        fileRoots = files
        folderRoots = self.roots.filter { !files.contains($0) }
        self.settings = settings
        self.cells = cells
        openIndexStore = indexStore
        self.log = log
        gate = ByteGate(limit: settings.maxBytesInFlight)
        index = FolderIndex(sort: settings.sort, seed: UInt64.random(in: 1...UInt64.max))
        index.dates = settings.dates
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
        fileRoots.contains(path) || FolderScanner.isInside(path, folderRoots)
    }

    /// Starts the scan (and the watcher) in the background.
    public func start() {
        if settings.watch {
            watch = FolderWatch { [weak self] events in self?.handle(events) }
            if watch == nil { log("cannot watch folders for changes (inotify): new files show after a restart") }
            // A file named on its own is watched through its folder (a replaced or deleted file is seen).
            for file in fileRoots {
                let parent = (file as NSString).deletingLastPathComponent
                if !FolderScanner.isInside(parent, folderRoots) { _ = watch?.watch(parent.isEmpty ? "/" : parent) }
            }
        }
        let identities = Dictionary(uniqueKeysWithValues: folderRoots.map { ($0, FolderSource.identity(of: $0)) })
        lock.withLock { rootIdentities = identities }
        scanQueue.async { [weak self] in
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
        lock.lock(); stopping = true; lock.unlock()
        watch?.stop()
        reads.cancelAll()
        // Changes to the stored index queued so far are written before the source goes.
        indexWrites.sync {}
    }

    /// The index's count: every photo found so far (not with --from/--to, which leave some out).
    public var knownPhotoCount: Int? { settings.dates.isEmpty ? scanState.photos : nil }

    /// Whether the first scan has finished, and how many photos it knows.
    public var scanState: (finished: Bool, photos: Int) {
        lock.lock(); defer { lock.unlock() }
        return (scanFinished, knownPhotos)
    }

    // MARK: pages

    public func fetchPage(_ page: Int, limit: Int,
                          completion: @escaping (Result<PageContents, SourceError>) -> Void) -> RequestID {
        let id = reads.reserveID()
        lock.lock()
        waitingPage = (id, page, limit, completion)
        lock.unlock()
        answerWaitingPage()
        return id
    }

    /// Answers the page the pager waits for, if the scan now allows it, on the page queue.
    func answerWaitingPage() {
        pageQueue.async { [weak self] in self?.answerNow() }
        answerWaitingMemories()
    }

    private func answerNow() {
        lock.lock()
        let waiting = waitingPage
        lock.unlock()
        guard let waiting else { return }
        indexLock.lock()
        let photos = index.page(waiting.page, limit: waiting.limit)
        let resumed = photos == nil ? nil : index.takeResumed()
        let files = photos?.compactMap { index.file(id: $0.id) } ?? []
        indexLock.unlock()
        guard let photos else { return }
        lock.lock()
        guard waitingPage?.id == waiting.id else { lock.unlock(); return }  // withdrawn meanwhile
        waitingPage = nil
        if credits.count > 20_000 { credits.removeAll(keepingCapacity: true) }
        for file in files { credits[file.id] = FolderSource.credit(file) }
        lock.unlock()
        waiting.done(.success(PageContents(photos: photos, resumed: resumed)))
    }

    // MARK: images

    public func fetchImage(_ photo: Photo, size: PixelSize, priority: Int, progress: ((Double) -> Void)?,
                           completion: @escaping (Result<ImageAnswer, SourceError>) -> Void) -> RequestID {
        let cap = settings.maxFileBytes, gate = self.gate, cells = self.cells
        return reads.submit(priority: priority) { [weak self] in
            guard let self else { return }
            self.indexLock.lock()
            let file = self.index.file(id: photo.id)
            self.indexLock.unlock()
            guard let file else { return completion(.failure(.malformed("the file is gone"))) }
            // The file as it is now: a changed one misses the cache and is read afresh.
            let key = FolderSource.cellKey(path: file.path, size: size)
            if let key, let cells, let cell = cells.cell(forKey: key) {
                return completion(.success(ImageAnswer(cell, undecodable: { cells.forget(key) })))
            }
            // A clip's or animation's poster is the media worker's to make: its bytes are not read here.
            if let kind = file.motion?.kind, !kind.isExtra {
                return completion(.success(ImageAnswer(poster: MediaLocation(file: file.path),
                                                       cellKey: cells == nil ? nil : key)))
            }
            let limit = LocalFileReader.byteLimit(width: file.width, height: file.height, cap: cap)
            // The share is taken for the bytes the file can bring, and given back once they are handed on.
            let share = gate.acquire(min(limit, Int(clamping: file.bytes)))
            let read = LocalFileReader.contents(of: file.path, limit: limit)
            gate.release(share)
            switch read {
            case .success(let data): completion(.success(ImageAnswer(data, cellKey: cells == nil ? nil : key)))
            case .failure(let why): completion(.failure(.malformed("\(file.name): \(why)")))
            }
        }
    }

    @discardableResult
    public func cancel(_ id: RequestID) -> Bool { reads.cancel(id) || cancelWaitingPage(id) }

    /// A page request waiting for the scan is withdrawn too.
    private func cancelWaitingPage(_ id: RequestID) -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard waitingPage?.id == id else { return false }
        waitingPage = nil
        return true
    }

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

    /// Off the main thread (`PlaceKeeper`'s queue): the index may be busy with a scan batch.
    public func place(shown photo: Photo) -> String? {
        indexLock.lock(); defer { indexLock.unlock() }
        return index.noteShown(id: photo.id)?.text
    }

    public func resume(from text: String) {
        guard let kept = ShowPlace(text: text) else { return }
        indexLock.lock(); defer { indexLock.unlock() }
        index.resume(from: kept)
    }

    public var offersMemories: Bool { true }

    /// Answered once the first scan has finished (a memory may be anywhere in the folders), off the caller's thread.
    public func memories(on day: PhotoDateFilter.Day, limit: Int,
                         completion: @escaping (Result<[Photo], SourceError>) -> Void) {
        lock.withLock { waitingMemories.append((day, limit, completion)) }
        answerWaitingMemories()
    }

    /// Answers the memories asked for, if the scan has finished, on the page queue.
    func answerWaitingMemories() {
        pageQueue.async { [weak self] in
            guard let self else { return }
            let waiting: [MemoriesRequest] = lock.withLock {
                guard self.scanFinished else { return [] }
                defer { self.waitingMemories.removeAll() }
                return self.waitingMemories
            }
            for asked in waiting {
                indexLock.lock()
                let files = index.memories(on: asked.day, limit: asked.limit)
                indexLock.unlock()
                lock.withLock { for file in files { self.credits[file.id] = FolderSource.credit(file) } }
                asked.completion(.success(files.map(\.photo)))
            }
        }
    }

    /// The photos found, in the order of a pass (for a prefetch of every cell).
    public func photosInOrder() -> [Photo] {
        indexLock.lock(); defer { indexLock.unlock() }
        return index.inOrder().map(\.photo)
    }

    public var rootPaths: [String] { roots }

    public var cellKeyPrefixes: [String] { roots.map { FolderSource.cellKeyPrefix(folder: $0) + "/" } }

}

extension FolderSource {
    /// What a person who typed a path that is not there is told: which, and the likeliest name they meant.
    static func notFound(_ paths: [String]) -> String {
        let lines = paths.map { path -> String in
            let absolute = FolderSource.absolute(path)
            let parent = (absolute as NSString).deletingLastPathComponent, name = (absolute as NSString).lastPathComponent
            let siblings = (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
            if FolderScanner.status(parent) == nil {
                return "\(PathBytes.display(path)) does not exist, nor does the folder it would be in (\(PathBytes.display(parent)))."
            }
            guard let guess = NameSuggestion.closest(to: name, among: siblings.filter { !$0.hasPrefix(".") }) else {
                return "\(PathBytes.display(path)) does not exist."
            }
            return "\(PathBytes.display(path)) does not exist. Did you mean \(PathBytes.display((parent as NSString).appendingPathComponent(guess)))?"
        }
        return lines.joined(separator: " ") + " The demo photos show meanwhile; the folder is shown as soon as it appears."
    }

    /// The folders and files named on the command line (or `folder` lines of the configuration file).
    public static let kind = SourceKind(
        name: "folder", title: "the folders", summary: "Folders and files named on the command line", chosen: { !$0.paths.isEmpty },
        fallbacks: [SourceFallback(.setupFailed, to: "demo", note: "{reason}")]
    ) { context in
        guard !context.paths.isEmpty else { throw SourceSetupError("--source folder needs a folder or file to show") }
        // A folder not there yet (a USB stick, a network share mounted later) is waited for, never an exit.
        let present = context.paths.filter { FolderScanner.status(FolderSource.absolute($0)) != nil }
        guard !present.isEmpty else {
            let names = context.paths.map(PathBytes.display).joined(separator: ", ")
            throw SourceSetupError("Waiting for \(names) to appear: showing the demo", mayComeLater: true,
                                   explanation: FolderSource.notFound(context.paths))
        }
        for path in context.paths where !present.contains(path) {
            context.log("\(PathBytes.display(path)) does not exist (yet): the others are shown")
        }
        var settings = Settings()
        settings.sort = context.folderSort
        settings.hidden = context.hidden
        settings.followLinks = context.followLinks
        settings.dates = context.dates
        settings.prober = context.mediaProber
        let folder = FolderSource(roots: present, settings: settings, cells: context.cells,
                                  indexStore: context.indexStore, log: context.log)
        folder.onEdits = context.edits
        return InstalledSource(folder, key: "folder:" + context.paths.joined(separator: "\u{0}"))
    }
}
