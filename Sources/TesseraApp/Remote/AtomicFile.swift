import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A small file replaced whole or not at all (the configuration file the remote's settings form writes): the new
/// bytes go to a temporary file in the same folder with the old file's mode, are flushed to the disk (`fsync`), and
/// take the old file's name by `rename`, which is atomic; the folder is flushed last so the rename itself survives
/// a power cut. A crash at any point leaves either the old file or the new one, never half of one.
enum AtomicFile {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Largest file read back (as `ConfigFile` reads it at start).
    static let maxReadBytes = 64 << 10

    /// The file's bytes; nil when there is none; a failure when there is something that cannot be read as a file.
    static func read(_ path: String) throws -> Data? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw Failure(description: "cannot look at \(path): \(String(cString: strerror(errno)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw Failure(description: "\(path) is not a regular file") }
        guard info.st_size <= maxReadBytes else { throw Failure(description: "\(path) is larger than 64 KB") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(description: "cannot read \(path)")
        }
        return data
    }

    /// Replaces the file at `path` by `data`. The folder is made (mode 700) if missing; a new file gets mode 600 (it
    /// may hold an access key), an existing one keeps its own. `beforeRename` runs once the temporary file is
    /// complete and flushed (tests stop there as a crash would).
    static func write(_ data: Data, to given: String, beforeRename: (String) throws -> Void = { _ in }) throws {
        // A configuration kept as a link (dotfiles) is written where the link points, and stays a link.
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: given)).map { target in
            target.hasPrefix("/") ? target : ((given as NSString).deletingLastPathComponent as NSString).appendingPathComponent(target)
        } ?? given
        let folder = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        if !FileManager.default.fileExists(atPath: folder) {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        var info = stat()
        let mode: mode_t = stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o600
        let name = (path as NSString).lastPathComponent
        let temporary = folder + "/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failure("cannot make \(temporary)") }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        do {
            defer { close(fd) }
            // The mode asked for exactly (open's is cut by the umask).
            guard fchmod(fd, mode) == 0 else { throw failure("cannot set the mode of \(temporary)") }
            try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
                var offset = 0
                while offset < bytes.count {
                    let wrote = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                    if wrote < 0 && errno == EINTR { continue }
                    guard wrote > 0 else { throw failure("cannot write \(temporary)") }
                    offset += wrote
                }
            }
            guard fsync(fd) == 0 else { throw failure("cannot flush \(temporary)") }
        }
        try beforeRename(temporary)
        guard rename(temporary, path) == 0 else { throw failure("cannot replace \(path)") }
        renamed = true
        let dir = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dir >= 0 {
            // The file is in place either way; a folder that cannot be flushed only risks the rename at a power cut.
            _ = fsync(dir)
            close(dir)
        }
    }

    private static func failure(_ what: String) -> Failure {
        Failure(description: "\(what): \(String(cString: strerror(errno)))")
    }
}
