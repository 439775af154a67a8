import CSDL2
import Foundation

/// The window's frame in memory of the app's own, for SDL's software renderer (`SDL_CreateSoftwareRenderer`) on a
/// video driver without a framebuffer (SDL 2.26's Wayland), shown through `WaylandFrames`. Its surface keeps its
/// address while the window changes size: the renderer holds it, so the pixels under it are replaced in place
/// (`follow`).
final class MemoryFramebuffer {
    let surface: UnsafeMutablePointer<SDL_Surface>
    private let frames: WaylandFrames
    private var pixels: UnsafeMutableRawPointer
    private(set) var width: Int
    private(set) var height: Int

    /// Nil where the window's frames cannot be shown this way (not Wayland, no `wl_shm`).
    init?(window: Window) {
        guard let frames = WaylandFrames(window: window) else { return nil }
        let (w, h) = MemoryFramebuffer.pixelSize(of: window)
        guard let pixels = calloc(w * h, 4) else { return nil }
        // `SDL_CreateRGBSurfaceWithFormatFrom`: the surface borrows the pixels (SDL_PREALLOC), which are this type's.
        guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(pixels, Int32(w), Int32(h), 32, Int32(w * 4),
                                                               SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            free(pixels)
            return nil
        }
        self.frames = frames
        self.pixels = pixels
        self.surface = surface
        width = w
        height = h
    }

    deinit {
        SDL_FreeSurface(surface)
        free(pixels)
    }

    /// The window's drawable in physical pixels (`SDL_GetWindowSizeInPixels`), at least 1x1.
    static func pixelSize(of window: Window) -> (Int, Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSizeInPixels(window.pointer, &w, &h)
        return (max(1, Int(w)), max(1, Int(h)))
    }

    /// Takes the window's drawable size: new (blank) pixels under the same surface when it changed, the old ones
    /// freed at once (a scale of 2 left behind would hold four times the memory). Returns whether it changed.
    func follow(_ window: Window) -> Bool {
        let (w, h) = MemoryFramebuffer.pixelSize(of: window)
        guard (w, h) != (width, height), let fresh = calloc(w * h, 4) else { return false }
        free(pixels)
        pixels = fresh
        width = w
        height = h
        surface.pointee.pixels = fresh
        surface.pointee.w = Int32(w)
        surface.pointee.h = Int32(h)
        surface.pointee.pitch = Int32(w * 4)
        SDL_SetClipRect(surface, nil)
        return true
    }

    /// Shows what was drawn; `part` (physical pixels) is what changed since the last frame, nil for all of it.
    @discardableResult
    func show(part: (x: Int, y: Int, width: Int, height: Int)? = nil) -> WaylandFrames.Outcome {
        frames.show(pixels, width: width, height: height, pitch: width * 4, part: part ?? (0, 0, width, height))
    }
}
