import ArgumentParser
import Foundation
import GalleryCore
@_spi(Overlays) import TesseraApp

/// `tessera-bench overlay-probe`: the app with one overlay more, added through the overlay layer's registration
/// alone (`AppOptions.overlays`), for the test that proves a new overlay needs nothing else. It lives in the
/// development binary, so the shipped app carries no test overlay and no switch for one.
struct OverlayProbe: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "overlay-probe",
        abstract: "Run the demo with a test overlay (a magenta mark, centred) registered beside the app's own.")

    @Option(help: "software or accelerated.") var renderer: String?
    @Flag(help: "No vsync.") var noVsync = false
    @Option(help: "Save the first settled frame here and exit.") var screenshot: String?
    @Option(help: "Give up after this many seconds.") var exitAfter: Double?
    @Option(help: "Window size, WxH.") var size = "1280x800"
    @Option(help: "wall or slideshow.") var mode = "wall"
    @Flag(help: "Kiosk mode.") var kiosk = false
    @Option(help: "The user's name (no welcome).") var name = "Ada"
    @Option(help: "Automation steps, comma-separated.") var script: String?
    @Option(help: "The slideshow's clock (--clock's words).") var clock: String?

    func run() throws {
        var options = AppOptions()
        options.demo = true
        options.useCache = false
        options.userName = name
        let wh = size.split(separator: "x").compactMap { Int($0) }
        if wh.count == 2 { options.config.windowSize = PixelSize(width: wh[0], height: wh[1]) }
        options.slideshow = mode == "slideshow"
        options.config.opensSlideshow = options.slideshow
        options.config.slideClock = clock.flatMap { try? ClockStyle.parse($0) }
        if kiosk { options.kiosk = Kiosk(slideshow: options.slideshow) }
        options.renderer = renderer == "software" ? .software : renderer == "accelerated" ? .accelerated : nil
        options.vsync = !noVsync
        options.screenshotPath = screenshot
        options.exitAfter = exitAfter
        options.script = (script ?? "").split(separator: ",").compactMap { ScriptStep(name: String($0)) }
        // The one line a new overlay takes.
        options.overlays.append(OverlayEntry("probe", model: { _ in ProbeOverlay() }, view: ProbeView.init))
        let code = try GalleryApp.run(options: options)
        if code != 0 { throw ExitCode(code) }
    }
}

/// A test overlay: a mark in the middle of the window over the slideshow and both walls, asked again every ten
/// minutes as a weather would be.
final class ProbeOverlay: OverlayModel {
    let traits = OverlayTraits(placement: OverlayPlacement(.centred), scenes: [.slideshow, .walls],
                               refresh: .every(seconds: 600))
    private(set) var refreshes = 0

    func refresh(_ context: OverlayContext) -> Bool {
        refreshes += 1
        return refreshes == 1
    }
}

final class ProbeView: OverlayView {
    /// Magenta: no photo of the demo is.
    static let colour = RGBA(255, 0, 255)

    init(_ probe: ProbeOverlay) {}

    func size(pen: OverlayPen, gallery: GalleryModel) -> PixelSize? { PixelSize(width: 120, height: 60) }

    func draw(in frame: Rect, pen: OverlayPen, gallery: GalleryModel) { pen.fill(frame, ProbeView.colour) }
}
