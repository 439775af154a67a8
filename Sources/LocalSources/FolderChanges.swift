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
