import Foundation
import GalleryCore
import GRDB

/// The offline cache: one SQLite database (through GRDB, in WAL mode) holding every list page fetched and the bytes
/// of images at the size they were drawn, keyed by their request URL (never the signed redirect target). Every write
/// is one transaction, so a process killed at any moment leaves what was committed and nothing half-written.
/// The budget counts image and page bytes alike: beyond it, images are evicted least recently used first, then
/// (if pages alone would pass it) the pages furthest into the feed. "Recently" is counted, not timed: each use takes
/// the next number of a count kept in the file (`use_order`), so a clock set back (a Raspberry Pi boots at its last
/// saved time, or 1970, until NTP answers) or jumping forward does not change which image goes first. A file
/// written by anyone is input: stored pages are validated again when read (`CachingSource`), and the file is kept
/// private (`PrivatePlace`).
public final class SQLiteStore: PhotoStore {
    /// Bumped when the schema changes; a store with a larger number was written by a newer Tessera.
    /// 2 added `pinned` (bookmarked photos' images, never evicted); a version-1 store gains it on opening.
    public static let schemaVersion = 3
    public static let fileName = "tessera.sqlite"

    public let path: String
    public let budgetBytes: Int
    let db: DatabasePool
    private let lock = NSLock()
    private var imageBytes = 0
    /// The wall clock, written beside each use for whoever reads the file (and for an older Tessera, which orders
    /// by it); never what eviction orders by. A test sets its own.
    private let wallClock: () -> Double

    public enum OpenError: Error, CustomStringConvertible {
        case newerVersion(Int)
        case unusable(String)
        /// It could not be opened now (busy, locked, a full or read-only disk): the file is fine and left alone.
        case unavailable(String)
        /// Something other than a regular file stands where a store file goes.
        case notAFile(String, String)

        public var description: String {
            switch self {
            case let .notAFile(path, what): return "\((path as NSString).lastPathComponent) is \(what), not a file"
            case .newerVersion(let v): return "written by a newer Tessera (schema \(v), this one reads \(schemaVersion))"
            case .unusable(let why), .unavailable(let why): return why
            }
        }
    }

    /// Opens (or creates) the store in `directory`. Throws if the file is not a usable store of this version.
    /// `ownsDirectory`: the folder is Tessera's own (made private even if it exists), not one the user named.
    public init(directory: String, budgetBytes: Int, ownsDirectory: Bool = true,
                wallClock: @escaping () -> Double = { Date().timeIntervalSince1970 }) throws {
        self.wallClock = wallClock
        try PrivatePlace.makeDirectory(directory, owned: ownsDirectory)
        path = (directory as NSString).appendingPathComponent(SQLiteStore.fileName)
        for file in [path, path + "-wal", path + "-shm"] {
            if let odd = PrivatePlace.oddEntry(at: file) { throw OpenError.notAFile(file, odd) }
        }
        try PrivatePlace.makeFile(path)
        self.budgetBytes = max(0, budgetBytes)
        var config = Configuration()
        config.label = "tessera-cache"
        config.busyMode = .timeout(5)
        // The cache is read a blob at a time: a small page cache per connection and few readers keep the app's
        // memory flat (SQLite's default would let each connection cache 2 MB).
        config.maximumReaderCount = 2
        config.prepareDatabase { db in try db.execute(sql: "PRAGMA cache_size = -512") }
        do {
            db = try DatabasePool(path: path, configuration: config)
            // Copies started together take turns at creating the tables.
            let turn = try FileLock(beside: path)
            defer { _ = turn }
            let version = try db.read { try Int.fetchOne($0, sql: "PRAGMA user_version") ?? 0 }
            if version > SQLiteStore.schemaVersion { throw OpenError.newerVersion(version) }
            try db.writeWithoutTransaction { db in
                guard try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 < SQLiteStore.schemaVersion else { return }
                // Evicted images give their pages back to the file system, so the file follows the budget down.
                // (Only takes effect on a new, empty database, which is when this runs.)
                try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
                try db.inTransaction {
                    try db.execute(sql: """
                    CREATE TABLE IF NOT EXISTS pages (
                        source TEXT NOT NULL, page_limit INTEGER NOT NULL, page INTEGER NOT NULL,
                        body BLOB NOT NULL, fetched_at REAL NOT NULL,
                        PRIMARY KEY (source, page_limit, page));
                    CREATE TABLE IF NOT EXISTS images (
                        key TEXT PRIMARY KEY NOT NULL, data BLOB NOT NULL, bytes INTEGER NOT NULL,
                        last_used REAL NOT NULL, use_order INTEGER NOT NULL DEFAULT 0);
                    CREATE INDEX IF NOT EXISTS images_by_use ON images(last_used);
                    CREATE TABLE IF NOT EXISTS pinned (prefix TEXT PRIMARY KEY NOT NULL);
                    CREATE TABLE IF NOT EXISTS folder_files (
                        source TEXT NOT NULL, path TEXT NOT NULL, bytes INTEGER NOT NULL, modified INTEGER NOT NULL,
                        identity INTEGER NOT NULL, width INTEGER NOT NULL, height INTEGER NOT NULL,
                        date INTEGER NOT NULL, taken TEXT, camera TEXT,
                        PRIMARY KEY (source, path)) WITHOUT ROWID;
                    CREATE INDEX IF NOT EXISTS folder_files_by_date ON folder_files(source, date DESC);
                    PRAGMA user_version = \(SQLiteStore.schemaVersion);
                    """)
                    return .commit
                }
            }
            try db.write(SQLiteStore.addMotionColumns)
            try db.write(SQLiteStore.addUseOrder)
            // A quick structural check catches a damaged file now rather than on some later read: the tables the
            // feed and images live in. A folder's index (a million rows) is not read through at every start; it is
            // checked as it is read, and one that fails is dropped and made again.
            for table in ["pages", "images", "pinned"] {
                let check = try db.read { try String.fetchOne($0, sql: "PRAGMA quick_check(\(table))") ?? "" }
                guard check == "ok" else { throw OpenError.unusable("damaged (\(check))") }
            }
            imageBytes = try db.read(SQLiteStore.totalBytes)
        } catch let error as OpenError {
            throw error
        } catch {
            throw DatabaseDamage.isDamage(error) ? OpenError.unusable("\(error)") : OpenError.unavailable("\(error)")
        }
    }

    /// Bytes of images and pages held: what the budget counts.
    public var storedBytes: Int { lock.lock(); defer { lock.unlock() }; return imageBytes }

    public func pages(source: String, limit: Int, maxPages: Int) throws -> [(page: Int, contents: PageContents)] {
        let rows = try db.read {
            try Row.fetchAll($0, sql: "SELECT page, body FROM pages WHERE source = ? AND page_limit = ? ORDER BY page LIMIT ?",
                             arguments: [source, limit, maxPages])
        }
        let decoder = JSONDecoder()
        return rows.compactMap { row in
            SQLiteStore.contents(row["body"], decoder).map { (row["page"], $0) }
        }
    }

    public func page(_ page: Int, limit: Int, source: String) throws -> PageContents? {
        let body = try db.read {
            try Data.fetchOne($0, sql: "SELECT body FROM pages WHERE source = ? AND page_limit = ? AND page = ?",
                              arguments: [source, limit, page])
        }
        return body.flatMap { SQLiteStore.contents($0, JSONDecoder()) }
    }

    /// A stored page body; one that no longer decodes counts as absent.
    private static func contents(_ body: Data, _ decoder: JSONDecoder) -> PageContents? {
        try? decoder.decode(PageContents.self, from: body)
    }

    public func savePage(_ contents: PageContents, page: Int, limit: Int, source: String) throws {
        let body = try JSONEncoder().encode(contents)
        guard body.count <= budgetBytes else { return }  // could never fit
        let total: Int = try db.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO pages (source, page_limit, page, body, fetched_at) VALUES (?, ?, ?, ?, ?)",
                           arguments: [source, limit, page, body, wallClock()])
            return try enforceBudget(db, keepingImage: nil)
        }
        setImageBytes(total)
    }

    /// Reads run side by side (WAL readers); marking an image used is a write, so marks are gathered and written
    /// together, a batch at a time and before any eviction (a crash loses at most the last batch's recency).
    public func image(forKey key: String) throws -> Data? {
        let data = try db.read { db in
            // Prepared once a connection: parsing the query again was most of a look-up that finds nothing (every
            // photo of a folder's first pass; perf: `sqlite3Parser`).
            try Data.fetchOne(db.cachedStatement(sql: "SELECT data FROM images WHERE key = ?"), arguments: [key])
        }
        guard let data else { return nil }
        lock.lock()
        useCount += 1
        recentlyUsed[key] = (useCount, wallClock())
        let full = recentlyUsed.count >= SQLiteStore.recencyBatch
        lock.unlock()
        if full { try db.write { try markUsed($0) } }
        return data
    }

    /// Uses read but not yet written, by key: their turn in this process and the wall clock's time.
    private var recentlyUsed: [String: (turn: Int, time: Double)] = [:]
    private var useCount = 0
    static let recencyBatch = 32

    /// Writes the gathered uses (inside a write transaction): each takes the next number of the file's count, in the
    /// order they were read.
    private func markUsed(_ db: Database) throws {
        lock.lock()
        let batch = recentlyUsed.sorted { $0.value.turn < $1.value.turn }
        recentlyUsed.removeAll()
        lock.unlock()
        guard !batch.isEmpty else { return }
        var order = try SQLiteStore.lastUseOrder(db)
        for (key, use) in batch {
            order += 1
            try db.execute(sql: "UPDATE images SET last_used = ?, use_order = ? WHERE key = ?",
                           arguments: [use.time, order, key])
        }
    }

    /// The count's number of the latest use. Kept in the rows themselves (read through their index), so every copy
    /// of Tessera writing to the file carries on from the same count, and nothing else needs to be kept in step.
    private static func lastUseOrder(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(use_order), 0) FROM images") ?? 0
    }

    /// Adds the use count to a store written before it (where uses were ordered by the wall clock), numbering its
    /// images in the order of their last use, so none is lost and eviction carries on where it was. Run at every
    /// opening, as the folder index's columns are: an older Tessera still opens the file (its new images get 0 and
    /// are the first to go, which only costs a download).
    static func addUseOrder(_ db: Database) throws {
        let present = Set(try Row.fetchAll(db, sql: "PRAGMA table_info(images)").map { $0["name"] as String })
        if !present.isEmpty, !present.contains("use_order") {
            try db.execute(sql: "ALTER TABLE images ADD COLUMN use_order INTEGER NOT NULL DEFAULT 0")
            let keys = try String.fetchAll(db, sql: "SELECT key FROM images ORDER BY last_used, rowid")
            for (index, key) in keys.enumerated() {
                try db.execute(sql: "UPDATE images SET use_order = ? WHERE key = ?", arguments: [index + 1, key])
            }
        }
        try db.execute(sql: "CREATE INDEX IF NOT EXISTS images_by_use_order ON images(use_order)")
    }

    public func saveImage(_ data: Data, forKey key: String) throws {
        guard data.count <= budgetBytes else { return }  // could never fit
        let total: Int = try db.write { db in
            try markUsed(db)
            try db.execute(sql: "INSERT OR REPLACE INTO images (key, data, bytes, last_used, use_order) VALUES (?, ?, ?, ?, ?)",
                           arguments: [key, data, data.count, wallClock(), try SQLiteStore.lastUseOrder(db) + 1])
            return try enforceBudget(db, keepingImage: key)
        }
        setImageBytes(total)
        if total + data.count >= budgetBytes {
            // Near the budget evictions happen: hand freed pages back now and then.
            try? db.writeWithoutTransaction { try $0.execute(sql: "PRAGMA incremental_vacuum(256)") }
        }
    }

    /// Stores many images in one transaction (cells written in bulk: one commit instead of one each).
    public func saveImages(_ items: [(key: String, data: Data)]) throws {
        let fitting = items.filter { $0.data.count <= budgetBytes }
        guard let last = fitting.last else { return }
        let now = wallClock()
        let total: Int = try db.write { db in
            try markUsed(db)
            var order = try SQLiteStore.lastUseOrder(db)
            for item in fitting {
                order += 1
                try db.execute(sql: "INSERT OR REPLACE INTO images (key, data, bytes, last_used, use_order) VALUES (?, ?, ?, ?, ?)",
                               arguments: [item.key, item.data, item.data.count, now, order])
            }
            return try enforceBudget(db, keepingImage: last.key)
        }
        setImageBytes(total)
    }

    /// Keeps (or stops keeping) every image whose key starts with `prefix` out of eviction: a bookmarked photo's
    /// images stay for offline viewing whatever the budget says.
    public func setPinned(_ prefix: String, _ pinned: Bool) throws {
        try db.write {
            if pinned {
                try $0.execute(sql: "INSERT OR IGNORE INTO pinned (prefix) VALUES (?)", arguments: [prefix])
            } else {
                try $0.execute(sql: "DELETE FROM pinned WHERE prefix = ?", arguments: [prefix])
            }
        }
    }

    /// The keys of images starting with `prefix`, at most `limit` (the sizes a photo is kept at).
    public func imageKeys(prefix: String, limit: Int = 64) throws -> [String] {
        try db.read { db in
            try String.fetchAll(db, sql: "SELECT key FROM images WHERE key >= ? AND key < ? LIMIT ?",
                                arguments: [prefix, prefix + "\u{10FFFF}", limit])
        }
    }

    /// How many images have keys starting with `prefix` (the benchmark tells a warm cache from a cold one).
    public func imageCount(keyPrefix prefix: String) throws -> Int {
        try db.read { db in
            // Compared by range rather than LIKE, so "%" and "_" in a path mean nothing.
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM images WHERE key >= ? AND key < ?",
                             arguments: [prefix, prefix + "\u{10FFFF}"]) ?? 0
        }
    }

    public func removeImage(forKey key: String) throws {
        let total = try db.write { db in
            try db.execute(sql: "DELETE FROM images WHERE key = ?", arguments: [key])
            return try SQLiteStore.totalBytes(db)
        }
        setImageBytes(total)
    }

    /// Evicts until images and pages fit the budget again, in the caller's transaction: least recently used
    /// images first, then the pages furthest into the feed (the first pages are what an offline start shows).
    /// An image just written stays. Returns the bytes held afterwards.
    private func enforceBudget(_ db: Database, keepingImage key: String?) throws -> Int {
        try markUsed(db)
        var total = try SQLiteStore.totalBytes(db)
        while total > budgetBytes {
            let victims = try Row.fetchAll(
                db, sql: """
                SELECT key, bytes FROM images WHERE key != ? AND NOT EXISTS
                    (SELECT 1 FROM pinned WHERE substr(images.key, 1, length(pinned.prefix)) = pinned.prefix)
                ORDER BY use_order LIMIT 64
                """, arguments: [key ?? ""])
            if victims.isEmpty { break }
            for victim in victims where total > budgetBytes {
                try db.execute(sql: "DELETE FROM images WHERE key = ?", arguments: [victim["key"] as String])
                total -= victim["bytes"] as Int
            }
        }
        while total > budgetBytes {
            let pages = try Row.fetchAll(
                db, sql: "SELECT rowid, length(body) AS size FROM pages ORDER BY page DESC LIMIT 64")
            if pages.isEmpty { break }
            for victim in pages where total > budgetBytes {
                try db.execute(sql: "DELETE FROM pages WHERE rowid = ?", arguments: [victim["rowid"] as Int64])
                total -= victim["size"] as Int
            }
        }
        return total
    }

    private static func totalBytes(_ db: Database) throws -> Int {
        let images = try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(bytes), 0) FROM images") ?? 0
        let pages = try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(length(body)), 0) FROM pages") ?? 0
        return images + pages
    }

    private func setImageBytes(_ total: Int) {
        lock.lock(); imageBytes = total; lock.unlock()
    }

    public func imageCount() throws -> Int {
        try db.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM images") ?? 0 }
    }

    /// Every image key with its bytes, for tests that check what survived a crash.
    public func allImages() throws -> [(key: String, data: Data)] {
        try db.read { db in
            try Row.fetchAll(db, sql: "SELECT key, data FROM images").map { ($0["key"], $0["data"]) }
        }
    }

    /// Moves everything from the write-ahead log into the database file and empties the log.
    func checkpoint() throws {
        try db.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
    }

    /// Limits the database to `pages` pages (`PRAGMA max_page_count`): how a test makes the disk "full".
    func limitSize(toPages pages: Int) throws {
        try db.write { try $0.execute(sql: "PRAGMA max_page_count = \(pages)") }
    }

    /// Full integrity check (`PRAGMA integrity_check`), for tests after a killed writer.
    public func integrityCheck() throws -> String {
        try db.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") ?? "" }
    }
}
