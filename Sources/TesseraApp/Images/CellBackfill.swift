import Foundation
import GalleryCore

/// Cells decoded while the decoder was busy whose keeping had to be let go (the wait for an idle worker is
/// bounded): once no decode waits, each is read and decoded again, at the lowest priority, and kept, so a fling
/// through a folder costs its decodes only, and the next start still finds its cells. Thread-safe; bounded.
final class CellBackfill {
    private let lock = NSLock()
    private var waiting: [(photo: Photo, size: PixelSize, source: PhotoSource)] = []
    static let limit = 5_000

    /// `source`: the one it came from (the source shown may change meanwhile).
    func add(_ photo: Photo, size: PixelSize, from source: PhotoSource) {
        lock.withLock { if waiting.count < CellBackfill.limit { waiting.append((photo, size, source)) } }
    }

    var count: Int { lock.withLock { waiting.count } }

    /// The next cell's work for an idle worker: read, decode, encode, keep; nil when none waits.
    func next(pool: DecodePool) -> (() -> Void)? {
        guard let item = lock.withLock({ waiting.isEmpty ? nil : waiting.removeFirst() }) else { return nil }
        return {
            // Kept meanwhile (decoded again while on screen): nothing to do.
            guard item.source.wantsDecodedCell(item.photo, size: item.size) else { return }
            let done = DispatchSemaphore(value: 0)
            let bytes = Box<Data>()
            _ = item.source.fetchImage(item.photo, size: item.size, priority: Int.max, progress: nil) { result in
                if case .success(let data) = result { bytes.set(data) }
                done.signal()
            }
            guard done.wait(timeout: .now() + 30) == .success, let data = bytes.value,
                  let surface = try? pool.decodeNow(data, target: item.size),
                  let encoded = CellEncoder.encode(surface) else { return }
            item.source.keepDecodedCell(item.photo, size: item.size, encoded: encoded)
        }
    }

    /// One value handed across threads.
    private final class Box<T> {
        private let lock = NSLock()
        private var stored: T?
        var value: T? { lock.withLock { stored } }
        func set(_ v: T) { lock.withLock { stored = v } }
    }
}
