import Foundation
import GalleryCore

/// The overlays' participant: each frame, the overlays whose refresh is due are asked again (`OverlayLayer.tick`);
/// when what one shows changed (the frame's clock turned a minute, a toast came or went), the frame is drawn whole.
final class OverlayTurns: LoopParticipant {
    private let layer: OverlayLayer
    private let model: GalleryModel
    private let frames: FramePlanner

    init(_ parts: Composition, frames: FramePlanner) {
        layer = parts.scene.overlays; model = parts.model; self.frames = frames
    }

    func frame(_ turn: Turn) {
        if layer.tick(now: Date(), gallery: model) { frames.noteChange() }
    }
}
