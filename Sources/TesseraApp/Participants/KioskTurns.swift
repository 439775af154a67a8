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

    init?(_ parts: Composition, options: AppOptions, feed: FeedDriver, frames: FramePlanner) {
        guard let kiosk = options.kiosk else { return nil }
        model = parts.model; images = parts.images; renderer = parts.renderer
        self.frames = frames; self.feed = feed
        // A frame with hours switches its display off outside them, one steered from afar when it is told to.
        let display = kiosk.schedule == nil && !options.remoteControlled ? nil : DisplaySwitch(
            way: options.displayPower, offCommand: options.displayOffCommand, onCommand: options.displayOnCommand,
            driver: Window.videoDriver, window: parts.window, name: options.userName)
        runner = KioskRunner(model: parts.model, clockShift: options.clockShift, display: display)
    }

    /// Asleep or awake by the hours now (the switch made here); true while asleep.
    func keepSchedule(now: Double) -> Bool {
        runner.keepSchedule(model, images: images, renderer: renderer, frames: frames, now: now)
    }

    /// Whether the wall scrolls by itself (then frames come at the display's rate, not the clock's).
    func scrolls(at now: Double) -> Bool { runner.scrolls(model, at: now) }

    func frame(_ turn: Turn) {
        runner.frame(model: model, images: images, renderer: renderer, online: feed.isOnline, now: turn.now,
                     dt: turn.dt, time: turn.time, firstScreenDrawn: Autopilot.isSettled(model: model, images: images))
    }
}
