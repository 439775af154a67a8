import Foundation
import GalleryCore
import SDLKit

/// Keeps decoded cells in the cell cache for the next start, for every source whose answers name a cell key, without
/// ever making a decode wait: a cell is encoded and kept once no decode waits (`DecodePool.whenIdle`, bounded in
/// bytes); what that bound lets go is decoded again from its source when the workers are idle, at the lowest
/// priority, two at a time, never blocking a worker. A new source (`reset`) drops what was waiting, so nothing is
/// asked of a source no longer shown. Thread-safe; bounded.
public final class CellKeeper {
    private struct Waiting { let photo: Photo; let size: PixelSize }

    private let cells: CellShelf?
    private let lock = NSLock()
    // Guarded by `lock`:
    private var waiting: [Waiting] = []
    private var running = 0
    private var generation = 0
    private var source: PhotoSource?

    public static let limit = 5_000
    /// Cells being decoded again at once.
    public static let width = 2

    /// `cells`: the layer's door to the cell cache (nil: no cache).
    public init(cells: CellShelf?) { self.cells = cells }

    /// Cells waiting to be decoded again, or on their way.
    public var count: Int { lock.withLock { waiting.count + running } }

    /// A cell just decoded from `answer`, on a decode worker: kept when its answer names a key the cache still
    /// wants. A cell at the photo's own size is the file itself: nothing to keep.
    public func decoded(_ surface: Surface, from answer: ImageAnswer, photo: Photo, size: PixelSize, pool: DecodePool) {
        guard let cells, let key = answer.cellKey, PixelSize(width: photo.width, height: photo.height) != size,
              cells.wants(key) else { return }
        let waits = pool.whenIdle(bytes: surface.byteCount) {
            if let encoded = CellEncoder.encode(surface) { cells.keep(encoded, forKey: key) }
        }
        if !waits { lock.withLock { if waiting.count < CellKeeper.limit { waiting.append(Waiting(photo: photo, size: size)) } } }
    }

    /// For an idle decode worker: the next cell to fetch again and keep, or nil. The fetch runs on the source's
    /// threads and its decode joins the pool's queue last, so the worker is free at once.
    public func nextIdleWork() -> ((DecodePool) -> Void)? {
        guard let cells else { return nil }
        let next: (Waiting, Int, PhotoSource)? = lock.withLock {
            guard running < CellKeeper.width, let source, !waiting.isEmpty else { return nil }
            running += 1
            return (waiting.removeFirst(), generation, source)
        }
        guard let (item, generation, source) = next else { return nil }
        return { [weak self] pool in
            guard let self, self.isCurrent(generation) else { return }
            _ = source.fetchImage(item.photo, size: item.size, priority: Int.max, progress: nil) { result in
                guard case .success(let answer) = result, let key = answer.cellKey, cells.wants(key),
                      self.isCurrent(generation) else {
                    self.finished(generation, pool: pool)
                    return
                }
                pool.submit(DecodePool.Job(token: 0, priority: Int.max, answer: answer, target: item.size,
                                           requested: nil, background: true) { decoded in
                    switch decoded {
                    case .success(let surface):
                        if let encoded = CellEncoder.encode(surface) { cells.keep(encoded, forKey: key) }
                    case .failure:
                        answer.undecodable?()
                    }
                    self.finished(generation, pool: pool)
                })
            }
        }
    }

    /// A new source shows (or the same one afresh): what waited for the old one is dropped.
    public func reset(source: PhotoSource) {
        lock.withLock {
            waiting.removeAll()
            running = 0
            generation += 1
            self.source = source
        }
    }

    private func isCurrent(_ generation: Int) -> Bool { lock.withLock { generation == self.generation } }

    private func finished(_ generation: Int, pool: DecodePool) {
        lock.withLock { if generation == self.generation { running -= 1 } }
        pool.wake()  // an idle worker asks for the next one
    }
}
