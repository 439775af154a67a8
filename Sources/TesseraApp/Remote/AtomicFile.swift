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
        let (path, folder) = target(of: given)
        if !FileManager.default.fileExists(atPath: folder) {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        var info = stat()
        let mode: mode_t = stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o600
        let temporary = folder + "/" + temporaryName(for: (path as NSString).lastPathComponent, pid: getpid(),
                                                     serial: UInt32.random(in: 0...UInt32.max))
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

    /// Where a write of `given` lands, and its folder: a configuration kept as a link (dotfiles) is written where
    /// the link points, and stays a link.
    private static func target(of given: String) -> (path: String, folder: String) {
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: given)).map { target in
            target.hasPrefix("/") ? target : ((given as NSString).deletingLastPathComponent as NSString).appendingPathComponent(target)
        } ?? given
        let folder = (path as NSString).deletingLastPathComponent
        return (path, folder.isEmpty ? "." : folder)
    }

    /// `.NAME.PID.SERIAL.tmp`: the temporary file of a write of NAME by process PID.
    static func temporaryName(for name: String, pid: Int32, serial: UInt32) -> String { ".\(name).\(pid).\(serial).tmp" }

    /// The process whose write of `name` left `entry` (a folder's entry), nil when `entry` is not such a temporary
    /// file: exactly `.NAME.PID.SERIAL.tmp`, both numbers decimal digits, nothing else.
    static func writer(of entry: String, name: String) -> Int32? {
        let prefix = ".\(name).", suffix = ".tmp"
        guard entry.hasPrefix(prefix), entry.hasSuffix(suffix), entry.count > prefix.count + suffix.count else { return nil }
        let middle = entry.dropFirst(prefix.count).dropLast(suffix.count).split(separator: ".", omittingEmptySubsequences: false)
        guard middle.count == 2, middle.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let pid = Int32(middle[0]), pid > 0, UInt32(middle[1]) != nil else { return nil }
        return pid
    }

    /// Removes what writes of `given` left when their process was killed between making the temporary file and the
    /// rename (`.config.PID.N.tmp`, else there for ever): only regular files of exactly that pattern, whose process is
    /// not a tessera that runs now (`isWriting`; this process has written nothing yet at start, so its own pid,
    /// reused in a container, counts as gone). Nothing else in the folder is touched. Returns the paths removed.
    @discardableResult
    static func removeLeftovers(of given: String, isWriting: (Int32) -> Bool = AtomicFile.isRunningTessera) -> [String] {
        let (path, folder) = target(of: given)
        let name = (path as NSString).lastPathComponent
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var removed: [String] = []
        for entry in entries {
            guard let pid = writer(of: entry, name: name), pid == getpid() || !isWriting(pid) else { continue }
            let leftover = folder + "/" + entry
            var info = stat()
            // lstat: a link of that name is not ours to follow or remove.
            guard lstat(leftover, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, unlink(leftover) == 0 else { continue }
            removed.append(leftover)
        }
        return removed
    }

    /// Whether `pid` is a running tessera (`/proc/PID/comm`): another frame's save may be under way.
    static func isRunningTessera(_ pid: Int32) -> Bool {
        guard let comm = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8) else { return false }
        return comm.trimmingCharacters(in: .whitespacesAndNewlines) == "tessera"
    }

    private static func failure(_ what: String) -> Failure {
        Failure(description: "\(what): \(String(cString: strerror(errno)))")
    }
}
