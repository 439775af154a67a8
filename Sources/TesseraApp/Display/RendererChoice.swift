import CPlatform
import Foundation
import GalleryCore
import SDLKit

/// Which renderer and interface scale the window gets: a policy of its own, read by the composition root when the
/// window opens and by the window's participant when it moves to another display.
extension Composition {
    /// The renderer asked for; without a choice, SDL's accelerated one unless its GL rasterizes on the CPU (a
    /// machine without a GPU), where SDL's software renderer does the same work for a fraction of the processor and
    /// can show the clock's changes alone (`Renderer.present(part:)`). The one chosen is logged with why
    /// ("renderer: …"). On Wayland, where SDL 2.26 gives a window no framebuffer, the software renderer draws into
    /// memory of the app's own shown through the compositor's shared memory (`Renderer(softwareInMemoryFor:)`), so
    /// the same wall costs what it costs under X11 (OpenGL's llvmpipe held about 100 MB more). KMSDRM on the console
    /// shows the software renderer's frames only by uploading them through OpenGL ES each frame: done when asked
    /// (`--renderer software`), while the default keeps OpenGL there.
    static func renderer(for window: Window, choice: Renderer.Kind?, vsync: Bool) throws -> Renderer {
        let driver = Window.videoDriver ?? "none"
        let ownFramebuffer = !driversWithoutFramebuffer.contains(driver)
        switch choice {
        case .software:
            if ownFramebuffer { return chosen(try software(for: window), "asked for (--renderer software)") }
            do {
                return chosen(try software(for: window, uploaded: true),
                              "asked for (--renderer software); the \(driver) video driver has no framebuffer of its own, "
                              + "so SDL uploads each frame to the screen through OpenGL ES")
            } catch {
                let renderer = try Renderer(window: window, kind: .accelerated, vsync: vsync)
                return chosen(renderer, "--renderer software cannot draw on the \(driver) video driver (\(error)): "
                              + "the accelerated renderer instead")
            }
        case .accelerated:
            return chosen(try Renderer(window: window, kind: .accelerated, vsync: vsync), "asked for (--renderer accelerated)")
        case nil:
            if !mayHaveGPU, ownFramebuffer, let renderer = try? software(for: window) {
                return chosen(renderer, "no GPU device here (/dev/dri, /dev/nvidia0), so OpenGL would draw on the "
                              + "processor at several times the cost (--renderer accelerated uses OpenGL all the same)")
            }
            var accelerated: Renderer? = try Renderer(window: window, kind: .accelerated, vsync: vsync)
            guard let gl = accelerated?.glRendererName, accelerated?.isSoftwareGL == true else {
                return chosen(accelerated!, "the default: SDL's accelerated renderer")
            }
            guard ownFramebuffer else {
                return chosen(accelerated!, "OpenGL here is \(gl), which draws on the processor, but the \(driver) video "
                              + "driver has no framebuffer of its own for the software renderer: OpenGL stays "
                              + "(--renderer software draws in software and uploads each frame)")
            }
            accelerated = nil  // a window has one renderer at a time: the GL one goes before the software one is made
            if let renderer = try? software(for: window) {
                return chosen(renderer, "OpenGL here is \(gl), which draws on the processor: the software renderer "
                              + "costs less (--renderer accelerated keeps OpenGL)")
            }
            return chosen(try Renderer(window: window, kind: .accelerated, vsync: vsync),
                          "the software renderer could not be made after OpenGL (\(gl)): OpenGL it is")
        }
    }

    /// Whether `renderer(for:choice:vsync:)` will choose the software renderer before trying OpenGL, so the window
    /// can be made without it: on Wayland, when asked for (`--renderer software`) or by default without a GPU.
    /// (With a GPU the default tries OpenGL first and needs it in the window.)
    static func drawsWithoutOpenGL(choice: Renderer.Kind?) -> Bool {
        Window.videoDriver == "wayland" && (choice == .software || choice == nil && !mayHaveGPU)
    }

    /// SDL 2.26's video drivers that give a window no framebuffer of its own (no `CreateWindowFramebuffer`): SDL's
    /// software renderer there draws into a surface that SDL uploads through an accelerated renderer. Wayland has
    /// none either, but the app shows the software renderer's frames there itself (`software(for:)`).
    static let driversWithoutFramebuffer: Set<String> = ["KMSDRM"]

    /// Logs the renderer chosen, its GL's own name and largest texture, and why.
    private static func chosen(_ renderer: Renderer, _ why: String) -> Renderer {
        let gl = renderer.glRendererName.map { " on \($0)" } ?? ""
        let withoutGL = renderer.window.holdsVulkanStandIn ? "; the window was made without OpenGL" : ""
        Log.info("renderer: \(renderer.name)\(gl), largest texture "
                 + "\(largestTexture(of: renderer).map(String.init) ?? "unlimited"): \(why)\(withoutGL)")
        return renderer
    }

    /// SDL's software renderer drawing straight into the window's surface. Without the hint SDL would present
    /// its frames by uploading them to an OpenGL texture (llvmpipe where there is no GPU), which costs more than
    /// drawing them; "software" means no GL at all. `uploaded`: the driver has no framebuffer of its own, so that
    /// upload is the only way its frames reach the screen (SDL's window texture, made once).
    private static func software(for window: Window, uploaded: Bool = false) throws -> Renderer {
        // Wayland: drawn into memory of the renderer's own and shown through the compositor's shared memory.
        if Window.videoDriver == "wayland" { return try Renderer(softwareInMemoryFor: window) }
        SDLSystem.setHint("SDL_RENDER_DRIVER", "software")
        SDLSystem.setHint("SDL_FRAMEBUFFER_ACCELERATION", uploaded ? "1" : "0")
        do {
            return try Renderer(window: window, kind: .software, vsync: false)
        } catch {
            // No framebuffer of the window's own (KMSDRM, Wayland): leave SDL free to choose for what comes next.
            SDLSystem.setHint("SDL_RENDER_DRIVER", "")
            SDLSystem.setHint("SDL_FRAMEBUFFER_ACCELERATION", "1")
            throw error
        }
    }

    /// The largest texture side the app asks for: the renderer's, or a smaller one from `TESSERA_MAX_TEXTURE_SIDE`
    /// (standing in for a small GPU's in tests; SDL's own limit still holds).
    static func largestTexture(of renderer: Renderer) -> Int? {
        let forced = ProcessInfo.processInfo.environment["TESSERA_MAX_TEXTURE_SIDE"].flatMap { Int($0) }.flatMap { $0 >= 64 ? $0 : nil }
        switch (forced, renderer.maxTextureSide) {
        case let (f?, r?): return min(f, r)
        case let (f, r): return f ?? r
        }
    }

    /// Whether the machine shows a GPU device at all: without a DRM node or NVIDIA's device, Mesa's OpenGL can
    /// only be llvmpipe, and loading it to find out costs 60 MB of libraries.
    private static var mayHaveGPU: Bool {
        let dri = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        return dri.contains { $0.hasPrefix("renderD") || $0.hasPrefix("card") }
            || FileManager.default.fileExists(atPath: "/dev/nvidia0")
    }

    /// `--scale`, else what the display says: a kiosk's height, the X11 desktop's GDK_SCALE or Xft.dpi (Wayland's
    /// own scale reaches SDL as a larger drawable and needs nothing here).
    /// `display`: the one the window is on (it follows the window to another display).
    static func interfaceScale(options: AppOptions, display: Int = 0) -> Double {
        let x11 = Window.videoDriver == "x11"
        let scale = InterfaceScale.resolve(
            forced: options.scale, kiosk: options.kiosk != nil, displayHeight: Window.desktopSize(display: display)?.height,
            gdkScale: x11 ? ProcessInfo.processInfo.environment["GDK_SCALE"] : nil,
            xftDPI: x11 ? tessera_x11_xft_dpi() : nil)
        if scale != 1 { Log.info("interface scale \(scale)") }
        return scale
    }
}
