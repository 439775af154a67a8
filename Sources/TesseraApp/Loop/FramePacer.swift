/// When the loop draws: the clock's redraws at `--clock-hz`, every frame while something moves, and an arrival (a
/// page, a texture) at once rather than at the clock's next tick, but never closer than `arrivalGap` to the frame
/// before, so a burst of arrivals cannot take the processor. Hidden or asleep, the loop only wakes now and then to
/// see whether that has changed.
struct FramePacer {
    let interval: Double
    private(set) var lastFrame: Double
    private var nextFrame: Double

    /// Shortest time between frames drawn for arrivals alone.
    static let arrivalGap = 0.004
    /// How often a hidden or sleeping window looks again.
    static let idleWait = 0.25

    init(clockHz: Int, now: Double) {
        interval = 1.0 / Double(max(1, clockHz))
        lastFrame = now
        nextFrame = now
    }

    /// Seconds to wait for events before the next frame is due.
    func wait(now: Double, drawing: Bool) -> Double { drawing ? max(0, nextFrame - now) : FramePacer.idleWait }

    /// Whether a frame is due: the clock's, or one for motion or an arrival.
    func isDue(now: Double, moving: Bool, arrived: Bool) -> Bool {
        now >= nextFrame || moving || (arrived && now - lastFrame >= FramePacer.arrivalGap)
    }

    /// A frame begins at `now`; returns the time since the last one.
    mutating func begin(at now: Double) -> Double {
        defer { lastFrame = now; nextFrame = now + interval }
        return now - lastFrame
    }
}
