import Foundation
import Glibc
import GalleryCore

/// One playing clip or animation, decoded by a player worker process of its own (`media-worker player`) into a
/// ring of `slotCount` frames of shared memory. The worker paces the frames; the app takes the newest one when it
/// draws (`takeFrame`) and hands the slot back. A frame that finds no free slot is dropped in the worker, so the
/// app is never waited for, and a command the worker is not reading is dropped rather than blocking the caller.
///
/// Made and used on one thread (the main thread); a reader thread of its own takes the worker's answers and calls
/// `wake` (from that thread) when a frame or a change of state arrives. `stop()` (or deinit) ends the worker:
/// "quit", then SIGKILL after a short grace, and reaps it.
public final class MediaPlayer: @unchecked Sendable {
    public static let slotCount = MediaWorkerLaunch.slots
    /// How long a worker asked to quit has before it is killed.
    static let quitGrace = 0.3

    private let slotBytes: Int
    private let width: Int
    private let height: Int
    private let shared: SharedMemory?
    private let worker: WorkerProcess?
    private let state: PlayerState
    /// The slot of the frame taken last, kept from the worker until a newer one is taken (`takeFrame`).
    private var heldSlot: Int?

    /// Starts the worker for `location`, frames of exactly `width`x`height`, upright: BGRA, or with `planes` the
    /// decoder's own YUV planes where they come so (`ClipFrame.layout`); `loops`: start again at the
    /// end (a clip on the wall), else stop there and report `hasEnded` (a Live Photo's moment). `start`: seconds to
    /// begin at. `hardware`: "none" (the default), "vaapi" or "v4l2m2m" (falls back to software in the worker).
    /// `sound`: the worker plays the clip's sound through SDL's audio and paces the frames by it (silent, by its own
    /// clock, where there is no audio device). `shares`: the budget its worker takes a share of. A worker that cannot
    /// start, or refuses the clip, shows as `failure`.
    public init(executable: String = MediaWorkerExecutable.path, location: MediaLocation, width: Int, height: Int,
                loops: Bool, start: Double = 0, limits: MediaLimits = .standard, hardware: String = "none",
                sound: Bool = false, planes: Bool = false, shares: WorkerMemoryShares = .machine,
                wake: @escaping @Sendable () -> Void) {
        state = PlayerState(wake: wake)
        let side = 1...MediaWireMessage.maxSide
        self.width = width
        self.height = height
        slotBytes = width * 4 * max(1, height)
        guard side.contains(width), side.contains(height) else {
            shared = nil; worker = nil
            state.fail(.cannotPlay("frames of \(width)x\(height)"))
            return
        }
        let playback = MediaWorkerLaunch.Playback(location: location, width: width, height: height, loops: loops,
                                                  start: max(0, start), hardware: hardware, sound: sound,
                                                  planes: planes)
        let launch = MediaWorkerLaunch(playback: playback, limits: limits)
        var memory: SharedMemory?
        var process: WorkerProcess?
        do throws(MediaRefusal) {
            let made = try SharedMemory()
            guard made.resize(to: slotBytes * Self.slotCount) != nil, made.sealSize() else {
                throw .cannotPlay("no shared memory for the frames")
            }
            memory = made
            process = try WorkerProcess(executable: executable, launch: launch, shares: shares,
                                        shared: made.descriptor, nonblockingRequests: true)
        } catch {
            state.fail(error)
        }
        shared = memory
        worker = process
        guard let process else { return }
        let timeout = limits.workerTimeout
        let reader = Thread { [state] in state.read(from: process, firstAnswerWithin: timeout) }
        reader.name = "tessera-media-player"
        reader.start()
    }

    deinit { stop() }

    /// The newest frame not yet taken, handed to `body` on the caller's thread. Its slot stays the app's until a
    /// newer frame is taken (so what was handed over can still be drawn from where it lies, `ClipFrame`); the slot
    /// taken before and any older unread ones go back to the worker. False when no new frame has come.
    @discardableResult
    public func takeFrame(_ body: (ClipFrame) -> Void) -> Bool {
        let frames = state.takeUnread()
        guard let newest = frames.last, let shared, let base = shared.base else { return false }
        for older in frames.dropLast() { worker?.send(.release(slot: older.slot)) }
        if let held = heldSlot { worker?.send(.release(slot: held)) }
        heldSlot = nil
        // A layout is the worker's word: every layout fits a slot (`FrameLayout`), and a slot is `slotBytes` long.
        guard newest.layout.bytes(width: width, height: height) <= slotBytes else {
            worker?.send(.release(slot: newest.slot))
            return true
        }
        heldSlot = newest.slot
        shownPosition = newest.pts
        body(ClipFrame(base: UnsafeRawPointer(base + newest.slot * slotBytes), layout: newest.layout, width: width,
                       height: height, owner: shared))
        return true
    }

    /// `takeFrame` for a player of BGRA frames (made without `planes`): the pixels and their row pitch.
    @discardableResult
    public func takeFrame(_ body: (UnsafeRawPointer, Int) -> Void) -> Bool {
        takeFrame { (frame: ClipFrame) in
            if frame.layout == .bgra { body(frame.base, frame.width * 4) }
        }
    }

    /// Seconds into the clip of the last frame (or the point sought).
    public var position: Double { state.snapshot.position }
    /// Seconds into the clip of the last frame taken to be drawn; nil before the first, and after a seek until a
    /// frame is taken again (the point sought is not on screen until its frame is).
    public private(set) var shownPosition: Double?
    /// Seconds the clip lasts, when known.
    public var duration: Double? { state.snapshot.duration }
    /// A clip played once has reached its end.
    public var hasEnded: Bool { state.snapshot.ended }
    /// Why it is not playing: refused from its header, could not be decoded, or the worker crashed.
    public var failure: MediaRefusal? { state.snapshot.failure }
    /// What the worker read from the header, once it has.
    public var info: MediaInfo? { state.snapshot.info }
    /// Frames the worker has shown (written into a slot) and dropped (no free slot, or too late).
    public var shownFrames: Int { state.snapshot.shown }
    public var droppedFrames: Int { state.snapshot.dropped }
    public private(set) var isPaused = false

    public func pause() {
        isPaused = true
        worker?.send(.pause)
    }

    public func play() {
        isPaused = false
        worker?.send(.play)
    }

    /// To `seconds` from the start; frames not yet taken are from before it and go back unseen.
    public func seek(to seconds: Double) {
        let target = max(0, seconds.isFinite ? seconds : 0)
        shownPosition = nil
        for stale in state.takeUnread(seekingTo: target) { worker?.send(.release(slot: stale.slot)) }
        worker?.send(.seek(target))
    }

    /// Ends the worker ("quit", SIGKILL after `quitGrace`) and reaps it. Idempotent.
    /// Ends the worker. `waiting` false: the grace, the kill and the reaping happen on another thread, so a frame
    /// of the wall never waits for a worker busy in a decoder or a network read.
    public func stop(waiting: Bool = true) {
        guard let worker, state.markStopped() else { return }
        worker.send(.quit)
        if waiting {
            worker.end(grace: Self.quitGrace)
        } else {
            DispatchQueue.global(qos: .utility).async { worker.end(grace: Self.quitGrace) }
        }
    }

    /// The worker's pid (for the tests).
    public var workerProcessID: pid_t? { worker?.pid }
}

/// What the reader thread learns and the player's thread reads, under one lock.
final class PlayerState: @unchecked Sendable {
    struct Snapshot {
        var info: MediaInfo?
        var position = 0.0
        var duration: Double?
        var ended = false
        var failure: MediaRefusal?
        var shown = 0
        var dropped = 0
        var stopped = false
    }

    private let lock = NSLock()
    private var current = Snapshot()
    private var unread: [(slot: Int, pts: Double, layout: FrameLayout)] = []
    private let wake: @Sendable () -> Void

    init(wake: @escaping @Sendable () -> Void) { self.wake = wake }

    var snapshot: Snapshot {
        lock.lock(); defer { lock.unlock() }
        return current
    }

    func fail(_ refusal: MediaRefusal) {
        lock.lock(); current.failure = current.failure ?? refusal; lock.unlock()
        wake()
    }

    /// True the first time: the player is being stopped, so the worker's end is no crash.
    func markStopped() -> Bool {
        lock.lock(); defer { lock.unlock() }
        defer { current.stopped = true }
        return !current.stopped
    }

    func takeUnread(seekingTo seconds: Double? = nil) -> [(slot: Int, pts: Double, layout: FrameLayout)] {
        lock.lock(); defer { lock.unlock() }
        let frames = unread
        unread = []
        if let seconds { current.position = seconds; current.ended = false }
        return frames
    }

    /// The reader thread's loop: answers until the worker's stdout ends. A worker that has not answered the
    /// opening of its clip within `timeout` seconds (hung in a demuxer) is killed.
    func read(from worker: WorkerProcess, firstAnswerWithin timeout: Double) {
        var deadline: Double? = WorkerProcess.now() + timeout
        while true {
            let answer = worker.answer(before: deadline)
            deadline = nil
            switch answer {
            case .message(let message):
                apply(message)
            case .garbled:
                fail(.cannotPlay("the decoder's answer was garbled"))
                worker.signal(SIGKILL)
                return
            case .timedOut:
                fail(.cannotPlay("timed out"))
                worker.signal(SIGKILL)
                return
            case .ended:
                // A worker ends by itself only after a refusal (already the failure); otherwise it was not asked to.
                lock.lock()
                if !current.stopped, current.failure == nil { current.failure = .cannotPlay("the decoder crashed") }
                lock.unlock()
                wake()
                return
            }
        }
    }

    private func apply(_ message: MediaWireMessage) {
        lock.lock()
        switch message {
        case .info(let info):
            current.info = info
            current.duration = info.duration
        case .refused(let refusal):
            current.failure = refusal
        case .frame(let slot, let pts, let layout) where slot < MediaPlayer.slotCount:
            unread.removeAll { $0.slot == slot }
            unread.append((slot, pts, layout))
            current.position = pts
        case .state(let position, let duration, let ended):
            current.position = position
            current.duration = duration ?? current.duration
            current.ended = ended
        case .stats(let shown, let dropped):
            current.shown = shown
            current.dropped = dropped
        default:
            break
        }
        lock.unlock()
        wake()
    }
}
