import Foundation
import GalleryCore

/// The cell cache in the offline store, for every source whose answers name a cell key: cells decoded from
/// originals, encoded small, written in batches (one transaction for many cells) off the decoding threads. A cell
/// kept this run is not wanted again; one that does not decode is forgotten. A full or read-only disk costs the
/// cache, never a photo: said once a minute.
public final class StoredCells: CellCache {
    private let store: () -> PhotoStore?
    private let log: (String) -> Void
    private let writes = BackgroundQueue(name: "tessera-cell-writes")
    private let lock = NSLock()
    // Guarded by `lock`:
    private var kept = Set<String>()
    private var unwritten: [(key: String, data: Data)] = []
    private var writeLog = LogThrottle()
    /// Keys remembered as kept at the most (past it they are forgotten: a cell decoded again is only written again).
    static let keptLimit = 50_000

    /// `store`: the offline store, asked for when first needed (it may block while the store opens; nil: none).
    public init(store: @escaping () -> PhotoStore?, log: @escaping (String) -> Void) {
        self.store = store
        self.log = log
    }

    public func cell(forKey key: String) -> Data? {
        let cell = (try? store()?.image(forKey: key)) ?? nil
        if cell == nil { tally.miss() } else { tally.hit() }
        return cell
    }

    /// Cells found and not (the health's hit rate), counted from the decode workers.
    public let tally = CacheTally()

    public func wants(_ key: String) -> Bool { lock.withLock { !kept.contains(key) } }

    public func keep(_ encoded: Data, forKey key: String) {
        let first: Bool? = lock.withLock {
            if kept.count >= StoredCells.keptLimit { kept.removeAll() }
            guard kept.insert(key).inserted else { return nil }
            unwritten.append((key, encoded))
            return unwritten.count == 1
        }
        // The first cell of a batch schedules its write; the cells that come meanwhile join it.
        if first == true { writes.async { [weak self] in self?.writeBatch(after: 0.1) } }
    }

    public func forget(_ key: String) {
        lock.withLock { _ = kept.remove(key) }
        writes.async { [weak self] in _ = try? self?.store()?.removeImage(forKey: key) }
    }

    /// Writes the cells waiting for their batch now, and returns once they are written (tests; shutdown).
    public func flush() {
        let done = DispatchSemaphore(value: 0)
        writes.async { [weak self] in self?.writeBatch(after: 0); done.signal() }
        done.wait()
    }

    /// Cells waiting to be written.
    public var unwrittenCount: Int { lock.withLock { unwritten.count } }

    private func writeBatch(after seconds: Double) {
        // Cells decoded meanwhile join the batch (the queue's thread has nothing better to do).
        if seconds > 0 { Thread.sleep(forTimeInterval: seconds) }
        let batch: [(key: String, data: Data)] = lock.withLock { defer { unwritten.removeAll() }; return unwritten }
        guard !batch.isEmpty else { return }
        do {
            try store()?.saveImages(batch)
        } catch {
            let now = Double(DispatchTime.now().uptimeNanoseconds) / 1e9
            if let line = lock.withLock({ writeLog.line("cannot keep decoded cells in the cache: \(error)", at: now) }) {
                log(line)
            }
        }
    }
}
