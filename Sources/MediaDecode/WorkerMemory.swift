import CPlatform
import Glibc
import GalleryCore

/// This worker's share of the workers' memory (RLIMIT_DATA, which the app lowers and raises as workers come and
/// go), and what is left of it: a decode is judged by that before it allocates (`MediaDecodeMemory`).
enum WorkerMemory {
    /// Lowers this process's data limit to `share` (never raises it: the app may have lowered it already).
    static func limit(to share: Int) {
        guard share > 0 else { return }
        let now = tessera_data_limit(0)
        guard now == 0 || UInt64(share) < now else { return }
        if tessera_set_data_limit(0, UInt64(share)) != 0 {
            workerLog("cannot limit the memory to its share: \(String(cString: strerror(errno)))")
        }
    }

    /// Large blocks (a frame, a canvas) from mappings of their own, returned whole when freed, and two heaps at
    /// most: what a decode held is given back when it ends, so the next one has the share to itself.
    static func setUpAllocator() { tessera_worker_allocator(256 << 10, 2) }

    /// Gives freed memory at the top of the heaps back (malloc_trim), after a poster.
    static func giveBack() { tessera_malloc_trim() }

    /// Bytes this process may still take before its data limit (`Int.max`: none); the data it holds now is
    /// /proc/self/statm's sixth field (data and stack, in pages).
    static var available: Int {
        let limit = tessera_data_limit(0)
        guard limit > 0, limit < UInt64(Int.max) else { return Int.max }
        return Int(limit) - held
    }

    private static var held: Int {
        guard let file = fopen("/proc/self/statm", "r") else { return 0 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        guard fgets(&line, Int32(line.count), file) != nil else { return 0 }
        let fields = String(cString: line).split(separator: " ")
        guard fields.count > 5, let pages = Int(fields[5]) else { return 0 }
        return pages * sysconf(Int32(_SC_PAGESIZE))
    }

    /// The refusal when `needed` more bytes do not fit in what is left, or nil.
    static func refusal(needed: Int, width: Int, height: Int) -> MediaRefusal? {
        MediaDecodeMemory.refusal(needed: needed, available: available, width: width, height: height)
    }
}
