import Foundation

/// The cache's folder and files, made private and checked before SQLite opens them: the folder 0700, the files
/// 0600, and nothing but regular files where the store's files go. A symlink could point the store at someone
/// else's file; a FIFO would make opening hang; a directory cannot be opened at all.
enum PrivatePlace {
    /// What stands at a path when it is not a regular file, for the one-line message ("a symbolic link").
    static func oddEntry(at path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }  // nothing there: fine
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFLNK: return "a symbolic link"
        case S_IFIFO: return "a FIFO"
        case S_IFDIR: return "a directory"
        case S_IFSOCK: return "a socket"
        default: return "a device"
        }
    }

    /// The path of the regular file at `path`, following a symbolic link to one; `path` itself when nothing is there
    /// yet; nil when something else stands there (a FIFO, a folder, a link to either, a dangling link).
    static func followedToFile(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return path }
        if info.st_mode & S_IFMT == S_IFREG { return path }
        // Every hop of a chain of links, to the file at its end.
        guard info.st_mode & S_IFMT == S_IFLNK, stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
              let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Why this process cannot write the file at `path` (and the folder beside it, where SQLite keeps its journal),
    /// in words; nil when it can.
    static func whyNotWritable(_ path: String) -> String? {
        var fs = statvfs()
        if statvfs(path, &fs) == 0, fs.f_flag & UInt(ST_RDONLY) != 0 { return "is on a disk mounted read-only" }
        if access(path, W_OK) != 0 { return "is read-only for you" }
        let folder = (path as NSString).deletingLastPathComponent
        if access(folder.isEmpty ? "." : folder, W_OK) != 0 { return "is in a folder you cannot write" }
        return nil
    }

    /// Whether anything (even a dangling symlink) stands at `path`.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Creates `directory` (and its parents) 0700 if missing. An existing one is made 0700 only when it is
    /// Tessera's own (`owned`: the default place); a folder the user named (`--cache-dir ~/shared`) keeps the
    /// permissions its owner gave it (the store's files in it are private all the same).
    static func makeDirectory(_ directory: String, owned: Bool = true) throws {
        let existed = exists(directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        if owned || !existed { chmod(directory, 0o700) }
    }

    /// Creates the store file 0600 if missing (SQLite gives its -wal and -shm files the same mode), and makes
    /// existing ones 0600. Never follows a symlink.
    static func makeFile(_ path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o600)
        guard fd >= 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path,
                             NSLocalizedDescriptionKey: "cannot create \(path): \(String(cString: strerror(errno)))"])
        }
        fchmod(fd, 0o600)
        close(fd)
        for suffix in ["-wal", "-shm"] where oddEntry(at: path + suffix) == nil {
            chmod(path + suffix, 0o600)
        }
    }
}
