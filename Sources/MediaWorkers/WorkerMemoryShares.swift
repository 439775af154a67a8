import CPlatform
import Foundation
import Glibc
import GalleryCore

/// The media workers' one memory budget (`MediaMemoryBudget`), divided equally among the workers alive. Each
/// worker's RLIMIT_DATA is its share: the others are lowered to their new share before one starts (prlimit, so a
/// worker busy in a decoder is limited too: its next allocation past the share fails, in there), and raised again
/// when one ends. So together the workers' limits never pass the budget, however many the rooms ask for.
/// Thread-safe: the service is started from decode threads, players from the main thread.
public final class WorkerMemoryShares: @unchecked Sendable {
    public let budget: MediaMemoryBudget
    private let lock = NSLock()
    /// The workers started and not yet reaped (guarded by `lock`).
    private var live: Set<pid_t> = []

    /// Whether limits are set: not in a ThreadSanitizer build (found by its `__tsan_init` symbol), whose shadow
    /// memory is private writable mappings far beyond any budget; the workers' own limits are off there too.
    private let enforced = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") == nil

    public init(budget: MediaMemoryBudget) { self.budget = budget }

    /// One door for prlimit on a worker.
    private func setLimit(_ pid: pid_t, _ bytes: Int) {
        if enforced { _ = tessera_set_data_limit(pid, UInt64(bytes)) }
    }

    /// This machine's: a quarter of its memory, at most `MediaMemoryBudget.ceiling`; `TESSERA_MEDIA_MEMORY_MB`
    /// instead when set (the tests stand in for a 1 GB Raspberry Pi with 256).
    public static let machine = WorkerMemoryShares(budget: MediaMemoryBudget(
        physicalBytes: sysconf(Int32(_SC_PHYS_PAGES)) * sysconf(Int32(_SC_PAGESIZE)),
        overrideMB: ProcessInfo.processInfo.environment[MediaMemoryBudget.overrideVariable]))

    /// Starts a worker: `start` is given its share and returns its pid, and the share is set on it at once (the
    /// worker also sets it on itself, never raising it). The others are lowered first.
    func admit(_ start: (Int) throws(MediaRefusal) -> pid_t) throws(MediaRefusal) -> pid_t {
        lock.lock(); defer { lock.unlock() }
        let share = budget.share(live: live.count + 1)
        for pid in live { setLimit(pid, share) }
        do {
            let pid = try start(share)
            setLimit(pid, share)
            live.insert(pid)
            return pid
        } catch {
            redivide()
            throw error
        }
    }

    /// The worker `pid` has ended (called before it is reaped, while its pid is still its own): the others' shares
    /// grow.
    func release(_ pid: pid_t) {
        lock.lock(); defer { lock.unlock() }
        guard live.remove(pid) != nil else { return }
        redivide()
    }

    /// Workers alive now, and each one's share.
    public var current: (live: Int, share: Int) {
        lock.lock(); defer { lock.unlock() }
        return (live.count, budget.share(live: live.count))
    }

    /// Called with `lock` held.
    private func redivide() {
        let share = budget.share(live: live.count)
        for pid in live { setLimit(pid, share) }
    }
}
