import CSDL2

/// A GPU-side image (`SDL_Texture`). It keeps its renderer alive, since SDL frees a renderer's textures with it.
/// Create and use only on the thread that owns the renderer.
public final class Texture {
    public let pointer: OpaquePointer
    public let renderer: Renderer
    public let width: Int
    public let height: Int
    /// Whether this texture can be drawn into (`init(renderer:targetWidth:height:)`).
    public private(set) var isTarget = false
    /// The planes a YUV stream takes (`TextureYUV.swift`); nil for 32-bit pixels.
    public internal(set) var yuvFormat: YUVFormat?
    /// A YUV stream held as RGB, its planes converted on each update (the software renderer's).
    public internal(set) var convertsPlanes = false
    /// A YUV stream's newest planes where they lie, not yet converted (`update(heldPlanes:pitch:owner:)`).
    var heldPlanes: HeldPlanes?

    /// Uploads a surface (`SDL_CreateTextureFromSurface`).
    public init(renderer: Renderer, surface: Surface) throws {
        RenderThreadGuard.check(renderer.owner, "SDL_CreateTextureFromSurface")
        guard let t = SDL_CreateTextureFromSurface(renderer.pointer, surface.pointer) else {
            throw SDLError("SDL_CreateTextureFromSurface")
        }
        pointer = t
        self.renderer = renderer
        width = surface.width
        height = surface.height
    }

    /// Uploads an opaque picture as XRGB8888 in one step (see `init(renderer:opaqueWidth:height:)`).
    public convenience init(renderer: Renderer, opaque surface: Surface) throws {
        try self.init(renderer: renderer, opaqueWidth: surface.width, height: surface.height)
        try update(from: surface, rows: 0..<surface.height)
    }

    /// A blank opaque texture in XRGB8888 (`SDL_CreateTexture`), to be filled by `update(from:rows:)`. That is the
    /// window's own format on X11, Wayland and the console, so the software renderer draws it with a row copy;
    /// from ARGB8888 it would mask every pixel's alpha on every frame.
    public convenience init(renderer: Renderer, opaqueWidth width: Int, height: Int) throws {
        try self.init(renderer: renderer, opaqueWidth: width, height: height, access: SDL_TEXTUREACCESS_STATIC)
    }

    /// A blank opaque XRGB8888 texture that can be drawn into (`SDL_CreateTexture` with `SDL_TEXTUREACCESS_TARGET`;
    /// see `Renderer.draw(into:_:)`): a stretched part of a photo drawn into it once is then blended unscaled, which
    /// SDL's software renderer does two pixels at a time rather than through its per-pixel scaling blender.
    public convenience init(renderer: Renderer, targetWidth width: Int, height: Int) throws {
        try self.init(renderer: renderer, opaqueWidth: width, height: height, access: SDL_TEXTUREACCESS_TARGET)
    }

    /// A blank opaque XRGB8888 texture whose pixels change every frame (`SDL_TEXTUREACCESS_STREAMING`): a playing
    /// clip's, filled by `update(pixels:pitch:)`.
    public convenience init(renderer: Renderer, streamingWidth width: Int, height: Int) throws {
        try self.init(renderer: renderer, opaqueWidth: width, height: height, access: SDL_TEXTUREACCESS_STREAMING)
    }

    /// The one door to `SDL_CreateTexture`: an opaque texture (XRGB8888 unless another `format` is named, as the
    /// YUV streams in `TextureYUV.swift` do), without blending, of this access.
    init(renderer: Renderer, opaqueWidth width: Int, height: Int, access: SDL_TextureAccess,
         format: SDL_PixelFormatEnum = SDL_PIXELFORMAT_RGB888) throws {
        RenderThreadGuard.check(renderer.owner, "SDL_CreateTexture")
        let target = access == SDL_TEXTUREACCESS_TARGET
        // On the software renderer a static 32-bit texture is made streaming (the same `SDL_Surface` there), so
        // that a frame can be composed from its pixels (`TexturePixels.swift`).
        let access = access == SDL_TEXTUREACCESS_STATIC && format == SDL_PIXELFORMAT_RGB888
            && renderer.drawsInSoftware ? SDL_TEXTUREACCESS_STREAMING : access
        guard let t = SDL_CreateTexture(renderer.pointer, format.rawValue, Int32(access.rawValue),
                                        Int32(width), Int32(height))
        else { throw SDLError("SDL_CreateTexture (\(width)x\(height)\(target ? ", a render target" : ""))") }
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE)
        pointer = t
        self.renderer = renderer
        self.width = width
        self.height = height
        isTarget = target
    }

    /// Copies a band of rows of a same-sized picture into the texture (`SDL_UpdateTexture` on that band); the
    /// alpha byte of ARGB8888 pixels is ignored. A large picture can so be uploaded over several frames.
    public func update(from surface: Surface, rows: Range<Int>) throws {
        RenderThreadGuard.check(renderer.owner, "SDL_UpdateTexture")
        guard surface.width == width, surface.height == height, rows.lowerBound >= 0, rows.upperBound <= height
        else { throw SDLError("SDL_UpdateTexture", message: "band \(rows) of a \(surface.width)x\(surface.height) picture") }
        guard !rows.isEmpty else { return }
        let argb = try surface.convertedToARGB()
        var band = SDL_Rect(x: 0, y: Int32(rows.lowerBound), w: Int32(width), h: Int32(rows.count))
        let result = argb.withUnsafeMutablePixels { pixels, pitch in
            SDL_UpdateTexture(pointer, &band, pixels.advanced(by: rows.lowerBound * pitch), Int32(pitch))
        }
        guard result == 0 else { throw SDLError("SDL_UpdateTexture") }
    }

    /// Replaces the whole picture with `height` rows of 32-bit pixels (B, G, R, X in memory) `pitch` bytes apart
    /// (`SDL_UpdateTexture`): a clip's frame from shared memory, without a surface in between.
    public func update(pixels: UnsafeRawPointer, pitch: Int) throws {
        RenderThreadGuard.check(renderer.owner, "SDL_UpdateTexture")
        guard yuvFormat == nil, pitch >= 4 * width else {
            throw SDLError("SDL_UpdateTexture", message: "pitch \(pitch) for width \(width)")
        }
        guard SDL_UpdateTexture(pointer, nil, pixels, Int32(pitch)) == 0 else { throw SDLError("SDL_UpdateTexture") }
    }

    deinit { SDL_DestroyTexture(pointer) }

    /// Bytes this texture is assumed to hold (32-bit pixels), for budgets.
    public var byteCount: Int { width * height * 4 }

    /// `SDL_SetTextureBlendMode` with alpha blending on or off.
    public func setBlending(_ on: Bool) {
        SDL_SetTextureBlendMode(pointer, on ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE)
    }

    /// `SDL_SetTextureColorMod`: multiplies the texture's colour (white text drawn in any colour).
    public func setColorMod(r: UInt8, g: UInt8, b: UInt8) {
        SDL_SetTextureColorMod(pointer, r, g, b)
    }

    /// `SDL_SetTextureAlphaMod`.
    public func setAlphaMod(_ alpha: UInt8) {
        SDL_SetTextureAlphaMod(pointer, alpha)
    }

    /// `SDL_SetTextureScaleMode`: linear filtering when stretched (a tiny picture stretched over the window is then
    /// a soft blur, not blocks), else nearest.
    public func setLinearScaling(_ on: Bool) {
        SDL_SetTextureScaleMode(pointer, on ? SDL_ScaleModeLinear : SDL_ScaleModeNearest)
    }
}
