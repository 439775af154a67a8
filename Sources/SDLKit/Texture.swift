import CSDL2

/// A GPU-side image (`SDL_Texture`). It keeps its renderer alive, since SDL frees a renderer's textures with it.
/// Create and use only on the thread that owns the renderer.
public final class Texture {
    public let pointer: OpaquePointer
    public let renderer: Renderer
    public let width: Int
    public let height: Int

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
}
