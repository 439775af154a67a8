/// When the loop draws: the clock's redraws at `--clock-hz`, every frame at the display's rate while something
/// moves (a fade, scrolling, a zoom: `--clock-hz 10` slows the clock, not the animations), and an arrival (a page, a
/// texture) at once rather than at the clock's next tick, but never closer than `arrivalGap` to the frame before, so
/// a burst of arrivals cannot take the processor. Hidden or asleep, the loop only wakes now and then to see whether
/// that has changed.
struct FramePacer {
    let interval: Double
    /// Between frames while something moves: the display's refresh (or the clock's, if faster).
    let motionInterval: Double
    private(set) var lastFrame: Double
    private var nextFrame: Double

    /// Shortest time between frames drawn for arrivals alone.
    static let arrivalGap = 0.004
    /// How often a hidden or sleeping window looks again, and a window with nothing to redraw between its timed
    /// changes (a still slideshow whose header has faded: its clock is not shown, so the clock's rate is not needed;
    /// input and arrivals wake the loop at once, a photo's step or an overlay's minute comes at most this late).
    static let idleWait = 0.25

    init(clockHz: Int, refreshHz: Int = 60, now: Double) {
        interval = 1.0 / Double(max(1, clockHz))
        motionInterval = min(interval, 1.0 / Double(max(1, refreshHz)))
        lastFrame = now
        nextFrame = now
    }

    /// Seconds to wait for events before the next frame is due. `resting`: the last frame drew nothing (no header
    /// over a still picture), so the next is looked for at the idle rate rather than the clock's.
    func wait(now: Double, drawing: Bool, moving: Bool = false, resting: Bool = false) -> Double {
        guard drawing else { return FramePacer.idleWait }
        if resting, !moving { return max(0, max(nextFrame, lastFrame + FramePacer.idleWait) - now) }
        return max(0, (moving ? min(nextFrame, lastFrame + motionInterval) : nextFrame) - now)
    }

    /// Whether a frame is due: the clock's, or one for motion or an arrival.
    func isDue(now: Double, moving: Bool, arrived: Bool) -> Bool {
        now >= nextFrame || (moving && now - lastFrame >= motionInterval * 0.9)
            || (arrived && now - lastFrame >= FramePacer.arrivalGap)
    }

    /// Longest step of the model's time in a frame while something moves: after a stall (the machine busy, the
    /// process stopped) a fade or a fling goes on from where it was instead of jumping.
    static let longestMotionStep = 0.1

    /// The model's step for a frame that began `dt` after the last one: the time that passed, as far as the loop
    /// meant to leave between frames. While it rests (0.25 s between looks: a still slideshow, its header faded) the
    /// slideshow's interval keeps the wall clock's pace (BENCHMARKS.md, "A frame on a wall"); a longer gap
    /// (a stall) counts as the longest planned one.
    func modelStep(_ dt: Double, moving: Bool) -> Double {
        let planned = moving ? 0 : max(interval, FramePacer.idleWait)
        return min(max(0, dt), planned + FramePacer.longestMotionStep)
    }

    /// A frame begins at `now`; returns the time since the last one.
    mutating func begin(at now: Double) -> Double {
        defer { lastFrame = now; nextFrame = now + interval }
        return now - lastFrame
    }
}
