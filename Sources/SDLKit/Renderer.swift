import CSDL2
import CPlatform
import Foundation

/// A 2D renderer for one window (`SDL_CreateRenderer` / `SDL_DestroyRenderer`). Main thread only.
public final class Renderer {
    public let pointer: OpaquePointer
    public let window: Window
    /// The thread that created the renderer: the only one allowed to use it or its textures.
    let owner = pthread_self()

    public enum Kind: String, CaseIterable { case software, accelerated }

    public init(window: Window, kind: Kind, vsync: Bool) throws {
        var flags = kind == .software ? SDL_RENDERER_SOFTWARE.rawValue : SDL_RENDERER_ACCELERATED.rawValue
        if vsync { flags |= SDL_RENDERER_PRESENTVSYNC.rawValue }
        guard let r = SDL_CreateRenderer(window.pointer, -1, flags) else { throw SDLError("SDL_CreateRenderer") }
        pointer = r
        self.window = window
        var info = SDL_RendererInfo()
        // The software renderer draws into the window's own surface, which keeps its pixels between frames.
        framesPersist = SDL_GetRendererInfo(r, &info) == 0 && info.name.map { String(cString: $0) } == "software"
        framebuffer = nil
    }

    /// SDL's software renderer drawing into memory of its own (`SDL_CreateSoftwareRenderer`), shown on the window
    /// through the compositor's shared memory: for SDL's Wayland driver, which gives a window no framebuffer, so
    /// that drawing in software needs no OpenGL (Mesa and LLVM, about 100 MB resident without a GPU). Throws where
    /// the window is not on Wayland or its compositor offers no shared memory.
    public init(softwareInMemoryFor window: Window) throws {
        guard let framebuffer = MemoryFramebuffer(window: window) else {
            throw SDLError("SDL_CreateSoftwareRenderer", message: "the window has no Wayland shared-memory buffers")
        }
        guard let r = SDL_CreateSoftwareRenderer(framebuffer.surface) else { throw SDLError("SDL_CreateSoftwareRenderer") }
        pointer = r
        self.window = window
        self.framebuffer = framebuffer
        framesPersist = true
        // SDL 2.26's Wayland driver loads OpenGL for every window it makes (Wayland_CreateWindow: EGL, and with it
        // Mesa and LLVM, about 48 MB resident without a GPU) unless the window was made without it (the Vulkan
        // stand-in, `Window(withoutOpenGL:)`). This renderer never uses it: let go of it (`SDL_GL_UnloadLibrary`;
        // the window's EGL surface goes with the EGL display, and SDL's teardown of the window skips EGL once it
        // is unloaded). LLVM stays mapped (a C++ library with unique symbols is never unloaded): the pages of its
        // code it ran while loading are given back too, but about 8 MB it wrote stay.
        if !window.holdsVulkanStandIn {
            SDL_GL_UnloadLibrary()
            _ = tessera_release_library_pages("libLLVM")
        }
    }

    /// The frame in memory of a software renderer made `softwareInMemoryFor` a window; nil when SDL shows frames.
    let framebuffer: MemoryFramebuffer?

    /// A renderer drawing into memory of its own takes the window's drawable size, as SDL does for a window's
    /// renderer on `SDL_WINDOWEVENT_SIZE_CHANGED`: the view is set again for the new size (with the burn-in offset).
    private func followWindow() {
        guard let framebuffer, framebuffer.follow(window), SDL_GetRenderTarget(pointer) == nil else { return }
        reapplyDrawingState()
    }

    /// Whether what was drawn stays in the target after a present (the software renderer) rather than being
    /// undefined (a GL swap chain).
    public let framesPersist: Bool
    /// Whether this is SDL's software renderer (every pixel drawn on the processor, into memory the app can reach).
    public var drawsInSoftware: Bool { framesPersist }
    private var offset = (dx: 0, dy: 0)
    private var offsetMoved = false
    private var scale = 1.0
    /// Physical pixels per logical pixel (`setScale`): what a texture drawn into (`draw(into:_:)`) is sized by.
    public var drawingScale: Double { scale }
    /// What is drawn is turned this many degrees clockwise on the panel (`--rotate`: 0, 90, 180, 270); frames are
    /// drawn into `rotationTarget` (an `SDL_Texture` the renderer owns) and turned onto the window when shown.
    public internal(set) var rotation = 0
    var rotationTarget: OpaquePointer?
    var rotationTargetSize = (width: 0, height: 0)
    /// Whether the turned target is bound now (only while a frame is drawn).
    var targetBound = false
    /// A screen read right to left (`mirror(about:)`, RendererMirror.swift): the logical width everything drawn
    /// into the frame is mirrored about; nil draws as laid out.
    public internal(set) var mirrorWidth: Int?
    /// Textures drawn by copying their rows into the window ourselves (`copyRows(of:source:to:)`), for the tests.
    public internal(set) var rowCopyCount = 0
    /// Whether stills may be drawn so at all (`TESSERA_ROW_COPY=0`: false, every copy SDL's).
    var rowCopyEnabled = Renderer.rowCopyByDefault
    /// The smallest window (its pixels' bytes) whose stills are copied so: one larger than a processor's last-level
    /// cache (8-32 MB), 3840x2160's 33 MB. In a smaller one the frame stays in the cache until it is shown, which
    /// streaming stores would send past it: 1280x800's and 1920x1080's median frames were 0.15-0.3 ms slower.
    var rowCopyWindowBytes = 24 << 20
    /// A run drawn piece by piece that keeps its order when mirrored (`keepingOrder`): its box as laid out.
    var orderedRun: (x: Int, width: Int)?
    /// Drawing into a texture (`draw(into:)`, its coordinates are the texture's own) or pictures placed by what
    /// they show (`unmirrored`): never mirrored.
    var mirrorSuspended = false

    deinit {
        if let rotationTarget { SDL_DestroyTexture(rotationTarget) }
        SDL_DestroyRenderer(pointer)
    }

    /// Whether this frame must clear the whole target rather than only draw over it: the burn-in offset uncovers a
    /// strip along two edges that nothing else draws, after the offset moved, or on every frame where drawn
    /// pixels do not persist.
    public var bordersNeedClearing: Bool {
        offsetMoved || ((offset.dx != 0 || offset.dy != 0) && !framesPersist)
    }


    /// Size of the drawing surface in physical pixels (`SDL_GetRendererOutputSize`).
    public var outputSize: (width: Int, height: Int) {
        followWindow()
        var w: Int32 = 0, h: Int32 = 0
        // While a turned panel's target is set, SDL answers with the target's size: the window's is asked instead
        // (`SDL_GetWindowSizeInPixels`).
        if rotationTarget != nil { SDL_GetWindowSizeInPixels(window.pointer, &w, &h) } else { SDL_GetRendererOutputSize(pointer, &w, &h) }
        return (Int(w), Int(h))
    }

    /// The OpenGL renderer's own name (`glGetString(GL_RENDERER)`, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)") when
    /// this is an OpenGL or OpenGL ES renderer; nil otherwise.
    public var glRendererName: String? {
        guard name.hasPrefix("opengl") else { return nil }
        return tessera_gl_renderer_name().map { String(cString: $0) }
    }

    /// Whether the GL behind this renderer rasterizes on the CPU (Mesa's llvmpipe, softpipe, swrast): then SDL's
    /// software renderer costs a fraction as much (35.8 % of a core against 7.8 % here, for the clock alone).
    public var isSoftwareGL: Bool {
        guard let gl = glRendererName?.lowercased() else { return false }
        return ["llvmpipe", "softpipe", "swrast", "software rasterizer"].contains { gl.contains($0) }
    }

    /// The largest texture side the renderer takes (`SDL_GetRendererInfo`'s `max_texture_width` and `_height`, the
    /// smaller of the two); nil when it sets none (the software renderer). A small GPU's is 2048 or 4096: a zoomed
    /// photo asked larger would fail to upload.
    public var maxTextureSide: Int? {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(pointer, &info) == 0, info.max_texture_width > 0, info.max_texture_height > 0 else { return nil }
        return Int(min(info.max_texture_width, info.max_texture_height))
    }

    /// `SDL_GetRendererInfo`'s name, e.g. "software" or "opengl".
    public var name: String {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(pointer, &info) == 0, let n = info.name else { return "unknown" }
        return String(cString: n)
    }

    /// Draws in logical pixels from here on (`SDL_RenderSetScale`), so HiDPI output needs no other change.
    public func setScale(_ scale: Double) {
        RenderThreadGuard.check(owner, "SDL_RenderSetScale")
        self.scale = scale
        guard rotationTarget == nil || targetBound else { return }  // applied when the target is bound
        SDL_RenderSetScale(pointer, Float(scale), Float(scale))
    }

    /// The scale and offset set last, applied again (a render target of its own starts without them).
    func reapplyDrawingState() {
        SDL_RenderSetScale(pointer, Float(scale), Float(scale))
        let shift = offset, moved = offsetMoved
        offset = (0, 0)
        setOffset(dx: shift.dx, dy: shift.dy)
        offsetMoved = moved
    }

    /// Moves everything drawn from here on by (dx, dy) logical pixels (`SDL_RenderSetViewport`; what would fall
    /// outside the output is clipped): the kiosk's burn-in shift.
    public func setOffset(dx: Int, dy: Int) {
        RenderThreadGuard.check(owner, "SDL_RenderSetViewport")
        if (dx, dy) != offset { offsetMoved = true }
        offset = (dx, dy)
        guard rotationTarget == nil || targetBound else { return }  // applied when the target is bound
        guard dx != 0 || dy != 0 else { SDL_RenderSetViewport(pointer, nil); return }
        let drawing = drawingSize
        let w = Int32(drawing.width), h = Int32(drawing.height)
        var sx: Float = 1, sy: Float = 1
        SDL_RenderGetScale(pointer, &sx, &sy)
        // The shift is the layout's: mirrored, it moves the other way on the screen (an overlay moved back by its
        // share of it, in the layout, then lands where it should).
        let x = mirrorWidth == nil ? dx : -dx
        var rect = SDL_Rect(x: Int32(x), y: Int32(dy), w: Int32(Float(w) / max(sx, 0.01)), h: Int32(Float(h) / max(sy, 0.01)))
        SDL_RenderSetViewport(pointer, &rect)
    }

    /// Sets the colour for fills and clears (`SDL_SetRenderDrawColor`). Opaque colours draw without blending
    /// (`SDL_SetRenderDrawBlendMode`), which the software renderer does several times faster.
    public func setColor(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        RenderThreadGuard.check(owner, "SDL_SetRenderDrawColor")
        SDL_SetRenderDrawColor(pointer, r, g, b, a)
        SDL_SetRenderDrawBlendMode(pointer, a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
    }

    public func clear() {
        RenderThreadGuard.check(owner, "SDL_RenderClear")
        bindTurnedTarget()
        SDL_RenderClear(pointer)  // the whole target, whatever the viewport
        offsetMoved = false
    }

    public func fill(x: Int, y: Int, width: Int, height: Int) {
        RenderThreadGuard.check(owner, "SDL_RenderFillRect")
        bindTurnedTarget()
        var rect = SDL_Rect(x: Int32(onScreen(x, width)), y: Int32(y), w: Int32(width), h: Int32(height))
        SDL_RenderFillRect(pointer, &rect)
    }

    public struct Flip: OptionSet {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let horizontal = Flip(rawValue: SDL_FLIP_HORIZONTAL.rawValue)
        public static let vertical = Flip(rawValue: SDL_FLIP_VERTICAL.rawValue)
        /// The texture is a shape of the layout (a rounded corner's mask, an arrow pointing along the reading): a
        /// mirrored screen flips it too. Without it a texture keeps its content as it is (words, photos).
        public static let withLayout = Flip(rawValue: 1 << 16)
        /// The source is the part of a picture the layout leaves in view (a zoomed photo panned and pinched by
        /// hand): a mirrored screen takes the part mirrored within the texture, so the part under a finger is the
        /// part the layout put there. Without it the source is kept (a crop chosen by the picture's content, a
        /// face, stays on the face).
        public static let cutByLayout = Flip(rawValue: 1 << 17)
    }

    /// Copies a texture (or part of it) to a destination rectangle (`SDL_RenderCopy`, or `SDL_RenderCopyEx` to
    /// flip). On a mirrored screen the rectangle is mirrored, the texture's content not (unless `.withLayout`).
    public func copy(_ texture: Texture, source: (x: Int, y: Int, width: Int, height: Int)? = nil,
                     to x: Int, _ y: Int, _ width: Int, _ height: Int, flip: Flip = []) {
        RenderThreadGuard.check(owner, "SDL_RenderCopy")
        bindTurnedTarget()
        var dst = SDL_Rect(x: Int32(onScreen(x, width)), y: Int32(y), w: Int32(width), h: Int32(height))
        var src = SDL_Rect()
        if let s = source {
            src = SDL_Rect(x: Int32(sourceOnScreen(s.x, s.width, of: texture, flip)), y: Int32(s.y), w: Int32(s.width), h: Int32(s.height))
        }
        let flip = flipOnScreen(flip)
        // A clip's frame held as planes goes straight into the window's pixels where it lands one to one.
        if texture.heldPlanes != nil,
           texture.drawHeldPlanes(on: self, source: source == nil ? nil : src, to: dst, flipped: !flip.isEmpty) { return }
        // A still one to one: its rows copied into the window's pixels with streaming stores (software renderer).
        if flip.isEmpty, rowCopyEnabled, copyRows(of: texture, source: source == nil ? nil : src, to: dst) { return }
        withUnsafePointer(to: &src) { srcPointer in
            let srcArg = source == nil ? nil : srcPointer
            if flip.isEmpty {
                SDL_RenderCopy(pointer, texture.pointer, srcArg, &dst)
            } else {
                SDL_RenderCopyEx(pointer, texture.pointer, srcArg, &dst, 0, nil, SDL_RendererFlip(flip.rawValue))
            }
        }
    }

    /// Restricts drawing to a rectangle, or lifts the restriction with nil (`SDL_RenderSetClipRect`).
    public func setClip(_ rect: (x: Int, y: Int, width: Int, height: Int)?) {
        RenderThreadGuard.check(owner, "SDL_RenderSetClipRect")
        bindTurnedTarget()
        if let r = rect {
            var clip = SDL_Rect(x: Int32(onScreen(r.x, r.width)), y: Int32(r.y), w: Int32(r.width), h: Int32(r.height))
            SDL_RenderSetClipRect(pointer, &clip)
        } else {
            SDL_RenderSetClipRect(pointer, nil)
        }
    }

    public func present() {
        RenderThreadGuard.check(owner, "SDL_RenderPresent")
        _ = showTurned()
        SDL_RenderPresent(pointer)
        framebuffer?.show()
    }

    /// Whether `present(part:)` can show part of a frame: the software renderer draws into the window's surface
    /// (or memory of its own), which is copied to the screen rectangle by rectangle.
    public var presentsParts: Bool { framesPersist && rotationTarget == nil }

    /// Whether drawing only part of a frame leaves the rest as it was: the software renderer's window, or a turned
    /// panel's target (which is then shown whole).
    public var keepsDrawing: Bool { framesPersist || rotationTarget != nil }

    /// Shows only this rectangle (logical pixels, before the burn-in offset) of what was drawn
    /// (`SDL_RenderFlush`, then `SDL_UpdateWindowSurfaceRects`): a frame where only the clock changed copies the
    /// header to the screen, not the whole window. Falls back to `present()` where parts cannot be shown.
    public func present(part: (x: Int, y: Int, width: Int, height: Int)) {
        guard presentsParts else { present(); return }
        RenderThreadGuard.check(owner, "SDL_UpdateWindowSurfaceRects")
        SDL_RenderFlush(pointer)
        var sx: Float = 1, sy: Float = 1
        SDL_RenderGetScale(pointer, &sx, &sy)
        let (w, h) = outputSize
        let px = onScreen(part.x, part.width), dx = mirrorWidth == nil ? offset.dx : -offset.dx
        let x0 = max(0, Int((Float(px + dx) * sx).rounded(.down)))
        let y0 = max(0, Int((Float(part.y + offset.dy) * sy).rounded(.down)))
        let x1 = min(w, Int((Float(px + part.width + dx) * sx).rounded(.up)))
        let y1 = min(h, Int((Float(part.y + part.height + offset.dy) * sy).rounded(.up)))
        guard x1 > x0, y1 > y0 else { return }
        if let framebuffer {
            framebuffer.show(part: (x0, y0, x1 - x0, y1 - y0))
            return
        }
        var rect = SDL_Rect(x: Int32(x0), y: Int32(y0), w: Int32(x1 - x0), h: Int32(y1 - y0))
        if SDL_UpdateWindowSurfaceRects(window.pointer, &rect, 1) != 0 { SDL_RenderPresent(pointer) }
    }

    /// Reads back the frame being drawn (`SDL_RenderReadPixels`), in physical pixels; call before `present`.
    public func readPixels() throws -> Surface {
        RenderThreadGuard.check(owner, "SDL_RenderReadPixels")
        // Turned, what is read is what the panel shows.
        _ = showTurned()
        let (w, h) = outputSize
        return try readBound(part: nil, width: w, height: h)
    }

    /// The one door to `SDL_RenderReadPixels`: `part` of what is bound now (the window, or a render target inside
    /// `draw(into:_:)`; nil: all of it) as a blank ARGB8888 surface `width` x `height` filled from it.
    func readBound(part: (x: Int, y: Int, width: Int, height: Int)?, width: Int, height: Int) throws -> Surface {
        let surface = try Surface(width: width, height: height)
        var rect = SDL_Rect(x: Int32(part?.x ?? 0), y: Int32(part?.y ?? 0), w: Int32(width), h: Int32(height))
        let read = withUnsafePointer(to: &rect) { bounds in
            SDL_RenderReadPixels(pointer, part == nil ? nil : bounds, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                 surface.pointer.pointee.pixels, Int32(surface.pitch))
        }
        guard read == 0 else { throw SDLError("SDL_RenderReadPixels") }
        return surface
    }
}
