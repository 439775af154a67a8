import Foundation
import Glibc
import GalleryCore

/// Probes and posters of moving pictures, answered by one long-lived service worker process (`media-worker
/// service`), started on the first request and again after it dies. Blocking and thread-safe: decode and scan
/// threads call it; one request is in the worker at a time (the others wait on the lock). A request that takes
/// longer than `MediaLimits.workerTimeout` kills the worker (SIGKILL) and is answered `.cannotPlay("timed out")`; a
/// worker that dies mid-request answers `.cannotPlay("the decoder crashed")`. Either way the next request gets a
/// fresh worker.
public final class MediaService: @unchecked Sendable {
    private let executable: String
    private let limits: MediaLimits
    private let lock = NSLock()
    // Guarded by `lock`.
    private var worker: WorkerProcess?
    private var shared: SharedMemory?
    /// Posters whose worker crashed or hung, and when: answered at once for `unluckyFor` seconds, so a file that
    /// hangs a decoder does not take the one poster lane for `MediaLimits.workerTimeout` each time its cell comes
    /// back into view (a thousand at most).
    private var unlucky: [MediaLocation: Double] = [:]
    static let unluckyFor = 600.0

    private let shares: WorkerMemoryShares

    /// `shares`: the budget its worker takes a share of, with the players'.
    public init(executable: String = MediaWorkerExecutable.path, limits: MediaLimits = .standard,
                shares: WorkerMemoryShares = .machine) {
        self.executable = executable
        self.limits = limits
        self.shares = shares
    }

    deinit { stop() }

    /// What the header of `location` says (the worker's avformat_open_input/avformat_find_stream_info, or
    /// WebPDemux), or why it is refused (`MediaLimits.refusal(for:)`, an unknown format, a crash, a timeout).
    public func probe(_ location: MediaLocation) -> Result<MediaInfo, MediaRefusal> {
        lock.lock(); defer { lock.unlock() }
        switch exchange(.probe(location), bytes: 0) {
        case .success(.info(let info)): return .success(info)
        case .success(.refused(let refusal)): return .failure(refusal)
        case .success: return .failure(broken("an answer that is not a probe's"))
        case .failure(let refusal): return .failure(refusal)
        }
    }

    /// The first frame of `location` with a picture, upright, scaled to exactly `width`x`height` BGRA (1…16384 a
    /// side), copied out of the worker's shared buffer.
    public func poster(_ location: MediaLocation, width: Int, height: Int) -> Result<PosterFrame, MediaRefusal> {
        guard (1...MediaWireMessage.maxSide).contains(width), (1...MediaWireMessage.maxSide).contains(height) else {
            return .failure(.cannotPlay("a poster of \(width)x\(height)"))
        }
        lock.lock(); defer { lock.unlock() }
        if let at = unlucky[location], WorkerProcess.now() - at < Self.unluckyFor {
            return .failure(.cannotPlay("its decoder crashed or hung a while ago"))
        }
        let answer = poster(locked: location, width: width, height: height)
        if case .failure(.cannotPlay(let why)) = answer, why.contains("crashed") || why.contains("timed out") {
            if unlucky.count >= 1000 { unlucky.removeAll() }
            unlucky[location] = WorkerProcess.now()
        }
        return answer
    }

    /// The poster's exchange, with `lock` held.
    private func poster(locked location: MediaLocation, width: Int, height: Int) -> Result<PosterFrame, MediaRefusal> {
        switch exchange(.poster(location, width: width, height: height), bytes: width * height * 4) {
        // The frame is exactly the size asked, rows packed (the buffer was sized for that): nothing the worker says
        // can make the copy reach past it.
        case .success(.posterReady(let w, let h, let pitch)) where w == width && h == height && pitch == 4 * w
            && 4 * w * h <= shared?.size ?? 0:
            // Read, not mapped: this buffer is resized between posters, so it cannot be sealed, and a worker could
            // truncate it under a mapping.
            guard let pixels = shared?.read(pitch * h) else { return .failure(broken("the frame was cut short")) }
            return .success(PosterFrame(width: w, height: h, pitch: pitch, pixels: pixels))
        case .success(.refused(let refusal)): return .failure(refusal)
        case .success: return .failure(broken("an answer that is not a poster's"))
        case .failure(let refusal): return .failure(refusal)
        }
    }

    /// The worker's pid while one runs (for the tests: to read its peak memory, or kill it mid-request).
    public var workerProcessID: pid_t? {
        lock.lock(); defer { lock.unlock() }
        return worker?.pid
    }

    /// Ends the worker (it is started again by the next request).
    public func stop() {
        lock.lock(); defer { lock.unlock() }
        if let worker {
            worker.send(.quit)
            worker.end(grace: 0.5)
        }
        worker = nil
    }

    /// One request as it is, under the lock (the tests' `stall`).
    func request(_ message: MediaWireMessage) -> Result<MediaWireMessage, MediaRefusal> {
        lock.lock(); defer { lock.unlock() }
        return exchange(message, bytes: 0)
    }

    /// One request and its answer. Called with `lock` held. `bytes`: the shared buffer the answer needs.
    func exchange(_ request: MediaWireMessage, bytes: Int) -> Result<MediaWireMessage, MediaRefusal> {
        if shared == nil {
            do throws(MediaRefusal) { shared = try SharedMemory() } catch { return .failure(error) }
        }
        if bytes > 0, shared?.resize(to: bytes) == nil { return .failure(.cannotPlay("no shared memory for the frame")) }
        // One that ended while idle (killed by the kernel or a person; reaped at once) is replaced, not asked.
        if worker?.hasEnded == true { worker = nil }
        if worker == nil {
            let launch = MediaWorkerLaunch(playback: nil, limits: limits)
            do throws(MediaRefusal) {
                worker = try WorkerProcess(executable: executable, launch: launch, shares: shares,
                                           shared: shared!.descriptor, nonblockingRequests: false)
            } catch {
                return .failure(error)
            }
        }
        guard let worker, worker.send(request) else { return .failure(broken("the decoder crashed")) }
        switch worker.answer(before: WorkerProcess.now() + limits.workerTimeout) {
        case .message(let answer): return .success(answer)
        case .timedOut: return .failure(broken("timed out"))
        case .ended: return .failure(broken("the decoder crashed"))
        case .garbled: return .failure(broken("the decoder's answer was garbled"))
        }
    }

    /// Kills and reaps the worker after a failure: the next request starts a fresh one.
    private func broken(_ why: String) -> MediaRefusal {
        worker?.signal(SIGKILL)
        worker?.end(grace: 0)
        worker = nil
        return .cannotPlay(why)
    }
}
