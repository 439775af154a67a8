import Foundation
import GalleryCore

/// The cell cache's one door: the image layer reads kept cells through it (for the sources that ask, `KeptCells`)
/// and keeps new ones (`CellKeeper`), so nothing outside the layer reads or writes the cache. Thread-safe, as the
/// cache is; may block on disk.
public final class CellShelf: KeptCells {
    private let cache: CellCache

    public init(cache: CellCache) { self.cache = cache }

    /// The kept cell as an answer: one that does not decode is forgotten, so the next fetch reads the file.
    public func keptCell(forKey key: String) -> ImageAnswer? {
        guard let cell = cache.cell(forKey: key) else { return nil }
        let cache = self.cache
        return ImageAnswer(cell, undecodable: { cache.forget(key) })
    }

    /// Whether a cell decoded for `key` is still to be kept (false once kept this run).
    public func wants(_ key: String) -> Bool { cache.wants(key) }

    /// Keeps an encoded cell under `key`.
    public func keep(_ encoded: Data, forKey key: String) { cache.keep(encoded, forKey: key) }
}
