import Foundation
import GalleryCore
import SDLKit

/// A kiosk's duties in the running app, frame by frame: start scrolling once the first screen is drawn, hide the
/// pointer when it rests, keep the panel awake while photos show, go dark outside the schedule's hours, shift
/// still things against burn-in, and step in when the wall has stopped getting new photos.
final class KioskRunner {
    private var pointerShownAt: Double?
    private var lastUploads = 0
    /// When the first frame was drawn awake (the start deadline counts from there, not from a start in the night).
    private var firstFrame: Double?
    /// Times the watchdog stepped in.
    private(set) var interventions = 0
    /// Outside the schedule's hours: black, nothing fetched, the process asleep.
    private(set) var asleep = false

    /// Seconds added to the wall clock when reading the schedule (`--clock-shift`, for tests: a schedule's edge
    /// can be put seconds away).
    private let clockShift: Double

    /// How the display is switched off outside the hours (nil: a kiosk without a schedule never switches it).
    private let display: DisplaySwitch?
    /// The brightness the week wants (`--dim`, `--night-clock`), set or drawn.
    let level: ScreenLevel
    /// What the screen was at the last turn (the log says each change, with when the next comes).
    private var screen: ScreenState?
    private var lastSwitched = 0.0
    /// Whether what the display cannot do has been said (at the first turn of the loop, which knows the time).
    private var announced = false

    /// What sets the display's brightness, once chosen (the remote's state may show its level).
    var brightness: BrightnessSwitch? { level.brightness }

    init(model: GalleryModel, clockShift: Double = 0, display: DisplaySwitch? = nil,
         brightness: BrightnessSwitch? = nil, chooseBrightness: (() -> BrightnessSwitch)? = nil) {
        self.clockShift = clockShift
        self.display = display
        level = ScreenLevel(brightness: brightness, choose: chooseBrightness)
        if let display { Log.info("display power: \(display.plan)") }
        Cursor.setVisible(false)
        ScreenSaver.setAllowed(false)
    }

    /// Whether the wall scrolls by itself now (then frames come at the display's rate).
    func scrolls(_ model: GalleryModel, at now: Double) -> Bool {
        guard let kiosk = model.kiosk, !asleep else { return false }
        return kiosk.autoScroll.isRunning(at: now) && model.overlays.isEmpty && model.screen.scrollsInKiosk
    }

    func pointerShown(at now: Double) {
        if pointerShownAt == nil { Cursor.setVisible(true) }
        pointerShownAt = now
    }

    /// Hides the pointer once it has not moved on purpose for `timeout` seconds.
    func restPointer(now: Double, timeout: Double) {
        guard let shown = pointerShownAt, now - shown >= timeout else { return }
        Cursor.setVisible(false)
        pointerShownAt = nil
    }

    /// Whether the schedule has the screen dark at `date` (on the local wall clock, a night the clocks change
    /// included), a touch (`--wake-on-touch`, `now` in the loop's monotonic seconds) aside. Called every turn of
    /// the loop.
    func shouldSleep(_ model: GalleryModel, at date: Date = Date(), now: Double) -> Bool {
        guard let kiosk = model.kiosk else { return false }
        let state = kiosk.screen(at: date.addingTimeInterval(clockShift), in: .current, now: now)
        return kiosk.keepsDisplayPower && !state.showsPhotos
    }

    /// Whether the night clock shows (asleep, the display kept lit).
    func nightClockShows(_ model: GalleryModel) -> Bool { asleep && model.kiosk?.nightClockShows == true }

    /// The week's brightness for the screen now, and between a display off and the night clock the display's
    /// power, each at a change (`woke`: the display just came on: the level is sent again).
    private func follow(_ model: GalleryModel, woke: Bool, fellAsleep: Bool) {
        guard let kiosk = model.kiosk else { return }
        let state = kiosk.currentScreen
        // A display coming back on (the hours' start, or the night clock after a display off) may have forgotten
        // its level: sent again even if unchanged.
        var lit = woke
        if asleep, !fellAsleep, screen == .off, case .nightClock = state { lit = true }
        level.apply(state, to: kiosk, again: lit)
        guard state != screen else { return }
        let before = screen
        screen = state
        if let week = kiosk.week {
            let next = week.nextChange(after: Date().addingTimeInterval(clockShift), in: .current)
                .map { " until \(ClockFormat.now($0).prefix(5))" } ?? ""
            Log.info("the screen by the week's hours: \(state)\(next)")
        }
        // Asleep both before and after: the night clock begins or ends without waking the photos.
        guard asleep, !fellAsleep, let before, !before.showsPhotos else { return }
        ScreenSaver.setAllowed(state == .off)
        if case .nightClock = state, let why = display?.set(on: true) {
            Log.warn("the display may not have come on for the night clock: \(why)")
        }
        if state == .off, let why = display?.set(on: false) {
            Log.warn("the display did not switch off (\(why)): it is black instead")
        }
    }

    /// Falls asleep or wakes; returns true on a change. Asleep, the panel may power down.
    func setAsleep(_ sleeping: Bool) -> Bool {
        guard sleeping != asleep else { return false }
        asleep = sleeping
        ScreenSaver.setAllowed(sleeping)
        return true
    }

    /// Each turn of the loop: outside the schedule's hours the screen goes black and holds nothing it can load
    /// again; at the start of its hours it carries on from where it was. Returns whether it is asleep.
    /// The display is switched off (black first, in case it does not go) and on again at the hours' start or a
    /// touch; asleep, the loop draws nothing.
    func keepSchedule(_ model: GalleryModel, images: ImagePipeline, renderer: Renderer, frames: FramePlanner,
                      now: Double) -> Bool {
        if !announced {
            announced = true
            // A frame with hours whose display cannot be switched says why from its start, for a while.
            if let display, !display.plan.canSwitch, model.kiosk?.hasHours == true {
                // Translators: a kiosk's note in the header; {reason} is the technical cause, in English.
                model.kiosk?.noteDisplay(tr("The display stays lit at night, black: {reason}", ["reason": display.plan.why]),
                                         from: now)
            }
        }
        let changed = setAsleep(shouldSleep(model, now: now))
        follow(model, woke: changed && !asleep, fellAsleep: changed && asleep)
        guard changed else {
            // X switches a display forced off on again at any input (a jittering touch): off again, now and then.
            if asleep, !nightClockShows(model), let display, now - lastSwitched >= 60 {
                lastSwitched = now
                display.holdOff()
            }
            return asleep
        }
        lastSwitched = now
        Log.info(nightClockShows(model) ? "outside the schedule's hours: the night clock until they start"
            : model.kiosk?.displayChangeWords(lit: !asleep) ?? "the display \(asleep ? "off" : "on")")
        guard asleep else {
            if let why = display?.set(on: true) {
                Log.warn("the display may not have come on: \(why)")
                // Translators: a kiosk's note in the header; {reason} is the technical cause, in English.
                model.kiosk?.noteDisplay(tr("The display may not have come on this morning ({reason})", ["reason": why]),
                                         from: now)
            } else if let display, !display.plan.canSwitch {
                // Said again for a while each morning after a night it glowed, not all day.
                // Translators: a kiosk's note in the header; {reason} is the technical cause, in English.
                model.kiosk?.noteDisplay(tr("The display stayed lit last night, black: {reason}", ["reason": display.plan.why]),
                                         from: now)
            }
            model.kiosk?.displayCameOn(at: now)
            // Right at once: the network may have changed in the night, so pages and images are asked again now
            // rather than after a back-off grown while nobody looked.
            model.catalog.retryPagesSoon()
            frames.noteChange()
            return false
        }
        images.reset()
        renderer.setOffset(dx: 0, dy: 0)
        frames.noteChange()
        renderer.setColor(0, 0, 0)
        renderer.clear()
        renderer.present()
        // The night clock keeps the display lit, dim, with the clock alone (`NightClockPainter`).
        if nightClockShows(model) {
            ScreenSaver.setAllowed(false)
            return true
        }
        if let why = display?.set(on: false) {
            Log.warn("the display did not switch off (\(why)): it is black instead")
            // Said by day from when the display comes on (nobody reads a header at night).
            // Translators: a kiosk's note in the header; {reason} is the technical cause, in English.
            model.kiosk?.noteDisplay(tr("The display did not switch off at night ({reason}): it was black instead",
                                        ["reason": why]), from: nil)
        } else if display?.plan.canSwitch == true {
            // It went off: what went wrong before is over.
            model.kiosk?.noteDisplay(nil, from: nil)
        }
        return true
    }

    /// The kiosk's part of a frame: the scrolling, the pointer, the watchdog (which asks again for what is stalled),
    /// the burn-in shift at `time` seconds since start.
    func frame(model: GalleryModel, images: ImagePipeline, renderer: Renderer, online: Bool, now: Double, dt: Double,
               time: Double, firstScreenDrawn: @autoclosure () -> Bool) {
        if let why = watch(model: model, images: images, online: online, now: now, dt: dt, time: time,
                           firstScreenDrawn: firstScreenDrawn()) {
            Log.warn("watchdog: \(why); asking again for what is stalled")
            model.catalog.retryPagesSoon()
            images.reset()
        }
        let shift = model.kiosk?.shift?.offset(at: time) ?? (dx: 0, dy: 0)
        renderer.setOffset(dx: shift.dx, dy: shift.dy)
    }

    /// Returns why the watchdog stepped in, if it did.
    private func watch(model: GalleryModel, images: ImagePipeline, online: Bool, now: Double, dt: Double,
                       time: Double, firstScreenDrawn: @autoclosure () -> Bool) -> String? {
        // Looked at only until the scrolling has started: it walks every visible cell. One photo that never
        // arrives must not hold the wall still: past `startDeadline` it scrolls with what it has.
        let since = now - (firstFrame ?? now)
        if firstFrame == nil { firstFrame = now }
        if model.kiosk?.autoScroll.started == false, since >= KioskRunner.startDeadline || firstScreenDrawn() {
            if since >= KioskRunner.startDeadline, !firstScreenDrawn() {
                Log.warn("the first screen is not whole after \(Int(KioskRunner.startDeadline)) s "
                         + "(\(images.loadingCount) images on their way): scrolling with what has arrived")
            }
            model.kiosk?.autoScroll.start()
        }
        model.kiosk?.advance(model, now: now, dt: dt)
        restPointer(now: now, timeout: model.kiosk?.cursorTimeout ?? 2)
        let progress = images.uploadedTotal != lastUploads
        lastUploads = images.uploadedTotal
        guard model.kiosk?.watchdogFires(at: now, progress: progress, online: online) == true else { return nil }
        interventions += 1
        return "no new photo drawn for \(Int(model.kiosk?.watchdog.limit ?? 0)) s while scrolling online "
            + "(\(counted(images.loadingCount, "image", "images")) loading, \(counted(model.catalog.count, "photo", "photos")) in the feed, "
            + "pager \(model.catalog.pager.phase), last failure: \(images.lastFailure ?? "none"))"
    }

    /// Seconds after its first frame at which the kiosk scrolls whether or not its first screen is whole.
    static let startDeadline = 5.0
}
