import GalleryCore
import SDLKit

/// What the window is now, as everything that lays out, draws or maps the pointer needs it: its size in interface
/// pixels, its drawable's device pixels, and the interface scale (how large the interface is drawn on this display,
/// `InterfaceScale`). Measured anew at every resize and display change and handed to every part that depends on it
/// (`WindowKeeper`): nothing keeps a copy from start-up.
struct WindowGeometry: Equatable {
    /// Interface pixels, and device pixels per interface pixel.
    let viewport: Viewport
    let interfaceScale: Double
    /// The drawable, in device pixels.
    var pixels: PixelSize { viewport.physical }

    /// The window as it is, at `interfaceScale`: a drawable larger than the window (a HiDPI display under Wayland)
    /// adds its own factor.
    static func measure(_ window: Window, _ renderer: Renderer, interfaceScale: Double) -> WindowGeometry {
        // A turned panel is laid out upright: its sides swapped.
        let size = renderer.rotation % 180 == 90 ? (width: window.size.height, height: window.size.width) : window.size
        let drawable = Double(renderer.drawingSize.width) / Double(max(1, size.width))
        let logical = PixelSize(width: max(1, Int(Double(size.width) / interfaceScale)),
                                height: max(1, Int(Double(size.height) / interfaceScale)))
        return WindowGeometry(viewport: Viewport(size: logical, scale: drawable * interfaceScale),
                              interfaceScale: interfaceScale)
    }
}
