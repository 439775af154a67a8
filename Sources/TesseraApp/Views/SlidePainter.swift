import Foundation
import GalleryCore
import PixelBands
import SDLKit

/// How the slideshow's photos and fills reach the window. The view says what goes where (`fill`, `copy`, in the
/// order they cover each other); `finish` then either composes the frame on the processor, in bands of rows on all
/// its cores (`PixelBands`), straight into the window's pixels (`Renderer.withWindowPixels`; where those are not at
/// hand, a turned panel, into a streaming texture the window's size that is copied once, opaque); or hands each
/// piece to the renderer as before (a GPU blends for nothing). Composed: SDL's software renderer with every
/// texture's pixels at hand (`Texture.withPixels`), at one physical pixel per logical one; there SDL would blend a
/// 4K frame's 8.3 MP on one thread, a pixel or two at a time. Main thread only.
final class SlidePainter {
    private enum Piece {
        case fill(Rect, RGBA)
        /// `smooth`: a texture filtered when stretched (the blurred backdrop right after a resize), which only the
        /// renderer draws as it should.
        case copy(Texture, source: Rect, to: Rect, alpha: UInt8, shade: UInt8, smooth: Bool)
    }

    private let renderer: Renderer
    private var pieces: [Piece] = []
    /// The composed frame (a streaming texture the window's size), made once.
    private var frame: Texture?
    /// A texture drawn into (at most the window's size) when the renderer draws: a photo's stretched part fading in
    /// (`--motion`) is drawn into it opaque, then blended unscaled, see `blendStretched`.
    private var scratch: Texture?
    /// Frames composed and frames handed to the renderer piece by piece since the start.
    private(set) var composedFrames = 0, drawnFrames = 0
    /// Of the frames composed, those composed straight into the window's pixels.
    private(set) var framesInWindow = 0

    /// `TESSERA_SLIDES_COMPOSED=0` draws every frame piece by piece (to compare the two ways' pixels and times).
    private let composes = ProcessInfo.processInfo.environment["TESSERA_SLIDES_COMPOSED"] != "0"

    init(renderer: Renderer) { self.renderer = renderer }

    func dropTextures() {
        pieces.removeAll()
        frame = nil
        scratch = nil
    }

    /// `rect` filled with `colour` (its alpha blends).
    func fill(_ rect: Rect, _ colour: RGBA) {
        guard !rect.isEmpty else { return }
        pieces.append(.fill(rect, colour))
    }

    /// `source` (texture pixels) of `texture` stretched onto `to`, its colour multiplied by `shade`/255, blended at
    /// `alpha` (255: opaque). `smooth`: the texture is filtered when stretched.
    func copy(_ texture: Texture, source: Rect, to: Rect, alpha: UInt8, shade: UInt8 = 255, smooth: Bool = false) {
        guard !to.isEmpty, !source.isEmpty, alpha > 0 else { return }
        pieces.append(.copy(texture, source: source, to: to, alpha: alpha, shade: shade, smooth: smooth))
    }

    /// Draws what was said since the last call onto a window `size` large (logical pixels), composed when `compose`
    /// and it can be, else piece by piece; not mirrored (photos are placed by what they show).
    func finish(size: PixelSize, compose: Bool) {
        defer { pieces.removeAll(keepingCapacity: true) }
        renderer.unmirrored {
            if compose, composes, composed(size: size) { composedFrames += 1; return }
            drawnFrames += 1
            for piece in pieces { draw(piece) }
        }
    }

    /// The frame composed in bands and copied to the window; false (nothing drawn) when it cannot be.
    private func composed(size: PixelSize) -> Bool {
        guard renderer.drawsInSoftware, renderer.drawingScale == 1, size.width > 0, size.height > 0 else { return false }
        var ops: [PixelOp] = []
        ops.reserveCapacity(pieces.count)
        var planes: [ObjectIdentifier: PixelPlane] = [:]
        for piece in pieces {
            switch piece {
            case let .fill(r, c):
                ops.append(.fill(PixelRect(r), colour: UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b), alpha: c.a))
            case let .copy(texture, source, to, alpha, shade, smooth):
                if smooth, source.width != to.width || source.height != to.height { return false }
                let id = ObjectIdentifier(texture)
                guard let plane = planes[id] ?? SlidePainter.plane(of: texture) else { return false }
                planes[id] = plane
                ops.append(.copy(plane, from: PixelRect(source), to: PixelRect(to), alpha: alpha, shade: shade))
            }
        }
        // Straight into the window's pixels, where the frame lands one to one (no frame of its own, no copy of it).
        let inWindow = renderer.withWindowPixels(width: size.width, height: size.height) { window -> Bool in
            let plane = PixelPlane(base: window.base.assumingMemoryBound(to: UInt32.self), width: window.width,
                                   height: window.height, pitch: window.pitch / 4)
            let (dx, dy) = (-window.origin.x, -window.origin.y)
            BandComposer(dx == 0 && dy == 0 ? ops : ops.map { $0.offsetBy(dx: dx, dy: dy) }, into: plane).composeInBands()
            return true
        }
        if inWindow == true {
            frame = nil
            framesInWindow += 1
            return true
        }
        if frame.map({ $0.width != size.width || $0.height != size.height }) ?? true {
            frame = nil
            frame = try? Texture(renderer: renderer, streamingWidth: size.width, height: size.height)
        }
        guard let frame, let target = SlidePainter.plane(of: frame) else { return false }
        BandComposer(ops, into: target).composeInBands()
        renderer.copy(frame, to: 0, 0, size.width, size.height)
        return true
    }

    /// A texture's pixels as a plane (valid while the texture lives: the software renderer's surface).
    private static func plane(of texture: Texture) -> PixelPlane? {
        texture.withPixels { pixels, pitch in
            PixelPlane(base: pixels.assumingMemoryBound(to: UInt32.self), width: texture.width, height: texture.height,
                       pitch: pitch / 4)
        }
    }

    private func draw(_ piece: Piece) {
        switch piece {
        case let .fill(r, c):
            renderer.setColor(c.r, c.g, c.b, c.a)
            renderer.fill(x: r.x, y: r.y, width: r.width, height: r.height)
        case let .copy(texture, src, to, alpha, shade, smooth):
            if alpha < 255, !smooth, src.width != to.width || src.height != to.height,
               blendStretched(texture, source: src, to: to, alpha: alpha) { return }
            if alpha < 255 {
                texture.setBlending(true)
                texture.setAlphaMod(alpha)
            }
            if shade < 255 { texture.setColorMod(r: shade, g: shade, b: shade) }
            renderer.copy(texture, source: (src.x, src.y, src.width, src.height), to: to.x, to.y, to.width, to.height)
            if shade < 255 { texture.setColorMod(r: 255, g: 255, b: 255) }
            if alpha < 255 {
                texture.setAlphaMod(255)
                texture.setBlending(false)
            }
        }
    }

    /// A stretched part of a photo blended in: SDL's software renderer would blend and stretch it a pixel at a
    /// time (`SDL_LowerBlit` with its nearest-scaling blender, or a temporary surface the copy's size when
    /// filtered). Stretched opaque into `scratch` first, then blended unscaled, two pixels at a time. False when
    /// the scratch texture cannot be had (the caller copies directly).
    private func blendStretched(_ texture: Texture, source src: Rect, to visible: Rect, alpha: UInt8) -> Bool {
        let scale = renderer.drawingScale
        let w = Int((Double(visible.width) * scale).rounded()), h = Int((Double(visible.height) * scale).rounded())
        guard w > 0, h > 0 else { return false }
        if scratch.map({ $0.width < w || $0.height < h }) ?? true {
            let grown = (max(w, scratch?.width ?? 0), max(h, scratch?.height ?? 0))
            scratch = nil
            scratch = try? Texture(renderer: renderer, targetWidth: grown.0, height: grown.1)
        }
        guard let scratch, (try? renderer.draw(into: scratch, {
            renderer.copy(texture, source: (src.x, src.y, src.width, src.height), to: 0, 0, w, h)
        })) != nil else { return false }
        scratch.setBlending(true)
        scratch.setAlphaMod(alpha)
        renderer.copy(scratch, source: (0, 0, w, h), to: visible.x, visible.y, visible.width, visible.height)
        return true
    }
}

private extension PixelRect {
    init(_ r: Rect) { self.init(x: r.x, y: r.y, width: r.width, height: r.height) }
}
