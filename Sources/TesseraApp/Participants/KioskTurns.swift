import GalleryCore
import SDLKit

/// The kiosk's participant (`--kiosk`): the display's hours each turn, with its power switched outside them, and
/// its share of each frame (the scrolling, the pointer, the watchdog, the burn-in shift).
final class KioskTurns: LoopParticipant {
    let runner: KioskRunner
    private let model: GalleryModel
    private let images: ImagePipeline
    private let renderer: Renderer
    private let frames: FramePlanner
    private let feed: FeedDriver
    /// Outside the hours with `--night-clock`: the clock alone on black.
    private let nightClock: NightClockPainter

    init?(_ parts: Composition, options: AppOptions, feed: FeedDriver, frames: FramePlanner) {
        guard let kiosk = options.kiosk else { return nil }
        model = parts.model; images = parts.images; renderer = parts.renderer
        self.frames = frames; self.feed = feed
        // A frame with hours switches its display off outside them, one steered from afar when it is told to.
        let display = !kiosk.hasHours && !options.remoteControlled ? nil : DisplaySwitch(
            way: options.displayPower, offCommand: options.displayOffCommand, onCommand: options.displayOnCommand,
            driver: Window.videoDriver, window: parts.window, name: options.userName)
        // Chosen once: at the start for a week that dims, else when a dim first comes (from the remote's form); a
        // probe may run `ddcutil detect`, seconds, which a frame that never dims never pays.
        let dims = kiosk.week.map { !$0.dims.isEmpty || $0.nightClock != nil } ?? false
        let (way, command) = (options.brightness, options.brightnessCommand)
        let choose = { BrightnessSwitch(way: way, command: command) }
        runner = KioskRunner(model: parts.model, clockShift: options.clockShift, display: display,
                             brightness: dims ? choose() : nil, chooseBrightness: choose)
        nightClock = NightClockPainter(layer: parts.scene.overlays, renderer: parts.renderer, model: parts.model)
    }

    /// Asleep or awake by the hours now (the switch made here); true while asleep.
    func keepSchedule(now: Double) -> Bool {
        runner.keepSchedule(model, images: images, renderer: renderer, frames: frames, now: now)
    }

    /// Whether the wall scrolls by itself (then frames come at the display's rate, not the clock's).
    func scrolls(at now: Double) -> Bool { runner.scrolls(model, at: now) }

    /// Asleep with the night clock: the clock drawn when it changed; awake, the next night starts afresh.
    func skipped(_ turn: Turn, drawing: Bool) {
        if turn.asleep, runner.nightClockShows(model) { nightClock.paint(time: turn.time) } else { nightClock.stop() }
    }

    /// A frame stopped during a dim spell or the night clock puts the panel's brightness back (two seconds at most).
    func stopping() { runner.brightness?.restore() }

    func frame(_ turn: Turn) {
        nightClock.stop()
        runner.frame(model: model, images: images, renderer: renderer, online: feed.isOnline, now: turn.now,
                     dt: turn.dt, time: turn.time, firstScreenDrawn: Autopilot.isSettled(model: model, images: images))
    }
}
