import GalleryCore
import SDLKit

/// The input's participant: each event through the router to the model, what the model asks of the app on the one
/// effect path, text input on while a field has the focus, and a press held still becoming a long press.
final class InputTurns: LoopParticipant {
    let router: InputRouter
    private let model: GalleryModel
    private let effects: EffectPath
    private let pump: EventPump

    init(router: InputRouter, model: GalleryModel, effects: EffectPath, pump: EventPump) {
        self.router = router; self.model = model; self.effects = effects; self.pump = pump
    }

    func react(to event: InputEvent, now: Double) {
        effects.carryOut(router.handle(event, model: model, now: now))
    }

    /// After the turn's events and deliveries. Asleep, input wakes the frame (`--wake-on-touch`) and does nothing
    /// else: a tap in the dark must not open a photo.
    func settle(asleep: Bool) {
        pump.setTextInput(model.input.hasFocusedField)
        router.asleep = asleep
    }

    func frame(_ turn: Turn) { router.poll(model: model, now: turn.now) }
}

/// The rooms' participant: the model's own time (animations, the slideshow's step, the header's fade).
extension GalleryModel: LoopParticipant {
    /// The kiosk's and the input's turns before this one can start a motion (the slideshow back after a quiet spell,
    /// a long press) in a turn the loop began resting: it still steps 0.1 s at most.
    func frame(_ turn: Turn) {
        tick(dt: isMoving ? min(turn.modelDt, FramePacer.longestMotionStep) : turn.modelDt)
    }

    /// Something of the model's own moves (scrolling, a fade, a photo's slow zoom): frames at the display's rate,
    /// and the model's time in steps of a frame.
    var isMoving: Bool { currentBrowse.scroll.isMoving || isAnimating || screen.movesByItself }
}

/// The feed's participant: the next page asked for when the screen wants one, probes while offline.
extension FeedDriver: LoopParticipant {
    func frame(_ turn: Turn) { tick(now: turn.now) }
}

/// systemd's participant: told the frame is up once it is on screen, or asleep (started at night, it is up all
/// the same, or systemd would restart it).
extension ServiceNotifier: LoopParticipant {
    func skipped(_ turn: Turn, drawing: Bool) { if turn.asleep { shown() } }
    func presented(_ turn: Turn) { shown() }
}
