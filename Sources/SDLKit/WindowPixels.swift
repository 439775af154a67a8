import CSDL2

/// Pixels of the frame being drawn, where SDL's software renderer draws them (the window's surface, or the memory of
/// a renderer made `softwareInMemoryFor` a window): the part of the window a drawing `width` x `height` logical
/// pixels large covers, 32 bits a pixel, B, G, R, X in memory (`SDL_PIXELFORMAT_RGB888` or `ARGB8888`; write the X
/// byte 0xff). Valid only inside `Renderer.withWindowPixels`.
public struct WindowPixels: @unchecked Sendable {
    /// The covered part's top left pixel.
    public let base: UnsafeMutableRawPointer
    /// The covered part's size: the drawing less what the burn-in offset moves past the window's edges.
    public let width: Int
    public let height: Int
    /// Bytes from the start of one row to the next.
    public let pitch: Int
    /// Where `base` is in the drawing's own coordinates (logical pixels, mirrored as a copy's destination is): (0, 0)
    /// unless the burn-in offset moved the drawing's top or left edge out of the window.
    public let origin: (x: Int, y: Int)
}

extension Renderer {
    /// Calls `body` with the pixels of the window a drawing `width` x `height` logical pixels large lands on (the
    /// viewport, moved by the burn-in offset), everything asked of the renderer before drawn into them first
    /// (`SDL_RenderFlush`): what `body` writes there is in the frame, under what is drawn after it, and shown by
    /// `present`, with no copy of a frame composed elsewhere (8 MB a frame at 1920x1080, 33 MB at 3840x2160). `body`
    /// may share the pixels with other threads while it runs; nothing else may draw meanwhile.
    ///
    /// Nil, `body` not called, where drawn pixels do not land one to one in memory the app can write (see
    /// `windowPixels(under:)`: a GPU renderer, a turned panel's target, a texture drawn into, a drawing scale other
    /// than 1, a clip) or the window's pixels are of another format.
    public func withWindowPixels<R>(width: Int, height: Int, _ body: (WindowPixels) throws -> R) rethrows -> R? {
        guard width > 0, height > 0, drawsInSoftware else { return nil }
        var view = SDL_Rect()
        SDL_RenderGetViewport(pointer, &view)
        let (outW, outH) = outputSize
        // The drawing at the viewport's corner: the part of it inside the window.
        let x0 = max(0, -Int(view.x)), y0 = max(0, -Int(view.y))
        let x1 = min(width, Int(view.w), outW - Int(view.x)), y1 = min(height, Int(view.h), outH - Int(view.y))
        guard x1 > x0, y1 > y0,
              let found = windowPixels(under: SDL_Rect(x: Int32(x0), y: Int32(y0), w: Int32(x1 - x0), h: Int32(y1 - y0))),
              found.format == SDL_PIXELFORMAT_RGB888.rawValue || found.format == SDL_PIXELFORMAT_ARGB8888.rawValue
        else { return nil }
        return try body(WindowPixels(base: found.pixels, width: x1 - x0, height: y1 - y0, pitch: found.pitch,
                                     origin: (x0, y0)))
    }
}
