import CPlatform

/// Frames drawn in memory, shown on a window of SDL's Wayland driver through the compositor's shared-memory buffers
/// (`tessera_wl_frames_open`, `_show`, `_close` in wayland_frames.c), as SDL's X11 driver shows them through MIT-SHM.
/// SDL 2.26's Wayland driver gives a window no framebuffer: without this, frames of the software renderer reach the
/// screen only through OpenGL ES, which without a GPU loads Mesa's llvmpipe. Main thread only (SDL's connection).
final class WaylandFrames {
    private let pointer: OpaquePointer

    /// Nil when the window is not on SDL's Wayland driver, or its compositor offers no `wl_shm`.
    init?(window: Window) {
        guard let frames = tessera_wl_frames_open(UnsafeMutableRawPointer(window.pointer)) else { return nil }
        pointer = frames
    }

    deinit { tessera_wl_frames_close(pointer) }

    enum Outcome { case shown, skipped, broken }

    /// Shows the frame in `pixels` (XRGB8888, `pitch` bytes a row), whose pixels changed within `part` since the
    /// frame shown last. Skipped while the compositor still reads every buffer (the next frame carries the change).
    func show(_ pixels: UnsafeRawPointer, width: Int, height: Int, pitch: Int,
              part: (x: Int, y: Int, width: Int, height: Int)) -> Outcome {
        switch tessera_wl_frames_show(pointer, pixels, Int32(width), Int32(height), Int32(pitch),
                                      Int32(part.x), Int32(part.y), Int32(part.width), Int32(part.height)) {
        case 0: return .shown
        case 1: return .skipped
        default: return .broken
        }
    }
}
