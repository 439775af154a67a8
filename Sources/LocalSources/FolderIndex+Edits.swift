import Foundation
import GalleryCore

/// Files coming and going in a folder index (found by the walk, changed or gone under the watcher), and what the
/// catalog must change for photos it already has.
extension FolderIndex {
    /// What the catalog must change for photos it already has.
    public typealias Edits = FeedEdits

    /// Whether the index has this file as it is (path, size, modification time): a rescan need not read it again.
    public func has(path: String, bytes: Int64, modified: Int64) -> Bool {
        table.has(path: path, bytes: bytes, modified: modified)
    }

    /// The same, and the still has the Live Photo clip `companion` beside it as it had (a MOV put beside a still,
    /// or taken away, changes the photo though the still's own file did not change).
    public func has(path: String, bytes: Int64, modified: Int64, companion: String?) -> Bool {
        table.has(path: path, bytes: bytes, modified: modified, companion: .some(companion))
    }

    /// A file found by the walk or the watcher (new, or replacing the one at its path).
    public mutating func add(_ file: LocalFile) -> Edits {
        var edits = Edits()
        if let slot = table.slot(ofPath: file.path) {
            let r = table[slot]
            if r.bytes == file.bytes, r.modified == file.modified, r.identity == file.identity,
               Int(r.width) == file.width, Int(r.height) == file.height, table.motion(r) == file.motion { return edits }
            edits = remove(path: file.path)
        }
        let slot = table.store(file)
        // While the first scan runs, what it finds joins the photos still to come, placed when a page needs them (a
        // big folder serves before its scan ends; its early cells must not be pushed down by newer files).
        guard scanFinished else {
            pending.append(slot)
            return edits
        }
        placePending()
        table.mark(slot, Record.placed, true)
        var at = position(of: table[slot])
        let dated = isDated(table[slot])
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
        if let next = ordered[(at + 1)...].first(where: { table[$0].has(Record.served) && isDated(table[$0]) }) {
            serve(slot)
            edits.inserted.append((table.file(table[slot]).photo, table.file(table[next]).id))
        } else if servedCount == count - 1 {
            serve(slot)
            edits.inserted.append((table.file(table[slot]).photo, nil))
        }
        return edits
    }

    /// A file gone (deleted, moved away, no longer an image).
    public mutating func remove(path: String) -> Edits {
        guard let slot = table.slot(ofPath: path) else { return Edits() }
        let r = table[slot]
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
    public mutating func remove(under folder: String) -> Edits { remove(slots: table.slots(under: folder)) }

    /// The paths of the files under `folder`.
    public func paths(under folder: String) -> [String] { table.slots(under: folder).map { table.path(table[$0]) } }

    /// Every file in these folders (not below them) that `seen` does not hold: gone since they were read (a rescan
    /// after the watcher lost track).
    public mutating func remove(in folders: Set<String>, except seen: Set<String>) -> (edits: Edits, paths: [String]) {
        let gone = table.slots(in: folders, except: seen)
        let paths = gone.map { table.path(table[$0]) }
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
            if table[slot].has(Record.served) { servedCount -= 1 }
            let old = table.forget(slot)
            if pass > 0 { edits.removed.append(old.id) }
        }
        return edits
    }
}
