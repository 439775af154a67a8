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
                merge(stage.withIndex { $0.remove(path: path) })
                gone.append(path)
            }
            for (path, companion) in change.read where isShown(path) {
                switch walker.entry(at: path, companion: companion, prober: settings.prober) {
                case .success(let file):
                    merge(stage.withIndex { $0.add(file) })
                    upserts.append(file)
                case .failure(let why):
                    // Replaced by something that is not an image (or half written): it goes, rather than stay stale.
                    merge(stage.withIndex { $0.remove(path: path) })
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
                if folderRoots.contains(folder) {
                    following.withLock { _ = $0.rootIdentities.updateValue(nil, forKey: folder) }
                }
                let (paths, edits) = stage.withIndex { ($0.paths(under: folder), $0.remove(under: folder)) }
                gone += paths
                merge(edits)
            case .removed:
                continue
            case .folderAdded(let folder):
                guard FolderScanner.isInside(folder, folderRoots), !settings.onlyTopFolders else { continue }
                let name = folder.split(separator: "/").last ?? ""
                if settings.hidden || !name.hasPrefix(".") { rescan.append(folder) }
            case .overflowed:
                log("too many changes at once in the watched folders: looking through them again")
                rescan = roots
            }
        }
        if !edits.isEmpty { onEdits(edits) }
        storeChanges(upsert: upserts, remove: gone)
        stage.answer()
        let paths = rescan
        if !paths.isEmpty { walkQueue.async { [weak self] in self?.scan(paths, initial: false) } }
    }

    // MARK: folders that come and go

    /// Takes the photos under a folder that is gone off the wall and out of the stored index.
    func takeOff(_ root: String) {
        guard !isStopping else { return }
        let (gone, edits) = stage.withIndex { ($0.paths(under: root), $0.remove(under: root)) }
        if !edits.isEmpty { onEdits(edits) }
        storeChanges(upsert: [], remove: gone)
    }

    func scheduleRootCheck() {
        walkQueue.asyncAfter(deadline: .now() + settings.rootCheckInterval) { [weak self] in
            guard let self, !self.isStopping else { return }
            self.checkRoots()
            self.scheduleRootCheck()
        }
    }

    /// Looks at every folder named: one gone has its photos taken off the wall and is waited for; one back (or
    /// another in its place) is watched and read again whole, so the wall shows what is really there.
    func checkRoots() {
        for root in folderRoots {
            let now = walker.identity(of: root)
            let before: FolderIdentity?? = following.withLock { $0.rootIdentities[root] }
            guard let before, now != before else { continue }
            following.withLock { _ = $0.rootIdentities.updateValue(now, forKey: root) }
            if now == nil {
                log("\(PathBytes.display(root)) is gone: its photos are taken off, and it is waited for")
                takeOff(root)
            } else {
                log("\(PathBytes.display(root)) is \(before == nil ? "back" : "another folder now"): reading it again")
                scan([root], initial: false, rereadAll: true)
                stage.answer()
            }
        }
    }
}
