import CSDL2

/// Streaming textures of YUV frames: a playing clip's frames as the decoder made them, turned into the window's
/// pixels by the renderer (on a GPU by its shader, as the frame is drawn) instead of by the media worker. On SDL's
/// software renderer a YUV texture is an RGB texture behind a copy of the planes, converted on each update; there the
/// stream is that RGB texture itself, and an update converts the planes straight into its pixels (`SDL_LockTexture`,
/// `YUVPlanes.convert` or `SDL_ConvertPixels`: one pass, no copy of the planes in between).
extension Texture {
    /// The plane layouts a YUV stream takes: Y at full size, then the chroma at half the width and half the height.
    public enum YUVFormat: Sendable {
        /// Y, then U, then V (`SDL_PIXELFORMAT_IYUV`, FFmpeg's yuv420p).
        case iyuv
        /// Y, then U and V interleaved (`SDL_PIXELFORMAT_NV12`).
        case nv12

        var sdl: SDL_PixelFormatEnum { self == .iyuv ? SDL_PIXELFORMAT_IYUV : SDL_PIXELFORMAT_NV12 }
    }

    /// A blank opaque streaming texture for frames of `format` planes, `width` and `height` even, filled by
    /// `update(planes:pitch:)`: `SDL_CreateTexture` of that format (`SDL_TEXTUREACCESS_STREAMING`), or on the software
    /// renderer of XRGB8888, converted into on each update. `converting` forces one or the other (for the tests).
    public convenience init(renderer: Renderer, streamingWidth width: Int, height: Int, yuv format: YUVFormat,
                            converting: Bool? = nil) throws {
        guard width > 0, height > 0, width % 2 == 0, height % 2 == 0 else {
            throw SDLError("SDL_CreateTexture", message: "a YUV texture of \(width)x\(height) (sides must be even)")
        }
        let converts = converting ?? renderer.framesPersist
        try self.init(renderer: renderer, opaqueWidth: width, height: height, access: SDL_TEXTUREACCESS_STREAMING,
                      format: converts ? SDL_PIXELFORMAT_RGB888 : format.sdl)
        yuvFormat = format
        convertsPlanes = converts
    }

    /// Replaces the whole picture with a frame of the texture's `yuvFormat` whose planes follow each other from
    /// `planes`: Y rows `pitch` bytes apart, then the chroma rows (`(pitch + 1) / 2` apart for IYUV's U and V, `pitch`
    /// for NV12's UV), as FFmpeg's and SDL's packed layouts have them. `SDL_UpdateTexture` on a YUV texture, or
    /// `SDL_LockTexture` + `SDL_ConvertPixels` + `SDL_UnlockTexture` on the software renderer's RGB one.
    public func update(planes: UnsafeRawPointer, pitch: Int) throws {
        guard yuvFormat != nil, pitch >= width else {
            throw SDLError("SDL_UpdateTexture", message: "YUV planes of pitch \(pitch) for a texture of width \(width)")
        }
        heldPlanes = nil
        guard convertsPlanes else {
            RenderThreadGuard.check(renderer.owner, "SDL_UpdateTexture")
            guard SDL_UpdateTexture(pointer, nil, planes, Int32(pitch)) == 0 else {
                throw SDLError("SDL_UpdateTexture")
            }
            return
        }
        try convertIntoPixels(planes, pitch: pitch)
    }

    /// `update(planes:pitch:)` for planes the caller keeps where they are, unchanged, until the next update of this
    /// texture (`owner`, what keeps their memory mapped, is held until then): a playing clip's slot of shared memory.
    /// On the software renderer nothing is converted now: when the texture is drawn one to one onto the window
    /// (`Renderer.copy`) the planes are converted straight into the window's pixels there, with no copy of the frame
    /// into the texture and out again (SDL's blit of a 1080p frame, 0.8 ms and more); drawn any other way, or read
    /// (`withPixels`), they are converted into the texture first, once. Elsewhere the same as `update(planes:pitch:)`.
    public func update(heldPlanes planes: UnsafeRawPointer, pitch: Int, owner: AnyObject?) throws {
        guard convertsPlanes else { return try update(planes: planes, pitch: pitch) }
        guard yuvFormat != nil, pitch >= width else {
            throw SDLError("SDL_UpdateTexture", message: "YUV planes of pitch \(pitch) for a texture of width \(width)")
        }
        heldPlanes = HeldPlanes(planes: planes, pitch: pitch, owner: owner)
    }

    /// Held planes converted into the texture's own pixels, once (a no-op without them).
    func settleHeldPlanes() {
        guard let held = heldPlanes, !held.converted else { return }
        heldPlanes?.converted = true
        try? convertIntoPixels(held.planes, pitch: held.pitch)
    }

    /// `Renderer.copy`'s turn for a stream whose held planes are not yet converted: true when they were converted
    /// straight into the window's pixels under `destination` (drawing coordinates, mirrored already), which takes
    /// the whole texture unscaled and unflipped, opaque, unmodulated (`Renderer.windowPixels(under:)` says where
    /// that lands one to one); else false, the planes converted into the texture for SDL to copy.
    func drawHeldPlanes(on renderer: Renderer, source: SDL_Rect?, to destination: SDL_Rect, flipped: Bool) -> Bool {
        guard let held = heldPlanes, !held.converted, let format = yuvFormat else { return false }
        if !flipped, Int(destination.w) == width, Int(destination.h) == height,
           source.map({ $0.x == 0 && $0.y == 0 && Int($0.w) == width && Int($0.h) == height }) ?? true,
           drawsAsCopy, let target = renderer.windowPixels(under: destination),
           convert(held.planes, pitch: held.pitch, format: format, into: target.pixels, pitch: target.pitch,
                   pixelFormat: target.format) {
            return true
        }
        settleHeldPlanes()
        return false
    }

    /// Whether SDL would copy this texture's pixels as they are: no alpha or colour modulation, and no blend mode
    /// but none or alpha blending (an opaque texture's alpha is whole).
    var drawsAsCopy: Bool {
        var alpha: UInt8 = 0, r: UInt8 = 0, g: UInt8 = 0, b: UInt8 = 0
        var blend = SDL_BLENDMODE_INVALID
        return SDL_GetTextureAlphaMod(pointer, &alpha) == 0 && alpha == 255
            && SDL_GetTextureColorMod(pointer, &r, &g, &b) == 0 && r == 255 && g == 255 && b == 255
            && SDL_GetTextureBlendMode(pointer, &blend) == 0 && (blend == SDL_BLENDMODE_NONE || blend == SDL_BLENDMODE_BLEND)
    }

    /// The software renderer's RGB texture's pixels, converted from `planes` (`SDL_LockTexture`, `SDL_ConvertPixels`:
    /// SSE2, one pass, `SDL_UnlockTexture`).
    private func convertIntoPixels(_ planes: UnsafeRawPointer, pitch: Int) throws {
        guard let format = yuvFormat else { return }
        RenderThreadGuard.check(renderer.owner, "SDL_LockTexture")
        var pixels: UnsafeMutableRawPointer?
        var rowBytes: Int32 = 0
        guard SDL_LockTexture(pointer, nil, &pixels, &rowBytes) == 0, let pixels else {
            throw SDLError("SDL_LockTexture")
        }
        defer { SDL_UnlockTexture(pointer) }
        guard convert(planes, pitch: pitch, format: format, into: pixels, pitch: Int(rowBytes),
                      pixelFormat: SDL_PIXELFORMAT_RGB888.rawValue)
        else { throw SDLError("SDL_ConvertPixels") }
    }

    /// The one door for a frame's conversion into 32-bit pixels: IYUV into B, G, R, X in memory (XRGB8888, ARGB8888)
    /// by `YUVPlanes.convert` where the processor has SSE2 or AVX2 (AVX2 about twice as quick as SDL's SSE2, both
    /// within a level of BT.601/709), in SDL's matrix for the size; else `SDL_ConvertPixels`. Whether it converted.
    private func convert(_ planes: UnsafeRawPointer, pitch: Int, format: YUVFormat, into pixels: UnsafeMutableRawPointer,
                         pitch pixelsPitch: Int, pixelFormat: UInt32) -> Bool {
        if format == .iyuv, YUVPlanes.Kernel.best != .plain,
           pixelFormat == SDL_PIXELFORMAT_RGB888.rawValue || pixelFormat == SDL_PIXELFORMAT_ARGB8888.rawValue,
           let frame = YUVPlanes(packedI420: planes, pitch: pitch, width: width, height: height) {
            frame.convert(.sdl(width: width, height: height), into: pixels, pitch: pixelsPitch)
            return true
        }
        return SDL_ConvertPixels(Int32(width), Int32(height), format.sdl.rawValue, planes, Int32(pitch), pixelFormat,
                                 pixels, Int32(pixelsPitch)) == 0
    }
}

/// A frame's planes held where they lie until the texture is drawn (`Texture.update(heldPlanes:pitch:owner:)`).
struct HeldPlanes {
    let planes: UnsafeRawPointer
    let pitch: Int
    /// Keeps the planes' memory mapped while they are held.
    let owner: AnyObject?
    /// Converted into the texture's pixels already (drawn some other way than one to one, or read).
    var converted = false
}
