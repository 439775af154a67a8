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

    /// The display switched on or off by hand (the remote, Home Assistant), over what the schedule says: it holds
    /// until the schedule's own state changes (off in the evening stays off through the night and the morning wakes
    /// it; on at night for someone who walked in stays on until the morning's hours, or until switched off again).
    /// Without a schedule it holds until the next switch.
    public var manual: DisplayOverride?

    /// `scheduled`: whether the schedule has photos showing now (`Schedule.isOn(at:in:)`); `lastTouch`: when
    /// someone last touched it (monotonic seconds, like `now`).
    public func isLit(scheduled: Bool, now: Double, lastTouch: Double?) -> Bool {
        if let manual, manual.holds(scheduledNow: scheduled) {
            if manual.on { return true }
        } else if scheduled { return true }
        guard wakeOnTouch, let lastTouch else { return false }
        return now - lastTouch >= 0 && now - lastTouch < wakeFor
    }
}

/// The display switched by hand, and what the schedule said when it was (the switch holds until that changes).
public struct DisplayOverride: Equatable, Sendable {
    public var on: Bool
    public var scheduledWhenSet: Bool
    public init(on: Bool, scheduledWhenSet: Bool) { self.on = on; self.scheduledWhenSet = scheduledWhenSet }

    public func holds(scheduledNow: Bool) -> Bool { scheduledNow == scheduledWhenSet }
}
