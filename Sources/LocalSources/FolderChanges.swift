import CPlatform
import Foundation
import GalleryCore
#if canImport(Glibc)
import Glibc
#endif

/// Changes on disk, as the watcher reports them: files added, replaced and deleted, folders moved in and out, become
/// edits of the catalog and of the stored index.
extension FolderSource {
    func handle(_ events: [FolderWatch.Event]) {
        var edits = FolderIndex.Edits()
        var rescan: [String] = []
        var upserts: [LocalFile] = [], gone: [String] = []
        func merge(_ e: FolderIndex.Edits) { edits.merge(e) }
        // Each folder's names are listed once a batch, for the Live Photo pairs the events touch.
        var listing: [String: [String]] = [:]
        func apply(_ change: (read: [(path: String, companion: String?)], gone: [String])) {
            for path in change.gone where isShown(path) {
                indexLock.lock(); merge(index.remove(path: path)); indexLock.unlock()
                gone.append(path)
            }
            for (path, companion) in change.read where isShown(path) {
                switch LocalFileReader.read(path: path, companion: companion, prober: settings.prober) {
                case .success(let file):
                    indexLock.lock(); merge(index.add(file)); indexLock.unlock()
                    upserts.append(file)
                case .failure(let why):
                    // Replaced by something that is not an image (or half written): it goes, rather than stay stale.
                    indexLock.lock(); merge(index.remove(path: path)); indexLock.unlock()
                    gone.append(path)
                    log("\(PathBytes.display(path)) skipped: \(why)")
                }
            }
        }
        for event in events {
            switch event {
            case .changed(let path):
                guard isShown(path) else { continue }
                let name = Substring(path.split(separator: "/").last ?? "")
                // A MOV is looked at without a prober too: it may make the still beside it a Live Photo.
                guard let kind = LocalFileReader.nameKind(name),
                      kind == .still || settings.prober != nil || LivePhotoPairing.isClip(String(name)),
                      settings.hidden || !name.hasPrefix(".") else { continue }
                apply(liveChanges(at: path, exists: true, listing: &listing))
            case .removed(let path) where isShown(path):
                apply(liveChanges(at: path, exists: false, listing: &listing))
            case .folderRemoved(let folder):
                // A folder named that goes (deleted, renamed away, unmounted) is waited for: whatever stands there
                // next, even under the same inode, is read again whole (`checkRoots`).
                if folderRoots.contains(folder) { lock.withLock { _ = rootIdentities.updateValue(nil, forKey: folder) } }
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

    // MARK: folders that come and go

    /// Takes the photos under a folder that is gone off the wall and out of the stored index.
    func takeOff(_ root: String) {
        guard !isStopping else { return }
        indexLock.lock()
        let gone = index.paths(under: root)
        let edits = index.remove(under: root)
        indexLock.unlock()
        if !edits.isEmpty { onEdits(edits) }
        storeChanges(upsert: [], remove: gone)
    }

    /// A folder's identity on disk: its device and inode (nil: not there, or not a folder). A folder removed and
    /// made again, swapped by a rename, or a file system mounted on it, has another.
    static func identity(of folder: String) -> FolderIdentity? {
        guard let info = FolderScanner.status(folder), info.st_mode & S_IFMT == S_IFDIR else { return nil }
        return FolderIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    func scheduleRootCheck() {
        scanQueue.asyncAfter(deadline: .now() + settings.rootCheckInterval) { [weak self] in
            guard let self, !self.isStopping else { return }
            self.checkRoots()
            self.scheduleRootCheck()
        }
    }

    /// Looks at every folder named: one gone has its photos taken off the wall and is waited for; one back (or
    /// another in its place) is watched and read again whole, so the wall shows what is really there.
    func checkRoots() {
        for root in folderRoots {
            let now = FolderSource.identity(of: root)
            let before: FolderIdentity?? = lock.withLock { rootIdentities[root] }
            guard let before, now != before else { continue }
            lock.withLock { _ = rootIdentities.updateValue(now, forKey: root) }
            if now == nil {
                log("\(PathBytes.display(root)) is gone: its photos are taken off, and it is waited for")
                takeOff(root)
            } else {
                log("\(PathBytes.display(root)) is \(before == nil ? "back" : "another folder now"): reading it again")
                scan([root], initial: false, rereadAll: true)
                answerWaitingPage()
            }
        }
    }
}

/// Where a folder is on disk (`stat`'s device and inode).
struct FolderIdentity: Equatable {
    let device: UInt64
    let inode: UInt64
}
