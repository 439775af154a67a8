import CPlatform

/// Frames drawn into the compositor's shared memory and shown on a window of SDL's Wayland driver
/// (`tessera_wl_frames_open`, `_canvas`, `_show`, `_close` in wayland_frames.c), as SDL's X11 driver shows them
/// through MIT-SHM. SDL 2.26's Wayland driver gives a window no framebuffer: without this, frames of the software
/// renderer reach the screen only through OpenGL ES, which without a GPU loads Mesa's llvmpipe. Main thread only
/// (SDL's connection).
final class WaylandFrames {
    private let pointer: OpaquePointer

    /// Nil when the window is not on SDL's Wayland driver, or its compositor offers no `wl_shm`.
    init?(window: Window) {
        guard let frames = tessera_wl_frames_open(UnsafeMutableRawPointer(window.pointer)) else { return nil }
        pointer = frames
    }

    deinit { tessera_wl_frames_close(pointer) }

    /// The pixels (XRGB8888, `width * 4` bytes a row) to draw the next frame into: a buffer the compositor is not
    /// reading, holding the frame as drawn last (blank after a change of size); nil when none can be had.
    func canvas(width: Int, height: Int) -> UnsafeMutableRawPointer? {
        tessera_wl_frames_canvas(pointer, Int32(width), Int32(height))
    }

    /// Shows the canvas, whose pixels changed within `part` since the last frame; false when the connection broke.
    func show(part: (x: Int, y: Int, width: Int, height: Int)) -> Bool {
        tessera_wl_frames_show(pointer, Int32(part.x), Int32(part.y), Int32(part.width), Int32(part.height)) == 0
    }
}
