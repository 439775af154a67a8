/// How fast the viewport is moving, in content pixels per second, whatever moves it (wheel, drag, fling, a
/// driver): each frame's displacement over its time, smoothed so one uneven frame does not swing it.
public struct VelocityMeter {
    public private(set) var velocity = 0.0
    private var last: (top: Int, time: Double)?

    public init() {}

    /// Records where the viewport's top is at `time` (seconds).
    public mutating func sample(top: Int, at time: Double) {
        defer { last = (top, time) }
        guard let last, time > last.time else { return }
        let instant = Double(top - last.top) / (time - last.time)
        velocity += 0.5 * (instant - velocity)
        if abs(velocity) < 1 { velocity = 0 }
    }
}
