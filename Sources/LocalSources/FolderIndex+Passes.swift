import Foundation
import GalleryCore

/// A folder index's passes and how far the show got: a shuffle's order by each file's `ShowPlace.rank` for the
/// pass, and the `ShowPlace` kept in the user's library. `resume(from:)` carries on from a kept place without cutting
/// the feed: the resumed pass is served whole from its first photo (a shuffle's photos already shown first), its
/// first page reaching past the place, and says where the show stood in it (`takeResumed`). The first photos of a
/// shuffled pass are never the last ones of the pass before (`ShowPlace.passEdgeRanks`).
extension FolderIndex {
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
        guard let slot = table.slot(ofID: id) else { return nil }
        let r = table[slot]
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

    func rank(_ r: Record) -> UInt64 { edgeRanks[r.hash] ?? ShowPlace.rank(r.hash, seed: seed, pass: orderPass) }

    /// A record's rank in `pass`'s order (this pass's, or the pass before's while its last photos show).
    func passRank(_ r: Record, pass: Int) -> UInt64 {
        if pass == orderPass { return rank(r) }
        if let before = previousEdgeRanks, before.pass == pass, let edge = before.ranks[r.hash] { return edge }
        return ShowPlace.rank(r.hash, seed: seed, pass: pass)
    }

    /// When a file arrived, as far as the index can tell: its modification time, in seconds since 1970.
    func arrived(_ r: Record) -> Int64 { r.modified / 1_000_000_000 }

    /// Sorts every placed file for `orderPass` (a shuffle's new pass): the pass's ranks worked out again over the
    /// files there now, so its first photos are none of the pass before's last.
    mutating func reorder() {
        if sort == .random {
            let hashes = ordered.map { table[$0].hash }
            edgeRanks = ShowPlace.passEdgeRanks(hashes, seed: seed, pass: orderPass)
        }
        let files = table
        var order = ordered
        order.sort { precedes(files[$0], files[$1]) }
        ordered = order
    }

    /// A new pass: nothing served, a shuffle in the pass's own order, a new place.
    mutating func beginPass() {
        if pass > 0, !place.isFresh { previousPlace = place }
        pass += 1
        for slot in ordered {
            table.mark(slot, Record.served, false)
            table.mark(slot, Record.shown, false)
        }
        servedCount = 0
        if dates.memories {
            dates.onThisDay = PhotoDateFilter.day(of: now() + Int64(TimeZone.current.secondsFromGMT()))
        }
        if !dates.isEmpty { for slot in ordered where !isDated(table[slot]) { serve(slot) } }
        cursor = 0
        if sort == .random {
            // Sorted again even for the pass a kept place resumes (its files are all known only now).
            if orderPass != pass { previousEdgeRanks = (orderPass, edgeRanks) }
            orderPass = pass
            reorder()
        }
        // A clock set back (a Pi without a clock, booted before the network) must not make every file new.
        let newest = table.all.lazy.filter { $0.has(Record.alive) }.map { $0.modified / 1_000_000_000 }.max() ?? 0
        place = ShowPlace(seed: seed, pass: pass, passBegan: max(now(), newest))
    }

    /// Takes up a kept place at the start of its pass, the feed whole: a shuffle's photos the place had shown (ranked
    /// at or below it, when there when the pass began, and the late ones it lists) go first, in their order, and the
    /// rest follows in rank order; a sorted show keeps its order. Returns the index in `ordered` of the last photo
    /// the first page must reach (the kept part's last, or the photo the show stood at; -1: nothing kept) and notes
    /// where the show stood (`resumed`).
    mutating func resumeWhole(_ kept: ShowPlace) -> Int {
        var through = -1
        if sort == .random {
            var shown = 0
            for slot in ordered {
                let r = table[slot]
                guard kept.hasShown(rank: rank(r), id: "f" + LocalFile.hex(r.hash), arrived: arrived(r)) else { continue }
                table.mark(slot, Record.shown, true)
                shown += 1
            }
            guard shown > 0 else { return -1 }
            reorder()
            through = shown - 1
        } else if let last = kept.lastShown, let slot = table.slot(ofID: last), let at = ordered.firstIndex(of: slot) {
            through = at
        } else {
            return -1
        }
        // The first photo after the kept part that shows (one passed over for its date is served already).
        let next = ordered[(through + 1)...].first { !table[$0].has(Record.served) }
        let stood = kept.lastShown.flatMap { table.slot(ofID: $0) }.flatMap { ordered.firstIndex(of: $0) }
        resumed = ShowResume(stoodAt: stood.map { table.file(table[ordered[$0]]).id },
                             next: next.map { table.file(table[$0]).id })
        // The wall stands at the photo it stood at: the page reaches it too (a late photo may sit past the kept part).
        return max(through, stood ?? -1)
    }
}
