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
/// Pure and single-threaded: the source that owns it guards it with one lock.
public struct ShuffledPass {
    /// A photo of the listing, with when it joined the catalogue (seconds since 1970) if the source knows.
    public struct Listed {
        public var photo: Photo
        public var arrived: Int64?
        public init(_ photo: Photo, arrived: Int64? = nil) { self.photo = photo; self.arrived = arrived }
    }

    private struct Item {
        var photo: Photo
        var hash: UInt64
        var arrived: Int64
    }

    /// The catalogue as last listed, by ID.
    private var items: [String: Item] = [:]
    /// This pass's photos in rank order; those before `next` have been served.
    private var order: [(rank: UInt64, id: String)] = []
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
    public var count: Int { items.count }

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
        var fresh: [String: Item] = [:]
        fresh.reserveCapacity(listing.count)
        var newcomers: [String] = []
        for entry in listing {
            let id = entry.photo.id
            guard fresh[id] == nil else { continue }  // a listing that names a photo twice shows it once
            if let known = items[id] {
                fresh[id] = Item(photo: entry.photo, hash: known.hash, arrived: entry.arrived ?? known.arrived)
            } else {
                fresh[id] = Item(photo: entry.photo, hash: ShuffledPass.idHash(id),
                                 arrived: entry.arrived ?? (first ? 0 : now()))
                newcomers.append(id)
            }
        }
        items = fresh
        guard pass > 0 else { return }
        // Gone: out of the order (those already served too, so the cursor moves back by as many).
        let servedGone = order[..<next].reduce(0) { $0 + (items[$1.id] == nil ? 1 : 0) }
        order.removeAll { items[$0.id] == nil }
        next -= servedGone
        for id in newcomers { insertUnserved(id) }
    }

    /// Puts a photo among those not yet served this pass, where its rank falls.
    private mutating func insertUnserved(_ id: String) {
        guard let item = items[id] else { return }
        let key = (rank: rank(item, pass: pass), id: id)
        var low = next, high = order.count
        while low < high {
            let mid = (low + high) / 2
            if ShuffledPass.precedes(order[mid], key) { low = mid + 1 } else { high = mid }
        }
        order.insert(key, at: low)
    }

    private static func precedes(_ a: (rank: UInt64, id: String), _ b: (rank: UInt64, id: String)) -> Bool {
        a.rank != b.rank ? a.rank < b.rank : a.id < b.id
    }

    /// The next page of this pass: page 1 begins a pass (a reload, or the start over at the end); an empty page
    /// means the pass has ended.
    public mutating func page(_ page: Int, limit: Int) -> [Photo] {
        if page <= 1 || pass == 0 { beginPass() }
        let end = min(order.count, max(next, resumedThrough) + max(0, limit))
        resumedThrough = 0
        let out = order[next..<end].compactMap { items[$0.id]?.photo }
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
        let newest = items.values.lazy.map(\.arrived).max() ?? 0
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
        let shown = order.filter { key in items[key.id].map { kept.hasShown(rank: key.rank, id: key.id, arrived: $0.arrived) } ?? false }
        guard shown.count < order.count || order.isEmpty else { return beginPass() }
        guard !shown.isEmpty else { return }
        let shownIDs = Set(shown.map(\.id))
        order = shown + order.filter { !shownIDs.contains($0.id) }
        let stood = kept.lastShown.flatMap { id in order.firstIndex { $0.id == id } }
        resumed = ShowResume(stoodAt: stood.map { order[$0].id }, next: order[shown.count].id)
        // The wall stands at the photo it stood at: the page reaches it too (a late photo may sit past the kept part).
        resumedThrough = max(shown.count, (stood ?? -1) + 1)
    }

    /// Where the resumed pass's first page stood (once: the page that holds it takes it along).
    public mutating func takeResumed() -> ShowResume? {
        defer { resumed = nil }
        return resumed
    }

    private mutating func sortForPass() {
        edgeRanks = ShowPlace.passEdgeRanks(items.values.map(\.hash), seed: seed, pass: pass)
        order = items.map { (rank: rank($0.value, pass: pass), id: $0.key) }
        order.sort(by: ShuffledPass.precedes)
        next = 0
    }

    /// A photo was shown: the place moves on (nil for a photo the catalogue does not have). A photo the pass before
    /// had not shown, while the new pass has shown nothing, is still the pass before's.
    public mutating func noteShown(id: String) -> ShowPlace? {
        guard let item = items[id] else { return nil }
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
    private func rank(_ item: Item, pass: Int) -> UInt64 {
        if pass == self.pass, let edge = edgeRanks[item.hash] { return edge }
        if let before = previousEdgeRanks, before.pass == pass, let edge = before.ranks[item.hash] { return edge }
        return ShowPlace.rank(item.hash, seed: seed, pass: pass)
    }
}
