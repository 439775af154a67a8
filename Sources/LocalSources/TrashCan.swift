import Foundation
import GalleryCore
#if canImport(Glibc)
import Glibc
#endif

/// Moves files to the trash as the freedesktop.org Trash specification 1.0 says, and back (the words and names are
/// `TrashSpec`'s; the calls `FileCalls`'): the home trash when the file is on its device, else the volume's own
/// (`$topdir/.Trash/$uid`, else `$topdir/.Trash-$uid`). The `.trashinfo` is made first, with `O_EXCL` (the name is
/// then the file's alone), the file renamed after it: a failure on the way leaves the file where it was and no
/// `.trashinfo` behind. Files are never copied across devices: a trash is always on the file's own.
public struct TrashCan {
    /// A file in the trash: where it came from, where it is, its `.trashinfo`.
    public struct Trashed: Equatable, Sendable {
        public let original: String
        public let file: String
        public let info: String
    }

    let homeTrash: String
    let uid: UInt32

    /// `environment`: where XDG_DATA_HOME and HOME are read (the process's own unless a test gives another).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment, uid: UInt32 = getuid()) {
        homeTrash = TrashSpec.homeTrash(dataHome: environment["XDG_DATA_HOME"],
                                        home: environment["HOME"] ?? NSHomeDirectory())
        self.uid = uid
    }

    /// Moves the file at `path` (absolute) to the trash on its device.
    public func trash(_ path: String) throws -> Trashed {
        guard let info = try FileCalls.lstatus(path) else {
            throw FileCallError(call: "lstat", path: path, code: ENOENT)
        }
        let trash = try trashFolder(forDevice: info.st_dev, path: path)
        let name = String(path.split(separator: "/").last ?? "")
        for attempt in 1...TrashSpec.maxAttempts {
            let candidate = TrashSpec.candidateName(for: name, attempt: attempt)
            let infoPath = trash + "/info/" + candidate + ".trashinfo", filePath = trash + "/files/" + candidate
            // The .trashinfo first, made anew or not at all: its name is then ours (the spec's way of taking one).
            guard let fd = try FileCalls.createNew(infoPath, mode: 0o600) else { continue }
            let taken: Bool
            do { taken = try FileCalls.lstatus(filePath) != nil } catch {
                close(fd)
                try? FileCalls.remove(infoPath)
                throw error
            }
            if taken {
                // A file of that name in files/ without its .trashinfo: not ours to replace.
                close(fd)
                try FileCalls.remove(infoPath)
                continue
            }
            do {
                let text = TrashSpec.info(path: path, deletedAt: FileCalls.localNow())
                try FileCalls.writeAll(Data(text.utf8), to: fd, path: infoPath)
                try FileCalls.rename(path, to: filePath)
            } catch {
                try? FileCalls.remove(infoPath)
                throw error
            }
            FileCalls.syncFolder(trash + "/files")
            return Trashed(original: path, file: filePath, info: infoPath)
        }
        throw FileCallError(call: "open", path: trash + "/info", code: EEXIST)
    }

    /// Puts a trashed file back where it was and drops its `.trashinfo`; refused when something stands there now.
    public func restore(_ trashed: Trashed) throws {
        try FileCalls.renameNoReplace(trashed.file, to: trashed.original)
        try FileCalls.remove(trashed.info)
    }

    /// The trash for files on `device`: the home trash when it is there, else the volume's (made if needed).
    func trashFolder(forDevice device: dev_t, path: String) throws -> String {
        try makeTrash(homeTrash, parents: true)
        if let home = try FileCalls.status(homeTrash), home.st_dev == device { return homeTrash }
        let topdir = try topFolder(of: path, device: device)
        let adminTrash = topdir == "/" ? "/.Trash" : topdir + "/.Trash"
        let admin = try FileCalls.lstatus(adminTrash)
        // The spec's checks: a directory (not a link to one), with the sticky bit.
        let usable = admin.map { ($0.st_mode & S_IFMT) == S_IFDIR && ($0.st_mode & mode_t(S_ISVTX)) != 0 } ?? false
        var lastError: Error = FileCallError(call: "mkdir", path: adminTrash, code: EACCES)
        for trash in TrashSpec.volumeTrashes(topdir: topdir, uid: uid, facts: .init(adminTrashUsable: usable)) {
            do {
                try makeTrash(trash, parents: false)
                return trash
            } catch { lastError = error }
        }
        throw lastError
    }

    /// Makes `trash`, `trash/files` and `trash/info` (mode 700) where missing, and checks each is a directory of its
    /// own (not a link: a link could send the files anywhere) and the user's (on a shared volume another user could
    /// make `.Trash-$uid` first and read what is put in it).
    func makeTrash(_ trash: String, parents: Bool) throws {
        if parents { try makeParents(of: trash) }
        for folder in [trash, trash + "/files", trash + "/info"] {
            try FileCalls.makeFolder(folder, mode: 0o700)
            guard let info = try FileCalls.lstatus(folder), (info.st_mode & S_IFMT) == S_IFDIR else {
                throw FileCallError(call: "mkdir", path: folder, code: ENOTDIR)
            }
            guard info.st_uid == uid else { throw FileCallError(call: "mkdir", path: folder, code: EPERM) }
        }
    }

    private func makeParents(of path: String) throws {
        var prefix = ""
        for part in path.split(separator: "/").dropLast() {
            prefix += "/" + part
            try FileCalls.makeFolder(prefix, mode: 0o700)
        }
    }

    /// The highest folder above `path` still on `device`: the volume's top directory (its mount point).
    func topFolder(of path: String, device: dev_t) throws -> String {
        var top = (path as NSString).deletingLastPathComponent
        while top != "/" && !top.isEmpty {
            let parent = (top as NSString).deletingLastPathComponent
            guard let info = try FileCalls.status(parent.isEmpty ? "/" : parent), info.st_dev == device else { break }
            top = parent.isEmpty ? "/" : parent
        }
        return top.isEmpty ? "/" : top
    }
}
