import CSDL2

/// A panel mounted turned (`--rotate`): nothing else turns the picture on KMS, and a kiosk's X or Wayland session
/// may not either. Frames are drawn upright into a texture the size of the turned panel (`SDL_SetRenderTarget`)
/// and copied onto the window turned (`SDL_RenderCopyEx`) when shown or read back. The target is bound only while
/// a frame is drawn: between frames SDL sees the window (its touch mapping scales fingers by the bound target's
/// size otherwise).
extension Renderer {
    /// Turns what is drawn by `degrees` clockwise (0, 90, 180, 270) from the next frame; 0 draws straight to the
    /// window again. Call again after a resize or a render reset (`prepareRotation`).
    public func setRotation(_ degrees: Int) throws {
        rotation = ((degrees % 360) + 360) % 360 / 90 * 90
        try prepareRotation()
    }

    /// The size frames are drawn at: the window's drawable, its sides swapped when turned a quarter.
    public var drawingSize: (width: Int, height: Int) {
        let (w, h) = outputSize
        return rotation % 180 == 90 ? (h, w) : (w, h)
    }

    /// Makes the turned target for the window's size as it is now (after a resize; `fresh` after the renderer lost
    /// its textures, whose target's pixels went with them).
    public func prepareRotation(fresh: Bool = false) throws {
        RenderThreadGuard.check(owner, "SDL_SetRenderTarget")
        let size = drawingSize
        if rotation == 0 || rotationTargetSize != size || rotationTarget == nil || fresh {
            SDL_SetRenderTarget(pointer, nil)
            if let old = rotationTarget { SDL_DestroyTexture(old) }
            rotationTarget = nil
            rotationTargetSize = (0, 0)
        }
        guard rotation != 0 else { return }
        if rotationTarget == nil {
            guard let target = SDL_CreateTexture(pointer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                                 Int32(SDL_TEXTUREACCESS_TARGET.rawValue), Int32(size.width), Int32(size.height))
            else { throw SDLError("SDL_CreateTexture (a turned panel's target)") }
            SDL_SetTextureBlendMode(target, SDL_BLENDMODE_NONE)
            rotationTarget = target
            rotationTargetSize = size
        }
    }

    /// Copies the upright frame onto the window, turned; returns whether there was one (then drawing must resume
    /// into the target with `resumeTurnedDrawing`).
    func showTurned() -> Bool {
        guard let target = rotationTarget else { return false }
        SDL_SetRenderTarget(pointer, nil)
        targetBound = false
        // The window's own view is only ever used for this copy: whole, unscaled.
        SDL_RenderSetScale(pointer, 1, 1)
        SDL_RenderSetViewport(pointer, nil)
        SDL_SetRenderDrawColor(pointer, 0, 0, 0, 255)
        SDL_RenderClear(pointer)
        let (w, h) = outputSize, (cw, ch) = rotationTargetSize
        // Turned about its centre, the target's rectangle centred on the window covers it exactly.
        var dst = SDL_Rect(x: Int32((w - cw) / 2), y: Int32((h - ch) / 2), w: Int32(cw), h: Int32(ch))
        SDL_RenderCopyEx(pointer, target, nil, &dst, Double(rotation), nil, SDL_FLIP_NONE)
        return true
    }

    /// Before anything is drawn: the turned target bound, with the scale and burn-in offset frames are drawn at (a
    /// target of its own starts at scale 1 and the whole texture).
    func bindTurnedTarget() {
        guard let target = rotationTarget, !targetBound else { return }
        SDL_SetRenderTarget(pointer, target)
        targetBound = true
        reapplyDrawingState()
    }

    /// Draws `body` into `target` (a texture made with `init(renderer:targetWidth:height:)`; `SDL_SetRenderTarget`),
    /// at scale 1 over the whole texture, then goes back to drawing the frame where it was drawn: the window (SDL
    /// restores its scale, viewport and clip) or a turned panel's target (its scale and burn-in offset applied again).
    /// `keepingMirror`: a mirrored screen's mirror goes on inside the target (one as wide as the layout, copied whole
    /// at x 0: the header's picture); by default the texture's own coordinates are drawn as laid out.
    public func draw(into target: Texture, keepingMirror: Bool = false, _ body: () throws -> Void) throws {
        RenderThreadGuard.check(owner, "SDL_SetRenderTarget")
        guard target.isTarget, target.renderer === self else {
            throw SDLError("SDL_SetRenderTarget", message: "not a render target of this renderer")
        }
        guard SDL_SetRenderTarget(pointer, target.pointer) == 0 else { throw SDLError("SDL_SetRenderTarget") }
        let turned = rotationTarget
        // Copies in `body` must not bind the turned target over this one.
        if turned != nil { targetBound = true }
        // The texture's own coordinates: a mirrored screen mirrors the texture where it is drawn, not inside it.
        let outer = mirrorSuspended
        mirrorSuspended = outer || !keepingMirror
        defer {
            mirrorSuspended = outer
            if let turned {
                SDL_SetRenderTarget(pointer, turned)
                reapplyDrawingState()
            } else {
                SDL_SetRenderTarget(pointer, nil)
            }
        }
        try body()
    }
}
