import Foundation
import GalleryCore

/// The cell cache's one door: the image layer reads kept cells through it (for the sources that ask, `KeptCells`)
/// and keeps new ones (`CellKeeper`), so nothing outside the layer reads or writes the cache. Thread-safe, as the
/// cache is; may block on disk.
public final class CellShelf: KeptCells {
    private let cache: CellCache
    private let lock = NSLock()
    private var colours = DisplayColours.sRGB.identity

    public init(cache: CellCache) { self.cache = cache }

    /// The display's colours the cells are kept in (`DisplayColours.identity`), set before the first image is asked
    /// for: a cell kept for another display, or before colours were managed, is not read back.
    public func keep(in colours: DisplayColours) { lock.withLock { self.colours = colours.identity } }

    /// A source's key with the colours of the cells under it (its folder prefix stays in front).
    private func coloured(_ key: String) -> String { key + "|" + lock.withLock { colours } }

    /// The kept cell as an answer (its pixels in the display's colours already): one that does not decode is
    /// forgotten, so the next fetch reads the file.
    public func keptCell(forKey key: String) -> ImageAnswer? {
        let key = coloured(key)
        guard let cell = cache.cell(forKey: key) else { return nil }
        let cache = self.cache
        var answer = ImageAnswer(cell, undecodable: { cache.forget(key) })
        answer.inDisplayColours = true
        return answer
    }

    /// Whether a cell decoded for `key` is still to be kept (false once kept this run).
    public func wants(_ key: String) -> Bool { cache.wants(coloured(key)) }

    /// Keeps an encoded cell under `key`.
    public func keep(_ encoded: Data, forKey key: String) { cache.keep(encoded, forKey: coloured(key)) }
}
