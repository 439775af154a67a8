import CPlatform
import CSDL2
import Foundation

extension Renderer {
    /// `TESSERA_ROW_COPY=0` leaves every copy to SDL (to measure the two against each other in one build).
    static let rowCopyByDefault = getenv("TESSERA_ROW_COPY").map { String(cString: $0) != "0" } ?? true

    /// Draws `texture`'s `source` one to one at `destination` (drawing coordinates, mirrored already) by copying its
    /// rows into the window's pixels ourselves (`tessera_copy_rows`: 16-byte streaming stores from each row's first
    /// aligned pixel), where SDL's software renderer would copy them itself: its `SDL_BlitCopy` streams only when
    /// both sides' rows start and step on 16 bytes, which a wall's cells never do (1902 pixels wide at x 12 and 1926
    /// in a 3840 window), and otherwise moves 8 bytes at a time, reading each window line before writing it: the
    /// largest part of a scrolling 4K wall's frame (BENCHMARKS.md, "The wall's cells copied with streaming stores").
    /// Only the part inside the viewport, the clip and the window is drawn, as SDL would. Whether it drew; false
    /// leaves the copy to SDL (a window within a processor's cache, `rowCopyWindowBytes`; another renderer, a scale,
    /// a turned panel, a texture drawn into, a blend or a modulation, a window of another format).
    func copyRows(of texture: Texture, source: SDL_Rect?, to destination: SDL_Rect) -> Bool {
        let source = source ?? SDL_Rect(x: 0, y: 0, w: Int32(texture.width), h: Int32(texture.height))
        let (outW, outH) = outputSize
        // The cheap tests first (most copies fail one), and the texture's own before anything is flushed.
        guard drawsInSoftware, outW * outH * 4 >= rowCopyWindowBytes, texture.heldPlanes == nil,
              source.w == destination.w, source.h == destination.h, source.x >= 0, source.y >= 0,
              Int(source.x + source.w) <= texture.width, Int(source.y + source.h) <= texture.height,
              texture.isOpaqueStreaming, texture.drawsAsCopy else { return false }
        // The part SDL would draw: inside the viewport (and the window, which a burn-in offset may move it past)
        // and the clip.
        var view = SDL_Rect()
        SDL_RenderGetViewport(pointer, &view)
        var box = SDL_Rect(x: max(0, -view.x), y: max(0, -view.y), w: 0, h: 0)
        box.w = min(view.w, Int32(outW) - view.x) - box.x
        box.h = min(view.h, Int32(outH) - view.y) - box.y
        if SDL_RenderIsClipEnabled(pointer) == SDL_TRUE {
            var clip = SDL_Rect(), both = SDL_Rect()
            SDL_RenderGetClipRect(pointer, &clip)
            guard SDL_IntersectRect(&box, &clip, &both) == SDL_TRUE else { return false }
            box = both
        }
        var drawn = destination, part = SDL_Rect()
        guard SDL_IntersectRect(&drawn, &box, &part) == SDL_TRUE,
              let target = windowPixels(under: part), target.format == SDL_PIXELFORMAT_RGB888.rawValue
        else { return false }
        let copied = texture.withPixels { pixels, pitch in
            let from = pixels + Int(source.y + part.y - destination.y) * pitch + Int(source.x + part.x - destination.x) * 4
            tessera_copy_rows(target.pixels, target.pitch, from, pitch, Int(part.w), Int(part.h))
        }
        guard copied != nil else { return false }
        rowCopyCount += 1
        return true
    }
}
