import Foundation
import GalleryCore

/// The photos of the folders being shown, and which of them the feed already has this pass. Pure and
/// single-threaded (the folder source guards it with a lock): files arrive from the scan and the watcher, pages go
/// out to the pager, and what changes under cells already shown comes back as edits for the catalog.
///
/// A page is the next `limit` photos not yet served this pass, in order. A folder of up to `smallFolder` files is
/// ordered whole, so its pages wait for the scan to finish (milliseconds); a larger one serves what has been read
/// so far, in order, as soon as a page's worth is known, and files found later join those not yet shown. Cells
/// already served are never reordered: a new file that sorts before them is inserted where it belongs, one that
/// sorts after them comes with a later page.
///
/// Built for a million files: each file is one compact record (about 64 bytes: its folder is a number into a table of
/// folders, its name a string that is stored inline when it is short, as camera names are); what the scan finds
/// waits in `pending` and is sorted and merged in one pass when a page needs it (O(n log n) over the whole scan,
/// never an insertion per file into a sorted array); removing a folder's files is one pass.
///
/// A shuffle (`.random`) is an order like the others: by each file's `ShowPlace.rank`, a keyed hash of its ID with
/// the seed and the pass, so a pass's order is the same after a restart, and `ShowPlace` (kept in the user's library)
/// says how far it got. `resume(from:)` carries on from there without cutting the feed: the resumed pass is served
/// whole from its first photo (a shuffle's photos already shown first), its first page reaching past the place, and
/// says where the show stood in it (`takeResumed`). The first photos of a shuffled pass are never the last ones of
/// the pass before (`ShowPlace.passEdgeRanks`).
public struct FolderIndex {
    public let sort: FolderSort
    public static let smallFolder = 1000

    /// One file, compactly: the photo ID, name key and date text are worked out when asked for, not kept.
    struct Record {
        var folder: Int32
        var name: String
        var bytes: Int64
        var modified: Int64
        var identity: UInt64
        var date: Int64
        var width: Int32
        var height: Int32
        /// Index into `cameras`, or -1.
        var camera: Int32
        /// The photo ID's hash (`LocalFile.idHash`), which its rank in a shuffle is made from.
        var hash: UInt64
        var flags: UInt8

        /// `shown`: a shuffle's photo the kept place had shown this pass (it goes before the others, as it showed).
        static let alive: UInt8 = 1, placed: UInt8 = 2, served: UInt8 = 4, taken: UInt8 = 8, shown: UInt8 = 16
        func has(_ flag: UInt8) -> Bool { flags & flag != 0 }
        mutating func set(_ flag: UInt8, _ on: Bool) { flags = on ? flags | flag : flags & ~flag }
    }

    private var records: [Record] = []
    private var free: [Int32] = []
    /// A file by its folder and name.
    private struct FileKey: Hashable {
        let folder: Int32
        let name: String
    }
    private var byName: [FileKey: Int32] = [:]
    /// Folders' paths (without the trailing "/"; the root is ""), and their numbers.
    private var folders: [String] = []
    private var folderIDs: [String: Int32] = [:]
    private var byID: [UInt64: Int32] = [:]
    private var cameras: [String] = []
    /// What moves in the few files that are not stills, by their record's hash (most files are stills: the record
    /// stays compact).
    private var motions: [UInt64: LocalMotion] = [:]
    private var cameraIndex: [String: Int32] = [:]
    /// Every placed file in this pass's order.
    private var ordered: [Int32] = []
    /// Files found but not yet placed (the scan's, until a page needs them).
    private var pending: [Int32] = []
    /// Where in `ordered` the next page starts looking: every photo before it is served.
    private var cursor = 0
    private var servedCount = 0
    public var scanFinished = false
    public private(set) var pass = 0
    /// The shuffle's seed: with the pass, it gives the order.
    public private(set) var seed: UInt64
    /// The pass `ordered` is sorted for (a shuffle's order changes with the pass).
    private var orderPass = 1
    /// A shuffled pass's ranks that are not the photo's own (`ShowPlace.passEdgeRanks`), by the photo's hash, for
    /// `orderPass`; and the pass before's, while its last photos still show.
    private var edgeRanks: [UInt64: UInt64] = [:]
    private var previousEdgeRanks: (pass: Int, ranks: [UInt64: UInt64])?
    /// Where the resumed pass's first page stood, until the source takes it (`takeResumed`).
    private var resumed: ShowResume?
    /// How far this pass has got, for the library (`noteShown`).
    public private(set) var place: ShowPlace
    /// A place kept from an earlier run, taken up when its pass begins (the first page).
    private var resuming: ShowPlace?
    /// The pass before, while the show still shows its last photos (the feed asks for the next pass a few photos
    /// before the end): those move this place, not the new pass's.
    private var previousPlace: ShowPlace?
    /// Seconds since 1970, now (a test sets its own clock).
    private let now: () -> Int64
    /// Which photos show by their date (`--from`, `--to`, `--memories`); the others are passed over as if shown.
    public var dates = PhotoDateFilter()

    public init(sort: FolderSort, seed: UInt64 = 0x9E3779B97F4A7C15,
                now: @escaping () -> Int64 = { Int64(Date().timeIntervalSince1970) }) {
        self.sort = sort
        self.seed = seed
        self.now = now
        place = ShowPlace(seed: seed, pass: 1, passBegan: now())
    }

    /// Carries on from a place kept by an earlier run: its seed and pass give the same order, and what it had
    /// shown is not served again this pass. Before the first page.
    public mutating func resume(from kept: ShowPlace) {
        guard pass == 0 else { return }
        if sort == .random {
            seed = kept.seed
            orderPass = kept.pass
            pass = kept.pass - 1
            reorder()
        }
        resuming = kept
    }

    /// The kept place not yet taken up (its pass has not begun), for an index made afresh in this one's place.
    public var keptPlace: ShowPlace? { resuming }

    /// A photo was shown: the place moves on (nil for a photo the index does not have). A photo the pass before had
    /// not shown yet, while the new pass has shown nothing, is still the pass before's: every photo of a pass is
    /// shown in rank order, and the new pass begins with one the pass before had shown.
    public mutating func noteShown(id: String) -> ShowPlace? {
        guard let slot = slot(ofID: id) else { return nil }
        let r = records[Int(slot)]
        if var before = previousPlace {
            let beforeRank = passRank(r, pass: before.pass)
            if place.isFresh, !before.hasShown(rank: beforeRank, id: id, arrived: arrived(r)) {
                before.noteShown(rank: beforeRank, id: id, arrived: arrived(r))
                previousPlace = before
                return before
            }
            previousPlace = nil
        }
        place.noteShown(rank: passRank(r, pass: place.pass), id: id, arrived: arrived(r))
        return place
    }

    /// Where the resumed pass's first page stood (once: the page that holds it takes it along).
    public mutating func takeResumed() -> ShowResume? {
        defer { resumed = nil }
        return resumed
    }

    private func rank(_ r: Record) -> UInt64 { edgeRanks[r.hash] ?? ShowPlace.rank(r.hash, seed: seed, pass: orderPass) }

    /// A record's rank in `pass`'s order (this pass's, or the pass before's while its last photos show).
    private func passRank(_ r: Record, pass: Int) -> UInt64 {
        if pass == orderPass { return rank(r) }
        if let before = previousEdgeRanks, before.pass == pass, let edge = before.ranks[r.hash] { return edge }
        return ShowPlace.rank(r.hash, seed: seed, pass: pass)
    }

    /// Whether a record's date lets it show.
    private func isDated(_ r: Record) -> Bool { dates.admits(date: r.date, isTaken: r.has(Record.taken)) }

    /// When a file arrived, as far as the index can tell: its modification time, in seconds since 1970.
    private func arrived(_ r: Record) -> Int64 { r.modified / 1_000_000_000 }

    /// The record of a photo ID ("f" and the ID's hash in hex).
    private func slot(ofID id: String) -> Int32? {
        guard id.hasPrefix("f"), let hash = UInt64(id.dropFirst(), radix: 16) else { return nil }
        return byID[hash]
    }

    /// Sorts every placed file for `orderPass` (a shuffle's new pass): the pass's ranks worked out again over the
    /// files there now, so its first photos are none of the pass before's last.
    private mutating func reorder() {
        if sort == .random {
            let hashes = ordered.map { records[Int($0)].hash }
            edgeRanks = ShowPlace.passEdgeRanks(hashes, seed: seed, pass: orderPass)
        }
        let recs = records
        var order = ordered
        order.sort { precedes(recs[Int($0)], recs[Int($1)]) }
        ordered = order
    }

    public var count: Int { byName.count }

    // MARK: paths

    /// A path's folder (without its "/") and name.
    private static func split(_ path: String) -> (folder: Substring, name: Substring) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path[...]) }
        return (path[..<slash], path[path.index(after: slash)...])
    }

    /// The key of a path already known (nil when its folder is not).
    private func key(_ path: String) -> FileKey? {
        let parts = FolderIndex.split(path)
        guard let folder = folderIDs[String(parts.folder)] else { return nil }
        return FileKey(folder: folder, name: String(parts.name))
    }

    private func path(_ r: Record) -> String { folders[Int(r.folder)] + "/" + r.name }
    public var isServingEverything: Bool { scanFinished && servedCount == count }

    // MARK: order

    /// Whether record `a` comes before record `b` (a total order: ties broken by name, then the exact path).
    private func precedes(_ a: Record, _ b: Record) -> Bool {
        if sort == .date, a.date != b.date { return a.date > b.date }
        if sort == .random {
            // What the kept place had shown comes first, as it showed (`resumeWhole`).
            let sa = a.has(Record.shown), sb = b.has(Record.shown)
            if sa != sb { return sa }
            let ra = rank(a), rb = rank(b)
            if ra != rb { return ra < rb }
        }
        let fa = folders[Int(a.folder)], fb = folders[Int(b.folder)]
        if NaturalOrder.less(folder: fa, name: a.name, folder: fb, name: b.name) { return true }
        if NaturalOrder.less(folder: fb, name: b.name, folder: fa, name: a.name) { return false }
        return NaturalOrder.bytesLess(folder: fa, name: a.name, folder: fb, name: b.name)
    }

    /// Where a record goes in `ordered` (binary search).
    private func position(of r: Record) -> Int {
        var low = 0, high = ordered.count
        while low < high {
            let mid = (low + high) / 2
            if precedes(records[Int(ordered[mid])], r) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Places what the scan found: sorted among themselves, then merged into the order in one pass. Nothing already
    /// served moves; the cursor goes back to the first unserved file placed before it.
    private mutating func placePending() {
        guard !pending.isEmpty else { return }
        let batch = pending
        pending.removeAll(keepingCapacity: true)
        for slot in batch {
            records[Int(slot)].set(Record.placed, true)
            if pass > 0, !dates.isEmpty, !isDated(records[Int(slot)]) { serve(slot) }
        }
        let recs = records
        let sorted = batch.sorted { precedes(recs[Int($0)], recs[Int($1)]) }
        var merged: [Int32] = []
        merged.reserveCapacity(ordered.count + sorted.count)
        var i = 0, j = 0
        var newCursor: Int?
        while i < ordered.count || j < sorted.count {
            let takeNew = i == ordered.count
                || (j < sorted.count && precedes(recs[Int(sorted[j])], recs[Int(ordered[i])]))
            if takeNew {
                if i <= cursor, newCursor == nil { newCursor = merged.count }
                merged.append(sorted[j]); j += 1
            } else {
                if i == cursor, newCursor == nil { newCursor = merged.count }
                merged.append(ordered[i]); i += 1
            }
        }
        cursor = newCursor ?? merged.count
        ordered = merged
    }

    /// Every file, in this pass's order.
    public mutating func inOrder() -> [LocalFile] {
        placePending()
        return ordered.map { file(records[Int($0)]) }
    }

    // MARK: pages

    /// The next page of this pass, or nil while the scan has not yet found enough to answer in order. Page 1
    /// starts a pass (a reload, or the start over at the end); an empty page means the pass has ended.
    public mutating func page(_ page: Int, limit: Int) -> [Photo]? {
        let starting = page <= 1
        let waiting = count - (starting ? 0 : servedCount)
        // A shuffle waits for the whole folder: its order, and what a kept place says was shown, hold only over
        // every file (a file found later could rank before the photos already shown).
        // So does a show kept to some dates: what waits may not be shown at all, and a short page would end the pass.
        guard scanFinished || (sort != .random && dates.isEmpty && count > FolderIndex.smallFolder && waiting >= limit)
        else { return nil }
        placePending()
        // The last photo of the kept part, which this page reaches past (-1: none).
        var through = -1
        if starting {
            beginPass()
            if let kept = resuming, sort != .random || kept.pass == pass {
                place = kept
                through = resumeWhole(kept)
                // The kept pass had shown everything (stopped on its last photo): the next one begins.
                if sort == .random, through >= 0, !ordered[(through + 1)...].contains(where: {
                    !records[Int($0)].has(Record.served) }) {
                    beginPass()
                    through = -1
                    resumed = nil
                }
            }
            resuming = nil
        }
        var out: [Photo] = [], past = 0
        while cursor < ordered.count, cursor <= through || past < limit {
            let slot = Int(ordered[cursor])
            if !records[slot].has(Record.served) {
                records[slot].set(Record.served, true)
                servedCount += 1
                out.append(file(records[slot]).photo)
                if cursor > through { past += 1 }
            }
            cursor += 1
        }
        return out
    }

    /// A new pass: nothing served, a shuffle in the pass's own order, a new place.
    private mutating func beginPass() {
        if pass > 0, !place.isFresh { previousPlace = place }
        pass += 1
        for slot in ordered {
            records[Int(slot)].set(Record.served, false)
            records[Int(slot)].set(Record.shown, false)
        }
        servedCount = 0
        if dates.memories {
            dates.onThisDay = PhotoDateFilter.day(of: now() + Int64(TimeZone.current.secondsFromGMT()))
        }
        if !dates.isEmpty { for slot in ordered where !isDated(records[Int(slot)]) { serve(slot) } }
        cursor = 0
        if sort == .random {
            // Sorted again even for the pass a kept place resumes (its files are all known only now).
            if orderPass != pass { previousEdgeRanks = (orderPass, edgeRanks) }
            orderPass = pass
            reorder()
        }
        // A clock set back (a Pi without a clock, booted before the network) must not make every file new.
        let newest = records.lazy.filter { $0.has(Record.alive) }.map { $0.modified / 1_000_000_000 }.max() ?? 0
        place = ShowPlace(seed: seed, pass: pass, passBegan: max(now(), newest))
    }

    /// Takes up a kept place at the start of its pass, the feed whole: a shuffle's photos the place had shown (ranked
    /// at or below it, when there when the pass began, and the late ones it lists) go first, in their order, and the
    /// rest follows in rank order; a sorted show keeps its order. Returns the index in `ordered` of the last photo
    /// the first page must reach (the kept part's last, or the photo the show stood at; -1: nothing kept) and notes
    /// where the show stood (`resumed`).
    private mutating func resumeWhole(_ kept: ShowPlace) -> Int {
        var through = -1
        if sort == .random {
            var shown = 0
            for slot in ordered {
                let r = records[Int(slot)]
                guard kept.hasShown(rank: rank(r), id: "f" + LocalFile.hex(r.hash), arrived: arrived(r)) else { continue }
                records[Int(slot)].set(Record.shown, true)
                shown += 1
            }
            guard shown > 0 else { return -1 }
            reorder()
            through = shown - 1
        } else if let last = kept.lastShown, let slot = slot(ofID: last), let at = ordered.firstIndex(of: slot) {
            through = at
        } else {
            return -1
        }
        // The first photo after the kept part that shows (one passed over for its date is served already).
        let next = ordered[(through + 1)...].first { !records[Int($0)].has(Record.served) }
        let stood = kept.lastShown.flatMap { slot(ofID: $0) }.flatMap { ordered.firstIndex(of: $0) }
        resumed = ShowResume(stoodAt: stood.map { file(records[Int(ordered[$0])]).id },
                             next: next.map { file(records[Int($0)]).id })
        // The wall stands at the photo it stood at: the page reaches it too (a late photo may sit past the kept part).
        return max(through, stood ?? -1)
    }

    // MARK: edits

    /// What the catalog must change for photos it already has.
    public typealias Edits = FeedEdits


    /// Whether the index has this file as it is (path, size, modification time): a rescan need not read it again.
    public func has(path: String, bytes: Int64, modified: Int64) -> Bool {
        guard let key = key(path), let slot = byName[key] else { return false }
        let r = records[Int(slot)]
        return r.bytes == bytes && r.modified == modified
    }

    /// The same, and the still has the Live Photo clip `companion` beside it as it had (a MOV put beside a still,
    /// or taken away, changes the photo though the still's own file did not change).
    public func has(path: String, bytes: Int64, modified: Int64, companion: String?) -> Bool {
        guard has(path: path, bytes: bytes, modified: modified), let key = key(path), let slot = byName[key] else {
            return false
        }
        return motions[records[Int(slot)].hash]?.companion == companion
    }

    /// A file found by the scan or the watcher (new, or replacing the one at its path).
    public mutating func add(_ file: LocalFile) -> Edits {
        var edits = Edits()
        if let key = key(file.path), let slot = byName[key] {
            let r = records[Int(slot)]
            if r.bytes == file.bytes, r.modified == file.modified, r.identity == file.identity,
               Int(r.width) == file.width, Int(r.height) == file.height, motions[r.hash] == file.motion { return edits }
            edits = remove(path: file.path)
        }
        let slot = store(file)
        // While the first scan runs, what it finds joins the photos still to come, placed when a page needs them (a
        // big folder serves before its scan ends; its early cells must not be pushed down by newer files).
        guard scanFinished else {
            pending.append(slot)
            return edits
        }
        placePending()
        records[Int(slot)].set(Record.placed, true)
        var at = position(of: records[Int(slot)])
        let dated = isDated(records[Int(slot)])
        // A shuffle's newcomer joins the photos not yet shown this pass, wherever its rank falls (`ordered` is then
        // no longer sorted past the cursor: a later removal looks it up by a scan).
        if sort == .random { at = max(at, cursor) }
        ordered.insert(slot, at: at)
        if at < cursor { cursor = at }  // not served yet: the next page must find it
        // Outside the dates shown: passed over, as if shown.
        guard dated else {
            if pass > 0 { serve(slot) }
            return edits
        }
        // Served photos stay where they are; a new one goes among them only if it sorts before one of them, or
        // after all of them when the pass has nothing left to page (the feed has ended, or is waiting to wrap).
        guard servedCount > 0 || pass > 0 else { return edits }
        // Anchored to a photo the catalog has (one passed over for its date never went out).
        if let next = ordered[(at + 1)...].first(where: { records[Int($0)].has(Record.served) && isDated(records[Int($0)]) }) {
            serve(slot)
            edits.inserted.append((self.file(records[Int(slot)]).photo, self.file(records[Int(next)]).id))
        } else if servedCount == count - 1 {
            serve(slot)
            edits.inserted.append((self.file(records[Int(slot)]).photo, nil))
        }
        return edits
    }

    /// Marks a record served this pass (once: a photo passed over for its date may also be one a kept place shows).
    private mutating func serve(_ slot: Int32) {
        guard !records[Int(slot)].has(Record.served) else { return }
        records[Int(slot)].set(Record.served, true)
        servedCount += 1
    }

    /// A file gone (deleted, moved away, no longer an image).
    public mutating func remove(path: String) -> Edits {
        guard let key = key(path), let slot = byName[key] else { return Edits() }
        let r = records[Int(slot)]
        if r.has(Record.placed) {
            let at = position(of: r)
            if at < ordered.count, ordered[at] == slot {
                ordered.remove(at: at)
                if at < cursor { cursor -= 1 }
            } else if let at = ordered.firstIndex(of: slot) {
                ordered.remove(at: at)
                if at < cursor { cursor -= 1 }
            }
        } else {
            pending.removeAll { $0 == slot }
        }
        return forget([slot])
    }

    /// Every file under `folder` gone (a watched folder deleted or moved away): one pass over the order.
    public mutating func remove(under folder: String) -> Edits { remove(slots: slots(under: folder)) }

    /// The paths of the files under `folder`.
    public func paths(under folder: String) -> [String] { slots(under: folder).map { path(records[Int($0)]) } }

    private func slots(under folder: String) -> [Int32] {
        let top = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        let prefix = top + "/"
        let under = Set(folders.indices.filter { folders[$0] == top || folders[$0].hasPrefix(prefix) }.map { Int32($0) })
        return byName.filter { under.contains($0.key.folder) }.map(\.value)
    }

    /// Every file in these folders (not below them) that `seen` does not hold: gone since they were read (a rescan
    /// after the watcher lost track).
    public mutating func remove(in folders: Set<String>, except seen: Set<String>) -> (edits: Edits, paths: [String]) {
        let walked = Set(folders.compactMap { folderIDs[$0.hasSuffix("/") ? String($0.dropLast()) : $0] })
        let gone = byName.filter { key, slot in
            walked.contains(key.folder) && !seen.contains(path(records[Int(slot)]))
        }.map(\.value)
        let paths = gone.map { path(records[Int($0)]) }
        return (remove(slots: gone), paths)
    }

    private mutating func remove(slots gone: [Int32]) -> Edits {
        guard !gone.isEmpty else { return Edits() }
        let goneSet = Set(gone)
        let before = ordered[..<min(cursor, ordered.count)].reduce(0) { $0 + (goneSet.contains($1) ? 1 : 0) }
        ordered.removeAll { goneSet.contains($0) }
        pending.removeAll { goneSet.contains($0) }
        cursor -= before
        return forget(gone)
    }

    /// Drops records taken out of the order; their photos leave the catalog (every pass's items of them).
    private mutating func forget(_ slots: [Int32]) -> Edits {
        var edits = Edits()
        for slot in slots {
            let r = records[Int(slot)]
            let old = file(r)
            byName[FileKey(folder: r.folder, name: r.name)] = nil
            byID[old.idHash] = nil
            motions[r.hash] = nil
            if r.has(Record.served) { servedCount -= 1 }
            records[Int(slot)] = Record(folder: 0, name: "", bytes: 0, modified: 0, identity: 0, date: 0, width: 0,
                                        height: 0, camera: -1, hash: 0, flags: 0)
            free.append(slot)
            if pass > 0 { edits.removed.append(old.id) }
        }
        return edits
    }

    private mutating func store(_ file: LocalFile) -> Int32 {
        var camera: Int32 = -1
        if let name = file.camera {
            if let known = cameraIndex[name] { camera = known } else {
                camera = Int32(cameras.count)
                cameras.append(name)
                cameraIndex[name] = camera
            }
        }
        let parts = FolderIndex.split(file.path)
        let folderPath = String(parts.folder)
        let folder: Int32
        if let known = folderIDs[folderPath] { folder = known } else {
            folder = Int32(folders.count)
            folders.append(folderPath)
            folderIDs[folderPath] = folder
        }
        let record = Record(folder: folder, name: String(parts.name), bytes: file.bytes, modified: file.modified, identity: file.identity,
                            date: file.date, width: Int32(clamping: file.width), height: Int32(clamping: file.height),
                            camera: camera, hash: file.idHash, flags: Record.alive | (file.dateIsTaken ? Record.taken : 0))
        let slot: Int32
        if let reused = free.popLast() {
            slot = reused
            records[Int(slot)] = record
        } else {
            slot = Int32(records.count)
            records.append(record)
        }
        byName[FileKey(folder: folder, name: record.name)] = slot
        byID[file.idHash] = slot
        if let motion = file.motion { motions[file.idHash] = motion }
        return slot
    }

    // MARK: lookups

    public func file(id: String) -> LocalFile? { slot(ofID: id).map { file(records[Int($0)]) } }

    /// Files of records `from` onwards, at most `count`, and where the next call starts (for writing the index out
    /// a chunk at a time, without a copy of every path at once).
    public func files(from start: Int, count: Int) -> (files: [LocalFile], next: Int) {
        var out: [LocalFile] = []
        var i = max(0, start)
        while i < records.count, out.count < count {
            if records[i].has(Record.alive) { out.append(file(records[i])) }
            i += 1
        }
        return (out, i)
    }

    /// The photos taken on `day`'s month and day in an earlier year (by their EXIF date), newest first, at most
    /// `limit`: the memories room's, whatever the show's own order and dates. One walk over the records.
    public func memories(on day: PhotoDateFilter.Day, limit: Int) -> [LocalFile] {
        let filter = PhotoDateFilter(onThisDay: day)
        var found: [Record] = []
        for r in records where r.has(Record.alive) && r.has(Record.taken) && filter.admits(date: r.date, isTaken: true) {
            found.append(r)
        }
        found.sort { $0.date != $1.date ? $0.date > $1.date : NaturalOrder.less($0.name, $1.name) }
        return found.prefix(max(0, limit)).map(file)
    }

    public func file(path: String) -> LocalFile? { key(path).flatMap { byName[$0] }.map { file(records[Int($0)]) } }

    private func file(_ r: Record) -> LocalFile {
        LocalFile(path: path(r), bytes: r.bytes, modified: r.modified, width: Int(r.width), height: Int(r.height),
                  taken: r.has(Record.taken) ? ExifInfo.exifDate(seconds: r.date) : nil,
                  camera: r.camera >= 0 ? cameras[Int(r.camera)] : nil, identity: r.identity, motion: motions[r.hash])
    }

    /// "img2.jpg" before "img10.jpg", case folded: runs of digits compare by value.
    public static func naturalLess(_ a: String, _ b: String) -> Bool { NaturalOrder.less(a, b) }
}
