import Glibc
import GalleryCore

/// The player worker: one clip, its frames paced by their times against the worker's own monotonic clock. A frame
/// that is due goes into a free slot of the shared ring, as BGRA or, when the app asked for planes (`planes=yuv`),
/// as the decoder's planes where it can (`FrameSource.renderPlanes`), and is announced ("frame SLOT PTS [LAYOUT]");
/// when every slot is still the app's, or the frame is already late, it is dropped and counted: the app is never
/// waited for. With sound (`sound=yes`), the clock follows the sound being heard.
final class PlayerLoop {
    static let slotCount = MediaWorkerLaunch.slots
    /// A frame later than this is dropped unscaled; later than `resyncAfter`, the clock is set to it instead (a
    /// machine too slow for the clip shows it slower rather than dropping every frame).
    static let dropAfter = 0.1
    static let resyncAfter = 1.0
    /// How often position and counts are reported while playing.
    static let reportEvery = 0.5

    private let playback: MediaWorkerLaunch.Playback
    private let limits: MediaLimits
    private let hooks: Bool
    private let channel = WorkerChannel()
    private let shared = SharedFrames()
    private var source: FrameSource!
    private var slotFree = [Bool](repeating: true, count: slotCount)
    private var slotBytes: Int { playback.width * 4 * playback.height }

    private var paused = false
    private var ended = false
    /// The frame decoded and not yet due.
    private var pending: Double?
    /// Monotonic time at which `clockPts` is due; nil: set by the next frame (after a start, seek or loop).
    private var clockStart: Double?
    private var clockPts = 0.0
    private var position = 0.0
    private var shown = 0
    private var dropped = 0
    /// Frames dropped for being late since the decoder last sped up (`FrameSource.decodeFaster`).
    private var lateDrops = 0
    /// Late frames after which the decoder is asked to go faster.
    static let lateDropsBeforeFaster = 3
    private var lastReport = 0.0

    /// How long the last frame of a loop stays: the stream's frame rate, else a tenth of a second.
    private var frameInterval: Double {
        guard let rate = source.info.frameRate, rate > 0 else { return 0.1 }
        return max(1 / rate, 0.01)
    }

    init(playback: MediaWorkerLaunch.Playback, limits: MediaLimits, hooks: Bool) {
        self.playback = playback; self.limits = limits; self.hooks = hooks
    }

    func run() -> Never {
        let hardware = HardwareDecoding(rawValue: playback.hardware) ?? .none
        do throws(MediaRefusal) {
            source = try FrameSources.open(playback.location, limits: limits,
                                           output: PixelSize(width: playback.width, height: playback.height),
                                           hardware: hardware, sound: playback.sound)
        } catch {
            channel.send(.refused(error))
            exit(0)
        }
        guard shared.map(atLeast: slotBytes * Self.slotCount) != nil else {
            channel.send(.refused(.cannotPlay("no shared buffer for the frames")))
            exit(0)
        }
        channel.send(.info(source.info))
        if playback.start > 0 { seek(to: playback.start) }
        while true {
            // Commands first, without waiting.
            while let command = channel.next(timeout: 0) { handle(command) }
            if channel.closed { exit(0) }
            let now = WorkerChannel.now()
            if now - lastReport >= Self.reportEvery { report() }
            if paused || ended {
                if let command = channel.next(timeout: Self.reportEvery) { handle(command) }
                continue
            }
            guard let pts = pending ?? nextFrame() else { continue }
            pending = pts
            let decoded = WorkerChannel.now()
            // With sound, the frames follow what is heard: the clock is set to the sound's each time round.
            if let heard = source.soundClock { clockStart = decoded; clockPts = heard }
            if clockStart == nil { clockStart = decoded; clockPts = pts }
            let due = clockStart! + (pts - clockPts)
            if due > decoded {
                if let command = channel.next(timeout: min(due - decoded, Self.reportEvery)) { handle(command) }
                continue
            }
            present(pts, lateBy: decoded - due)
        }
    }

    /// The next frame's time; at the end a looping clip starts again, one played once reports that it ended.
    private func nextFrame() -> Double? {
        if let pts = source.advance() { return pts }
        if playback.loops, source.seek(to: 0), let pts = source.advance() {
            // The start again is due one frame after the last frame shown, not at once: a one-frame animation
            // would otherwise go round as fast as it decodes.
            if let start = clockStart {
                let lastDue = start + (position - clockPts)
                clockStart = lastDue + frameInterval
                clockPts = pts
            }
            return pts
        }
        ended = true
        channel.send(.state(position: position, duration: source.info.duration, ended: true))
        return nil
    }

    private func present(_ pts: Double, lateBy late: Double) {
        pending = nil
        position = pts
        if late > Self.resyncAfter {
            clockStart = WorkerChannel.now(); clockPts = pts
        } else if late > Self.dropAfter {
            dropped += 1
            lateDrops += 1
            if lateDrops >= Self.lateDropsBeforeFaster, source.decodeFaster() {
                lateDrops = 0
                seek(to: pts)
            }
            return
        }
        guard let slot = slotFree.firstIndex(of: true), let base = shared.base else { dropped += 1; return }
        let target = base + slot * slotBytes, width = playback.width, height = playback.height
        let layout: FrameLayout
        if playback.planes, let written = source.renderPlanes(into: target, width: width, height: height) {
            layout = written
        } else {
            guard source.render(into: target, width: width, height: height, pitch: width * 4) else {
                dropped += 1
                return
            }
            layout = .bgra
        }
        slotFree[slot] = false
        shown += 1
        channel.send(.frame(slot: slot, pts: pts, layout: layout))
    }

    private func handle(_ command: MediaWireMessage) {
        switch command {
        case .release(let slot) where slot < Self.slotCount: slotFree[slot] = true
        case .pause:
            paused = true
            source.setPaused(true)
            report()
        case .play:
            paused = false
            source.setPaused(false)
            clockStart = nil  // the held frame is due now, and the rest after it
        case .seek(let seconds): seek(to: seconds)
        case .quit: exit(0)
        case .stall where hooks: while true { Glibc.pause() }
        default: workerLog("not a player command: \(command.line.dropLast())")
        }
    }

    private func seek(to seconds: Double) {
        let target = source.info.duration.map { min(seconds, $0) } ?? seconds
        guard source.seek(to: target) else { return }
        pending = nil
        ended = false
        clockStart = nil
        position = target
        // Paused, the picture still goes where the seek went (a pane's bar dragged while paused).
        if paused, let pts = nextFrame() { present(pts, lateBy: 0) }
        report()
    }

    private func report() {
        lastReport = WorkerChannel.now()
        channel.send(.state(position: position, duration: source.info.duration, ended: ended))
        channel.send(.stats(shown: shown, dropped: dropped))
    }
}
