import GalleryCore
import SDLKit

/// What the loop does last in a turn, after its participants (called by name, not one of the list): the frame drawn
/// whole, or the header alone when nothing under it changed (`FramePlanner`), and shown.
final class Drawing {
    private let scene: SceneRenderer
    private let renderer: Renderer
    private let model: GalleryModel
    private let images: ImagePipeline
    private let feed: FeedDriver
    private let frames: FramePlanner

    init(_ parts: Composition, feed: FeedDriver, frames: FramePlanner) {
        scene = parts.scene; renderer = parts.renderer; model = parts.model; images = parts.images
        self.feed = feed; self.frames = frames
    }

    /// What a turn drew: nothing, the header alone (shown already), or the whole frame (shown by `present`, so a
    /// driver can still read it back).
    enum Drawn { case nothing, header, whole(StillPicture?) }

    /// `wholeWanted`: automation reads or times whole frames now.
    func draw(_ turn: Turn, wholeWanted: Bool) -> Drawn {
        let still = StillPicture(of: model)
        // Under an alert's scrim the clock is dimmed with the rest: it is drawn whole, never alone and bright.
        let headerCovered = model.overlays.contains { $0.coversHeader }
        if !headerCovered, frames.headerSuffices(still, renderer: renderer, wholeWanted: wholeWanted) {
            // Nothing changed, and no header shows over it (a slideshow's faded away): nothing to draw.
            if model.overlays.isEmpty, model.screen.chromeOpacity <= 0 { return .nothing }
            let header = scene.drawHeaderAlone(model: model, status: feed.status(), clock: ClockFormat.now(), time: turn.time)
            renderer.present(part: (header.x, header.y, header.width, header.height))
            return .header
        }
        scene.draw(model: model, images: images, status: feed.status(), clock: ClockFormat.now(), time: turn.time)
        return .whole(still)
    }

    /// Shows the whole frame drawn.
    func present(_ still: StillPicture?) {
        renderer.present()
        frames.drewWhole(still)
    }
}
