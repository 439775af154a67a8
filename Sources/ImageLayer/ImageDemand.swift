import GalleryCore

/// Which images the current frame wants, most urgent first: the overlays' large images (the pane's), then the wall's visible
/// cells and its margins as the residency policy (adapted to the scrolling speed) plans them. Cells the viewport
/// will have left before a typical load finishes are wanted but not started.
public struct ImageDemand {
    public var residency: ResidencyPolicy
    /// The renderer's largest texture side (nil: no limit): no image is asked larger (a zoomed photo on a small
    /// GPU, a 4K wall's cell on one that takes 2048).
    public var maxTextureSide: Int?
    /// How fast the viewport moves, for judging which loads would arrive too late.
    public private(set) var motion = VelocityMeter()

    public init(window: PixelSize) {
        residency = ResidencyPolicy(byteBudget: ResidencyPolicy.budget(forWindow: window))
    }

    public mutating func viewportChanged(_ viewport: Viewport) {
        residency.byteBudget = ResidencyPolicy.budget(forWindow: viewport.physical)
    }

    public mutating func sample(_ model: GalleryModel, at time: Double) {
        // Measured on the whole run's content, so items dropped above (a wrapping wall) are no jump backwards.
        motion.sample(top: model.currentBrowse.scrollTop + model.currentBrowse.droppedHeight, at: time)
    }

    public func wants(_ model: GalleryModel, loadTime: Double) -> [ImageWant] {
        let browse = model.currentBrowse, scale = model.viewport.scale
        let items = browse.catalog.items
        var wants: [ImageWant] = []
        var detailBytes = 0
        // What is shown large (the pane's photo, the slideshow's), most urgent first.
        for large in model.onShow.largeImages {
            let size = ResidencyPolicy.pixelSize(of: large.frame, scale: scale).fitted(withinSide: maxTextureSide)
            detailBytes += size.area * 4
            wants.append(ImageWant(key: ImageKey(item: large.item, detail: true), photo: large.photo, size: size))
        }
        guard model.onShow.showsCells else { return wants }
        let policy = residency.adapted(screensPerSecond: abs(motion.velocity) / Double(browse.gridHeight),
                                       detailBytes: detailBytes)
        let plan = policy.plan(layout: browse.layout, top: browse.scrollTop, height: browse.gridHeight,
                               direction: browse.scroll.direction, scale: scale)
        wants.reserveCapacity(wants.count + plan.ordered.count)
        for index in plan.ordered {
            // Asked for at the size the picture is drawn (a photo fitted inside a list cell is not cropped to it).
            let frame = browse.pictureFrame(browse.layout.frames[index], of: items[index].photo)
            let worth = ResidencyPolicy.isWorthLoading(frame, top: browse.scrollTop, height: browse.gridHeight,
                                                      velocity: motion.velocity, loadTime: loadTime)
            wants.append(ImageWant(key: ImageKey(item: items[index].key, detail: false), photo: items[index].photo,
                                   size: ResidencyPolicy.pixelSize(of: frame, scale: scale).fitted(withinSide: maxTextureSide),
                                   worthStarting: worth))
        }
        return wants
    }
}
