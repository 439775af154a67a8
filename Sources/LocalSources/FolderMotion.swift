import Foundation
import GalleryCore

/// Where a folder's moving pictures play from, and how the watcher keeps Live Photos whole: a MOV put beside a still
/// (or taken away) changes the still's photo; a still put beside a MOV (or taken away) takes the MOV off the wall as
/// a clip of its own (or puts it back).
extension FolderSource {
    /// The clip itself, the MOV beside a Live Photo's still, or the range of a motion photo's JPEG: only for photos
    /// of this source's index, and only inside the folders and files named.
    public func motionLocation(for photo: Photo) -> MediaLocation? {
        let file = stage.withIndex { $0.file(id: photo.id) }
        guard let file, let motion = file.motion, isShown(file.path) else { return nil }
        switch motion.kind {
        case .clip, .animation:
            return MediaLocation(file: file.path)
        case .livePhoto:
            guard let clip = file.companionPath, isShown(clip) || fileRoots.contains(file.path) else { return nil }
            return MediaLocation(file: clip)
        case .motionPhoto:
            guard motion.isConsistent(fileBytes: file.bytes) else { return nil }
            return MediaLocation(file: file.path, offset: motion.clipOffset, length: motion.clipLength)
        }
    }

    /// The names in `folder` (regular files or not: only names are compared), once per batch of events.
    func names(in folder: String, cache: inout [String: [String]]) -> [String] {
        if let known = cache[folder] { return known }
        let names = walker.names(in: folder)
        cache[folder] = names
        return names
    }

    /// What a change to `path` means once its Live Photo partner is looked at: the files to read again (with the
    /// clip each still has beside it now) and the paths that are no longer photos of their own.
    /// `exists`: whether `path` is there now (changed) or gone (removed).
    func liveChanges(at path: String, exists: Bool,
                     listing: inout [String: [String]]) -> (read: [(path: String, companion: String?)], gone: [String]) {
        guard let slash = path.lastIndex(of: "/") else { return ([(path, nil)], []) }
        let folder = slash == path.startIndex ? "/" : String(path[..<slash])
        let name = String(path[path.index(after: slash)...])
        let join = { (n: String) in folder == "/" ? "/" + n : folder + "/" + n }
        guard LivePhotoPairing.isStill(name) || LivePhotoPairing.isClip(name) else {
            // A RAW arriving beside a JPEG of its name stays off the wall (a camera's RAW+JPEG pair is one photo).
            if exists, CameraRawNames.isRaw(name),
               CameraRawNames.shadowedByJPEG(in: names(in: folder, cache: &listing) + [name]).contains(name) {
                return ([], [path])
            }
            return (exists ? [(path, nil)] : [], exists ? [] : [path])
        }
        // The folder's names as they are now, with this one as the event says (a listing may lag a removal).
        var names = names(in: folder, cache: &listing).filter { $0 != name }
        if exists { names.append(name) }
        if !settings.hidden { names = names.filter { !$0.hasPrefix(".") } }
        let pairs = LivePhotoPairing.pairs(in: names)
        let paired = Set(pairs.values)
        // The RAW of a JPEG's name leaves the wall while the JPEG is there, and comes back when it goes.
        let shadowed = CameraRawNames.shadowedByJPEG(in: names)
        guard let base = LivePhotoPairing.parts(name)?.base else { return ([], []) }
        // Every name of this base is looked at again: which still holds the clip, and whether the clip is its own.
        var read: [(String, String?)] = [], gone: [String] = exists ? [] : [path]
        for other in names where LivePhotoPairing.parts(other)?.base == base {
            let kind = LocalFileReader.nameKind(Substring(other))
            if paired.contains(other) || shadowed.contains(other) {
                gone.append(join(other))
            } else if kind == .still || (kind != nil && settings.prober != nil) {
                read.append((join(other), pairs[other]))
            }
        }
        return (read, gone)
    }
}
