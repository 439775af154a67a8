import GalleryCore

/// Drives the app without a person, for tests and README screenshots: waits until the screen has settled (every
/// visible image drawn, nothing moving), runs the next scripted command, and at the end asks for a screenshot.
final class Autopilot {
    private var steps: [Command]
    let screenshotPath: String?
    private(set) var finished = false

    init(steps: [Command], screenshotPath: String?) {
        self.steps = steps
        self.screenshotPath = screenshotPath
    }

    var isActive: Bool { screenshotPath != nil || !steps.isEmpty }

    enum Action: Equatable { case wait, run(Command), screenshot }

    func next(settled: Bool) -> Action {
        guard isActive, !finished, settled else { return .wait }
        if !steps.isEmpty { return .run(steps.removeFirst()) }
        finished = true
        return .screenshot
    }

    /// Settled: the feed has photos, scrolling has stopped, and every visible cell (and the detail image, if the
    /// pane is open) is drawn or has failed for good.
    static func isSettled(model: GalleryModel, images: ImagePipeline) -> Bool {
        guard !model.feed.isEmpty, !model.scroll.isMoving, !images.hasUploads else { return false }
        func done(_ key: ImageKey) -> Bool {
            let s = images.state(of: key)
            return s == .ready || s == .failed
        }
        if let d = model.detailIndex, !done(ImageKey(item: model.feed.items[d].key, detail: true)) { return false }
        return model.visibleIndices.allSatisfy { done(ImageKey(item: model.feed.items[$0].key, detail: false)) }
    }
}
