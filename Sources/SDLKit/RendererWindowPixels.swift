import CSDL2

extension Renderer {
    /// Where something drawn at `rect` (drawing coordinates, as `SDL_RenderCopy`'s destination, mirrored already)
    /// lands in the window's own pixels, when it lands there one to one: SDL's software renderer drawing into the
    /// window's surface (`SDL_GetWindowSurface`, or the memory of `init(softwareInMemoryFor:)`), no target bound (a
    /// texture drawn into, a turned panel's), a drawing scale of 1 and no logical size, `rect` inside the viewport
    /// and the clip. Drawing queued so far is done first (`SDL_RenderFlush`), so pixels written there land in their
    /// turn. The first pixel, the bytes from a row to the next and the surface's pixel format; nil otherwise.
    func windowPixels(under rect: SDL_Rect) -> (pixels: UnsafeMutableRawPointer, pitch: Int, format: UInt32)? {
        RenderThreadGuard.check(owner, "SDL_GetWindowSurface")
        guard framesPersist, rotationTarget == nil, SDL_GetRenderTarget(pointer) == nil, rect.w > 0, rect.h > 0
        else { return nil }
        var sx: Float = 0, sy: Float = 0
        SDL_RenderGetScale(pointer, &sx, &sy)
        var logicalW: Int32 = 0, logicalH: Int32 = 0
        SDL_RenderGetLogicalSize(pointer, &logicalW, &logicalH)
        guard sx == 1, sy == 1, logicalW == 0, logicalH == 0 else { return nil }
        var view = SDL_Rect()
        SDL_RenderGetViewport(pointer, &view)
        guard Self.rect(rect, inside: SDL_Rect(x: 0, y: 0, w: view.w, h: view.h)) else { return nil }
        if SDL_RenderIsClipEnabled(pointer) == SDL_TRUE {
            var clip = SDL_Rect()
            SDL_RenderGetClipRect(pointer, &clip)
            guard Self.rect(rect, inside: clip) else { return nil }
        }
        // The output size makes the software renderer take the window's surface as it is now (after a resize).
        var outW: Int32 = 0, outH: Int32 = 0
        guard SDL_GetRendererOutputSize(pointer, &outW, &outH) == 0,
              let surface = framebuffer?.surface ?? SDL_GetWindowSurface(window.pointer),
              surface.pointee.w == outW, surface.pointee.h == outH, surface.pointee.flags & UInt32(SDL_RLEACCEL) == 0,
              let format = surface.pointee.format, format.pointee.BytesPerPixel == 4,
              let pixels = surface.pointee.pixels else { return nil }
        let x = Int(view.x) + Int(rect.x), y = Int(view.y) + Int(rect.y), pitch = Int(surface.pointee.pitch)
        guard Self.rect(SDL_Rect(x: Int32(x), y: Int32(y), w: rect.w, h: rect.h),
                        inside: SDL_Rect(x: 0, y: 0, w: outW, h: outH)) else { return nil }
        SDL_RenderFlush(pointer)
        return (pixels + y * pitch + x * 4, pitch, format.pointee.format)
    }

    private static func rect(_ r: SDL_Rect, inside box: SDL_Rect) -> Bool {
        r.x >= box.x && r.y >= box.y && r.x + r.w <= box.x + box.w && r.y + r.h <= box.y + box.h
    }
}
