import CSDL2
import Foundation

/// The window's frame in the compositor's shared memory, for SDL's software renderer (`SDL_CreateSoftwareRenderer`)
/// on a video driver without a framebuffer (SDL 2.26's Wayland), shown through `WaylandFrames`. The renderer holds
/// one surface for good, so the pixels under it are swapped in place: after each frame shown (the next buffer the
/// compositor is not reading) and when the window changes size (`follow`).
final class MemoryFramebuffer {
    let surface: UnsafeMutablePointer<SDL_Surface>
    private let frames: WaylandFrames
    private(set) var width: Int
    private(set) var height: Int

    /// Nil where the window's frames cannot be shown this way (not Wayland, no `wl_shm`).
    init?(window: Window) {
        guard let frames = WaylandFrames(window: window) else { return nil }
        let (w, h) = MemoryFramebuffer.pixelSize(of: window)
        guard let pixels = frames.canvas(width: w, height: h),
              // `SDL_CreateRGBSurfaceWithFormatFrom`: the surface borrows the pixels (SDL_PREALLOC).
              let surface = SDL_CreateRGBSurfaceWithFormatFrom(pixels, Int32(w), Int32(h), 32, Int32(w * 4),
                                                               SDL_PIXELFORMAT_ARGB8888.rawValue) else { return nil }
        self.frames = frames
        self.surface = surface
        width = w
        height = h
    }

    deinit { SDL_FreeSurface(surface) }

    /// The window's drawable in physical pixels (`SDL_GetWindowSizeInPixels`), at least 1x1.
    static func pixelSize(of window: Window) -> (Int, Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSizeInPixels(window.pointer, &w, &h)
        return (max(1, Int(w)), max(1, Int(h)))
    }

    /// Takes the window's drawable size: a blank frame of the new size under the same surface when it changed, the
    /// old buffers let go (a scale of 2 left behind would hold four times the memory). Returns whether it changed.
    func follow(_ window: Window) -> Bool {
        let (w, h) = MemoryFramebuffer.pixelSize(of: window)
        guard (w, h) != (width, height), let pixels = frames.canvas(width: w, height: h) else { return false }
        width = w
        height = h
        surface.pointee.w = Int32(w)
        surface.pointee.h = Int32(h)
        surface.pointee.pitch = Int32(w * 4)
        surface.pointee.pixels = pixels
        SDL_SetClipRect(surface, nil)
        return true
    }

    /// Shows what was drawn; `part` (physical pixels) is what changed since the last frame, nil for all of it. The
    /// next frame is drawn into a buffer the compositor is not reading, holding this one.
    @discardableResult
    func show(part: (x: Int, y: Int, width: Int, height: Int)? = nil) -> Bool {
        let shown = frames.show(part: part ?? (0, 0, width, height))
        if let pixels = frames.canvas(width: width, height: height) { surface.pointee.pixels = pixels }
        return shown
    }
}
