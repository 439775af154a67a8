import Foundation
import GalleryCore
import SDLKit

/// Drives the app without a person, for tests and README screenshots: waits until the screen has settled (every
/// visible image drawn, nothing moving), runs the next scripted command, and at the end saves the frame and quits.
final class Autopilot: FrameDriver {
    private var steps: [ScriptStep]
    private let screenshotPath: String?
    /// When a `wait:` step began.
    private var waitingSince: Double?
    /// A gesture being played: its events, when it began, how many are posted.
    private var playing: (gesture: TouchScript, start: Double?, posted: Int)?

    init(steps: [ScriptStep], screenshotPath: String?) {
        self.steps = steps
        self.screenshotPath = screenshotPath
    }

    /// Posts a playing gesture's touch events as their times come.
    func beforeFrame(_ app: GalleryApp, now: Double) -> Int32? {
        // A wait counts on every turn of the loop, drawn whole or not (a still frame draws only its clock).
        if case .wait(let seconds)? = steps.first, playing == nil {
            let since = waitingSince ?? now
            waitingSince = since
            if now - since >= seconds {
                steps.removeFirst()
                waitingSince = nil
                app.frames.noteChange()
            }
            return nil
        }
        guard var play = playing else { return nil }
        // Events posted last frame have been handled by now (the loop reads events before this hook).
        if play.posted == play.gesture.events.count {
            playing = nil
            app.frames.noteChange()
            return nil
        }
        let start = play.start ?? now
        play.start = start
        // Fingers land on the panel: a turned one's sides are the picture's swapped.
        let picture = app.model.viewport.size, turned = app.renderer.rotation % 180 == 90
        let size = turned ? PixelSize(width: picture.height, height: picture.width) : picture
        let events = play.gesture.events
        while play.posted < events.count, events[play.posted].at <= now - start {
            let e = events[play.posted]
            let phase: EventPump.TouchPhase = e.phase == .down ? .down : e.phase == .move ? .move : .up
            app.pump.postTouch(phase, finger: e.finger, x: e.x / Double(max(1, size.width)),
                               y: e.y / Double(max(1, size.height)), windowID: app.window.id)
            play.posted += 1
        }
        playing = play
        return nil
    }

    func afterDraw(_ app: GalleryApp, now: Double) -> Int32? {
        if case .wait? = steps.first { return nil }
        guard playing == nil, !app.refreshing, Autopilot.isSettled(model: app.model, images: app.images),
              !app.model.feed.awaitsOpenedFile(now: now) else { return nil }
        if !steps.isEmpty {
            switch steps.removeFirst() {
            case .command(let command):
                // A scripted command stands for a key: it brings the header back as a key would.
                app.model.screen.noteInput()
                app.effects.carryOut(app.model.apply(command))
                return app.effects.quitAsked ? 0 : nil
            case .text(let typed): app.model.handle(text: typed); return nil
            case .renderReset(let device): app.pump.postRenderReset(device: device); return nil
            case .drop(let paths): app.pump.postDrop(paths, windowID: app.window.id); return nil
            case .hang(let seconds): Thread.sleep(forTimeInterval: seconds); return nil
            case .touch(let gesture): playing = (gesture, nil, 0); return nil
            case .wait: return nil  // `beforeFrame` lets the time pass
            case .awaitClip(let seconds):
                if !app.clips.hasShown(past: seconds) { steps.insert(.awaitClip(seconds), at: 0) }
                return nil
            case .awaitSlide(let index):
                let shown = app.model.screen.frameMode == .slideshow ? app.model.screen.photoShown(in: app.model) : nil
                if shown?.index != index { steps.insert(.awaitSlide(index), at: 0) }
                return nil
            case .awaitOverlay(let name):
                // What it says is logged once it says something: the tests read it there.
                if let words = app.scene.overlays.words(of: name) { Log.info("overlay \(name): \(words)") } else {
                    steps.insert(.awaitOverlay(name), at: 0)
                }
                return nil
            case .awaitSource(let name):
                if app.sources.source.name != name { steps.insert(.awaitSource(name), at: 0) }
                return nil
            }
        }
        guard let path = screenshotPath else { return 0 }
        do {
            try app.renderer.readPixels().savePNG(to: path)
            Log.info("saved \(path)")
            return 0
        } catch {
            Log.warn("screenshot failed: \(error)")
            return 4
        }
    }

    /// Settled: the feed has photos and no page is about to arrive for this viewport, scrolling has stopped, and
    /// every visible cell (and the detail image, if the pane is open) is drawn or has failed for good.
    static func isSettled(model: GalleryModel, images: ImagePipeline) -> Bool {
        let browse = model.currentBrowse, items = browse.catalog.items
        // A screen with a wall of its own (bookmarks, a search's matches) may well be empty.
        guard !items.isEmpty || browse !== model.browse || browse.catalog.hasEnded,
              !model.feed.expectsPage, !model.isAnimating, !browse.scroll.isMoving, !images.hasUploads,
              !model.screens.contains(where: \.awaitsReply) else { return false }
        func done(_ key: ImageKey) -> Bool {
            let s = images.state(of: key)
            return s == .ready || s == .failed
        }
        for large in model.onShow.largeImages where !done(ImageKey(item: large.item, detail: true)) { return false }
        return !model.onShow.showsCells
            || browse.visibleIndices.allSatisfy { done(ImageKey(item: items[$0].key, detail: false)) }
    }
}
