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
public final class FolderSource: PhotoSource {
    public let name: String
    public var traits: SourceTraits {
        SourceTraits(pageSizes: 1...200, networked: false, cacheable: false, wrapsByDefault: false)
    }
    /// Files on disk are originals: any size may come back.
    public var answersAtRequestedSize: Bool { false }
    public var emptyFeedText: String { "No photos here (JPEG, PNG, WebP, HEIC, AVIF). New ones show as they arrive." }

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
        public init() {}
    }

    private let roots: [String]
    private let settings: Settings
    /// Where decoded cells are kept (a camera file costs far more to decode than a cell-sized JPEG read back).
    private let cells: CellCache?
    /// Where the index is kept between runs, once the cache is open (it opens while the scan runs).
    private var indexStore: FolderIndexStore? { openIndexStore() }
    private let openIndexStore: () -> FolderIndexStore?
    private let log: (String) -> Void
    /// Catalog edits for photos already shown; set before `start`.
    public var onEdits: (FolderIndex.Edits) -> Void = { _ in }

    /// Held briefly, and the only lock the main thread takes: the frame never waits on the scan.
    private let lock = NSLock()
    /// Held by the scan for a batch and while a page is put in order (a million files' index grows its tables under
    /// it): never taken on the main thread.
    private let indexLock = NSLock()
    // Guarded by `indexLock`:
    private var index: FolderIndex
    // Guarded by `lock`:
    private var scanFinished = false
    private var knownPhotos = 0
    private var indexKept = false
    /// How the pane credits photos of pages served lately, so it never waits for the index.
    private var credits: [String: Credit] = [:]
    private var waitingPage: (id: RequestID, page: Int, limit: Int, done: (Result<PageContents, SourceError>) -> Void)?
    private var stopping = false
    private var watchLimitSaid = false
    /// Folders the watcher does not follow (past `maxWatches` or the system's limit): looked through periodically.
    private var unwatched: [String] = []
    private var watchCount = 0
    private let gate: ByteGate

    private var watch: FolderWatch?
    private let reads = RequestQueue(name: "tessera-folder-read",
                                     width: max(2, ProcessInfo.processInfo.activeProcessorCount))
    private let scanQueue = DispatchQueue(label: "tessera-folder-scan", qos: .utility)
    /// Pages are put in order and answered here, off the caller's (the main) thread.
    private let pageQueue = DispatchQueue(label: "tessera-folder-pages", qos: .userInitiated)
    private let indexWrites = DispatchQueue(label: "tessera-index-writes", qos: .utility)

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
        let first = self.roots.first.map { $0 == "/" ? "/" : PathBytes.display(String($0.split(separator: "/").last ?? "")) }
            ?? "folder"
        name = self.roots.count == 1 ? first : "\(first) and \(self.roots.count - 1) more"
    }

    deinit { stop() }

    /// Files named on their own (not folders): watched through their folder, whose other files are not shown.
    private let fileRoots: Set<String>
    private let folderRoots: [String]

    /// Whether an event's path is one the user asked for: a file named, or anything under a folder named.
    private func isShown(_ path: String) -> Bool {
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
        scanQueue.async { [weak self] in
            guard let self else { return }
            // A warm start shows the index of the last run at once and checks it against the disk in the background;
            // a cold one reads every header, then keeps the index for next time.
            if self.loadStoredIndex() { self.scan(self.roots, initial: false) } else { self.scan(self.roots, initial: true) }
        }
    }

    public func stop() {
        lock.lock(); stopping = true; lock.unlock()
        watch?.stop()
        reads.cancelAll()
    }

    /// Whether the first scan has finished, and how many photos it knows.
    public var scanState: (finished: Bool, photos: Int) {
        lock.lock(); defer { lock.unlock() }
        return (scanFinished, knownPhotos)
    }

    /// The key the index is stored under: the roots shown.
    private var indexKey: String { "index:" + roots.joined(separator: "\u{0}") }


    /// Adds the stored index of the last run, newest first, a batch at a time (the first page goes out with the first
    /// batch); returns whether there was one.
    private func loadStoredIndex() -> Bool {
        guard let store = indexStore, (try? store.hasFolderIndex(source: indexKey)) == true else { return false }
        tessera_make_thread_background()
        defer { tessera_make_thread_normal() }
        let started = DispatchTime.now().uptimeNanoseconds
        do {
            try store.loadFolderIndex(source: indexKey, batchSize: 4096) { [weak self] files in
                guard let self, !self.isStopping else { return false }
                self.add(files)
                return true
            }
        } catch {
            log("the folder index of the last run could not be read (\(error)): reading the folders afresh")
            try? store.clearFolderIndex(source: indexKey)
            indexLock.lock()
            index = FolderIndex(sort: settings.sort, seed: UInt64.random(in: 1...UInt64.max))
            indexLock.unlock()
            return false
        }
        indexLock.lock()
        index.scanFinished = true
        let count = index.count
        indexLock.unlock()
        lock.lock(); scanFinished = true; knownPhotos = count; lock.unlock()
        let ms = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
        log("showing \(count) photos from the index of the last run (\(Int(ms)) ms); checking the folders for changes")
        lock.lock(); indexKept = true; lock.unlock()
        answerWaitingPage()
        return true
    }

    /// Writes the whole index out (after a first scan), a chunk at a time.
    private func storeWholeIndex() {
        guard let store = indexStore else { return }
        do {
            try store.clearFolderIndex(source: indexKey)
            var offset = 0, stored = 0
            while !isStopping {
                indexLock.lock()
                let (files, next) = index.files(from: offset, count: 20_000)
                indexLock.unlock()
                if files.isEmpty { break }
                try store.updateFolderIndex(source: indexKey, upsert: files, remove: [])
                offset = next
                stored += files.count
            }
            if !isStopping {
                log("kept the index of \(stored) photos for the next start")
                lock.lock(); indexKept = true; lock.unlock()
            }
        } catch {
            log("the folder index could not be kept for next time: \(error)")
        }
    }

    /// Keeps what changed on disk in the stored index too.
    private func storeChanges(upsert: [LocalFile], remove: [String]) {
        guard !upsert.isEmpty || !remove.isEmpty, let store = indexStore else { return }
        let key = indexKey
        indexWrites.async { [weak self] in
            do { try store.updateFolderIndex(source: key, upsert: upsert, remove: remove) } catch {
                self?.log("the folder index could not be updated: \(error)")
            }
        }
    }

    /// Returns once the index's changes queued so far are written (tests).
    public func flushIndexWrites() { indexWrites.sync {} }

    /// Whether the index is in the store for the next start (after a first scan; a warm start's is there already).
    public var isIndexKept: Bool { lock.lock(); defer { lock.unlock() }; return indexKept }

    /// Walks `paths` on the scan queue's thread, at idle priority (the frame thread comes first). The first scan
    /// reads every header; a later one (a folder added, the watcher overflowed, the periodic look through unwatched
    /// folders) reads only files whose size or time changed, and drops the files of the folders it walked that it
    /// did not find again.
    private func scan(_ paths: [String], initial: Bool) {
        tessera_make_thread_background()
        defer { tessera_make_thread_normal() }
        var scanner = FolderScanner(hidden: settings.hidden)
        scanner.followLinks = settings.followLinks
        scanner.skipped = log
        var walked = Set<String>(), seen = Set<String>()
        scanner.enteredFolder = { [weak self] folder in
            if !initial { walked.insert(folder) }
            self?.follow(folder)
        }
        scanner.cancelled = { [weak self] in self?.isStopping ?? true }
        if !initial {
            scanner.isKnown = { [weak self] path, bytes, modified in
                guard let self else { return false }
                self.indexLock.lock(); defer { self.indexLock.unlock() }
                return self.index.has(path: path, bytes: bytes, modified: modified)
            }
            scanner.unchanged = { seen.insert($0) }
        }
        var batch: [LocalFile] = []
        var changed: [LocalFile] = []
        let started = DispatchTime.now().uptimeNanoseconds
        var handed = 0
        scanner.scan(paths) { file in
            if !initial {
                seen.insert(file.path)
                changed.append(file)
            }
            batch.append(file)
            // Hand over often at first (a big folder's first screen waits on it), then in larger batches.
            if batch.count >= (handed < 64 ? 8 : 512) {
                handed += batch.count
                add(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        add(batch)
        if initial {
            indexLock.lock()
            index.scanFinished = true
            let count = index.count
            indexLock.unlock()
            lock.lock()
            scanFinished = true
            knownPhotos = count
            lock.unlock()
            let ms = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
            log("found \(count) photos in \(Int(ms)) ms")
            answerWaitingPage()
            storeWholeIndex()
        } else if !isStopping {
            indexLock.lock()
            let (edits, gone) = index.remove(in: walked, except: seen)
            let count = index.count
            indexLock.unlock()
            lock.lock(); knownPhotos = count; lock.unlock()
            if !edits.isEmpty { onEdits(edits) }
            storeChanges(upsert: changed, remove: gone)
            if !changed.isEmpty || !gone.isEmpty {
                log("\(changed.count) photos new or changed, \(gone.count) gone since the folders were last read")
            }
        }
    }

    /// Watches a folder the scan entered. Past `maxWatches`, or the system's limit, it is looked through again
    /// every `rescanInterval` seconds instead; said once.
    private func follow(_ folder: String) {
        guard let watch else { return }
        lock.lock()
        let underCap = watchCount < settings.maxWatches
        if underCap { watchCount += 1 }
        lock.unlock()
        if underCap, watch.watch(folder) { return }
        lock.lock()
        let first = !watchLimitSaid
        watchLimitSaid = true
        // Only the top of each unwatched subtree: a rescan walks below it.
        if !unwatched.contains(where: { folder.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) { unwatched.append(folder) }
        lock.unlock()
        guard first else { return }
        let why = underCap ? "the system's inotify limit, fs.inotify.max_user_watches" : "\(settings.maxWatches) folders watched"
        log("cannot watch \(PathBytes.display(folder)) and further folders for changes (\(why)): they are looked "
            + "through again every \(Int(settings.rescanInterval / 60)) minutes")
        scheduleRescan()
    }

    /// The periodic look through the folders the watcher does not follow.
    private func scheduleRescan() {
        scanQueue.asyncAfter(deadline: .now() + settings.rescanInterval) { [weak self] in
            guard let self, !self.isStopping else { return }
            self.lock.lock()
            let folders = self.unwatched
            self.lock.unlock()
            self.scan(folders, initial: false)
            self.scheduleRescan()
        }
    }

    private var isStopping: Bool { lock.lock(); defer { lock.unlock() }; return stopping }

    private func add(_ files: [LocalFile]) {
        guard !files.isEmpty else { return }
        var edits = FolderIndex.Edits()
        indexLock.lock()
        for file in files { edits.merge(index.add(file)) }
        let count = index.count
        indexLock.unlock()
        lock.lock(); knownPhotos = count; lock.unlock()
        if !edits.isEmpty { onEdits(edits) }
        answerWaitingPage()
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
    private func answerWaitingPage() {
        pageQueue.async { [weak self] in self?.answerNow() }
    }

    private func answerNow() {
        lock.lock()
        let waiting = waitingPage
        lock.unlock()
        guard let waiting else { return }
        indexLock.lock()
        let photos = index.page(waiting.page, limit: waiting.limit)
        let files = photos?.compactMap { index.file(id: $0.id) } ?? []
        indexLock.unlock()
        guard let photos else { return }
        lock.lock()
        guard waitingPage?.id == waiting.id else { lock.unlock(); return }  // withdrawn meanwhile
        waitingPage = nil
        if credits.count > 20_000 { credits.removeAll(keepingCapacity: true) }
        for file in files { credits[file.id] = FolderSource.credit(file) }
        lock.unlock()
        waiting.done(.success(PageContents(photos: photos)))
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

    /// The photos found, in the order of a pass (for a prefetch of every cell).
    public func photosInOrder() -> [Photo] {
        indexLock.lock(); defer { indexLock.unlock() }
        return index.inOrder().map(\.photo)
    }

    public var rootPaths: [String] { roots }

    // MARK: what the pane shows

    /// Asked every frame the pane is open, on the main thread: from the photos of pages served lately, else (a photo
    /// of an edit) from the index.
    public func credit(for photo: Photo) -> Credit {
        lock.lock()
        let known = credits[photo.id]
        lock.unlock()
        if let known { return known }
        indexLock.lock()
        let file = index.file(id: photo.id)
        indexLock.unlock()
        guard let file else { return Credit(line: photo.author, page: "") }
        let credit = FolderSource.credit(file)
        lock.lock(); credits[photo.id] = credit; lock.unlock()
        return credit
    }

    static func credit(_ file: LocalFile) -> Credit {
        var about = FolderSource.megabytes(file.bytes) + " · "
        about += file.taken.map { "taken " + FolderSource.readable(exifDate: $0) }
            ?? "modified " + FolderSource.readable(nanoseconds: file.modified)
        if let camera = file.camera { about += " · " + camera }
        return Credit(line: file.name, page: FolderSource.fileURL(file.path), details: ["Folder: " + file.folder, about])
    }

    /// The file's URL with every byte of its path that is not plain ASCII percent-encoded (the path's own bytes, so a
    /// name that is not UTF-8 opens too).
    static func fileURL(_ path: String) -> String {
        var url = "file://"
        for byte in PathBytes.bytes(path) {
            let c = Character(Unicode.Scalar(byte))
            if byte < 0x80, c.isLetter || c.isNumber || "/-._~!$&'()*+,;=:@".contains(c) { url.append(c) }
            else { url += String(format: "%%%02X", byte) }
        }
        return url
    }

    static func megabytes(_ bytes: Int64) -> String {
        bytes >= 1 << 20 ? String(format: "%.1f MB", Double(bytes) / 1_048_576) : "\(max(1, bytes >> 10)) KB"
    }

    /// "2024:06:01 14:03:22" → "2024-06-01 14:03".
    static func readable(exifDate: String) -> String {
        let parts = exifDate.split(whereSeparator: { $0 == ":" || $0 == " " })
        guard parts.count >= 5 else { return exifDate }
        return "\(parts[0])-\(parts[1])-\(parts[2]) \(parts[3]):\(parts[4])"
    }

    /// "2026-11-23 14:03" in local time (`localtime_r`: safe on any thread, unlike a shared formatter).
    static func readable(nanoseconds: Int64) -> String {
        var t = time_t(nanoseconds / 1_000_000_000)
        var parts = tm()
        guard localtime_r(&t, &parts) != nil else { return "?" }
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) \(two(parts.tm_hour)):\(two(parts.tm_min))"
    }

    static func absolute(_ path: String) -> String {
        var p = (path as NSString).expandingTildeInPath
        if !p.hasPrefix("/") { p = FileManager.default.currentDirectoryPath + "/" + p }
        p = (p as NSString).standardizingPath
        return p.isEmpty ? "/" : p
    }

    // MARK: changes on disk

    private func handle(_ events: [FolderWatch.Event]) {
        var edits = FolderIndex.Edits()
        var rescan: [String] = []
        var upserts: [LocalFile] = [], gone: [String] = []
        func merge(_ e: FolderIndex.Edits) { edits.merge(e) }
        for event in events {
            switch event {
            case .changed(let path):
                guard isShown(path) else { continue }
                let name = Substring(path.split(separator: "/").last ?? "")
                guard LocalFileReader.hasImageExtension(name), settings.hidden || !name.hasPrefix(".") else { continue }
                switch LocalFileReader.read(path: path) {
                case .success(let file):
                    indexLock.lock(); merge(index.add(file)); indexLock.unlock()
                    upserts.append(file)
                case .failure(let why):
                    // Replaced by something that is not an image (or half written): it goes, rather than stay stale.
                    indexLock.lock(); merge(index.remove(path: path)); indexLock.unlock()
                    gone.append(path)
                    log("\(PathBytes.display(path)) skipped: \(why)")
                }
            case .removed(let path) where isShown(path):
                indexLock.lock(); merge(index.remove(path: path)); indexLock.unlock()
                gone.append(path)
            case .folderRemoved(let folder):
                indexLock.lock()
                gone += index.paths(under: folder)
                merge(index.remove(under: folder))
                indexLock.unlock()
            case .removed:
                continue
            case .folderAdded(let folder):
                guard FolderScanner.isInside(folder, folderRoots) else { continue }
                let name = folder.split(separator: "/").last ?? ""
                if settings.hidden || !name.hasPrefix(".") { rescan.append(folder) }
            case .overflowed:
                log("too many changes at once in the watched folders: looking through them again")
                rescan = roots
            }
        }
        if !edits.isEmpty { onEdits(edits) }
        storeChanges(upsert: upserts, remove: gone)
        answerWaitingPage()
        let paths = rescan
        if !paths.isEmpty { scanQueue.async { [weak self] in self?.scan(paths, initial: false) } }
    }
}

extension FolderSource {
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
            throw SourceSetupError("Waiting for \(names) to appear: showing the demo", mayComeLater: true)
        }
        for path in context.paths where !present.contains(path) {
            context.log("\(PathBytes.display(path)) does not exist (yet): the others are shown")
        }
        var settings = Settings()
        settings.sort = context.folderSort
        settings.hidden = context.hidden
        settings.followLinks = context.followLinks
        let folder = FolderSource(roots: present, settings: settings, cells: context.cells,
                                  indexStore: context.indexStore, log: context.log)
        folder.onEdits = context.edits
        return InstalledSource(folder, key: "folder:" + context.paths.joined(separator: "\u{0}"))
    }
}
