import CPlatform
import Foundation
import GalleryCore
#if canImport(Glibc)
import Glibc
#endif

/// A file system call that failed: which call, on what, and the system's words (`strerror`).
public struct FileCallError: Error, CustomStringConvertible, Equatable {
    public let call: String
    public let path: String
    public let code: Int32
    public var description: String { "\(call) \(PathBytes.display(path)): \(String(cString: strerror(code)))" }
    /// The reason alone, for a person ("Permission denied").
    public var reason: String { String(cString: strerror(code)) }
}

/// The file operations' doors to the system, one for each C call (as swift-system's Syscalls): paths go through
/// `PathBytes` (a name that is not UTF-8 is its own bytes), every failure is thrown once, as a `FileCallError`.
enum FileCalls {
    /// `lstat(2)`: the entry itself, a link not followed; nil when there is nothing there.
    static func lstatus(_ path: String) throws -> stat? {
        var info = stat()
        if PathBytes.withCString(path, { lstat($0, &info) }) == 0 { return info }
        if errno == ENOENT || errno == ENOTDIR { return nil }
        throw FileCallError(call: "lstat", path: path, code: errno)
    }

    /// `stat(2)`, links followed; nil when there is nothing there.
    static func status(_ path: String) throws -> stat? {
        var info = stat()
        if PathBytes.withCString(path, { stat($0, &info) }) == 0 { return info }
        if errno == ENOENT || errno == ENOTDIR { return nil }
        throw FileCallError(call: "stat", path: path, code: errno)
    }

    /// `mkdir(2)` with `mode`; an existing entry is no error (the caller looks at what it is).
    static func makeFolder(_ path: String, mode: mode_t) throws {
        if PathBytes.withCString(path, { mkdir($0, mode) }) == 0 || errno == EEXIST { return }
        throw FileCallError(call: "mkdir", path: path, code: errno)
    }

    /// `open(2)` with `O_CREAT | O_EXCL`: a new file, never one that was there (nil: one was).
    static func createNew(_ path: String, mode: mode_t) throws -> Int32? {
        let fd = PathBytes.withCString(path) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode) }
        if fd >= 0 { return fd }
        if errno == EEXIST { return nil }
        throw FileCallError(call: "open", path: path, code: errno)
    }

    /// `write(2)` until every byte is written, then the modification time if one is given (`futimens(2)`: after
    /// the last write, which would set it to now), then `fsync(2)` and `close(2)`; the descriptor is closed either
    /// way.
    static func writeAll(_ data: Data, to fd: Int32, path: String, modified: timespec? = nil) throws {
        defer { close(fd) }
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < bytes.count {
                let wrote = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if wrote < 0, errno == EINTR { continue }
                guard wrote > 0 else { throw FileCallError(call: "write", path: path, code: errno) }
                offset += wrote
            }
        }
        if let modified { try setModified(fd, modified, path: path) }
        guard fsync(fd) == 0 else { throw FileCallError(call: "fsync", path: path, code: errno) }
    }

    /// `futimens(2)`: the modification time set to `modified`, the access time left as it is (`UTIME_OMIT`).
    static func setModified(_ fd: Int32, _ modified: timespec, path: String) throws {
        let omit = (1 << 30) - 2  // UTIME_OMIT (<sys/stat.h>), a macro Swift does not import
        let times = [timespec(tv_sec: 0, tv_nsec: omit), modified]
        guard futimens(fd, times) == 0 else { throw FileCallError(call: "futimens", path: path, code: errno) }
    }

    /// `realpath(3)`: the path with every link followed and no `.` or `..` left.
    static func realPath(_ path: String) throws -> String {
        guard let resolved = PathBytes.withCString(path, { realpath($0, nil) }) else {
            throw FileCallError(call: "realpath", path: path, code: errno)
        }
        defer { free(resolved) }
        return PathBytes.string(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
    }

    /// `fchmod(2)`: the mode asked for exactly (open's is cut by the umask).
    static func setMode(_ fd: Int32, _ mode: mode_t, path: String) throws {
        guard fchmod(fd, mode & 0o7777) == 0 else { throw FileCallError(call: "fchmod", path: path, code: errno) }
    }

    /// `fchown(2)`, where it is allowed (a file of one's own keeps its group; anything else stays as it comes).
    static func tryOwner(_ fd: Int32, uid: uid_t, gid: gid_t) { _ = fchown(fd, uid, gid) }

    /// `rename(2)`: atomic within one file system; `EXDEV` across two.
    static func rename(_ from: String, to: String) throws {
        let done = PathBytes.withCString(from) { a in PathBytes.withCString(to) { b in Glibc.rename(a, b) } }
        guard done == 0 else { throw FileCallError(call: "rename", path: from, code: errno) }
    }

    /// Moves a file to `to` only if nothing stands there, in one step: `link(2)` refuses an existing name atomically
    /// (`EEXIST`), then `unlink(2)` drops the old name. Where the file system has no hard links (FAT, exFAT) it checks
    /// with `lstat(2)` and renames, leaving the narrow window the link closes elsewhere.
    static func renameNoReplace(_ from: String, to: String) throws {
        let linked = PathBytes.withCString(from) { a in PathBytes.withCString(to) { b in link(a, b) } }
        if linked == 0 { return try remove(from) }
        let code = errno
        guard code == EPERM || code == ENOTSUP || code == EOPNOTSUPP || code == EMLINK else {
            throw FileCallError(call: "link", path: to, code: code)
        }
        if try lstatus(to) != nil { throw FileCallError(call: "rename", path: to, code: EEXIST) }
        try rename(from, to: to)
    }

    /// `unlink(2)`; a file already gone is no error.
    static func remove(_ path: String) throws {
        guard PathBytes.withCString(path, { unlink($0) }) == 0 || errno == ENOENT else {
            throw FileCallError(call: "unlink", path: path, code: errno)
        }
    }

    /// `fsync(2)` on a folder, so a rename in it survives a power cut (best effort: not every file system can).
    static func syncFolder(_ path: String) {
        let fd = PathBytes.withCString(path) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    /// The file's bytes (`open`, `read`), refused past `limit` bytes.
    static func read(_ path: String, limit: Int) throws -> Data {
        let fd = PathBytes.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw FileCallError(call: "open", path: path, code: errno) }
        defer { close(fd) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { throw FileCallError(call: "read", path: path, code: errno) }
            if n == 0 { return data }
            guard data.count + n <= limit else { throw FileCallError(call: "read", path: path, code: EFBIG) }
            data.append(contentsOf: buffer[..<n])
        }
    }

    /// The local time now (`time`, `localtime_r`).
    static func localNow() -> LocalDateTime {
        var t = time(nil)
        var parts = tm()
        _ = localtime_r(&t, &parts)
        return LocalDateTime(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
                             hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec))
    }
}
