import Foundation
import GRDB

/// A library whose index is damaged but whose tables read: rebuilt into a new file from its tables, which then
/// takes the old one's place; the damaged file is kept beside it. Nothing the user kept is lost or set aside.
enum LibraryRecovery {
    /// Every row of the user's tables, read by the tables alone (no index is trusted).
    static func rows(_ db: DatabaseQueue) throws -> (settings: [Row], bookmarks: [Row]) {
        try db.read { db in
            (try Row.fetchAll(db, sql: "SELECT key, value FROM settings NOT INDEXED"),
             try Row.fetchAll(db, sql: "SELECT source, photo_id, photo, added_at FROM bookmarks NOT INDEXED"))
        }
    }

    /// `name`, or `name-2`, `name-3` … whichever is free (two starts in one second keep both).
    static func unusedName(_ name: String) -> String {
        var candidate = name, n = 1
        while PrivatePlace.exists(candidate) {
            n += 1
            candidate = name + "-\(n)"
        }
        return candidate
    }

    /// Rebuilds the library file at `path` (through a link, the file it leads to); returns where the damaged file
    /// was kept. Copies started together take turns (the library's file lock).
    static func rebuild(path: String, now: Date) throws -> String {
        let turn = try FileLock(beside: path)
        defer { _ = turn }
        var readOnly = Configuration()
        readOnly.readonly = true
        let damaged = try DatabaseQueue(path: path, configuration: readOnly)
        // Another copy may have rebuilt it while this one waited for its turn.
        if try damaged.read({ try String.fetchOne($0, sql: "PRAGMA quick_check") }) == "ok" {
            try damaged.close()
            return path
        }
        let (settings, bookmarks) = try rows(damaged)
        try damaged.close()

        let fresh = unusedName(path + ".rebuilding-\(getpid())")
        try PrivatePlace.makeFile(fresh)
        let queue = try DatabaseQueue(path: fresh)
        try LibraryStore.migrator.migrate(queue)
        try queue.write { db in
            // A row of a damaged file that does not read as what it should be is left out, not a reason to stop.
            for row in settings {
                guard let key = row["key"] as String?, let value = row["value"] as String? else { continue }
                try db.execute(sql: "INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", arguments: [key, value])
            }
            for row in bookmarks {
                guard let source = row["source"] as String?, let id = row["photo_id"] as String?,
                      let photo = row["photo"] as Data?, let added = row["added_at"] as Double? else { continue }
                try db.execute(sql: "INSERT OR REPLACE INTO bookmarks (source, photo_id, photo, added_at) VALUES (?, ?, ?, ?)",
                               arguments: [source, id, photo, added])
            }
        }
        try queue.close()

        // The damaged file keeps its name too (a hard link: no copy, no space), its journals move beside the kept
        // name, then the rebuilt file takes the library's place by one rename: at every moment a whole library
        // stands at the path.
        let kept = unusedName(path + ".damaged-\(Int(now.timeIntervalSince1970))")
        if link(path, kept) != 0 { try FileManager.default.copyItem(atPath: path, toPath: kept) }
        for suffix in ["-wal", "-shm", "-journal"] where PrivatePlace.exists(path + suffix) {
            try FileManager.default.moveItem(atPath: path + suffix, toPath: kept + suffix)
        }
        guard rename(fresh, path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot put the rebuilt library in place"])
        }
        return kept
    }
}
