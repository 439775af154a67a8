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
    /// The remotes' screenshots: a whole frame's pixels read before it is presented.
    private let capture: ScreenCapture

    init(_ parts: Composition, feed: FeedDriver, frames: FramePlanner) {
        scene = parts.scene; renderer = parts.renderer; model = parts.model; images = parts.images
        self.feed = feed; self.frames = frames; capture = parts.desk.capture
    }

    /// What a turn drew: nothing, the header alone or the cells of clips with a new frame (shown already), or the
    /// whole frame (shown by `present`, so a driver can still read it back).
    enum Drawn {
        case nothing, header, clips, whole(StillPicture?)

        /// Whether the picture was drawn (whole, or where clips changed), not only the clock: a frame a driver times.
        var showedPicture: Bool {
            switch self {
            case .whole, .clips: return true
            case .nothing, .header: return false
            }
        }
    }

    /// The last turn drew nothing: the picture is still and no header shows over it (the loop may then rest).
    private(set) var resting = false

    /// `wholeWanted`: automation reads or times whole frames now.
    func draw(_ turn: Turn, wholeWanted: Bool) -> Drawn {
        let drawn = drawn(turn, wholeWanted: wholeWanted)
        if case .nothing = drawn { resting = true } else { resting = false }
        return drawn
    }

    private func drawn(_ turn: Turn, wholeWanted: Bool) -> Drawn {
        let still = StillPicture(of: model)
        // Under an alert's scrim the clock is dimmed with the rest: it is drawn whole, never alone and bright.
        let headerCovered = model.overlays.contains { $0.coversHeader }
        let plan = headerCovered ? .whole : frames.plan(still, renderer: renderer, wholeWanted: wholeWanted || capture.wanted)
        switch plan {
        case .whole:
            break
        case .header:
            // Nothing changed, and no header shows over it (a slideshow's faded away): nothing to draw.
            guard headerShows else { return .nothing }
            drawHeaderAlone(turn)
            return .header
        case .clips(let keys):
            // Only clips' frames changed: their cells are drawn again (everything over them included), the rest
            // of the window stays as the last frame left it. A clip drawn where the scene cannot say: whole.
            guard let parts = scene.cells(of: keys, model: model) else { break }
            let status = feed.status(), clock = ClockFormat.now()
            for part in parts {
                scene.draw(model: model, images: images, status: status, clock: clock, time: turn.time, inside: part)
                renderer.present(part: (part.x, part.y, part.width, part.height))
            }
            // The clock goes on as in a frame where nothing changed.
            if headerShows { drawHeaderAlone(turn) }
            frames.drewClips()
            return .clips
        }
        scene.draw(model: model, images: images, status: feed.status(), clock: ClockFormat.now(), time: turn.time)
        return .whole(still)
    }

    /// Whether a header shows over the picture (a slideshow's fades away while nobody touches the frame).
    private var headerShows: Bool { !model.overlays.isEmpty || model.screen.chromeOpacity > 0 }

    private func drawHeaderAlone(_ turn: Turn) {
        let header = scene.drawHeaderAlone(model: model, status: feed.status(), clock: ClockFormat.now(), time: turn.time)
        renderer.present(part: (header.x, header.y, header.width, header.height))
    }

    /// Shows the whole frame drawn (read first for a screenshot asked for: exactly what the panel will show).
    func present(_ still: StillPicture?) {
        if capture.wanted { capture.frameDrawn(renderer) }
        renderer.present()
        frames.drewWhole(still)
    }
}
