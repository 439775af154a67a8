import Foundation
import GalleryCore

/// The photos of the folders being shown, and which of them the feed already has this pass. Pure and
/// single-threaded (the folder source's index stage owns it): files arrive from the walk and the watcher, pages go
/// out to the pager, and what changes under cells already shown comes back as edits for the catalog
/// (`FolderIndex+Edits`). The files themselves are kept compactly in a `FileTable`.
///
/// A page is the next `limit` photos not yet served this pass, in order. A folder of up to `smallFolder` files is
/// ordered whole, so its pages wait for the scan to finish (milliseconds); a larger one serves what has been read
/// so far, in order, as soon as a page's worth is known, and files found later join those not yet shown. Cells
/// already served are never reordered: a new file that sorts before them is inserted where it belongs, one that
/// sorts after them comes with a later page. What the scan finds waits in `pending` and is sorted and merged in one
/// pass when a page needs it (O(n log n) over the whole scan, never an insertion per file into a sorted array).
///
/// A shuffle (`.random`) is an order like the others: by each file's `ShowPlace.rank`, a keyed hash of its ID with
/// the seed and the pass (`FolderIndex+Passes`), so a pass's order is the same after a restart, and `ShowPlace`
/// (kept in the user's library) says how far it got.
public struct FolderIndex {
    public let sort: FolderSort
    public static let smallFolder = 1000
    typealias Record = FileTable.Record

    var table = FileTable()
    /// Every placed file in this pass's order.
    var ordered: [Int32] = []
    /// Files found but not yet placed (the scan's, until a page needs them).
    var pending: [Int32] = []
    /// Where in `ordered` the next page starts looking: every photo before it is served.
    var cursor = 0
    var servedCount = 0
    public var scanFinished = false
    public internal(set) var pass = 0
    /// The shuffle's seed: with the pass, it gives the order.
    public internal(set) var seed: UInt64
    /// The pass `ordered` is sorted for (a shuffle's order changes with the pass).
    var orderPass = 1
    /// A shuffled pass's ranks that are not the photo's own (`ShowPlace.passEdgeRanks`), by the photo's hash, for
    /// `orderPass`; and the pass before's, while its last photos still show.
    var edgeRanks: [UInt64: UInt64] = [:]
    var previousEdgeRanks: (pass: Int, ranks: [UInt64: UInt64])?
    /// Where the resumed pass's first page stood, until the source takes it (`takeResumed`).
    var resumed: ShowResume?
    /// How far this pass has got, for the library (`noteShown`).
    public internal(set) var place: ShowPlace
    /// A place kept from an earlier run, taken up when its pass begins (the first page).
    var resuming: ShowPlace?
    /// The pass before, while the show still shows its last photos (the feed asks for the next pass a few photos
    /// before the end): those move this place, not the new pass's.
    var previousPlace: ShowPlace?
    /// Seconds since 1970, now (a test sets its own clock).
    let now: () -> Int64
    /// Which photos show by their date (`--from`, `--to`, `--memories`); the others are passed over as if shown.
    public var dates = PhotoDateFilter()

    public init(sort: FolderSort, seed: UInt64 = 0x9E3779B97F4A7C15,
                now: @escaping () -> Int64 = { Int64(Date().timeIntervalSince1970) }) {
        self.sort = sort
        self.seed = seed
        self.now = now
        place = ShowPlace(seed: seed, pass: 1, passBegan: now())
    }

    public var count: Int { table.count }
    public var isServingEverything: Bool { scanFinished && servedCount == count }

    /// Whether a record's date lets it show.
    func isDated(_ r: Record) -> Bool { dates.admits(date: r.date, isTaken: r.has(Record.taken)) }

    // MARK: order

    /// Whether record `a` comes before record `b` (a total order: ties broken by name, then the exact path).
    func precedes(_ a: Record, _ b: Record) -> Bool {
        if sort == .date, a.date != b.date { return a.date > b.date }
        if sort == .random {
            // What the kept place had shown comes first, as it showed (`resumeWhole`).
            let sa = a.has(Record.shown), sb = b.has(Record.shown)
            if sa != sb { return sa }
            let ra = rank(a), rb = rank(b)
            if ra != rb { return ra < rb }
        }
        let fa = table.folders[Int(a.folder)], fb = table.folders[Int(b.folder)]
        if NaturalOrder.less(folder: fa, name: a.name, folder: fb, name: b.name) { return true }
        if NaturalOrder.less(folder: fb, name: b.name, folder: fa, name: a.name) { return false }
        return NaturalOrder.bytesLess(folder: fa, name: a.name, folder: fb, name: b.name)
    }

    /// Where a record goes in `ordered` (binary search).
    func position(of r: Record) -> Int {
        var low = 0, high = ordered.count
        while low < high {
            let mid = (low + high) / 2
            if precedes(table[ordered[mid]], r) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Places what the scan found: sorted among themselves, then merged into the order in one pass. Nothing already
    /// served moves; the cursor goes back to the first unserved file placed before it.
    mutating func placePending() {
        guard !pending.isEmpty else { return }
        let batch = pending
        pending.removeAll(keepingCapacity: true)
        for slot in batch {
            table.mark(slot, Record.placed, true)
            if pass > 0, !dates.isEmpty, !isDated(table[slot]) { serve(slot) }
        }
        let files = table
        let sorted = batch.sorted { precedes(files[$0], files[$1]) }
        var merged: [Int32] = []
        merged.reserveCapacity(ordered.count + sorted.count)
        var i = 0, j = 0
        var newCursor: Int?
        while i < ordered.count || j < sorted.count {
            let takeNew = i == ordered.count
                || (j < sorted.count && precedes(files[sorted[j]], files[ordered[i]]))
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
        return ordered.map { table.file(table[$0]) }
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
                    !table[$0].has(Record.served) }) {
                    beginPass()
                    through = -1
                    resumed = nil
                }
            }
            resuming = nil
        }
        var out: [Photo] = [], past = 0
        while cursor < ordered.count, cursor <= through || past < limit {
            let slot = ordered[cursor]
            if !table[slot].has(Record.served) {
                table.mark(slot, Record.served, true)
                servedCount += 1
                out.append(table.file(table[slot]).photo)
                if cursor > through { past += 1 }
            }
            cursor += 1
        }
        return out
    }

    /// Marks a record served this pass (once: a photo passed over for its date may also be one a kept place shows).
    mutating func serve(_ slot: Int32) {
        guard !table[slot].has(Record.served) else { return }
        table.mark(slot, Record.served, true)
        servedCount += 1
    }

    // MARK: lookups

    public func file(id: String) -> LocalFile? { table.slot(ofID: id).map { table.file(table[$0]) } }
    public func file(path: String) -> LocalFile? { table.slot(ofPath: path).map { table.file(table[$0]) } }

    /// Files of records `from` onwards, at most `count`, and where the next call starts (for writing the index out
    /// a chunk at a time, without a copy of every path at once).
    public func files(from start: Int, count: Int) -> (files: [LocalFile], next: Int) {
        table.files(from: start, count: count)
    }

    /// The photos taken on `day`'s month and day in an earlier year (by their EXIF date), newest first, at most
    /// `limit`: the memories room's, whatever the show's own order and dates. One walk over the records.
    public func memories(on day: PhotoDateFilter.Day, limit: Int) -> [LocalFile] { table.memories(on: day, limit: limit) }

    /// "img2.jpg" before "img10.jpg", case folded: runs of digits compare by value.
    public static func naturalLess(_ a: String, _ b: String) -> Bool { NaturalOrder.less(a, b) }
}
