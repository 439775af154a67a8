import CPlatform
import Foundation
import GalleryCore
#if canImport(Glibc)
import Glibc
#endif

/// The walk, the folder source's first stage, all of it on `walkQueue`: the folders walked by the walker at idle
/// priority, headers read, batches handed to the index stage; the index kept in the store for the next start and
/// checked against the disk when it was there; folders past the watch limit looked through again from time to time.
extension FolderSource {
    /// The key the index is stored under: the roots shown.
    /// A folder walked without its subfolders keeps an index of its own (the whole tree's would show them). The
    /// roots are joined by a newline, not a NUL: the store reads a key as C text, so everything after a NUL was lost
    /// and `tessera a.jpg c.jpg` then `tessera a.jpg d.jpg` shared an index (c.jpg showed in the second).
    var indexKey: String { "index:" + (settings.onlyTopFolders ? "top:" : "") + roots.joined(separator: "\n") }


    /// Adds the stored index of the last run, newest first, a batch at a time (the first page goes out with the first
    /// batch); returns whether there was one.
    func loadStoredIndex() -> Bool {
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
            stage.reset()
            return false
        }
        let count = stage.finishWalk()
        let ms = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
        log("showing \(counted(count, "photo", "photos")) from the index of the last run (\(Int(ms)) ms); checking the folders for changes")
        stage.progress.withLock { $0.kept = true }
        stage.answer()
        return true
    }

    /// Writes the whole index out (after a first scan), a chunk at a time.
    func storeWholeIndex() {
        guard let store = indexStore else { return }
        do {
            try store.clearFolderIndex(source: indexKey)
            var offset = 0, stored = 0
            while !isStopping {
                let (files, next) = stage.withIndex { $0.files(from: offset, count: 20_000) }
                if files.isEmpty { break }
                try store.updateFolderIndex(source: indexKey, upsert: files, remove: [])
                offset = next
                stored += files.count
            }
            if !isStopping {
                log("kept the index of \(counted(stored, "photo", "photos")) for the next start")
                stage.progress.withLock { $0.kept = true }
            }
        } catch {
            log("the folder index could not be kept for next time: \(error)")
        }
    }

    /// Keeps what changed on disk in the stored index too.
    func storeChanges(upsert: [LocalFile], remove: [String]) {
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
    public var isIndexKept: Bool { stage.progress.withLock { $0.kept } }

    /// Walks `paths` on the walk queue's thread, at idle priority (the frame thread comes first). The first scan
    /// reads every header; a later one (a folder added, the watcher overflowed, the periodic look through unwatched
    /// folders) reads only files whose size or time changed, and drops the files of the folders it walked that it
    /// did not find again.
    /// `rereadAll`: every file is read again, however unchanged its size and time look (a folder mounted again holds
    /// other files under the same names).
    func scan(_ paths: [String], initial: Bool, rereadAll: Bool = false) {
        tessera_make_thread_background()
        defer { tessera_make_thread_normal() }
        var walk = FolderWalk()
        walk.hidden = settings.hidden
        walk.followLinks = settings.followLinks
        walk.onlyTopFolders = settings.onlyTopFolders
        walk.prober = settings.prober
        let stage = self.stage
        walk.mediaRefused = { path, bytes, modified in stage.refused(path: path, bytes: bytes, modified: modified) }
        walk.skipped = log
        var walked = Set<String>(), seen = Set<String>()
        walk.enteredFolder = { [weak self] folder in
            if !initial { walked.insert(folder) }
            self?.follow(folder)
        }
        walk.cancelled = { [weak self] in self?.isStopping ?? true }
        if !initial, !rereadAll {
            walk.isKnown = { path, bytes, modified, companion in
                stage.isKnown(path: path, bytes: bytes, modified: modified, companion: companion)
            }
        }
        if !initial { walk.unchanged = { seen.insert($0) } }
        var batch: [LocalFile] = []
        var changed: [LocalFile] = []
        let started = DispatchTime.now().uptimeNanoseconds
        var handed = 0
        walker.walk(paths, walk) { file in
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
            let count = stage.finishWalk()
            let ms = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
            log("found \(counted(count, "photo", "photos")) in \(Int(ms)) ms")
            stage.answer()
            storeWholeIndex()
        } else if !isStopping {
            let (edits, gone) = stage.withIndex { $0.remove(in: walked, except: seen) }
            stage.noteCount()
            if !edits.isEmpty { onEdits(edits) }
            storeChanges(upsert: changed, remove: gone)
            if !changed.isEmpty || !gone.isEmpty {
                log("\(counted(changed.count, "photo", "photos")) new or changed, \(gone.count) gone since the folders were last read")
            }
        }
    }

    /// Watches a folder the scan entered. Past `maxWatches`, or the system's limit, it is looked through again
    /// every `rescanInterval` seconds instead; said once.
    func follow(_ folder: String) {
        guard let watch = following.withLock({ $0.watch }) else { return }
        // Counted by what is watched now (a folder watched again is one watch; a tree gone frees its watches).
        let underCap = watch.watchedCount < settings.maxWatches
        if underCap, watch.watch(folder) { return }
        let first = following.withLock { following in
            defer { following.limitSaid = true }
            // Only the top of each unwatched subtree: a rescan walks below it.
            if !following.unwatched.contains(where: { folder.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) {
                following.unwatched.append(folder)
            }
            return !following.limitSaid
        }
        guard first else { return }
        let why = underCap ? "the system's inotify limit, fs.inotify.max_user_watches" : "\(settings.maxWatches) folders watched"
        log("cannot watch \(PathBytes.display(folder)) and further folders for changes (\(why)): they are looked "
            + "through again every \(Int(settings.rescanInterval / 60)) minutes")
        scheduleRescan()
    }

    /// The periodic look through the folders the watcher does not follow.
    func scheduleRescan() {
        walkQueue.asyncAfter(deadline: .now() + settings.rescanInterval) { [weak self] in
            guard let self, !self.isStopping else { return }
            let folders = self.following.withLock { $0.unwatched }
            self.scan(folders, initial: false)
            self.scheduleRescan()
        }
    }

    /// Hands files found to the index stage; their edits go to the catalog.
    func add(_ files: [LocalFile]) {
        guard !files.isEmpty else { return }
        let edits = stage.add(files)
        if !edits.isEmpty { onEdits(edits) }
        stage.answer()
    }
}
