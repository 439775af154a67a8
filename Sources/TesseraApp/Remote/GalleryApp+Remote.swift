import Foundation
import GalleryCore

/// The running gallery's door for the remotes (`FrameDesk`): the state they see, and their commands carried out as
/// keys' would be, what they ask of the app on the one effect path (`EffectPath`).
extension GalleryApp {
    /// The frame as the remotes see it.
    var frameState: FrameState {
        var facts = FrameState.Facts(
            version: AppOptions.version, name: options.userName, displayOn: !(kiosk?.runner.asleep ?? false),
            source: sources.shown, online: feed.isOnline, notice: desk.notice,
            authorIsFileName: sources.kind.authorIsFileName, overlays: scene.overlays.shown(in: model),
            brightness: kiosk?.runner.level.applied)
        // The health as last looked at and sampled (`HealthWatch`): nothing read from disk here.
        remote?.health.fill(&facts, online: feed.isOnline)
        return FrameState(model: model, facts: facts)
    }

    /// A command from a remote, carried out as a key's would be; why not, when it cannot be (a photo the feed does
    /// not hold, a source not installed, what only a kiosk has). Quitting is for a person at the window.
    func carryOutFromAfar(_ command: Command) -> CommandRefusal? {
        switch command {
        case .quit: return CommandRefusal("quit is for a person at the frame")
        case .openPhoto(let id) where model.catalog.index(ofPhotoID: id) == nil:
            return CommandRefusal("no photo \(ExternalText.clean(id, maxCharacters: 60)) in the feed")
        case .setSpeed where model.kiosk == nil:
            return CommandRefusal("the scrolling speed is a kiosk's (--kiosk)", kind: .notNow)
        default:
            // What did nothing or failed is said on screen (a toast: an alert would stop the remote until someone at
            // the frame closed it), in the log, and in the answer.
            let outcome = CommandsFromAfar.apply(command, in: model)
            frames.noteChange()
            switch outcome {
            case .success(let effect):
                return effect == .quit ? nil : effects.carryOut(effect)
            case .failure(let refusal):
                let name = RemoteReplies.name(of: command) ?? String(describing: command)
                if refusal.kind == .notStored { Log.warn("remote: \(name) failed: \(refusal.message)") }
                else { Log.info("remote: \(name) refused: \(refusal.message)") }
                return refusal
            }
        }
    }
}
