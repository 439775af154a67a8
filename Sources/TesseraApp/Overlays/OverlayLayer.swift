import Foundation
import GalleryCore

/// The non-modal overlays over every room (the frame's clock, the captions, the toasts): each installed from one
/// registry line (`InstalledOverlays`), refreshed at its own rate, drawn where, when and as faded as its traits say.
/// The loop asks it two things: whether anything it shows changed (`tick`), and to draw a depth of it.
final class OverlayLayer {
    private struct Installed {
        let name: String
        let switchable: Bool
        let model: any OverlayModel
        let view: any OverlayView
        /// Wall-clock time of its next refresh (nil: every frame; a clock set back makes it due at once).
        var due: Double? = -.infinity
        /// Its refreshes that changed what it shows, and its picture drawn once per change (a still view's).
        var changes = 0
        let picture: OverlayPicture?
    }

    private var installed: [Installed]
    /// Still overlays drawn once per change and copied (`OverlayPicture`); `TESSERA_OVERLAY_PICTURES=0` draws them
    /// in pieces every frame instead (to compare the two).
    private static let drawsPictures = ProcessInfo.processInfo.environment["TESSERA_OVERLAY_PICTURES"] != "0"
    private let pen: OverlayPen
    /// The overlays switched off by their owner (`OverlaySwitchboard`): not drawn, still refreshed.
    var switches = OverlaySwitches()

    /// The installed overlays that can be switched, by name, in the registry's order.
    var switchable: [String] { installed.filter(\.switchable).map(\.name) }

    /// The switchable overlays as the remotes see them: on or off, drawn now, and their words.
    func shown(in gallery: GalleryModel) -> [String: FrameState.OverlayShown] {
        let scene = OverlayScene.of(gallery, asleep: false)
        var shown: [String: FrameState.OverlayShown] = [:]
        // The switchable ones, and one that says which frame this is while it does (`identify`).
        for overlay in installed where overlay.switchable || overlay.model is IdentifyOverlay && overlay.model.words != nil {
            let on = switches.isOn(overlay.name), model = overlay.model
            shown[overlay.name] = FrameState.OverlayShown(
                on: on, shown: on && model.traits.scenes.include(scene) && model.shows(in: gallery), words: model.words)
        }
        return shown
    }

    init(entries: [OverlayEntry], config: GalleryConfig, canvas: Canvas) {
        pen = OverlayPen(canvas: canvas)
        installed = entries.compactMap { entry in
            entry.install(config).map {
                Installed(name: entry.name, switchable: entry.switchable, model: $0.model, view: $0.view,
                          picture: $0.view is any StillOverlayView ? OverlayPicture() : nil)
            }
        }
        if !installed.isEmpty { Log.info("overlays: \(installed.map(\.name).joined(separator: ", "))") }
    }

    /// The installed overlay of this kind (the app's effect path reaches the identify card through it).
    func installed<Model: OverlayModel>(_ kind: Model.Type) -> Model? {
        installed.lazy.compactMap { $0.model as? Model }.first
    }

    /// What the installed overlay `name` says now (nil: nothing, or no such overlay).
    func words(of name: String) -> String? { installed.first { $0.name == name }?.model.words }

    /// Refreshes the overlays whose time has come; true when what any of them shows changed (the frame is then
    /// drawn whole). Between their refreshes they cost a comparison of times.
    func tick(now date: Date, gallery: GalleryModel) -> Bool {
        let time = date.timeIntervalSince1970
        var changed = false
        for i in installed.indices {
            let model = installed[i].model
            guard model.traits.refresh.isDue(installed[i].due, at: time) else { continue }
            if model.refresh(OverlayContext(date: date, gallery: gallery)) {
                changed = true
                installed[i].changes += 1
            }
            installed[i].due = model.traits.refresh.next(after: time)
        }
        return changed
    }

    /// Draws the overlays of `depth` that show in the gallery's scene, in registry order. `header`: the header's
    /// opacity now (what `.withHeader` fades by); `time`: seconds since the start (the burn-in shift's); `asleep`: a
    /// kiosk outside its hours with the night clock (`NightClockPainter`).
    func draw(_ depth: OverlayDepth, gallery: GalleryModel, header: Double, time: Double, asleep: Bool = false) {
        let scene = OverlayScene.of(gallery, asleep: asleep)
        let shift = gallery.kiosk?.shift?.offset(at: time) ?? (dx: 0, dy: 0)
        let rotation = PanelRotation(degrees: pen.canvas.renderer.rotation)
        let picturesFit = OverlayPicture.fits(pen.canvas.renderer) && OverlayLayer.drawsPictures
        for overlay in installed {
            let model = overlay.model, traits = model.traits
            guard traits.depth == depth, traits.scenes.include(scene), switches.lets(overlay.name, drawIn: scene),
                  model.shows(in: gallery) else { continue }
            let opacity = traits.fade.opacity(header: header)
            guard opacity > 0 else { continue }
            var placement = traits.placement
            if !traits.turnsWithPicture, let rotation { placement = placement.onPanel(turned: rotation) }
            placement.spot = pen.laidOut(placement.spot)
            let area = model.area(in: gallery)
            let size = placement.spot == .fullScreen ? PixelSize(width: area.width, height: area.height)
                : overlay.view.size(pen: pen, gallery: gallery)
            guard let size else { continue }
            // The whole picture moves by the shift; an overlay with a smaller share is moved back by the rest.
            let back = 1 - traits.shiftShare
            let frame = placement.frame(size: size, in: area)
                .offsetBy(dx: -Int((Double(shift.dx) * back).rounded()), dy: -Int((Double(shift.dy) * back).rounded()))
            let key = OverlayPicture.Key(changes: overlay.changes, frame: frame, window: gallery.viewport.size)
            if opacity < 1 {
                pen.canvas.drawFaded(opacity) { overlay.view.draw(in: frame, pen: pen, gallery: gallery) }
            } else if let picture = overlay.picture, model.traits.refresh != .everyFrame, picturesFit,
                      picture.draw(key, renderer: pen.canvas.renderer, paint: { overlay.view.draw(in: frame, pen: pen, gallery: gallery) }) {
                continue
            } else {
                overlay.view.draw(in: frame, pen: pen, gallery: gallery)
            }
        }
    }
}
