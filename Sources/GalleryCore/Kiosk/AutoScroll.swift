/// The kiosk wall's own scrolling: a steady speed in content pixels a second, the step each frame following the
/// real time since the last one (a late frame moves further, so the motion never stutters with the frame rate),
/// paused by deliberate input and resumed after a quiet spell. It starts once the first screen is drawn.
public struct AutoScroll: Equatable, Sendable {
    /// Content pixels a second.
    public var speed: Double
    /// Seconds without deliberate input after which it resumes.
    public var idle: Double
    public private(set) var started = false
    /// When the last deliberate input came (nil: none yet).
    public private(set) var lastInput: Double?

    public init(speed: Double = 40, idle: Double = 30) {
        self.speed = max(0, speed); self.idle = max(0, idle)
    }

    /// The first screen is drawn: the wall may move from now on.
    public mutating func start() { started = true }

    /// A key, a button, the wheel, a touch, or the pointer moved on purpose (see `PointerGate`).
    public mutating func input(at time: Double) { lastInput = time }

    public func isRunning(at time: Double) -> Bool {
        guard started, speed > 0 else { return false }
        guard let lastInput else { return true }
        return time - lastInput >= idle
    }

    /// Whether it resumes at `time`: the quiet spell has just ended (the caller closes overlays then).
    public func resumes(at time: Double, previous: Double) -> Bool {
        guard let lastInput, started else { return false }
        return previous - lastInput < idle && time - lastInput >= idle
    }

    /// How far to move for a frame `dt` seconds after the last, if running.
    public func step(at time: Double, dt: Double) -> Double {
        isRunning(at: time) ? speed * min(max(0, dt), 0.25) : 0
    }
}

/// Tells deliberate pointer motion from the motion SDL reports by itself (when the window is mapped, entered or
/// made fullscreen, the pointer "moves" to where it already was): only a move of at least `threshold` logical
/// pixels from where the pointer rested counts, and after a window event the next position is only a new resting
/// place.
public struct PointerGate: Equatable, Sendable {
    public var threshold: Double
    private var rest: (x: Double, y: Double)?

    public init(threshold: Double = 8) { self.threshold = threshold }

    /// The window was mapped, entered, shown or made fullscreen: the next position is not a move.
    public mutating func windowChanged() { rest = nil }

    /// A pointer position; true if it is a deliberate move.
    public mutating func moved(toX x: Double, y: Double) -> Bool {
        guard let r = rest else { rest = (x, y); return false }
        guard (x - r.x) * (x - r.x) + (y - r.y) * (y - r.y) >= threshold * threshold else { return false }
        rest = (x, y)
        return true
    }

    public static func == (a: PointerGate, b: PointerGate) -> Bool {
        a.threshold == b.threshold && a.rest?.x == b.rest?.x && a.rest?.y == b.rest?.y
    }
}
