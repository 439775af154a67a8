import GalleryCore
import SDLKit

/// The images' participant: each frame, which images the screen wants (`ImageDemand`) goes to the pipeline, and
/// what the workers decoded is uploaded within the frame's budget.
final class ImageLoading: LoopParticipant {
    private let images: ImagePipeline
    private let model: GalleryModel
    private let renderer: Renderer
    private let frames: FramePlanner
    private let config: GalleryConfig
    private var demand: ImageDemand

    init(_ parts: Composition, config: GalleryConfig, frames: FramePlanner) {
        images = parts.images; model = parts.model; renderer = parts.renderer
        self.frames = frames; self.config = config
        demand = ImageDemand(window: parts.geometry.pixels)
        demand.maxTextureSide = Composition.largestTexture(of: renderer)
        images.largestTexture = demand.maxTextureSide
    }

    func windowChanged(_ geometry: WindowGeometry) {
        images.backdrops?.window = geometry.pixels
        demand.viewportChanged(geometry.viewport)
    }

    func frame(_ turn: Turn) {
        demand.sample(model, at: turn.now)
        images.backdrops?.wanted = model.screen.frameMode == .slideshow
        images.update(wanted: demand.wants(model, loadTime: images.loadTime), now: turn.now)
        if images.upload(to: renderer, count: config.uploadsPerFrame, bytes: config.uploadBytesPerFrame, now: turn.now) > 0 {
            frames.noteChange()
        }
        MemoryHygiene.tick(now: turn.now)
    }
}
