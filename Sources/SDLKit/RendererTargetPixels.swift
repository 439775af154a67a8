import CSDL2

extension Renderer {
    /// Whether a texture is being drawn into now (inside `draw(into:_:)`; `SDL_GetRenderTarget`), not the frame.
    public var drawsIntoTarget: Bool {
        guard let bound = SDL_GetRenderTarget(pointer) else { return false }
        return bound != rotationTarget
    }

    /// Draws `body` into `target` (see `draw(into:_:)`) over the whole target cleared to `background` (opaque), then
    /// reads back the rectangle `part` of it (`SDL_RenderReadPixels`) as an ARGB8888 surface. `keepingMirror` as in
    /// `draw(into:keepingMirror:_:)`.
    public func drawAndRead(into target: Texture, over background: (r: UInt8, g: UInt8, b: UInt8),
                            part: (x: Int, y: Int, width: Int, height: Int), keepingMirror: Bool = false,
                            _ body: () throws -> Void) throws -> Surface {
        var read: Surface?
        try draw(into: target, keepingMirror: keepingMirror) {
            setColor(background.r, background.g, background.b)
            clear()
            try body()
            read = try readBound(part: part, width: part.width, height: part.height)
        }
        guard let read else { throw SDLError("SDL_RenderReadPixels", message: "nothing read") }
        return read
    }
}
