import CPlatform
import Dispatch

/// Keeps a process that runs for weeks from creeping upward in memory. Decoding, downloading and the cache run on
/// several threads; glibc gives each its own malloc arena and keeps freed memory in them, so resident memory would
/// drift up with fragmentation even though nothing leaks. Fewer arenas, and handing free memory back to the system
/// every few seconds, keep it flat.
enum MemoryHygiene {
    private static var lastTrim = 0.0
    static let trimInterval = 5.0

    /// Freed pixel buffers kept for reuse, as a number of windows' worth: enough for the cells that scroll in while
    /// others scroll out, without page faults (`tessera_pixels_keep_spares`).
    static let spareWindows = 2

    /// The window's size in physical pixels changed (and at start).
    static func windowChanged(physicalPixels: Int) {
        tessera_pixels_keep_spares(spareWindows * physicalPixels * 4)
    }

    /// Call once, before other threads start.
    static func configure() {
        tessera_limit_malloc_arenas(2)
    }

    /// Call from the frame loop; trims at most every `trimInterval` seconds (`malloc_trim`), on a background
    /// thread so that a large trim never costs a frame.
    static func tick(now: Double) {
        guard now - lastTrim >= trimInterval else { return }
        lastTrim = now
        DispatchQueue.global(qos: .utility).async { tessera_malloc_trim() }
    }
}
