import Foundation
import GalleryCore

/// The non-modal overlays over every room (the frame's clock, the captions, the toasts): each installed from one
/// registry line (`InstalledOverlays`), refreshed at its own rate, drawn where, when and as faded as its traits say.
/// The loop asks it two things: whether anything it shows changed (`tick`), and to draw a depth of it.
final class OverlayLayer {
    private struct Installed {
        let name: String
        let model: any OverlayModel
        let view: any OverlayView
        /// Wall-clock time of its next refresh (nil: every frame; a clock set back makes it due at once).
        var due: Double? = -.infinity
    }

    private var installed: [Installed]
    private let pen: OverlayPen

    init(entries: [OverlayEntry], config: GalleryConfig, canvas: Canvas) {
        pen = OverlayPen(canvas: canvas)
        installed = entries.compactMap { entry in
            entry.install(config).map { Installed(name: entry.name, model: $0.model, view: $0.view) }
        }
        if !installed.isEmpty { Log.info("overlays: \(installed.map(\.name).joined(separator: ", "))") }
    }

    /// Refreshes the overlays whose time has come; true when what any of them shows changed (the frame is then
    /// drawn whole). Between their refreshes they cost a comparison of times.
    func tick(now date: Date, gallery: GalleryModel) -> Bool {
        let time = date.timeIntervalSince1970
        var changed = false
        for i in installed.indices {
            let model = installed[i].model
            guard model.traits.refresh.isDue(installed[i].due, at: time) else { continue }
            if model.refresh(OverlayContext(date: date, gallery: gallery)) { changed = true }
            installed[i].due = model.traits.refresh.next(after: time)
        }
        return changed
    }

    /// Draws the overlays of `depth` that show in the gallery's scene, in registry order. `header`: the header's
    /// opacity now (what `.withHeader` fades by); `time`: seconds since the start (the burn-in shift's).
    func draw(_ depth: OverlayDepth, gallery: GalleryModel, header: Double, time: Double) {
        let scene = OverlayScene.of(gallery, asleep: false)
        let shift = gallery.kiosk?.shift?.offset(at: time) ?? (dx: 0, dy: 0)
        let rotation = PanelRotation(degrees: pen.canvas.renderer.rotation)
        for overlay in installed {
            let model = overlay.model, traits = model.traits
            guard traits.depth == depth, traits.scenes.include(scene), model.shows(in: gallery) else { continue }
            let opacity = traits.fade.opacity(header: header)
            guard opacity > 0 else { continue }
            var placement = traits.placement
            if !traits.turnsWithPicture, let rotation { placement = placement.onPanel(turned: rotation) }
            let area = model.area(in: gallery)
            let size = placement.spot == .fullScreen ? PixelSize(width: area.width, height: area.height)
                : overlay.view.size(pen: pen, gallery: gallery)
            guard let size else { continue }
            // The whole picture moves by the shift; an overlay with a smaller share is moved back by the rest.
            let back = 1 - traits.shiftShare
            let frame = placement.frame(size: size, in: area)
                .offsetBy(dx: -Int((Double(shift.dx) * back).rounded()), dy: -Int((Double(shift.dy) * back).rounded()))
            if opacity < 1 {
                pen.canvas.drawFaded(opacity) { overlay.view.draw(in: frame, pen: pen, gallery: gallery) }
            } else {
                overlay.view.draw(in: frame, pen: pen, gallery: gallery)
            }
        }
    }
}
