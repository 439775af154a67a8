import CPlatform
import Foundation
import GalleryCore
import GalleryNet
import NetworkSources

/// `--immich-listing N`: the memory a shuffled Immich library holds per photo. An `ImmichSource` in random order
/// (`--sort random`, the fair shuffle) lists the fixture's N assets through libcurl as the app does (its first page
/// asks for the whole library), then serves a second page (the photos' details fetched as they come near the screen).
/// The figure is the heap in use after the listing less before it (glibc's `mallinfo2`: every arena's allocated
/// blocks and its mmapped ones, after `malloc_trim`), over the photos listed; the peak is sampled every 10 ms while
/// the listing runs. The fixture server shares the process: what it keeps between requests (its request log) counts.
public enum ListingRun {
    /// Bytes a photo may hold at the most with `--check` (issue 43: a 200,000-photo listing under 40 MB).
    public static let boundBytesPerPhoto = 200.0

    /// Runs the listing against `baseURL` (the fixture's Immich stand-in) and returns the figures as JSON fields.
    public static func run(baseURL: String, apiKey: String, timeLimit: Double) throws -> [String: Any] {
        let client = try CurlHTTPClient()
        let source = ImmichSource(baseURL: baseURL, apiKey: apiKey, http: client, random: true)
        let before = heapInUse()
        let anonBefore = ProcessMemory.read().anonMB
        let sampler = PeakSampler()
        sampler.start()
        let started = ProcessInfo.processInfo.systemUptime
        let first = page(1, of: source, timeLimit: timeLimit)
        let listed = ProcessInfo.processInfo.systemUptime - started
        let peak = sampler.stop()
        let pageStarted = ProcessInfo.processInfo.systemUptime
        let second = page(2, of: source, timeLimit: timeLimit)
        let secondMs = (ProcessInfo.processInfo.systemUptime - pageStarted) * 1000
        let after = heapInUse()
        let anonAfter = ProcessMemory.read().anonMB
        let count = source.shuffledCount
        withExtendedLifetime(client) {}
        let perPhoto = count > 0 ? Double(after - before) / Double(count) : 0
        return [
            "photos_listed": count,
            "listing_s": BenchReport.round(listed),
            "first_page_photos": first?.photos.count ?? -1,
            "second_page_photos": second?.photos.count ?? -1,
            "second_page_ms": BenchReport.round(secondMs),
            "heap_mb": BenchReport.round(Double(after - before) / 1_048_576),
            "heap_peak_mb": BenchReport.round(Double(max(peak, after) - before) / 1_048_576),
            "anon_mb": BenchReport.round(anonAfter - anonBefore),
            "bytes_per_photo": BenchReport.round(perPhoto),
            "peak_bytes_per_photo": count > 0 ? BenchReport.round(Double(max(peak, after) - before) / Double(count)) : 0,
            "bound_bytes_per_photo": boundBytesPerPhoto,
            "photo_id_sample": first?.photos.first?.id ?? "",
        ]
    }

    /// One page of the feed, or nil when it failed or did not come in `timeLimit` seconds.
    private static func page(_ n: Int, of source: ImmichSource, timeLimit: Double) -> PageContents? {
        let done = DispatchSemaphore(value: 0)
        let box = Locked<PageContents?>(nil)
        source.fetchPage(n, limit: 30) { result in
            if case .success(let contents) = result { box.set(contents) }
            done.signal()
        }
        _ = done.wait(timeout: .now() + timeLimit)
        return box.value
    }

    /// Bytes the heap has handed out and not had back, all arenas and mmapped blocks, after giving free pages back.
    static func heapInUse() -> Int {
        malloc_trim(0)
        let info = mallinfo2()
        return Int(info.uordblks) + Int(info.hblkhd)
    }

    /// The heap's highest use while a run goes on, read every 10 ms on a thread of its own.
    private final class PeakSampler: @unchecked Sendable {
        private let lock = NSLock()
        private var peak = 0
        private var running = true
        private let finished = DispatchSemaphore(value: 0)

        func start() {
            Thread.detachNewThread { [self] in
                while lock.withLock({ running }) {
                    let info = mallinfo2()
                    let used = Int(info.uordblks) + Int(info.hblkhd)
                    lock.withLock { peak = max(peak, used) }
                    usleep(10_000)
                }
                finished.signal()
            }
        }

        func stop() -> Int {
            lock.withLock { running = false }
            finished.wait()
            return lock.withLock { peak }
        }
    }

    /// A value set on one thread and read on another.
    private final class Locked<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Value
        init(_ value: Value) { stored = value }
        func set(_ value: Value) { lock.withLock { stored = value } }
        var value: Value { lock.withLock { stored } }
    }
}
