import Foundation
import GalleryCore
import SDLKit

/// The night clock (`--night-clock`): outside a kiosk's hours the photos are gone (the images released as for a
/// display off) and only the overlays of the `.asleep` scene are drawn on black, the clock among them, each time
/// one of them says what it shows changed (a clock once a minute), with the burn-in shift. The loop stays asleep
/// around it: no other frame is drawn, nothing else is loaded.
final class NightClockPainter {
    private let layer: OverlayLayer
    private let renderer: Renderer
    private let model: GalleryModel
    /// Whether the night's first picture is on the screen (false: draw at the next turn, whatever the overlays say).
    private var painted = false

    init(layer: OverlayLayer, renderer: Renderer, model: GalleryModel) {
        self.layer = layer; self.renderer = renderer; self.model = model
    }

    /// A turn of the loop asleep with the night clock showing: redraws when an overlay changed (or first).
    /// `time`: seconds since the start (the burn-in shift's).
    func paint(time: Double) {
        let changed = layer.tick(now: Date(), gallery: model)
        guard changed || !painted else { return }
        painted = true
        let shift = model.kiosk?.shift?.offset(at: time) ?? (dx: 0, dy: 0)
        renderer.setOffset(dx: 0, dy: 0)
        renderer.setColor(0, 0, 0)
        renderer.clear()
        renderer.setOffset(dx: shift.dx, dy: shift.dy)
        for depth in OverlayDepth.allCases {
            layer.draw(depth, gallery: model, header: 1, time: time, asleep: true)
        }
        renderer.present()
    }

    /// The night clock stopped (morning, or the display switched off by hand): the next night starts afresh.
    func stop() { painted = false }
}
