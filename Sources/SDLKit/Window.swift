import CSDL2
import CPlatform
import Glibc

/// A top-level window (`SDL_CreateWindow` / `SDL_DestroyWindow`).
public final class Window {
    public let pointer: OpaquePointer
    /// The video subsystem must outlive the window and everything drawn in it, so the window keeps it running.
    public let system: SDLSystem

    /// `withoutOpenGL`: the window will never be drawn through OpenGL (a software renderer showing its own frames,
    /// `Renderer(softwareInMemoryFor:)`). On Wayland, where SDL 2.26 loads OpenGL for every window it makes (Mesa
    /// and LLVM without a GPU, about 50 MB resident that never goes), the window is marked for Vulkan with the
    /// app's stand-in loader instead (Sources/VulkanStandIn), so nothing of OpenGL is loaded; where the stand-in
    /// is not installed the window gets OpenGL as before.
    public init(system: SDLSystem, title: String, width: Int, height: Int, resizable: Bool = true,
                fullscreen: Bool = false, highDPI: Bool = true, withoutOpenGL: Bool = false) throws {
        precondition(system.hasVideo, "a window needs SDLSystem(video: true)")
        self.system = system
        var flags = SDL_WINDOW_SHOWN.rawValue
        if resizable { flags |= SDL_WINDOW_RESIZABLE.rawValue }
        if fullscreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        if highDPI { flags |= SDL_WINDOW_ALLOW_HIGHDPI.rawValue }
        if withoutOpenGL, Window.videoDriver == "wayland", let standIn = Window.vulkanStandIn,
           SDL_Vulkan_LoadLibrary(standIn) == 0 {
            flags |= SDL_WINDOW_VULKAN.rawValue
            holdsVulkanStandIn = true
        } else {
            holdsVulkanStandIn = false
        }
        let centred = Int32(0x2FFF0000)  // SDL_WINDOWPOS_CENTERED, a macro Swift cannot import
        // Fullscreen covers the display from its corner: without a window manager (a bare X server on a kiosk)
        // nothing else would move or size the window.
        let at = fullscreen ? Int32(0) : centred
        guard let w = SDL_CreateWindow(title, at, at, Int32(width), Int32(height), flags) else {
            let error = SDLError("SDL_CreateWindow")
            if holdsVulkanStandIn { SDL_Vulkan_UnloadLibrary() }
            throw error
        }
        pointer = w
    }

    deinit {
        SDL_DestroyWindow(pointer)
        if holdsVulkanStandIn { SDL_Vulkan_UnloadLibrary() }
    }

    /// Whether this window was made with the Vulkan stand-in loaded (and so without OpenGL): the load is let go
    /// with the window.
    public let holdsVulkanStandIn: Bool

    /// The stand-in Vulkan loader's file: beside the program (a build folder, where SwiftPM and `make dist` put
    /// it), or in PREFIX/lib/tessera for the installed program in PREFIX/bin. Nil when neither is there.
    static var vulkanStandIn: String? {
        var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &path, path.count - 1)
        guard length > 0 else { return nil }
        let program = String(decoding: path[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = program.lastIndex(of: "/") else { return nil }
        let folder = program[..<slash]
        let file = "libTesseraVulkanStandIn.so"
        return [folder + "/" + file, folder + "/../lib/tessera/" + file].first { access($0, R_OK) == 0 }
    }

    /// SDL's DRM descriptor for this window on the KMSDRM driver (nil on any other): what a connector's DPMS
    /// property is set through, since SDL holds the DRM master.
    public var drmDescriptor: Int32? {
        let fd = tessera_sdl_window_drm_fd(UnsafeMutableRawPointer(pointer))
        return fd >= 0 ? fd : nil
    }

    /// The video driver SDL runs on ("x11", "wayland", "KMSDRM", "offscreen"), once video is up.
    public static var videoDriver: String? { SDL_GetCurrentVideoDriver().map { String(cString: $0) } }

    /// The size of a display's current mode (`SDL_GetDesktopDisplayMode`), for a window that must cover it.
    public static func desktopSize(display: Int = 0) -> (width: Int, height: Int)? {
        var mode = SDL_DisplayMode()
        guard SDL_GetDesktopDisplayMode(Int32(display), &mode) == 0, mode.w > 0, mode.h > 0 else { return nil }
        return (Int(mode.w), Int(mode.h))
    }

    /// The part of a display windows may take, without panels and docks (`SDL_GetDisplayUsableBounds`).
    public static func usableSize(display: Int = 0) -> (width: Int, height: Int)? {
        var rect = SDL_Rect()
        guard SDL_GetDisplayUsableBounds(Int32(display), &rect) == 0, rect.w > 0, rect.h > 0 else { return nil }
        return (Int(rect.w), Int(rect.h))
    }

    /// The refresh rate of the display the window is on (`SDL_GetCurrentDisplayMode`), nil when unknown.
    public var refreshRate: Int? {
        var mode = SDL_DisplayMode()
        guard SDL_GetCurrentDisplayMode(Int32(displayIndex), &mode) == 0, mode.refresh_rate > 0 else { return nil }
        return Int(mode.refresh_rate)
    }

    /// The display the window is on (`SDL_GetWindowDisplayIndex`), 0 when SDL cannot say.
    public var displayIndex: Int { max(0, Int(SDL_GetWindowDisplayIndex(pointer))) }

    /// Size in logical (window) pixels (`SDL_GetWindowSize`).
    public var size: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(pointer, &w, &h)
        return (Int(w), Int(h))
    }

    public var isFullscreen: Bool {
        covering != nil || SDL_GetWindowFlags(pointer) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0
    }

    /// `SDL_SetWindowFullscreen` with the desktop mode (no video mode change). `managed` false: no window manager
    /// will act on the request (a bare X server), so the window covers the display itself, borderless at its
    /// corner (`SDL_SetWindowBordered`, `SDL_SetWindowPosition`, `SDL_SetWindowSize`), and goes back to where and
    /// how large it was.
    public func setFullscreen(_ on: Bool, managed: Bool = true) throws {
        // A window made fullscreen by SDL (`--fullscreen`, a kiosk) leaves it through SDL, window manager or not.
        let sdlFullscreen = SDL_GetWindowFlags(pointer) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0
        if (!managed && !sdlFullscreen) || covering != nil {
            guard on != (covering != nil) else { return }
            var bounds = SDL_Rect()
            if on, SDL_GetDisplayBounds(Int32(displayIndex), &bounds) == 0, bounds.w > 0, bounds.h > 0 {
                var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
                SDL_GetWindowPosition(pointer, &x, &y)
                SDL_GetWindowSize(pointer, &w, &h)
                covering = (Int(x), Int(y), Int(w), Int(h))
                SDL_SetWindowBordered(pointer, SDL_FALSE)
                // The corner of the display the window is on, not of the first one.
                SDL_SetWindowPosition(pointer, bounds.x, bounds.y)
                SDL_SetWindowSize(pointer, bounds.w, bounds.h)
            } else if let before = covering {
                covering = nil
                SDL_SetWindowBordered(pointer, SDL_TRUE)
                SDL_SetWindowSize(pointer, Int32(before.width), Int32(before.height))
                SDL_SetWindowPosition(pointer, Int32(before.x), Int32(before.y))
            }
            return
        }
        guard SDL_SetWindowFullscreen(pointer, on ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0) == 0 else {
            throw SDLError("SDL_SetWindowFullscreen")
        }
        // A window made at the display's size to start fullscreen takes the size it was asked for when it leaves.
        if !on, let windowed = windowedSize {
            windowedSize = nil
            let centred = Int32(0x2FFF0000)  // SDL_WINDOWPOS_CENTERED
            SDL_SetWindowSize(pointer, Int32(windowed.width), Int32(windowed.height))
            SDL_SetWindowPosition(pointer, centred, centred)
        }
    }

    /// The size a window that started fullscreen was asked for (`--size`), for when it leaves fullscreen.
    public var windowedSize: (width: Int, height: Int)?

    /// Where the window was before it covered the display itself (nil: it does not).
    private var covering: (x: Int, y: Int, width: Int, height: Int)?

    public var id: UInt32 { SDL_GetWindowID(pointer) }
}
