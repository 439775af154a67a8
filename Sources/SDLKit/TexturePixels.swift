import CSDL2

extension Texture {
    /// Calls `body` with the texture's pixels (XRGB8888: B, G, R, X in memory) and the bytes from one row to the next
    /// (`SDL_LockTexture` on the whole texture, then `SDL_UnlockTexture`), to read or to write them; nil when they
    /// cannot be had. Only SDL's software renderer hands out what a texture holds (`SW_LockTexture` gives its
    /// surface's pixels; the texture is streaming there, see the one door to `SDL_CreateTexture`); another renderer's
    /// locked pixels are a buffer to write, not a picture, so this answers nil there. The pointer stays valid
    /// while the texture lives and nothing else draws into it: other threads may read it while this one waits.
    public func withPixels<R>(_ body: (UnsafeMutableRawPointer, Int) throws -> R) rethrows -> R? {
        RenderThreadGuard.check(renderer.owner, "SDL_LockTexture")
        guard renderer.drawsInSoftware else { return nil }
        settleHeldPlanes()  // a clip's frame held as planes (TextureYUV.swift) becomes the texture's pixels
        guard isOpaqueStreaming else { return nil }
        var pixels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(pointer, nil, &pixels, &pitch) == 0, let pixels else { return nil }
        defer { SDL_UnlockTexture(pointer) }
        return try body(pixels, Int(pitch))
    }

    /// Whether the texture is XRGB8888 and streaming: what `withPixels` can hand out on the software renderer.
    var isOpaqueStreaming: Bool {
        var format: UInt32 = 0
        var access: Int32 = 0
        return SDL_QueryTexture(pointer, &format, &access, nil, nil) == 0 && format == SDL_PIXELFORMAT_RGB888.rawValue
            && access == Int32(SDL_TEXTUREACCESS_STREAMING.rawValue)
    }
}
