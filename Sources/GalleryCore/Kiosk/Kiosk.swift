import Foundation

/// What a kiosk adds to the gallery (`--kiosk`): the wall scrolls by itself, deliberate input pauses it, a quiet
/// spell resumes it and closes whatever was opened; still things move a little against burn-in; outside its hours
/// the screen is dark; a watchdog keeps the wall from freezing under a running clock.
public final class Kiosk {
    public var autoScroll: AutoScroll
    public var pointer = PointerGate()
    public var shift: PixelShift?
    public var schedule: Schedule? { didSet { scheduledAt = nil } }
    /// A week of hours, dims and a night clock (`WeekSchedule`); where set, it is asked instead of `schedule`.
    public var week: WeekSchedule? { didSet { scheduledAt = nil } }
    /// Takes `place` (the weather's, once its name is geocoded) for the week's sunrise and sunset where the week has
    /// none yet (`--location` and a place given before win); whether the week changed. On a first boot with
    /// `--weather NAME` the sun's edges are then right at once, not after a restart.
    @discardableResult
    public func learnPlace(_ place: GeoPoint?) -> Bool {
        guard let place, week != nil, week?.place == nil else { return false }
        week?.place = place
        return true
    }
    /// What the screen was last found to be (`screen(at:in:now:)`): the night clock's overlay shows while it is one.
    public private(set) var currentScreen = ScreenState.on
    /// How dark the app draws over the whole picture (0 none … 1 black) where the display's brightness cannot be
    /// set: the dimming overlay's.
    public var drawnDarkness = 0.0
    /// Whether the night clock shows now (the display kept lit outside the hours, the photos gone).
    public var nightClockShows: Bool { if case .nightClock = currentScreen { return true } else { return false } }
    /// Whether any hours keep the display dark at times (`--schedule`, a date off).
    public var hasHours: Bool { schedule != nil || week?.hasHours == true }
    public var watchdog = Watchdog()
    /// Seconds the pointer stays visible after it last moved on purpose.
    public var cursorTimeout = 2.0
    /// A photo frame (`--mode slideshow`): the slideshow shows, and a quiet spell brings it back.
    public var slideshow = false
    /// Outside the schedule's hours a touch lights the display for `--idle` seconds (`--wake-on-touch`).
    public var wakeOnTouch = false
    /// Why the display cannot be switched off outside the hours (nothing on this display stack can, or it refused):
    /// said in the header by day, so the owner knows why the panel glows black at night; only while it matters
    /// (`noteDisplay`): it clears `displayNoteLasts` seconds into the day.
    public var displayNote: String?
    /// When the note clears (monotonic seconds, as `advance`'s `now`); nil: it holds until replaced (said at night,
    /// its time starts when the display comes on).
    public private(set) var displayNoteUntil: Double?
    /// Seconds a display note shows after the frame starts or the display comes on: long enough to be read by whoever
    /// looks in the morning, not all day.
    public static let displayNoteLasts = 1800.0

    /// Says `words` about the display in the header from `now` for `displayNoteLasts` seconds (nil: until the
    /// display next comes on, for a note made at night; `words` nil: nothing).
    public func noteDisplay(_ words: String?, from now: Double?) {
        displayNote = words
        displayNoteUntil = words == nil ? nil : now.map { $0 + Kiosk.displayNoteLasts }
    }

    /// The display came on at `now`: a note made in the night starts its time.
    public func displayCameOn(at now: Double) {
        if displayNote != nil, displayNoteUntil == nil { displayNoteUntil = now + Kiosk.displayNoteLasts }
    }

    /// The log's words for the display going off or on now: by the schedule, or switched by hand from afar (a
    /// frame steered by a remote may have no schedule at all).
    public func displayChangeWords(lit: Bool) -> String {
        if displayOverride != nil || !hasHours {
            return lit ? "switched on from afar: the display on" : "switched off from afar: the display off until switched on"
        }
        return lit ? "the schedule's hours start (or a touch): the display on"
            : "outside the schedule's hours: the display off until they start"
    }

    /// The display switched on or off by hand (`Command.setDisplay`), until the schedule's own state changes.
    public private(set) var displayOverride: DisplayOverride?
    /// Lit until then whatever the hours say (monotonic seconds, like `now`): a frame asked to say which it is
    /// (`Command.identify`) shows it on a display that was asleep, then sleeps again.
    public var litUntil: Double?

    /// Whether the display is lit at `date` on the wall clock of `timeZone` (a night the clocks change included;
    /// `now`: monotonic seconds, as input is noted). A switch by hand that no longer holds is forgotten here.
    public func displayIsLit(at date: Date, in timeZone: TimeZone, now: Double) -> Bool {
        displayIsLit(scheduled: isScheduled(at: date, in: timeZone), now: now)
    }

    /// The schedule's answer for the last whole second asked: the loop asks every turn (up to the display's rate),
    /// the answer changes at most once a minute, and working it out reads the time zone's rules some thirty times.
    private var scheduledAt: (second: Int64, state: ScreenState)?

    private func isScheduled(at date: Date, in timeZone: TimeZone) -> Bool {
        scheduled(at: date, in: timeZone).showsPhotos
    }

    /// What the hours (the week's, else the day's) want at `date`, a switch by hand or a touch aside.
    public func scheduled(at date: Date, in timeZone: TimeZone) -> ScreenState {
        let second = Int64(date.timeIntervalSince1970.rounded(.down))
        if let known = scheduledAt, known.second == second { return known.state }
        let state = week?.state(at: date, in: timeZone)
            ?? (schedule.map { $0.isOn(at: date, in: timeZone) ? ScreenState.on : .off } ?? .on)
        scheduledAt = (second, state)
        return state
    }

    /// The screen at `date` (`now`: monotonic seconds): what the hours want, a switch by hand or a touch over it
    /// (lit by either, photos at full brightness; switched off by hand, off, night clock or not). Kept as
    /// `currentScreen`.
    @discardableResult
    public func screen(at date: Date, in timeZone: TimeZone, now: Double) -> ScreenState {
        let wanted = scheduled(at: date, in: timeZone)
        let lit = displayIsLit(scheduled: wanted.showsPhotos, now: now)
        if lit {
            currentScreen = wanted.showsPhotos ? wanted : .on
        } else {
            currentScreen = displayOverride?.on == false ? .off : wanted
        }
        return currentScreen
    }

    private func displayIsLit(scheduled: Bool, now: Double) -> Bool {
        if let litUntil, now < litUntil { return true }
        if let manual = displayOverride, !manual.holds(scheduledNow: scheduled) { displayOverride = nil }
        var rule = DisplayPowerRule(schedule: schedule, wakeOnTouch: wakeOnTouch, wakeFor: autoScroll.idle)
        rule.manual = displayOverride
        return rule.isLit(scheduled: scheduled, now: now, lastTouch: autoScroll.lastInput)
    }

    /// Switches the display on or off by hand at `date` on the wall clock of `timeZone`.
    public func setDisplay(on: Bool, at date: Date, in timeZone: TimeZone) {
        displayOverride = DisplayOverride(on: on, scheduledWhenSet: isScheduled(at: date, in: timeZone))
    }

    /// Whether the display's power is the frame's to keep (hours, or a switch by hand).
    public var keepsDisplayPower: Bool { hasHours || displayOverride != nil }

    public init(speed: Double = 40, idle: Double = 30, schedule: Schedule? = nil, pixelShift: Bool = true,
                slideshow: Bool = false, interval: Double = 10) {
        autoScroll = AutoScroll(speed: speed, idle: idle)
        self.schedule = schedule
        shift = pixelShift ? PixelShift() : nil
        self.slideshow = slideshow
        // A new photo comes every interval: the watchdog waits for three before it steps in.
        if slideshow { watchdog = Watchdog(limit: max(180, 3 * interval)) }
    }
}

extension Kiosk {
    /// Deliberate input (a key, a button, the wheel, a touch, the pointer moved on purpose): the scrolling pauses
    /// until a quiet spell has passed.
    public func noteInput(at time: Double) { autoScroll.input(at: time) }

    /// The pointer is at (x, y); true when that is a deliberate move (which also pauses the scrolling).
    public func pointerMoved(toX x: Int, y: Int, at time: Double) -> Bool {
        guard pointer.moved(toX: Double(x), y: Double(y)) else { return false }
        noteInput(at: time)
        return true
    }

    /// Whether the watchdog should step in now (see `Watchdog`); `progress` says a new photo was drawn.
    public func watchdogFires(at time: Double, progress: Bool, online: Bool) -> Bool {
        if progress { watchdog.progress(at: time) }
        return watchdog.check(at: time, scrolling: autoScroll.isRunning(at: time), online: online)
    }

    /// One frame of the kiosk's own motion in `gallery`, `dt` seconds after the last: the wall moves by the real
    /// time passed, and when the quiet spell ends the pane and other overlays close (the wall must not stay covered
    /// for hours).
    public func advance(_ gallery: GalleryModel, now: Double, dt: Double) {
        if let until = displayNoteUntil, now >= until { noteDisplay(nil, from: nil) }
        if autoScroll.resumes(at: now, previous: now - dt) {
            gallery.closeEverything()
            gallery.browse.clearFocus()
            if slideshow { gallery.show(.slideshow) }
        }
        let step = autoScroll.step(at: now, dt: dt)
        guard step > 0, gallery.overlays.isEmpty, gallery.screen.scrollsInKiosk, let wall = gallery.screen.wall else { return }
        wall.setScroll(offset: wall.scroll.offset + step)
    }
}
