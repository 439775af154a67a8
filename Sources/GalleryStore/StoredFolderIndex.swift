import Foundation
import GalleryCore
import GRDB

/// The folder index between runs, in the cache file (`folder_files`, one row a file, keyed by source and path).
/// Values read back are input like any other: a row whose size or text is absurd is skipped.
extension SQLiteStore: FolderIndexStore {
    public func hasFolderIndex(source: String) throws -> Bool {
        try db.read { try Bool.fetchOne($0, sql: "SELECT EXISTS (SELECT 1 FROM folder_files WHERE source = ?)",
                                        arguments: [source]) ?? false }
    }

    public func loadFolderIndex(source: String, batchSize: Int, batch: ([LocalFile]) -> Bool) throws {
        try db.read { db in
            let rows = try Row.fetchCursor(db, sql: """
                SELECT path, bytes, modified, identity, width, height, taken, camera FROM folder_files
                WHERE source = ? ORDER BY date DESC
                """, arguments: [source])
            var files: [LocalFile] = []
            files.reserveCapacity(batchSize)
            while let row = try rows.next() {
                let path: String = row[0], width: Int = row[4], height: Int = row[5]
                guard path.hasPrefix("/"), path.utf8.count <= 4096, width > 0, height > 0, width <= 1 << 20,
                      height <= 1 << 20 else { continue }
                let taken: String? = row[6], camera: String? = row[7]
                files.append(LocalFile(path: path, bytes: row[1], modified: row[2], width: width, height: height,
                                       taken: taken.map { String($0.prefix(32)) },
                                       camera: camera.map { ExternalText.clean($0, maxCharacters: 64) },
                                       identity: UInt64(bitPattern: row[3])))
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
                camera) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for f in upsert {
                try insert.execute(arguments: [source, f.path, f.bytes, f.modified, Int64(bitPattern: f.identity),
                                               f.width, f.height, f.date, f.taken, f.camera])
            }
            let delete = try db.makeStatement(sql: "DELETE FROM folder_files WHERE source = ? AND path = ?")
            for path in remove { try delete.execute(arguments: [source, path]) }
        }
    }

    public func clearFolderIndex(source: String) throws {
        try db.write { try $0.execute(sql: "DELETE FROM folder_files WHERE source = ?", arguments: [source]) }
    }
}
