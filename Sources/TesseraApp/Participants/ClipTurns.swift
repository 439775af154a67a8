import GalleryCore
import SDLKit

/// The clips' participant: the clips, animations and Live Photos the screen plays, started and stopped as it asks,
/// their new frames uploaded; all stopped while nobody sees them (a display off, a window hidden).
final class ClipTurns: LoopParticipant {
    private let clips: ClipPlayers
    private let model: GalleryModel
    private let renderer: Renderer
    private let frames: FramePlanner
    private let window: WindowKeeper

    init(_ parts: Composition, window: WindowKeeper, frames: FramePlanner) {
        clips = parts.clips; model = parts.model; renderer = parts.renderer
        self.window = window; self.frames = frames
    }

    func frame(_ turn: Turn) {
        clips.update(model.onShow.playRequests, scale: window.geometry.viewport.scale, now: turn.now)
        let uploads = clips.upload(to: renderer)
        // A new frame changes its cell alone (drawn again there, `FramePlanner`); a clip that failed changes more.
        if uploads.stopped { frames.noteChange() }
        if !uploads.newFrames.isEmpty { frames.noteNewFrames(of: uploads.newFrames) }
    }

    func skipped(_ turn: Turn, drawing: Bool) { if !drawing { clips.stopAll() } }
}
