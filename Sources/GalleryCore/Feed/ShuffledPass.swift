/// A fair shuffle over a catalogue a network source can list whole (an Immich library, Lorem Picsum's list): each
/// photo once per pass, in an order new each pass, carried across restarts by a `ShowPlace` (a seed, the pass, the
/// highest rank shown, the few late arrivals shown), never by a stored list of IDs.
///
/// A pass's order is the photos sorted by `ShowPlace.rank` of a stable hash of their ID (`idHash`, FNV-1a: Swift's
/// `hashValue` is seeded anew each run and would give another order after a restart). Pages are the next photos not
/// yet served, in rank order. A listing taken again mid-pass (`list`) brings newcomers into the part not yet served,
/// wherever their rank falls, and drops what left the catalogue; what was already served stays served.
///
/// "Arrived during the pass" is what lets a restart tell a newcomer already shown (listed by ID in the place) from
/// one ranked below the place that was not: a source that knows when a photo joined the catalogue (Immich's
/// `createdAt`) says so; one that does not (Lorem Picsum) lets a photo first seen in a later listing of this run
/// count as arriving then, and everything in the first listing as there all along.
///
/// Small per photo (issue 43: a 200,000-photo library in a few MB): a photo is a 32-byte `Record` (its ID as a
/// UUID's bits or a number into a table of other IDs' text, its hash, its arrival) in an array sorted by ID, found by
/// binary search, and this pass's order is 16 bytes a photo (its rank and the record's number). What else a source
/// knows of a photo is not kept here: a page gives IDs, and the source fetches the rest as the page comes near the
/// screen (`Listed.photo` only carries a photo a source listed whole, such as Lorem Picsum's short list).
///
/// Pure and single-threaded: the source that owns it guards it with one lock.
public struct ShuffledPass {
    /// One photo of the catalogue: its ID (a UUID's bits, or `textID` in `high` and its number in `texts` in
    /// `low`), its hash, and its arrival.
    private struct Record {
        var high: UInt64, low: UInt64
        var hash: UInt64
        var arrived: Int64
    }

    /// `Record.high` of an ID kept as text (a UUID whose first half is this is kept as text too).
    private static let textID = UInt64.max

    /// The catalogue as last listed, sorted by (`high`, `low`).
    private var records: [Record] = []
    /// The text of the IDs that are no UUID, by number; and each one's number.
    private var texts: [String] = []
    private var textNumbers: [String: UInt64] = [:]
    /// The photos listed whole, by record number (none for a source that lists IDs alone).
    private var photos: [Int: Photo] = [:]
    /// This pass's photos in rank order (record numbers); those before `next` have been served.
    private var order: [(rank: UInt64, index: UInt32)] = []
    private var next = 0
    /// Whether a listing has been taken (the first one's photos were there all along, for a source that cannot say).
    public private(set) var isListed = false
    public private(set) var seed: UInt64
    /// The pass (0 before the first page).
    public private(set) var pass = 0
    /// How far this pass has got (`noteShown`).
    public private(set) var place: ShowPlace
    /// The pass before, while its last photos still show (the feed asks for the next pass a few photos early).
    private var previousPlace: ShowPlace?
    /// This pass's ranks that are not the photos' own (`ShowPlace.passEdgeRanks`: it never opens with the photos the
    /// pass before ended with), by the photo's hash; and the pass before's, while its last photos still show.
    private var edgeRanks: [UInt64: UInt64] = [:]
    private var previousEdgeRanks: (pass: Int, ranks: [UInt64: UInt64])?
    /// A place kept by an earlier run, taken up when the first pass begins.
    private var resuming: ShowPlace?
    /// The resumed pass's first page reaches this many photos of `order` at least (its kept part, and the photo the
    /// show stood at): 0 once served.
    private var resumedThrough = 0
    /// Where the resumed pass's first page stood, until the source takes it (`takeResumed`).
    private var resumed: ShowResume?
    /// Seconds since 1970, now (a test sets its own clock).
    private let now: () -> Int64

    public init(seed: UInt64, now: @escaping () -> Int64) {
        self.seed = seed
        self.now = now
        place = ShowPlace(seed: seed, pass: 1, passBegan: now())
    }

    /// A photo ID's stable 64-bit hash (FNV-1a over its UTF-8 bytes), the same in every run.
    public static func idHash(_ id: String) -> UInt64 {
        var h: UInt64 = 0xcbf29ce484222325
        for b in id.utf8 { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        return h
    }

    /// Photos in the catalogue as last listed.
    public var count: Int { records.count }

    /// Photos of this pass not yet served.
    public var remaining: Int { order.count - next }

    /// Carries on from a place an earlier run kept: its seed and pass give the same order. The pass is served whole
    /// from its first photo, what the place had shown first (as it showed), and its first page reaches past the place
    /// and says where the show stood (`takeResumed`): the wall stands there, the slideshow carries on at the first
    /// photo not shown, nothing is shown twice and nothing cut. Before the first page.
    public mutating func resume(from kept: ShowPlace) {
        guard pass == 0 else { return }
        seed = kept.seed
        resuming = kept
    }

    /// The catalogue as listed now: newcomers join the part of this pass not yet served (in rank order), photos no
    /// longer listed leave it. A photo listed again keeps what was known of it (its arrival).
    public mutating func list(_ listing: [Listed]) {
        let first = !isListed
        isListed = true
        // The new records in the listing's order, `hash` holding the place in the listing until the sort.
        var newTexts: [String] = [], newNumbers: [String: UInt64] = [:]
        var fresh: [Record] = []
        fresh.reserveCapacity(listing.count)
        let unknown = Int64.min
        for (at, entry) in listing.enumerated() {
            var high = entry.high, low = entry.low
            if let text = entry.text ?? (high == ShuffledPass.textID ? entry.id : nil) {
                let number = newNumbers[text] ?? UInt64(newTexts.count)
                if number == UInt64(newTexts.count) { newTexts.append(text); newNumbers[text] = number }
                high = ShuffledPass.textID
                low = number
            }
            fresh.append(Record(high: high, low: low, hash: UInt64(at), arrived: entry.arrived ?? unknown))
        }
        fresh.sort { ($0.high, $0.low, $0.hash) < ($1.high, $1.low, $1.hash) }
        // A listing that names a photo twice shows it once (its first mention counts).
        var unique = 0
        for i in fresh.indices where i == 0 || fresh[i].high != fresh[i - 1].high || fresh[i].low != fresh[i - 1].low {
            fresh[unique] = fresh[i]
            unique += 1
        }
        fresh.removeLast(fresh.count - unique)
        var newPhotos: [Int: Photo] = [:]
        var newcomers: [Int] = []
        let old = (records: records, texts: texts, numbers: textNumbers)
        for i in fresh.indices {
            let listed = listing[Int(fresh[i].hash)]
            let id = listed.id
            if let photo = listed.photo { newPhotos[i] = photo }
            fresh[i].hash = ShuffledPass.idHash(id)
            let known = ShuffledPass.find(id, in: old.records, numbers: old.numbers)
            if fresh[i].arrived == unknown {
                fresh[i].arrived = known.map { old.records[$0].arrived } ?? (first ? 0 : now())
            }
            if known == nil { newcomers.append(i) }
        }
        records = fresh
        texts = newTexts
        textNumbers = newNumbers
        photos = newPhotos
        guard pass > 0 else { return }
        // Gone: out of the order (those already served too, so the cursor moves back by as many); the others
        // renumbered into the new records.
        var kept: [(rank: UInt64, index: UInt32)] = []
        kept.reserveCapacity(order.count + newcomers.count)
        var servedGone = 0
        for (at, entry) in order.enumerated() {
            let id = ShuffledPass.id(of: old.records[Int(entry.index)], texts: old.texts)
            if let now = index(of: id) {
                kept.append((entry.rank, UInt32(now)))
            } else if at < next {
                servedGone += 1
            }
        }
        order = kept
        next -= servedGone
        for i in newcomers { insertUnserved(i) }
    }

    /// Puts a photo among those not yet served this pass, where its rank falls.
    private mutating func insertUnserved(_ index: Int) {
        let key = (rank: rank(records[index], pass: pass), index: UInt32(index))
        var low = next, high = order.count
        while low < high {
            let mid = (low + high) / 2
            if precedes(order[mid], key) { low = mid + 1 } else { high = mid }
        }
        order.insert(key, at: low)
    }

    /// Rank order; photos of one rank by their IDs' text.
    private func precedes(_ a: (rank: UInt64, index: UInt32), _ b: (rank: UInt64, index: UInt32)) -> Bool {
        if a.rank != b.rank { return a.rank < b.rank }
        let x = records[Int(a.index)], y = records[Int(b.index)]
        // Two UUIDs' text sorts as their bits do (lower-case hex, the dashes in the same places).
        if x.high != ShuffledPass.textID, y.high != ShuffledPass.textID { return (x.high, x.low) < (y.high, y.low) }
        return id(of: x) < id(of: y)
    }

    /// The next page of this pass: page 1 begins a pass (a reload, or the start over at the end); an empty page
    /// means the pass has ended. Each photo by ID, with its arrival, and whole where it was listed whole.
    public mutating func page(_ page: Int, limit: Int) -> [Listed] {
        if page <= 1 || pass == 0 { beginPass() }
        let end = min(order.count, max(next, resumedThrough) + max(0, limit))
        resumedThrough = 0
        let out = order[next..<end].map { entry -> Listed in
            let i = Int(entry.index), record = records[i]
            return photos[i].map { Listed($0, arrived: record.arrived) } ?? Listed(id: id(of: record), arrived: record.arrived)
        }
        next = end
        return out
    }

    /// A new pass in its own order, a new place; a kept place's pass carries on from where it stood.
    private mutating func beginPass() {
        if pass > 0, !place.isFresh { previousPlace = place }
        if pass > 0 { previousEdgeRanks = (pass, edgeRanks) }
        let kept = resuming
        resuming = nil
        resumed = nil
        resumedThrough = 0
        pass = kept?.pass ?? pass + 1
        sortForPass()
        // A clock set back (a frame booted before its network) must not make every photo new.
        let newest = records.lazy.map(\.arrived).max() ?? 0
        place = ShowPlace(seed: seed, pass: pass, passBegan: max(now(), newest))
        guard let kept else { return }
        place = kept
        resumeWhole(kept)
    }

    /// Takes up a kept place at the start of its pass, the pass whole: the photos it had shown (ranked at or below
    /// it, when there when the pass began, and the late ones it lists) go first, in rank order, and the rest follows
    /// in rank order (the same order as the uninterrupted pass, but for late arrivals already shown). Notes where the
    /// show stood (`resumed`) and how far the first page must reach. A kept pass that had shown everything (stopped
    /// on its last photo): the next pass begins instead.
    private mutating func resumeWhole(_ kept: ShowPlace) {
        var shown: [(rank: UInt64, index: UInt32)] = [], rest: [(rank: UInt64, index: UInt32)] = []
        for entry in order {
            let record = records[Int(entry.index)]
            if kept.hasShown(rank: entry.rank, id: id(of: record), arrived: record.arrived) {
                shown.append(entry)
            } else {
                rest.append(entry)
            }
        }
        guard shown.count < order.count || order.isEmpty else { return beginPass() }
        guard !shown.isEmpty else { return }
        order = shown + rest
        let stoodIndex = kept.lastShown.flatMap(index(of:))
        let stood = stoodIndex.flatMap { i in order.firstIndex { $0.index == UInt32(i) } }
        resumed = ShowResume(stoodAt: stood.map { id(of: records[Int(order[$0].index)]) },
                             next: id(of: records[Int(order[shown.count].index)]))
        // The wall stands at the photo it stood at: the page reaches it too (a late photo may sit past the kept part).
        resumedThrough = max(shown.count, (stood ?? -1) + 1)
    }

    /// Where the resumed pass's first page stood (once: the page that holds it takes it along).
    public mutating func takeResumed() -> ShowResume? {
        defer { resumed = nil }
        return resumed
    }

    private mutating func sortForPass() {
        edgeRanks = ShowPlace.passEdgeRanks(records.map(\.hash), seed: seed, pass: pass)
        order = records.indices.map { (rank: rank(records[$0], pass: pass), index: UInt32($0)) }
        order.sort(by: precedes)
        next = 0
    }

    /// A photo was shown: the place moves on (nil for a photo the catalogue does not have). A photo the pass before
    /// had not shown, while the new pass has shown nothing, is still the pass before's.
    public mutating func noteShown(id: String) -> ShowPlace? {
        guard let i = index(of: id) else { return nil }
        let item = records[i]
        if var before = previousPlace {
            let beforeRank = rank(item, pass: before.pass)
            if place.isFresh, !before.hasShown(rank: beforeRank, id: id, arrived: item.arrived) {
                before.noteShown(rank: beforeRank, id: id, arrived: item.arrived)
                previousPlace = before
                return before
            }
            previousPlace = nil
        }
        place.noteShown(rank: rank(item, pass: place.pass), id: id, arrived: item.arrived)
        return place
    }

    /// A photo's rank in `pass`'s order: this pass's or the pass before's edge rank, else its own.
    private func rank(_ item: Record, pass: Int) -> UInt64 {
        if pass == self.pass, let edge = edgeRanks[item.hash] { return edge }
        if let before = previousEdgeRanks, before.pass == pass, let edge = before.ranks[item.hash] { return edge }
        return ShowPlace.rank(item.hash, seed: seed, pass: pass)
    }

    /// The record number of a photo, by its ID (nil: not listed).
    private func index(of id: String) -> Int? { ShuffledPass.find(id, in: records, numbers: textNumbers) }

    private func id(of record: Record) -> String { ShuffledPass.id(of: record, texts: texts) }

    private static func id(of record: Record, texts: [String]) -> String {
        record.high == textID ? texts[Int(record.low)] : ListedID.uuidText(high: record.high, low: record.low)
    }

    /// Binary search of `records` (sorted by ID bits) for `id`.
    private static func find(_ id: String, in records: [Record], numbers: [String: UInt64]) -> Int? {
        var high: UInt64, low: UInt64
        if let (h, l) = ListedID.packed(id), h != textID {
            (high, low) = (h, l)
        } else {
            guard let number = numbers[id] else { return nil }
            (high, low) = (textID, number)
        }
        var lo = 0, hi = records.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if (records[mid].high, records[mid].low) < (high, low) { lo = mid + 1 } else { hi = mid }
        }
        return lo < records.count && records[lo].high == high && records[lo].low == low ? lo : nil
    }
}
