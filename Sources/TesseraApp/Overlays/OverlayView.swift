import GalleryCore
import SDLKit

/// An overlay's view: measures and draws its model (which it was made with) where the layer puts it. Views of the
/// app's own overlays may draw with the canvas behind the pen; one from outside (a test's) draws with the pen.
@_spi(Overlays) public protocol OverlayView: AnyObject {
    /// The room it takes now (nil: nothing to draw); not asked of a full-screen overlay.
    func size(pen: OverlayPen, gallery: GalleryModel) -> PixelSize?
    /// Draws it in `frame` (window pixels, the layer's placement, burn-in share and fade already applied).
    func draw(in frame: Rect, pen: OverlayPen, gallery: GalleryModel)
}

/// One registry line: an overlay's name, its model made from the configuration (nil: not asked for) and its view
/// made for that model.
@_spi(Overlays) public struct OverlayEntry {
    public let name: String
    /// Whether its owner can switch it off (Home Assistant's switch, the remote page's toggle: `OverlaySwitchboard`);
    /// not what the frame must say (its toasts).
    public let switchable: Bool
    let install: (GalleryConfig) -> (model: any OverlayModel, view: any OverlayView)?

    public init<Model: OverlayModel>(_ name: String, switchable: Bool = true, model: @escaping (GalleryConfig) -> Model?,
                                     view: @escaping (Model) -> any OverlayView) {
        self.name = name
        self.switchable = switchable
        install = { config in model(config).map { ($0, view($0)) } }
    }
}

/// What an overlay's view draws with: fills and text in window pixels, at the layer's opacity.
@_spi(Overlays) public final class OverlayPen {
    /// The app's canvas, for its own overlays' views (buttons, captions' bands).
    let canvas: Canvas

    init(canvas: Canvas) { self.canvas = canvas }

    public enum Lettering { case body, bold, title }

    /// Whether text can be drawn (a font was found).
    public var writes: Bool { canvas.text != nil }

    public func fill(_ rect: Rect, _ color: RGBA) { canvas.fill(rect, color) }

    public func write(_ words: String, _ type: Lettering, x: Int, y: Int, color: RGBA) {
        _ = canvas.text?.draw(words, style(type), x: x, y: y, color: color)
    }

    public func width(of words: String, _ type: Lettering) -> Int { canvas.text?.width(of: words, style(type)) ?? 0 }

    public func lineHeight(_ type: Lettering) -> Int { canvas.text?.lineHeight(style(type)) ?? 0 }

    /// The spot of the layout where an overlay the user put at `spot` is laid out (and its lines aligned). A
    /// corner named by the user stays the screen's corner on a screen read right to left: "bottom-left" was
    /// written looking at the frame on the wall, and a clock that jumped across when the language changed would
    /// surprise its owner. The layout is mirrored where it is drawn, so the corner is asked for mirrored here.
    public func laidOut(_ spot: OverlayPlacement.Spot) -> OverlayPlacement.Spot {
        canvas.renderer.mirrorWidth == nil ? spot : spot.mirrored
    }

    private func style(_ type: Lettering) -> TextRenderer.Style {
        switch type {
        case .body: return .body
        case .bold: return .bold
        case .title: return .title
        }
    }
}
