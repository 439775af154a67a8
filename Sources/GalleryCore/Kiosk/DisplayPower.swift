/// Whether a frame's display is lit: inside the schedule's hours; outside them off, not painted black (a lit black
/// panel glows in a dark room and costs nearly what a photo does), except for `wakeFor` seconds after someone
/// touched it when `--wake-on-touch` says so.
public struct DisplayPowerRule: Equatable, Sendable {
    public var schedule: Schedule?
    public var wakeOnTouch: Bool
    /// Seconds a touch lights it outside the hours (the kiosk's `--idle`).
    public var wakeFor: Double

    public init(schedule: Schedule?, wakeOnTouch: Bool = false, wakeFor: Double = 30) {
        self.schedule = schedule; self.wakeOnTouch = wakeOnTouch; self.wakeFor = max(1, wakeFor)
    }

    /// `lastTouch`: when someone last touched it (monotonic seconds, like `now`).
    public func isLit(minuteOfDay: Int, now: Double, lastTouch: Double?) -> Bool {
        if schedule?.isOn(minuteOfDay: minuteOfDay) ?? true { return true }
        guard wakeOnTouch, let lastTouch else { return false }
        return now - lastTouch >= 0 && now - lastTouch < wakeFor
    }
}
