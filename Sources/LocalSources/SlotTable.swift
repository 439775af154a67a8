/// Record numbers found by a key without keeping the keys (the folder index's files by path and by photo ID): an
/// open-addressed table of `Int32` slots, at most half full, each key read back from the record its slot names
/// (`matches`). 8 to 16 bytes a file, where a `Dictionary` keyed by folder and name held about 70 (its keys, values
/// and three-quarter load) and one keyed by the ID's hash about 30. Not thread-safe: its owner's lock guards it.
struct SlotTable {
    private static let empty: Int32 = -1, removed: Int32 = -2
    private var cells: [Int32] = []
    /// Slots held, and cells taken (held or removed: a search walks past a removed one).
    private(set) var count = 0
    private var taken = 0

    /// The slot whose record matches, looked for from `hash`.
    func find(hash: UInt64, matches: (Int32) -> Bool) -> Int32? {
        guard !cells.isEmpty else { return nil }
        let mask = cells.count - 1
        var i = SlotTable.start(hash, mask)
        while true {
            let cell = cells[i]
            if cell == SlotTable.empty { return nil }
            if cell >= 0, matches(cell) { return cell }
            i = (i + 1) & mask
        }
    }

    /// Puts `slot` under `hash`, in place of a slot whose record matches (as a dictionary's value is replaced).
    /// `hashOf` gives a held slot's hash again when the table grows.
    mutating func insert(_ slot: Int32, hash: UInt64, matches: (Int32) -> Bool, hashOf: (Int32) -> UInt64) {
        if (taken + 1) * 2 > cells.count { grow(hashOf) }
        let mask = cells.count - 1
        var i = SlotTable.start(hash, mask), firstRemoved: Int?
        while cells[i] != SlotTable.empty {
            if cells[i] == SlotTable.removed {
                firstRemoved = firstRemoved ?? i
            } else if matches(cells[i]) {
                cells[i] = slot
                return
            }
            i = (i + 1) & mask
        }
        if let reuse = firstRemoved { cells[reuse] = slot } else { cells[i] = slot; taken += 1 }
        count += 1
    }

    /// Takes out the slot whose record matches (the first found from `hash`), if any.
    mutating func remove(hash: UInt64, matches: (Int32) -> Bool) {
        guard !cells.isEmpty else { return }
        let mask = cells.count - 1
        var i = SlotTable.start(hash, mask)
        while cells[i] != SlotTable.empty {
            if cells[i] >= 0, matches(cells[i]) {
                cells[i] = SlotTable.removed
                count -= 1
                return
            }
            i = (i + 1) & mask
        }
    }

    /// Every slot held, in no particular order.
    var slots: [Int32] { cells.filter { $0 >= 0 } }

    /// Twice the cells (or as many again, when removals fill it), every held slot put back by its hash.
    private mutating func grow(_ hashOf: (Int32) -> UInt64) {
        let held = slots
        var size = max(16, cells.count)
        while held.count * 4 >= size { size *= 2 }
        cells = Array(repeating: SlotTable.empty, count: size)
        taken = held.count
        let mask = size - 1
        for slot in held {
            var i = SlotTable.start(hashOf(slot), mask)
            while cells[i] != SlotTable.empty { i = (i + 1) & mask }
            cells[i] = slot
        }
    }

    /// Where a hash's search begins (its bits mixed: a photo ID's hash, or a folder and name's).
    private static func start(_ hash: UInt64, _ mask: Int) -> Int {
        var z = hash &* 0x9E3779B97F4A7C15
        z ^= z >> 31
        return Int(truncatingIfNeeded: z) & mask
    }
}
