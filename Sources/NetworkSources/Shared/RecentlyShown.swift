import Foundation
import GalleryCore

/// The photos a feed that cannot be listed has shown lately (Unsplash's random endpoint, which draws with replacement
/// from all of Unsplash), kept as the show's place so a restart does not open on them again: the newest `limit` IDs,
/// as text ("r1 ID,ID,…"). Nothing more can be promised of such a feed: it has no passes, and what it draws next is
/// not known ahead. Thread-safe (one lock).
public final class RecentlyShown {
    private let lock = NSLock()
    // Guarded by `lock`:
    private var order: [String] = []
    private var ids = Set<String>()
    public let limit: Int

    public init(limit: Int = 1_000) { self.limit = max(1, limit) }

    /// A photo was shown: the place to keep.
    public func note(_ id: String) -> String? {
        guard Photo.isAcceptableID(id), !id.contains(",") else { return nil }
        return lock.withLock {
            if ids.insert(id).inserted {
                order.append(id)
                if order.count > limit {
                    for old in order.prefix(order.count - limit) { ids.remove(old) }
                    order.removeFirst(order.count - limit)
                }
            } else if let at = order.firstIndex(of: id) {
                order.append(order.remove(at: at))
            }
            return "r1 " + order.joined(separator: ",")
        }
    }

    /// Takes up a kept place; anything else (damaged, another order's) is ignored.
    public func resume(from text: String) {
        guard text.utf8.count <= 256 << 10, text.hasPrefix("r1 ") else { return }
        // Each ID once (the last time it was shown counts), so the list and the set never drift apart.
        var seen = Set<String>()
        let ids = text.dropFirst(3).split(separator: ",").map(String.init).filter(Photo.isAcceptableID)
        let kept = Array(ids.reversed().filter { seen.insert($0).inserted }.prefix(limit).reversed())
        lock.withLock {
            order = kept
            self.ids = Set(kept)
        }
    }

    /// The page without the photos shown lately (counted as skipped, so the page is not taken for the last).
    public func unseen(_ contents: PageContents) -> PageContents {
        var contents = contents
        let kept = lock.withLock { contents.photos.filter { !ids.contains($0.id) } }
        contents.skipped += contents.photos.count - kept.count
        contents.photos = kept
        return contents
    }
}
