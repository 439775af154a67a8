import GalleryCore
import SDLKit

/// Decides, frame by frame, whether the window is drawn whole, only where a playing clip's frame changed, or only its
/// header. After input, a worker's message or a finished texture, or while the picture moves by itself, frames are
/// whole; when the picture is the one the last whole frame showed and only clips' frames changed, only their cells
/// are drawn again; when nothing changed, only the header (the clock) is drawn and shown. A renderer that can show
/// parts of a frame makes the last two cheap (`Renderer.present(part:)`).
@_spi(Bench) public final class FramePlanner {
    private var changed = true
    /// Clips whose new frame was uploaded since the last frame drawn.
    private var newFrames: Set<ImageKey> = []
    /// The picture under the header at the last whole frame (nil: it was moving).
    private var lastStill: StillPicture?
    /// Frames drawn whole, and frames where only the header was drawn and shown.
    @_spi(Bench) public private(set) var wholeFrames = 0
    @_spi(Bench) public private(set) var headerOnlyFrames = 0

    /// What a frame draws.
    enum Plan: Equatable {
        case whole
        /// The cells of these clips (their new frames), over the last frame.
        case clips(Set<ImageKey>)
        /// The header alone.
        case header
    }

    /// Something that may change the picture happened since the last whole frame.
    func noteChange() { changed = true }

    /// These clips uploaded a new frame: nothing else in the picture changed because of it.
    func noteNewFrames(of keys: Set<ImageKey>) { newFrames.formUnion(keys) }

    /// What this frame draws. `wholeWanted`: automation reads or times whole frames.
    func plan(_ still: StillPicture?, renderer: Renderer, wholeWanted: Bool) -> Plan {
        guard !changed, !wholeWanted, renderer.keepsDrawing, !renderer.bordersNeedClearing,
              let still, still == lastStill else { return .whole }
        if !newFrames.isEmpty { return .clips(newFrames) }
        headerOnlyFrames += 1
        return .header
    }

    /// A whole frame showed `still`.
    func drewWhole(_ still: StillPicture?) {
        wholeFrames += 1
        lastStill = still
        changed = false
        newFrames = []
    }

    /// The clips' cells were drawn again and shown.
    func drewClips() { newFrames = [] }
}
