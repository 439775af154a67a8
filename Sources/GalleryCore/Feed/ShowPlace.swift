/// Where a show stands in its order, kept in the user's library so that a restart, a `kill -9` or a power cut
/// carries on from the photo last shown, in the same order, never showing again what this pass already showed.
///
/// A shuffled pass is not a stored list: its order is the photos sorted by `rank`, a keyed hash of each photo's ID
/// with the seed and the pass, so the seed and the pass number give the same order again after any restart (a
/// million photos cost sixteen bytes of state). What has been shown is everything ranked at or below `shownRank`
/// that was there when the pass began; photos that arrived later (a copy into the folder mid-pass) take their own
/// place in the part not yet shown, and the few of them already shown are listed by ID (`lateShown`, bounded).
/// A sorted show (by date or name) keeps the last photo shown instead (`lastShown`).
public struct ShowPlace: Equatable, Sendable {
    public var seed: UInt64
    /// The pass (1, 2, …): each has its own order.
    public var pass: Int
    /// Every photo that was there when the pass began and is ranked at or below this has been shown.
    public var shownRank: UInt64
    /// When the pass began, in seconds since 1970 (a photo whose file is newer arrived during it).
    public var passBegan: Int64
    /// Photos that arrived during the pass and have been shown (at most `lateLimit`, the newest kept).
    public var lateShown: [String]
    /// The last photo shown (a sorted show resumes after it).
    public var lastShown: String?

    public static let lateLimit = 256

    public init(seed: UInt64, pass: Int, shownRank: UInt64 = 0, passBegan: Int64, lateShown: [String] = [],
                lastShown: String? = nil) {
        self.seed = seed; self.pass = pass; self.shownRank = shownRank; self.passBegan = passBegan
        self.lateShown = lateShown; self.lastShown = lastShown
    }

    /// A photo's place in a pass's order: the photo's own hash (`LocalFile.idHash`, or any stable 64-bit hash of its
    /// ID) mixed with the seed and the pass (SplitMix64's finaliser: a fair shuffle of the hashes, new each pass).
    public static func rank(_ idHash: UInt64, seed: UInt64, pass: Int) -> UInt64 {
        var z = idHash ^ seed ^ (UInt64(truncatingIfNeeded: pass) &* 0x9E3779B97F4A7C15)
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }

    /// Slides between two showings of a photo at least, across a pass's edge: the first `passEdgeGap` photos of a
    /// pass are none of the last `passEdgeGap` of the pass before (two independent shuffles would often meet there).
    public static let passEdgeGap = 10

    /// The ranks in `pass`'s order that are not the photos' own (`rank`), by photo hash: the photos the pass before
    /// ended with (its `gap` highest ranked) that would come among this pass's first `gap` are ranked just after
    /// them instead, in their own order. A pure function of the photos, the seed and the pass, so a restart orders
    /// the pass the same way and a `ShowPlace` over these ranks means the same. Empty for the first pass and for
    /// catalogues too small to keep the edge apart (`gap` photos or fewer besides the pass before's last).
    public static func passEdgeRanks(_ hashes: [UInt64], seed: UInt64, pass: Int, gap: Int = passEdgeGap)
        -> [UInt64: UInt64] {
        guard pass > 1, gap > 0, hashes.count > 2 * gap else { return [:] }
        let unique = Array(Set(hashes))
        // The pass before's last photos: its highest ranks.
        let before = unique.map { (rank: rank($0, seed: seed, pass: pass - 1), hash: $0) }
            .sorted { $0.rank > $1.rank }.prefix(gap)
        let ended = Set(before.map(\.hash))
        let ranks = unique.map { (rank: rank($0, seed: seed, pass: pass), hash: $0) }.sorted { $0.rank < $1.rank }
        // The rank of this pass's `gap`-th photo that did not end the pass before: everything up to it comes first.
        guard let edge = ranks.lazy.filter({ !ended.contains($0.hash) }).dropFirst(gap - 1).first?.rank,
              edge <= UInt64.max - UInt64(gap) - 1 else { return [:] }
        var moved: [UInt64: UInt64] = [:]
        for (i, early) in ranks.filter({ ended.contains($0.hash) && $0.rank <= edge }).enumerated() {
            moved[early.hash] = edge + 1 + UInt64(i)
        }
        return moved
    }

    /// Whether nothing has been shown in this pass yet.
    public var isFresh: Bool { shownRank == 0 && lateShown.isEmpty && lastShown == nil }

    /// Whether this pass has shown the photo (`arrived`: when its file appeared, seconds since 1970).
    public func hasShown(rank: UInt64, id: @autoclosure () -> String, arrived: Int64) -> Bool {
        arrived > passBegan ? lateShown.contains(id()) : rank <= shownRank
    }

    /// The photo was shown.
    public mutating func noteShown(rank: UInt64, id: String, arrived: Int64) {
        lastShown = id
        if arrived > passBegan {
            guard !lateShown.contains(id) else { return }
            lateShown.append(id)
            if lateShown.count > ShowPlace.lateLimit { lateShown.removeFirst(lateShown.count - ShowPlace.lateLimit) }
        } else {
            shownRank = max(shownRank, rank)
        }
    }

    // MARK: as text, for the library

    /// "v1 SEED PASS SHOWNRANK PASSBEGAN LASTSHOWN LATE,LATE…" (hex numbers; "-" for none).
    public var text: String {
        let late = lateShown.isEmpty ? "-" : lateShown.joined(separator: ",")
        return ["v1", String(seed, radix: 16), String(pass), String(shownRank, radix: 16), String(passBegan),
                lastShown ?? "-", late].joined(separator: " ")
    }

    /// Reads `text` back; nil for anything else (a damaged or foreign value is no place, never a crash).
    public init?(text: String) {
        guard text.utf8.count <= 64 << 10 else { return nil }
        let parts = text.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 7, parts[0] == "v1", let seed = UInt64(parts[1], radix: 16), let pass = Int(parts[2]),
              pass >= 1, pass <= 1 << 40, let shown = UInt64(parts[3], radix: 16), let began = Int64(parts[4]) else { return nil }
        let isID = { (s: Substring) in !s.isEmpty && s.count <= 128 && s.allSatisfy { $0.isASCII && !$0.isWhitespace && $0 != "," } }
        let last = parts[5] == "-" ? nil : parts[5]
        if let last, !isID(last) { return nil }
        let late = parts[6] == "-" ? [] : parts[6].split(separator: ",", omittingEmptySubsequences: false)
        guard late.count <= ShowPlace.lateLimit, late.allSatisfy(isID) else { return nil }
        self.init(seed: seed, pass: pass, shownRank: shown, passBegan: began, lateShown: late.map(String.init),
                  lastShown: last.map(String.init))
    }
}
