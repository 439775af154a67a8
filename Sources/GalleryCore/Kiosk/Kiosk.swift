/// What a kiosk adds to the gallery (`--kiosk`): the wall scrolls by itself, deliberate input pauses it, a quiet
/// spell resumes it and closes whatever was opened; still things move a little against burn-in; outside its hours
/// the screen is dark; a watchdog keeps the wall from freezing under a running clock.
public struct Kiosk: Equatable, Sendable {
    public var autoScroll: AutoScroll
    public var pointer = PointerGate()
    public var shift: PixelShift?
    public var schedule: Schedule?
    public var watchdog = Watchdog()
    /// Seconds the pointer stays visible after it last moved on purpose.
    public var cursorTimeout = 2.0
    /// A photo frame (`--mode slideshow`): the slideshow shows, and a quiet spell brings it back.
    public var slideshow = false

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

extension GalleryModel {
    /// Deliberate input (a key, a button, the wheel, a touch, the pointer moved on purpose): the kiosk's scrolling
    /// pauses until a quiet spell has passed.
    public func noteInput(at time: Double) {
        kiosk?.autoScroll.input(at: time)
    }

    /// The pointer is at (x, y); true when that is a deliberate move (which also pauses the scrolling).
    public func pointerMoved(toX x: Int, y: Int, at time: Double) -> Bool {
        guard kiosk != nil, kiosk!.pointer.moved(toX: Double(x), y: Double(y)) else { return false }
        noteInput(at: time)
        return true
    }

    /// The window was mapped, entered or made fullscreen: the pointer position SDL reports next is not a move.
    public func windowChanged() { kiosk?.pointer.windowChanged() }

    /// The first screen is drawn: the kiosk starts scrolling.
    public func startKiosk() { kiosk?.autoScroll.start() }

    /// Whether the watchdog should step in now (see `Watchdog`); `progress` says a new photo was drawn.
    public func kioskWatchdog(at time: Double, progress: Bool, online: Bool) -> Bool {
        guard var k = kiosk else { return false }
        if progress { k.watchdog.progress(at: time) }
        let fire = k.watchdog.check(at: time, scrolling: k.autoScroll.isRunning(at: time), online: online)
        kiosk = k
        return fire
    }

    /// One frame of the kiosk's own motion, `dt` seconds after the last: the wall moves by the real time passed,
    /// and when the quiet spell ends the pane and other overlays close (the wall must not stay covered for hours).
    public func advanceKiosk(now: Double, dt: Double) {
        guard var k = kiosk else { return }
        if k.autoScroll.resumes(at: now, previous: now - dt) {
            closeEverything()
            if k.slideshow { SlideshowScreen.open(in: self) }
        }
        let step = k.autoScroll.step(at: now, dt: dt)
        kiosk = k
        guard step > 0, overlays.isEmpty, screen.scrollsInKiosk, let wall = screen.wall else { return }
        wall.setScroll(offset: wall.scroll.offset + step)
    }
}
