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

    /// Rebuilds the library in `directory`; returns where the damaged file was kept.
    static func rebuild(directory: String, now: Date) throws -> String {
        let path = (directory as NSString).appendingPathComponent(LibraryStore.fileName)
        var readOnly = Configuration()
        readOnly.readonly = true
        let damaged = try DatabaseQueue(path: path, configuration: readOnly)
        let (settings, bookmarks) = try rows(damaged)
        try damaged.close()

        let fresh = path + ".rebuilding"
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: fresh + suffix) }
        try PrivatePlace.makeFile(fresh)
        let queue = try DatabaseQueue(path: fresh)
        try LibraryStore.migrator.migrate(queue)
        try queue.write { db in
            for row in settings {
                try db.execute(sql: "INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)",
                               arguments: [row["key"] as String, row["value"] as String])
            }
            for row in bookmarks {
                try db.execute(sql: "INSERT OR REPLACE INTO bookmarks (source, photo_id, photo, added_at) VALUES (?, ?, ?, ?)",
                               arguments: [row["source"] as String, row["photo_id"] as String, row["photo"] as Data,
                                           row["added_at"] as Double])
            }
        }
        try queue.close()

        // The damaged file is kept (copied, then the rebuilt one renamed over it: at every moment one whole
        // library stands at the path).
        let kept = path + ".damaged-\(Int(now.timeIntervalSince1970))"
        try FileManager.default.copyItem(atPath: path, toPath: kept)
        for suffix in ["-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        guard rename(fresh, path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot put the rebuilt library in place"])
        }
        return kept
    }
}
