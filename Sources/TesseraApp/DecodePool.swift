import CPlatform
import Foundation
import SDLKit

/// Decodes images on a few worker threads, most urgent first. Workers only use CPU surfaces (SDL_image and
/// SDL_SoftStretchLinear), never the renderer: textures are made on the main thread.
public final class DecodePool {
    struct Job {
        let token: UInt64
        let priority: Int
        let data: Data
        let size: (width: Int, height: Int)
        let done: (Result<Surface, Error>) -> Void
    }

    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var stopping = false
    private var running = 0
    private let live: LiveTokens
    private let exited = DispatchSemaphore(value: 0)
    public let workerCount: Int
    /// Milliseconds each decode took (decode and scale), for the benchmark; the last 10,000.
    private var durations: [Double] = []
    /// The largest pixel buffer a decode allocated, for the benchmark.
    private(set) var decodePeakBytes = 0

    /// As many workers as cores, less one for the main thread, at least one.
    init(live: LiveTokens, workers: Int = max(1, ProcessInfo.processInfo.activeProcessorCount - 1)) {
        self.live = live
        workerCount = max(1, workers)
        for i in 0..<workerCount {
            let t = Thread { [unowned self] in self.work() }
            t.name = "tessera-decode-\(i)"
            t.start()
        }
    }

    func submit(_ job: Job) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    var decodeMilliseconds: [Double] {
        condition.lock(); defer { condition.unlock() }
        return durations
    }

    func shutdown() {
        condition.lock()
        guard !stopping else { condition.unlock(); return }
        stopping = true
        jobs.removeAll()
        condition.broadcast()
        condition.unlock()
        for _ in 0..<workerCount { exited.wait() }
    }

    deinit { shutdown() }

    private func work() {
        // Decoding may wait; a frame may not: the main thread goes first when the cores are busy.
        tessera_lower_thread_priority(10)
        while true {
            condition.lock()
            while jobs.isEmpty && !stopping { condition.wait() }
            if stopping { condition.unlock(); break }
            // Lowest priority value first; the queue is short, so a scan beats a heap.
            var best = 0
            for i in jobs.indices.dropFirst() where jobs[i].priority < jobs[best].priority { best = i }
            let job = jobs.remove(at: best)
            running += 1
            condition.unlock()

            var took: Double?
            var peak = 0
            if live.contains(job.token) {
                let start = DispatchTime.now().uptimeNanoseconds
                let result = Result { try DecodePool.decode(job.data, to: job.size, peak: &peak) }
                took = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
                job.done(result)
            }
            condition.lock()
            running -= 1
            if let took, durations.count < 10_000 { durations.append(took) }
            decodePeakBytes = max(decodePeakBytes, peak)
            condition.unlock()
        }
        exited.signal()
    }

    /// Decodes and brings the picture to exactly the cell's pixel size.
    static func decode(_ data: Data, to size: (width: Int, height: Int), peak: inout Int) throws -> Surface {
        let decoded = try Surface(decoding: data)
        peak = decoded.byteCount
        return try decoded.scaled(toWidth: size.width, height: size.height)
    }
}
