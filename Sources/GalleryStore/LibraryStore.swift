import Foundation
import GalleryCore
import GRDB

/// The user's library on disk: `$XDG_DATA_HOME/tessera/library.sqlite` (else `~/.local/share/tessera`), never
/// under the cache. Schema changes go through a `DatabaseMigrator`; each write is one transaction, committed before
/// the call returns. The folder is private (0700), the file 0600.
public final class LibraryStore: Library {
    public static let fileName = "library.sqlite"
    public let path: String
    private let db: DatabaseQueue
    private let lock = NSLock()
    private var name: String?

    public enum OpenError: Error, CustomStringConvertible {
        case newerVersion
        /// The file is not a usable library (not a database, corrupt, not a file): it is copied aside.
        case unusable(String)
        /// It could not be opened now (busy, locked, a full or read-only disk): the file is fine and left alone.
        case unavailable(String)

        public var description: String {
            switch self {
            case .newerVersion: return "it was written by a newer Tessera"
            case .unusable(let why), .unavailable(let why): return why
            }
        }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE settings (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
                CREATE TABLE bookmarks (
                    source TEXT NOT NULL, photo_id TEXT NOT NULL, photo BLOB NOT NULL, added_at REAL NOT NULL,
                    PRIMARY KEY (source, photo_id));
                CREATE INDEX bookmarks_by_time ON bookmarks(added_at);
                """)
        }
        return migrator
    }

    /// `$XDG_DATA_HOME/tessera`, else `~/.local/share/tessera`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return (xdg as NSString).appendingPathComponent("tessera")
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(".local/share/tessera")
    }

    public init(directory: String) throws {
        try PrivatePlace.makeDirectory(directory)
        path = (directory as NSString).appendingPathComponent(LibraryStore.fileName)
        if let odd = PrivatePlace.oddEntry(at: path) { throw OpenError.unusable("\(path) is \(odd), not a file") }
        try PrivatePlace.makeFile(path)
        do {
            var config = Configuration()
            config.label = "tessera-library"
            config.busyMode = .timeout(5)
            db = try DatabaseQueue(path: path, configuration: config)
            let migrator = LibraryStore.migrator
            // Copies started together take turns at creating and migrating the file.
            let turn = try FileLock(beside: path)
            if try db.read({ try migrator.hasBeenSuperseded($0) }) { throw OpenError.newerVersion }
            try migrator.migrate(db)
            _ = turn
            let check = try db.read { try String.fetchOne($0, sql: "PRAGMA quick_check") ?? "" }
            guard check == "ok" else { throw OpenError.unusable("damaged (\(check))") }
            name = try db.read { try String.fetchOne($0, sql: "SELECT value FROM settings WHERE key = 'name'") }
        } catch let error as OpenError {
            throw error
        } catch {
            throw DatabaseDamage.isDamage(error) ? OpenError.unusable("\(error)") : OpenError.unavailable("\(error)")
        }
    }

    public var userName: String? { lock.lock(); defer { lock.unlock() }; return name }

    public func setUserName(_ newName: String) throws {
        try db.write {
            try $0.execute(sql: "INSERT OR REPLACE INTO settings (key, value) VALUES ('name', ?)", arguments: [newName])
        }
        lock.lock(); name = newName; lock.unlock()
    }

    public func bookmarks() -> [Bookmark] {
        let rows = (try? db.read {
            try Row.fetchAll($0, sql: "SELECT source, photo, added_at FROM bookmarks ORDER BY added_at DESC")
        }) ?? []
        let decoder = JSONDecoder()
        // A row whose photo no longer decodes or validates is skipped, not deleted: the file is the user's.
        return rows.compactMap { row in
            guard let photo = (try? decoder.decode(Photo.self, from: row["photo"] as Data))?.validated() else { return nil }
            return Bookmark(photo: photo, source: row["source"], added: row["added_at"])
        }
    }

    public func addBookmark(_ bookmark: Bookmark) throws {
        let photo = try JSONEncoder().encode(bookmark.photo)
        try db.write {
            try $0.execute(sql: "INSERT OR REPLACE INTO bookmarks (source, photo_id, photo, added_at) VALUES (?, ?, ?, ?)",
                           arguments: [bookmark.source, bookmark.photo.id, photo, bookmark.added])
        }
    }

    public func removeBookmark(photoID: String, source: String) throws {
        try db.write {
            try $0.execute(sql: "DELETE FROM bookmarks WHERE source = ? AND photo_id = ?", arguments: [source, photoID])
        }
    }
}

/// Opens the library the way precious data needs: a file that cannot be opened is copied aside first and the
/// user is told in one line; one written by a newer Tessera is left untouched and this session keeps its changes
/// in memory. The library is never silently emptied.
public enum LibraryOpener {
    public struct Outcome {
        public let library: Library
        public let message: String?
    }

    public static func open(directory: String, now: Date = Date()) -> Outcome {
        // A library busy with another copy's write is waited for (SQLite's own timeout, three times), never taken
        // for damage.
        var attempt = 0
        while true {
            do {
                return Outcome(library: try LibraryStore(directory: directory), message: nil)
            } catch LibraryStore.OpenError.unavailable(let why) {
                attempt += 1
                guard attempt < 3 else {
                    return Outcome(library: MemoryLibrary(),
                                   message: "your library cannot be used just now (\(why)); it is left as it is, and nothing this session changes is saved")
                }
            } catch {
                return openDamaged(directory: directory, error: error, now: now)
            }
        }
    }

    private static func openDamaged(directory: String, error: Error, now: Date) -> Outcome {
        do {
            throw error
        } catch LibraryStore.OpenError.newerVersion {
            return Outcome(library: MemoryLibrary(),
                           message: "your library was written by a newer Tessera: it is left as it is, and nothing this session changes is saved")
        } catch let first {
            let path = (directory as NSString).appendingPathComponent(LibraryStore.fileName)
            let aside = path + ".unreadable-\(Int(now.timeIntervalSince1970))"
            do {
                if PrivatePlace.oddEntry(at: path) != nil {
                    try FileManager.default.moveItem(atPath: path, toPath: aside)  // a FIFO is never opened to copy
                } else if PrivatePlace.exists(path) {
                    try FileManager.default.copyItem(atPath: path, toPath: aside)
                    try FileManager.default.removeItem(atPath: path)
                    for suffix in ["-wal", "-shm", "-journal"] where PrivatePlace.exists(path + suffix) {
                        try? FileManager.default.moveItem(atPath: path + suffix, toPath: aside + suffix)
                    }
                }
                let fresh = try LibraryStore(directory: directory)
                return Outcome(library: fresh,
                               message: "your library could not be opened (\(first)); it was copied to \(aside) and a new one started")
            } catch {
                return Outcome(library: MemoryLibrary(),
                               message: "your library could not be opened (\(first)); nothing this session changes is saved")
            }
        }
    }
}
