import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive lock between processes on a file beside a database (`flock(2)` on `PATH.lock`), held while a
/// database is created or migrated: six copies of Tessera started at once on a fresh profile take turns instead of
/// each creating the same tables (SQLite serialises writes, but a migrator reads what is applied before it writes).
/// Released when the value goes (or the process dies: the kernel drops a dead process's locks).
final class FileLock {
    private let fd: Int32

    /// Blocks until the lock is held; throws if the lock file cannot be made.
    init(beside path: String) throws {
        let lockPath = path + ".lock"
        fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: lockPath,
                             NSLocalizedDescriptionKey: "cannot make \(lockPath): \(String(cString: strerror(errno)))"])
        }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { break }
        }
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}

/// Whether an error opening a database says the file itself is damaged (not a database, corrupt), the only case in
/// which it is moved aside; busy, locked, full or read-only are passing conditions of the machine, not of the file.
enum DatabaseDamage {
    static func isDamage(_ error: Error) -> Bool {
        if let db = error as? DatabaseError {
            return db.resultCode == .SQLITE_CORRUPT || db.resultCode == .SQLITE_NOTADB
        }
        return false
    }
}
