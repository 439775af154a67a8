import CPlatform
import GalleryCore
import SDLKit

/// The window's keeper, called by the loop on a window event (not one of the participants): its size, its display,
/// its visibility and its textures as they change, handed to everything laid out, drawn or touched on them in one
/// place, and fullscreen on or off when asked.
final class WindowKeeper {
    let window: Window
    private let renderer: Renderer
    private let options: AppOptions
    private let model: GalleryModel
    private let scene: SceneRenderer
    private let images: ImagePipeline
    private let input: InputRouter
    private let loading: ImageLoading
    /// The window as it is now.
    private(set) var geometry: WindowGeometry
    /// Shown on the screen (a hidden window draws nothing).
    private(set) var visible = true

    init(_ parts: Composition, options: AppOptions, input: InputRouter, loading: ImageLoading) {
        window = parts.window; renderer = parts.renderer; model = parts.model; scene = parts.scene; images = parts.images
        self.options = options; self.input = input; self.loading = loading
        geometry = parts.geometry
        apply(parts.geometry)
    }

    /// One window event: shown or hidden, resized, moved to another display, its textures lost.
    func react(to event: InputEvent) {
        switch event {
        case .hidden: visible = false
        case .shown, .exposed: visible = true
        case .resized: remeasure()
        case .renderReset: rebuildTextures()
        case .displayChanged:
            // Another display may want another interface scale (`--scale` holds on every display).
            apply(WindowGeometry.measure(window, renderer,
                                         interfaceScale: Composition.interfaceScale(options: options, display: window.displayIndex)))
            rebuildTextures()
        default: break
        }
    }

    func toggleFullscreen() {
        // Without a window manager nobody acts on the request: the window covers the display itself.
        let managed = Window.videoDriver != "x11" || tessera_x11_has_window_manager() != 0
        try? window.setFullscreen(!window.isFullscreen, managed: managed)
        // Laid out for the size the window has now, not one a window manager may never give it.
        remeasure()
    }

    private func remeasure() { apply(WindowGeometry.measure(window, renderer, interfaceScale: geometry.interfaceScale)) }

    /// The renderer lost its textures (a display switched off and on, a driver reset): photos reload, the views
    /// make theirs again, and the next frame is whole.
    private func rebuildTextures() {
        Log.info("the renderer lost its textures: making them again")
        images.reset()
        scene.rebuildTextures()
        if renderer.rotation != 0 { try? renderer.prepareRotation(fresh: true) }
    }

    /// The window opened, changed size or moved to another display: its geometry goes to everything that depends
    /// on it, in one place.
    private func apply(_ geometry: WindowGeometry) {
        self.geometry = geometry
        // A turned panel's target follows the window's size (made again at a resize).
        if renderer.rotation != 0 {
            do { try renderer.prepareRotation() } catch {
                // Laid out, drawn and touched all upright rather than half turned.
                Log.warn("cannot turn the picture (\(error)): drawing it upright")
                try? renderer.setRotation(0)
                return remeasure()
            }
        }
        renderer.setScale(geometry.viewport.scale)
        // Right to left, the layout is mirrored where it is drawn and where it is touched, nowhere else.
        let mirror = Mirror(width: geometry.viewport.size.width, for: Words.language)
        renderer.mirror(about: mirror?.width)
        input.mirror = mirror
        input.windowScale = geometry.interfaceScale
        input.rotation = PanelRotation(degrees: renderer.rotation)
        input.panelSize = window.size
        model.resize(to: geometry.viewport)
        scene.viewportChanged(geometry.viewport)
        loading.windowChanged(geometry)
        MemoryHygiene.windowChanged(physicalPixels: geometry.pixels.area)
    }
}
