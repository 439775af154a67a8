import Foundation
import GalleryCore
import GRDB

/// The folder index between runs, in the cache file (`folder_files`, one row a file, keyed by source and path).
/// Values read back are input like any other: a row whose size or text is absurd is skipped.
extension SQLiteStore: FolderIndexStore {
    /// The columns of what moves in a file (`LocalMotion`), added to an index written before clips were read. Added
    /// where missing at every opening rather than behind a schema version: an older Tessera still opens the store
    /// (it names the columns it reads and writes; its rows get none of these, which reads back as a still), and the
    /// rows already there stay, as stills, read again only when their files change.
    static let motionColumns = [("motion", "TEXT"), ("duration", "REAL"), ("sound", "INTEGER NOT NULL DEFAULT 0"),
                                ("companion", "TEXT"), ("clip_offset", "INTEGER NOT NULL DEFAULT 0"),
                                ("clip_length", "INTEGER NOT NULL DEFAULT 0")]

    static func addMotionColumns(_ db: Database) throws {
        let present = Set(try Row.fetchAll(db, sql: "PRAGMA table_info(folder_files)").map { $0["name"] as String })
        guard !present.isEmpty else { return }
        for (name, type) in motionColumns where !present.contains(name) {
            try db.execute(sql: "ALTER TABLE folder_files ADD COLUMN \(name) \(type)")
        }
    }

    /// A row's motion, or nil when it has none or what it says does not hold together (then the file shows as a
    /// still until it changes).
    static func motion(kind: String?, duration: Double?, sound: Int, companion: String?, offset: Int64, length: Int64,
                       fileBytes: Int64) -> LocalMotion? {
        guard let kind = kind.flatMap(MotionKind.init(rawValue:)) else { return nil }
        let motion = LocalMotion(kind: kind, duration: duration.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil },
                                 hasSound: sound != 0, companion: companion, clipOffset: offset, clipLength: length)
        return motion.isConsistent(fileBytes: fileBytes) ? motion : nil
    }

    public func hasFolderIndex(source: String) throws -> Bool {
        try db.read { try Bool.fetchOne($0, sql: "SELECT EXISTS (SELECT 1 FROM folder_files WHERE source = ?)",
                                        arguments: [source]) ?? false }
    }

    public func loadFolderIndex(source: String, batchSize: Int, batch: ([LocalFile]) -> Bool) throws {
        try db.read { db in
            let rows = try Row.fetchCursor(db, sql: """
                SELECT path, bytes, modified, identity, width, height, taken, camera, motion, duration, sound, companion,
                clip_offset, clip_length FROM folder_files
                WHERE source = ? ORDER BY date DESC
                """, arguments: [source])
            var files: [LocalFile] = []
            files.reserveCapacity(batchSize)
            while let row = try rows.next() {
                let path: String = row[0], width: Int = row[4], height: Int = row[5]
                guard path.hasPrefix("/"), path.utf8.count <= 4096, width > 0, height > 0, width <= 1 << 20,
                      height <= 1 << 20 else { continue }
                let taken: String? = row[6], camera: String? = row[7], bytes: Int64 = row[1]
                let motion = SQLiteStore.motion(kind: row[8], duration: row[9], sound: row[10], companion: row[11],
                                                offset: row[12], length: row[13], fileBytes: bytes)
                files.append(LocalFile(path: path, bytes: bytes, modified: row[2], width: width, height: height,
                                       taken: taken.map { String($0.prefix(32)) },
                                       camera: camera.map { ExternalText.clean($0, maxCharacters: 64) },
                                       identity: UInt64(bitPattern: row[3]), motion: motion))
                if files.count >= batchSize {
                    guard batch(files) else { return }
                    files.removeAll(keepingCapacity: true)
                }
            }
            if !files.isEmpty { _ = batch(files) }
        }
    }

    public func updateFolderIndex(source: String, upsert: [LocalFile], remove: [String]) throws {
        guard !upsert.isEmpty || !remove.isEmpty else { return }
        try db.write { db in
            let insert = try db.makeStatement(sql: """
                INSERT OR REPLACE INTO folder_files (source, path, bytes, modified, identity, width, height, date, taken,
                camera, motion, duration, sound, companion, clip_offset, clip_length)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for f in upsert {
                let m = f.motion
                try insert.execute(arguments: [source, f.path, f.bytes, f.modified, Int64(bitPattern: f.identity),
                                               f.width, f.height, f.date, f.taken, f.camera, m?.kind.rawValue,
                                               m?.duration, (m?.hasSound ?? false) ? 1 : 0, m?.companion,
                                               m?.clipOffset ?? 0, m?.clipLength ?? 0])
            }
            let delete = try db.makeStatement(sql: "DELETE FROM folder_files WHERE source = ? AND path = ?")
            for path in remove { try delete.execute(arguments: [source, path]) }
        }
    }

    public func clearFolderIndex(source: String) throws {
        try db.write { try $0.execute(sql: "DELETE FROM folder_files WHERE source = ?", arguments: [source]) }
    }
}
