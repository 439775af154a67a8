import Foundation
import GalleryCore
import GalleryStore

/// The last good copy of each calendar source, kept in the cache folder (`calendar/<hash>.ics`) so a frame booted
/// offline shows its calendar: written whole or not at all (`AtomicFile`), read back no larger than the limit.
struct CalendarCopies {
    let folder: String?
    let maxBytes: Int

    init(settings: CalendarSettings) {
        maxBytes = settings.limits.maxBytes
        guard settings.keepsCopies else { folder = nil; return }
        let base = settings.cacheDirectory ?? StoreOpener.defaultDirectory()
        folder = (base as NSString).appendingPathComponent("calendar")
    }

    /// Where `source`'s copy lives (a hash of the source names it: an address may hold what a file name cannot).
    func path(of source: String) -> String? {
        folder.map { ($0 as NSString).appendingPathComponent(CalendarCopies.name(of: source)) }
    }

    /// The kept copy of `source` and when it was written (its file's modification time: when it was fetched).
    func load(_ source: String) -> (bytes: Data, fetchedAt: Double)? {
        guard let path = path(of: source), let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maxBytes + 1), data.count <= maxBytes else { return nil }
        let written = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate]) as? Date
        return (data, (written ?? Date()).timeIntervalSince1970)
    }

    func keep(_ bytes: Data, of source: String) {
        guard let path = path(of: source) else { return }
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            Log.warn("calendar: cannot keep a copy of \(CalendarSettings.shownName(of: source)): \(error)")
        }
    }

    /// FNV-1a of the source's bytes, in hex, with `.ics`.
    static func name(of source: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in source.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16) + ".ics"
    }
}
