import Foundation
import GalleryCore
import SDLKit

/// The one path for what the model asks of the app beyond itself (`GalleryModel.Effect`), whichever way the command
/// came: a key, a click, a script's step or a remote's request. Each effect is carried out here and only here, so
/// none can be dropped by one door and done by another.
final class EffectPath {
    private let window: WindowKeeper
    private let feed: FeedDriver
    private let model: GalleryModel
    private let frames: FramePlanner
    private let mailbox: Mailbox<Delivery>
    /// Seconds added to the wall clock when reading the schedule (`--clock-shift`).
    private let clockShift: Double
    /// The owner's switches of the overlays.
    private let overlays: OverlaySwitchboard
    /// Which frame this is, shown large on `identify`: its name and its remote page's address.
    private let identity: (card: IdentifyOverlay?, name: String, address: String?)
    /// Somebody asked to quit (a key, a window close, a script's last step): the loop ends at its next look.
    private(set) var quitAsked = false

    init(window: WindowKeeper, feed: FeedDriver, model: GalleryModel, frames: FramePlanner, mailbox: Mailbox<Delivery>,
         options: AppOptions, overlays: OverlayLayer) {
        self.window = window; self.feed = feed; self.model = model; self.frames = frames; self.mailbox = mailbox
        clockShift = options.clockShift
        self.overlays = OverlaySwitchboard(layer: overlays, options: options)
        identity = (overlays.installed(IdentifyOverlay.self), options.userName ?? RemoteServices.hostName,
                    RemoteServices.pageAddress(options))
    }

    /// Carries `effect` out; why not, when it cannot be (the remote answers with it; a key's is not said).
    @discardableResult
    func carryOut(_ effect: GalleryModel.Effect) -> CommandRefusal? {
        switch effect {
        case .none: return nil
        case .quit: quitAsked = true
        case .toggleFullscreen: window.toggleFullscreen()
        case .copy(let text): Clipboard.set(text)
        case .open(let url):
            let mailbox = self.mailbox
            Browser.open(url) { mailbox.post(.said($0)) }
        case .display(let on):
            guard let kiosk = model.kiosk else {
                return CommandRefusal("the display's power is a frame's: start it with --kiosk", kind: .notNow)
            }
            kiosk.setDisplay(on: on, at: Date().addingTimeInterval(clockShift), in: .current)
        case .useSource(let name, let album):
            if let refusal = feed.show(source: name, album: album) { return refusal }
        case .overlay(let name, let on):
            if let refusal = overlays.set(name, on: on) { return refusal }
        case .identify:
            // The card and the lit display on the same monotonic clock: they end together, whatever NTP does.
            let now = GalleryApp.now()
            identity.card?.show(name: identity.name, address: identity.address, at: now)
            // A kiosk's display asleep is lit for the card's seconds (as a touch lights it), then sleeps again.
            model.kiosk?.litUntil = now + IdentifyOverlay.duration
        case .openPaths(let paths):
            // A kiosk shows what its owner set up; nothing dropped on it replaces that.
            guard model.kiosk == nil else { return CommandRefusal("a kiosk opens nothing dropped on it", kind: .notNow) }
            feed.open(paths)
        }
        frames.noteChange()
        return nil
    }
}
