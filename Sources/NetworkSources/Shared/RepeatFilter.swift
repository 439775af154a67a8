import Foundation
import GalleryCore

/// A random feed without repeats (Unsplash's random endpoint draws with replacement): a photo already
/// sent in this run's recent memory is left out of a page and counted as skipped, so the page is not taken for the
/// last. Bounded: past `limit` photos, and at a feed's page 1, it starts afresh. Thread-safe.
public final class RepeatFilter {
    private let lock = NSLock()
    private var seen = Set<String>()
    public let limit: Int

    public init(limit: Int = 5_000) { self.limit = limit }

    public func fresh(_ contents: PageContents, page: Int) -> PageContents {
        var contents = contents
        let kept: [Photo] = lock.withLock {
            if seen.count > limit || page <= 1 { seen.removeAll() }
            return contents.photos.filter { seen.insert($0.id).inserted }
        }
        contents.skipped += contents.photos.count - kept.count
        contents.photos = kept
        return contents
    }
}

extension PageContents {
    /// The empty page that ends a pass, answered off the caller's thread as the network would.
    static func endOfPass(page: Int, _ completion: @escaping (Result<PageContents, SourceError>) -> Void) -> RequestID {
        DispatchQueue.global().async { completion(.success(PageContents(photos: []))) }
        return RequestID(UInt64.max - UInt64(max(0, page)))
    }
}
