import GalleryCore
import SDLKit

/// Decides, frame by frame, whether the window is drawn whole or only its header. After input, a worker's message
/// or a finished texture, or while the picture moves by itself, frames are whole; when the picture under the
/// header is the one the last whole frame showed, only the header (the clock) is drawn and shown, which is what a
/// renderer that can show parts of a frame makes cheap (`Renderer.present(part:)`).
@_spi(Bench) public final class FramePlanner {
    private var changed = true
    /// The picture under the header at the last whole frame (nil: it was moving).
    private var lastStill: StillPicture?
    /// Frames drawn whole, and frames where only the header was drawn and shown.
    @_spi(Bench) public private(set) var wholeFrames = 0
    @_spi(Bench) public private(set) var headerOnlyFrames = 0

    /// Something that may change the picture happened since the last whole frame.
    func noteChange() { changed = true }

    /// Whether this frame can draw and show the header alone. `wholeWanted`: automation reads or times whole frames.
    func headerSuffices(_ still: StillPicture?, renderer: Renderer, wholeWanted: Bool) -> Bool {
        guard !changed, !wholeWanted, renderer.keepsDrawing, !renderer.bordersNeedClearing,
              let still, still == lastStill else { return false }
        headerOnlyFrames += 1
        return true
    }

    /// A whole frame showed `still`.
    func drewWhole(_ still: StillPicture?) {
        wholeFrames += 1
        lastStill = still
        changed = false
    }
}
