import CPlatform
import Foundation
import GalleryCore
import SDLKit

/// Decodes images on worker threads, most urgent first, through the one `ImageDecoder`. Each job's header is read
/// when it is submitted: a refused image costs that read and never waits in the queue. At most one large decode
/// (see `DecodeLimits.largeDecodeBytes`) runs at a time, and there are at least two workers, so a huge or slow
/// image never holds back the small visible cells. Workers only use CPU surfaces, never the renderer.
public final class DecodePool {
    public struct Job {
        let token: UInt64
        let priority: Int
        let answer: ImageAnswer
        let target: PixelSize
        /// For sources that answer at the size asked: that size (a far larger answer is refused).
        let requested: PixelSize?
        /// Work of the pool's own (a cell decoded again to be kept), under no slot's token.
        var background = false
        let done: (Result<Surface, Error>) -> Void
    }

    private struct Queued {
        let job: Job
        /// Nil for a moving picture's poster, which the media worker makes (`ImageDecoder.poster`).
        let plan: DecodePlan?
        var isLarge: Bool { plan?.isLarge ?? false }
        var isPoster: Bool { plan == nil }
    }

    private let condition = NSCondition()
    private var queue: [Queued] = []
    /// Work that waits until no decode does (keeping decoded cells for the next start), oldest first, and the bytes
    /// it holds. Bounded: past `idleLimitBytes` new work is dropped (a cell not kept is decoded from its file again).
    private var idleWork: [(bytes: Int, run: () -> Void)] = []
    private var idleBytes = 0
    /// Idle work being run now.
    private var idleRunning = 0
    public static let idleLimitBytes = 24 << 20
    /// Asked by a worker with nothing else to do for work of the lowest priority (decoding cells again to keep them);
    /// nil when there is none. Called without the pool's lock held.
    private let idle: () -> ((DecodePool) -> Void)?
    private var stopping = false
    /// Bumped by `wake`: a worker that asked for idle work while it changed asks again instead of waiting.
    private var wakeups = 0
    private var largeRunning = false
    /// A poster is being made: the media worker makes one at a time, so a second would only hold a decode worker.
    private var posterRunning = false
    private let live: LiveTokens
    private let decoder: ImageDecoder
    private let exited = DispatchSemaphore(value: 0)
    public let workerCount: Int
    /// Milliseconds each decode took (decode and scale), for the benchmark; the first 10,000.
    private var durations: [Double] = []
    /// The largest pixel buffers one decode held, for the benchmark.
    public private(set) var decodePeakBytes = 0
    /// Images refused from their header, for the benchmark and tests.
    public private(set) var refusedCount = 0
    /// Where each decode's seconds and each failure (a header refused, a decode that threw) are counted
    /// (`GET /metrics`).
    private let timing: TimedWork?

    /// As many workers as cores less one for the main thread, but at least two: one may be busy with a large image.
    /// `idle`: what a worker with nothing to do asks for work (it is given everything before its workers start).
    public init(live: LiveTokens, decoder: ImageDecoder = ImageDecoder(),
         workers: Int = max(2, ProcessInfo.processInfo.activeProcessorCount - 1),
         idle: @escaping () -> ((DecodePool) -> Void)? = { nil }, timing: TimedWork? = nil) {
        self.timing = timing
        self.live = live
        self.decoder = decoder
        self.idle = idle
        workerCount = max(1, workers)
        for i in 0..<workerCount {
            // Weak, not unowned: a pool let go before a worker starts is in deinit (`shutdown` waits for each
            // worker), and reading an unowned reference then is a fatal error; the worker just says it left.
            let exited = exited
            let t = Thread { [weak self] in
                guard let self else { exited.signal(); return }
                self.work()
            }
            t.name = "tessera-decode-\(i)"
            t.start()
        }
    }

    /// Reads the header at once (on the caller's thread: microseconds) and queues the decode, or calls `done` with
    /// the refusal without queueing anything.
    public func submit(_ job: Job) {
        let plan: DecodePlan?
        do {
            plan = job.answer.media != nil ? nil : try decoder.plan(job.answer, target: job.target, requested: job.requested)
        } catch {
            condition.lock(); refusedCount += 1; condition.unlock()
            timing?.failures.add()
            job.done(.failure(error))
            return
        }
        condition.lock()
        queue.append(Queued(job: job, plan: plan))
        condition.signal()
        condition.unlock()
    }

    /// Runs `work` on a worker once no decode is waiting; false (and nothing runs) when `bytes` more would pass the
    /// limit of what such work may hold. A fling through a folder decodes first and keeps its cells after.
    @discardableResult
    public func whenIdle(bytes: Int, _ work: @escaping () -> Void) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !stopping, idleBytes + bytes <= DecodePool.idleLimitBytes else { return false }
        idleWork.append((bytes, work))
        idleBytes += bytes
        condition.signal()
        return true
    }

    /// Idle work waiting or running (the benchmark waits for the cells of a pass to be kept).
    public var idleWorkCount: Int { condition.lock(); defer { condition.unlock() }; return idleWork.count + idleRunning }

    /// Workers waiting for work ask again for idle work (some has come).
    public func wake() {
        condition.lock()
        wakeups += 1
        condition.broadcast()
        condition.unlock()
    }

    /// Drops queued decodes for `token` now, rather than when a worker would reach them.
    public func cancel(token: UInt64) {
        condition.lock()
        queue.removeAll { $0.job.token == token }
        condition.unlock()
    }

    public var queuedCount: Int { condition.lock(); defer { condition.unlock() }; return queue.count }

    public var decodeMilliseconds: [Double] {
        condition.lock(); defer { condition.unlock() }
        return durations
    }

    public func shutdown() {
        condition.lock()
        guard !stopping else { condition.unlock(); return }
        stopping = true
        queue.removeAll()
        idleWork.removeAll()
        idleBytes = 0
        condition.broadcast()
        condition.unlock()
        for _ in 0..<workerCount { exited.wait() }
    }

    deinit { shutdown() }

    /// The most urgent job that may run now (a large one only while no other large one runs). Lock held.
    private func takeNext() -> Queued? {
        var best: Int?
        for i in queue.indices where !(queue[i].isLarge && largeRunning) && !(queue[i].isPoster && posterRunning) {
            if best == nil || queue[i].job.priority < queue[best!].job.priority { best = i }
        }
        guard let best else { return nil }
        return queue.remove(at: best)
    }

    private func work() {
        // Decoding may wait; a frame may not: the main thread goes first when the cores are busy.
        tessera_make_thread_background()
        while true {
            condition.lock()
            var next: Queued?
            var idle: (bytes: Int, run: () -> Void)?
            while !stopping {
                next = takeNext()
                if next != nil { break }
                if !idleWork.isEmpty {
                    idle = idleWork.removeFirst()
                    break
                }
                // Asked without the lock: a `wake` meanwhile (work that finished elsewhere) must not be lost.
                let seen = wakeups
                condition.unlock()
                let work = self.idle()
                condition.lock()
                if let work { idle = (0, { work(self) }); break }
                if !queue.isEmpty || !idleWork.isEmpty || stopping || wakeups != seen { continue }
                condition.wait()
            }
            if let idle, !stopping {
                idleRunning += 1
                condition.unlock()
                idle.run()
                condition.lock(); idleBytes -= idle.bytes; idleRunning -= 1; condition.unlock()
                continue
            }
            guard let item = next, !stopping else { condition.unlock(); break }
            if item.isLarge { largeRunning = true }
            if item.isPoster { posterRunning = true }
            condition.unlock()

            var took: Double?, peak = 0
            let job = item.job
            if job.background || live.contains(job.token) {
                let start = DispatchTime.now().uptimeNanoseconds
                let result = Result {
                    if let plan = item.plan { return try decoder.decode(job.answer.data, plan: plan, target: job.target,
                                                                        inDisplayColours: job.answer.inDisplayColours) }
                    return try decoder.poster(job.answer, target: job.target)
                }
                took = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
                peak = (try? result.get().peakBytes) ?? 0
                if let timing, let took {
                    timing.seconds.observe(took / 1000)
                    if case .failure = result { timing.failures.add() }
                }
                job.done(result.map(\.surface))
            }
            condition.lock()
            if item.isLarge || item.isPoster {
                largeRunning = largeRunning && !item.isLarge
                posterRunning = posterRunning && !item.isPoster
                condition.broadcast()  // a large job or a poster may have been waiting for the slot
            }
            if let took, durations.count < 10_000 { durations.append(took) }
            decodePeakBytes = max(decodePeakBytes, peak)
            condition.unlock()
        }
        exited.signal()
    }
}
