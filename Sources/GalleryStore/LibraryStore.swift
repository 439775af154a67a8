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
        /// An index is damaged but the tables read (`LibraryRecovery` rebuilds the file from them).
        case indexDamaged(String)

        public var description: String {
            switch self {
            case .newerVersion: return "it was written by a newer Tessera"
            case .unusable(let why), .unavailable(let why), .indexDamaged(let why): return why
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

    /// Why changes cannot be kept (the file or its folder read-only for this user, its disk mounted read-only):
    /// the library is read as it is and left untouched; nil when it is written normally.
    public let notice: String?

    /// `readOnlyBecause`: open it read-only whatever the file allows, for this reason (an index that could not be
    /// rebuilt).
    public init(directory: String, readOnlyBecause forced: String? = nil) throws {
        try? PrivatePlace.makeDirectory(directory)
        let place = (directory as NSString).appendingPathComponent(LibraryStore.fileName)
        // A symbolic link to a regular file is the user's own arrangement (dotfiles kept elsewhere): followed.
        guard let path = PrivatePlace.followedToFile(place) else {
            throw OpenError.unusable("\(place) is \(PrivatePlace.oddEntry(at: place) ?? "not a file")")
        }
        self.path = path
        let readOnly = forced ?? (PrivatePlace.exists(path) ? PrivatePlace.whyNotWritable(path) : nil)
        if readOnly == nil {
            do { try PrivatePlace.makeFile(path) } catch { throw OpenError.unavailable("\(error)") }
        }
        do {
            var config = Configuration()
            config.label = "tessera-library"
            config.busyMode = .timeout(5)
            config.readonly = readOnly != nil
            db = try DatabaseQueue(path: path, configuration: config)
            let migrator = LibraryStore.migrator
            if try db.read({ try migrator.hasBeenSuperseded($0) }) { throw OpenError.newerVersion }
            if readOnly == nil {
                // Copies started together take turns at creating and migrating the file.
                let turn = try FileLock(beside: path)
                try migrator.migrate(db)
                _ = turn
            } else if try db.read({ try !migrator.hasCompletedMigrations($0) }) {
                throw OpenError.unavailable("it is read-only and older than this Tessera")
            }
            try LibraryStore.checkHealth(db, writable: readOnly == nil)
            name = try db.read { try String.fetchOne($0, sql: "SELECT value FROM settings NOT INDEXED WHERE key = 'name'") }
        } catch let error as OpenError {
            throw error
        } catch {
            throw DatabaseDamage.isDamage(error) ? OpenError.unusable("\(error)") : OpenError.unavailable("\(error)")
        }
        notice = readOnly.map { "Your library \($0): changes to your name and bookmarks are not kept" }
    }

    /// SQLite's own verdict. A damaged index whose tables still read is no reason to set the library aside: the
    /// file is rebuilt from its tables where it can be written (`OpenError.indexDamaged`, `LibraryRecovery`), and
    /// read as it is where it cannot (every read here goes by the tables alone). Only tables that cannot be read
    /// are damage.
    static func checkHealth(_ db: DatabaseQueue, writable: Bool) throws {
        let check = try db.read { try String.fetchOne($0, sql: "PRAGMA quick_check") ?? "" }
        guard check != "ok" else { return }
        do {
            _ = try LibraryRecovery.rows(db)
        } catch {
            throw OpenError.unusable("damaged (\(check))")
        }
        if writable { throw OpenError.indexDamaged(check) }
    }

    public var userName: String? { lock.lock(); defer { lock.unlock() }; return name }

    /// One write transaction; a failure is said in words (`LibraryWriteError`).
    private func write(_ body: (Database) throws -> Void) throws {
        if let notice { throw LibraryWriteError(words: notice) }
        do { try db.write(body) } catch { throw LibraryWriteError(error) }
    }

    public func setUserName(_ newName: String) throws {
        try write {
            try $0.execute(sql: "INSERT OR REPLACE INTO settings (key, value) VALUES ('name', ?)", arguments: [newName])
        }
        lock.lock(); name = newName; lock.unlock()
    }

    /// Settings live beside the name, one row a key ('name' is the name's).
    public func setting(_ key: String) -> String? {
        guard key != "name" else { return userName }
        return try? db.read { try String.fetchOne($0, sql: "SELECT value FROM settings WHERE key = ?", arguments: [key]) }
    }

    public func setSetting(_ key: String, to value: String?) throws {
        precondition(key != "name", "the name has its own door (setUserName)")
        try write { db in
            if let value {
                try db.execute(sql: "INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", arguments: [key, value])
            } else {
                try db.execute(sql: "DELETE FROM settings WHERE key = ?", arguments: [key])
            }
        }
    }

    public func bookmarks() -> [Bookmark] {
        let rows = (try? db.read {
            // By the table alone (a damaged index must not hide bookmarks), sorted here: a few thousand rows at most.
            try Row.fetchAll($0, sql: "SELECT source, photo, added_at FROM bookmarks NOT INDEXED ORDER BY added_at DESC")
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
        try write {
            try $0.execute(sql: "INSERT OR REPLACE INTO bookmarks (source, photo_id, photo, added_at) VALUES (?, ?, ?, ?)",
                           arguments: [bookmark.source, bookmark.photo.id, photo, bookmark.added])
        }
    }

    public func removeBookmark(photoID: String, source: String) throws {
        try write {
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
        let place = (directory as NSString).appendingPathComponent(LibraryStore.fileName)
        // A link that leads nowhere now (its disk not mounted yet) is left alone: this session keeps nothing.
        guard let path = PrivatePlace.followedToFile(place) else {
            // Translators: the header's note; {path} is where the library's link is.
            return keptNothing(untranslated("Your library is a link to something that is not a file now ({path}): nothing this session changes is kept"),
                               ["path": place])
        }
        var attempt = 0
        var rebuilt: String?
        while true {
            do {
                return Outcome(library: try LibraryStore(directory: directory), message: rebuilt)
            } catch LibraryStore.OpenError.indexDamaged(let why) {
                // Rebuilt from its tables, once; the damaged file is kept beside it. If that cannot be done it is
                // read as it is: the tables read, so nothing is set aside.
                guard rebuilt == nil, let kept = try? LibraryRecovery.rebuild(path: path, now: now) else {
                    return readOnly(directory, because: "has a damaged index that could not be rebuilt (\(why))")
                }
                rebuilt = "your library's index was damaged (\(why)): it was rebuilt from its tables, nothing lost; the damaged file is kept at \(kept)"
            } catch LibraryStore.OpenError.unavailable(let why) {
                attempt += 1
                guard attempt < 3 else {
                    // Translators: the header's note; {reason} is what the system said.
                    return keptNothing(untranslated("Your library cannot be opened just now ({reason}): nothing this session changes is kept"),
                                       ["reason": why])
                }
            } catch {
                return openDamaged(path: path, directory: directory, error: error, now: now)
            }
        }
    }

    /// A library that keeps nothing this session, saying why: in the header in the frame's language, in the log
    /// (`message`) in English.
    private static func keptNothing(_ english: String, _ values: [String: String]) -> Outcome {
        Outcome(library: MemoryLibrary(notice: tr(english, values)), message: EnglishBook().tr(english, values))
    }

    private static func readOnly(_ directory: String, because why: String) -> Outcome {
        do {
            let library = try LibraryStore(directory: directory, readOnlyBecause: why)
            return Outcome(library: library, message: library.notice)
        } catch {
            let notice = "Your library \(why): nothing this session changes is kept"
            return Outcome(library: MemoryLibrary(notice: notice), message: notice)
        }
    }

    /// `path`: the library file itself (through a link, the file it leads to).
    private static func openDamaged(path: String, directory: String, error: Error, now: Date) -> Outcome {
        do {
            throw error
        } catch LibraryStore.OpenError.newerVersion {
            // Translators: the header's note.
            return keptNothing(untranslated("Your library was written by a newer Tessera: it is left as it is, and nothing this session changes is kept"), [:])
        } catch let first {
            // A file this user cannot write is not theirs to move: read nothing, keep nothing, say so.
            if PrivatePlace.exists(path), let why = PrivatePlace.whyNotWritable(path) {
                let notice = "Your library could not be opened (\(first)) and \(why): nothing this session changes is kept"
                return Outcome(library: MemoryLibrary(notice: notice), message: notice)
            }
            let aside = LibraryRecovery.unusedName(path + ".unreadable-\(Int(now.timeIntervalSince1970))")
            do {
                // Its journals first, then the file itself, each by one rename: at every moment the damaged
                // library is whole under one name or the other, and no journal is left beside a new file.
                if PrivatePlace.exists(path) {
                    for suffix in ["-wal", "-shm", "-journal"] where PrivatePlace.exists(path + suffix) {
                        try FileManager.default.moveItem(atPath: path + suffix, toPath: aside + suffix)
                    }
                    try FileManager.default.moveItem(atPath: path, toPath: aside)
                }
                let fresh = try LibraryStore(directory: directory)
                return Outcome(library: fresh,
                               message: "your library could not be opened (\(first)); it was moved to \(aside) and a new one started")
            } catch {
                // Translators: the header's note; {reason} is what the system said.
                return keptNothing(untranslated("Your library could not be opened ({reason}): nothing this session changes is kept"),
                                   ["reason": "\(first)"])
            }
        }
    }
}
