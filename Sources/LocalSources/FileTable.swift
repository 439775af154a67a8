import Foundation
import GalleryCore

/// The files a folder index knows, compactly, and how to find them: by path, by photo ID, by folder. Built for a
/// million files: each file is one record (80 bytes: its folder is a number into a table of folders, its name a
/// string that is stored inline when it is short, as camera names are); the photo ID, name key and date text are
/// worked out when asked for, not kept. A file is found by path and by ID through `SlotTable`s of record numbers
/// (8 to 16 bytes a file each), not dictionaries that keep their keys. A slot freed by a file gone is used again.
/// The order of a pass is the index's (`FolderIndex`); this table only keeps the files.
struct FileTable {
    /// One file. `flags` are the index's marks for the pass.
    struct Record {
        // The 8-byte fields first, the 4-byte ones together after them: 80 bytes a record, not 88.
        var name: String
        var bytes: Int64
        var modified: Int64
        var identity: UInt64
        var date: Int64
        /// The photo ID's hash (`LocalFile.idHash`), which its rank in a shuffle is made from.
        var hash: UInt64
        var folder: Int32
        var width: Int32
        var height: Int32
        /// Index into `cameras`, or -1.
        var camera: Int32
        var flags: UInt8

        init(folder: Int32, name: String, bytes: Int64, modified: Int64, identity: UInt64, date: Int64, width: Int32,
             height: Int32, camera: Int32, hash: UInt64, flags: UInt8) {
            self.folder = folder; self.name = name; self.bytes = bytes; self.modified = modified
            self.identity = identity; self.date = date; self.width = width; self.height = height
            self.camera = camera; self.hash = hash; self.flags = flags
        }

        /// `shown`: a shuffle's photo the kept place had shown this pass (it goes before the others, as it showed).
        static let alive: UInt8 = 1, placed: UInt8 = 2, served: UInt8 = 4, taken: UInt8 = 8, shown: UInt8 = 16
        func has(_ flag: UInt8) -> Bool { flags & flag != 0 }
        mutating func set(_ flag: UInt8, _ on: Bool) { flags = on ? flags | flag : flags & ~flag }
    }

    private var records: [Record] = []
    private var free: [Int32] = []
    /// A file by its folder and name (`nameHash`), and by its photo ID's hash.
    private var byName = SlotTable()
    /// Folders' paths (without the trailing "/"; the root is ""), and their numbers.
    private(set) var folders: [String] = []
    private var folderIDs: [String: Int32] = [:]
    private var byID = SlotTable()
    private var cameras: [String] = []
    private var cameraIndex: [String: Int32] = [:]
    /// What moves in the few files that are not stills, by their record's hash (most files are stills: the record
    /// stays compact).
    private var motions: [UInt64: LocalMotion] = [:]

    var count: Int { byName.count }
    /// Read in place (no copy of the name: the sort compares records millions of times).
    subscript(slot: Int32) -> Record { _read { yield records[Int(slot)] } }
    mutating func mark(_ slot: Int32, _ flag: UInt8, _ on: Bool) { records[Int(slot)].set(flag, on) }
    /// Every record, the freed ones too (not `alive`).
    var all: [Record] { records }

    // MARK: paths

    /// A path's folder (without its "/") and name.
    private static func split(_ path: String) -> (folder: Substring, name: Substring) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path[...]) }
        return (path[..<slash], path[path.index(after: slash)...])
    }

    /// The slot of a path known.
    func slot(ofPath path: String) -> Int32? {
        let parts = FileTable.split(path)
        guard let folder = folderIDs[String(parts.folder)] else { return nil }
        let name = String(parts.name)
        return byName.find(hash: FileTable.nameHash(folder, name)) { records[Int($0)].folder == folder && records[Int($0)].name == name }
    }

    /// The slot of a photo ID ("f" and the ID's hash in hex).
    func slot(ofID id: String) -> Int32? {
        guard id.hasPrefix("f"), let hash = UInt64(id.dropFirst(), radix: 16) else { return nil }
        return byID.find(hash: hash) { records[Int($0)].hash == hash }
    }

    /// A folder and name's hash, for `byName` (this run's: nothing keeps it).
    private static func nameHash(_ folder: Int32, _ name: String) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(folder)
        hasher.combine(name)
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }

    func path(_ r: Record) -> String { folders[Int(r.folder)] + "/" + r.name }
    func motion(_ r: Record) -> LocalMotion? { motions[r.hash] }

    func file(_ r: Record) -> LocalFile {
        LocalFile(path: path(r), bytes: r.bytes, modified: r.modified, width: Int(r.width), height: Int(r.height),
                  taken: r.has(Record.taken) ? ExifInfo.exifDate(seconds: r.date) : nil,
                  camera: r.camera >= 0 ? cameras[Int(r.camera)] : nil, identity: r.identity, motion: motions[r.hash])
    }

    // MARK: storing

    mutating func store(_ file: LocalFile) -> Int32 {
        var camera: Int32 = -1
        if let name = file.camera {
            if let known = cameraIndex[name] { camera = known } else {
                camera = Int32(cameras.count)
                cameras.append(name)
                cameraIndex[name] = camera
            }
        }
        let parts = FileTable.split(file.path)
        let folderPath = String(parts.folder)
        let folder: Int32
        if let known = folderIDs[folderPath] { folder = known } else {
            folder = Int32(folders.count)
            folders.append(folderPath)
            folderIDs[folderPath] = folder
        }
        let record = Record(folder: folder, name: String(parts.name), bytes: file.bytes, modified: file.modified,
                            identity: file.identity, date: file.date, width: Int32(clamping: file.width),
                            height: Int32(clamping: file.height), camera: camera, hash: file.idHash,
                            flags: Record.alive | (file.dateIsTaken ? Record.taken : 0))
        let slot: Int32
        if let reused = free.popLast() {
            slot = reused
            records[Int(slot)] = record
        } else {
            slot = Int32(records.count)
            records.append(record)
        }
        let held = records  // read by the look-ups below while `byName` and `byID` change (no copy: not written)
        byName.insert(slot, hash: FileTable.nameHash(folder, record.name),
                      matches: { held[Int($0)].folder == folder && held[Int($0)].name == record.name },
                      hashOf: { FileTable.nameHash(held[Int($0)].folder, held[Int($0)].name) })
        let hash = file.idHash
        byID.insert(slot, hash: hash, matches: { held[Int($0)].hash == hash }, hashOf: { held[Int($0)].hash })
        if let motion = file.motion { motions[file.idHash] = motion }
        return slot
    }

    /// Frees a record's slot; returns the file it held.
    mutating func forget(_ slot: Int32) -> LocalFile {
        let r = records[Int(slot)]
        let old = file(r)
        do {
            let held = records  // let go before the record is written below, so the array is not copied
            byName.remove(hash: FileTable.nameHash(r.folder, r.name)) { held[Int($0)].folder == r.folder && held[Int($0)].name == r.name }
            let hash = old.idHash
            byID.remove(hash: hash) { held[Int($0)].hash == hash }
        }
        motions[r.hash] = nil
        records[Int(slot)] = Record(folder: 0, name: "", bytes: 0, modified: 0, identity: 0, date: 0, width: 0,
                                    height: 0, camera: -1, hash: 0, flags: 0)
        free.append(slot)
        return old
    }

    // MARK: finding

    /// Whether the table has this file as it is (path, size, modification time) and, when `companion` is given, the
    /// same Live Photo clip beside it (a MOV put beside a still, or taken away, changes the photo).
    func has(path: String, bytes: Int64, modified: Int64, companion: String?? = nil) -> Bool {
        guard let slot = slot(ofPath: path) else { return false }
        let r = records[Int(slot)]
        guard r.bytes == bytes, r.modified == modified else { return false }
        guard let companion else { return true }
        return motions[r.hash]?.companion == companion
    }

    /// The files at or under `folder`.
    func slots(under folder: String) -> [Int32] {
        let top = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        let prefix = top + "/"
        let under = Set(folders.indices.filter { folders[$0] == top || folders[$0].hasPrefix(prefix) }.map { Int32($0) })
        return byName.slots.filter { under.contains(records[Int($0)].folder) }
    }

    /// The files in these folders (not below them) whose paths `seen` does not hold.
    func slots(in walked: Set<String>, except seen: Set<String>) -> [Int32] {
        let ids = Set(walked.compactMap { folderIDs[$0.hasSuffix("/") ? String($0.dropLast()) : $0] })
        return byName.slots.filter { ids.contains(records[Int($0)].folder) && !seen.contains(path(records[Int($0)])) }
    }

    /// Files of records `from` onwards, at most `count`, and where the next call starts.
    func files(from start: Int, count: Int) -> (files: [LocalFile], next: Int) {
        var out: [LocalFile] = []
        var i = max(0, start)
        while i < records.count, out.count < count {
            if records[i].has(Record.alive) { out.append(file(records[i])) }
            i += 1
        }
        return (out, i)
    }

    /// The photos taken on `day`'s month and day in an earlier year, newest first, at most `limit`.
    func memories(on day: PhotoDateFilter.Day, limit: Int) -> [LocalFile] {
        let filter = PhotoDateFilter(onThisDay: day)
        var found: [Record] = []
        for r in records where r.has(Record.alive) && r.has(Record.taken) && filter.admits(date: r.date, isTaken: true) {
            found.append(r)
        }
        found.sort { $0.date != $1.date ? $0.date > $1.date : NaturalOrder.less($0.name, $1.name) }
        return found.prefix(max(0, limit)).map(file)
    }
}
