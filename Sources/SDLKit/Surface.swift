import CSDL2
import Foundation

/// A CPU-side image (`SDL_Surface`), always 32-bit ARGB8888 unless loaded otherwise. Safe to use off the main thread:
/// nothing here touches the renderer.
public final class Surface {
    public let pointer: UnsafeMutablePointer<SDL_Surface>

    /// Takes ownership of a surface; `SDL_FreeSurface` runs in deinit.
    public init(owning pointer: UnsafeMutablePointer<SDL_Surface>) { self.pointer = pointer }

    deinit { SDL_FreeSurface(pointer) }

    /// A blank ARGB8888 surface (`SDL_CreateRGBSurfaceWithFormat`).
    public convenience init(width: Int, height: Int) throws {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw SDLError("SDL_CreateRGBSurfaceWithFormat", message: "bad size \(width)x\(height)")
        }
        guard let s = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32,
                                                      SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { throw SDLError("SDL_CreateRGBSurfaceWithFormat") }
        self.init(owning: s)
    }

    /// An ARGB8888 surface whose pixels are not cleared first, for a caller that writes every one of them (a
    /// decoder, a stretch): a blank surface's `memset` is a pass over its bytes for nothing. The pixels come from
    /// `SDL_SIMDAlloc` and are handed to the surface (`SDL_CreateRGBSurfaceWithFormatFrom`, then marked its own and
    /// aligned, as `SDL_CreateRGBSurfaceWithFormat` marks them), so `SDL_FreeSurface` frees them with `SDL_SIMDFree`.
    public convenience init(uninitializedWidth width: Int, height: Int) throws {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw SDLError("SDL_CreateRGBSurfaceWithFormatFrom", message: "bad size \(width)x\(height)")
        }
        let pitch = 4 * width
        guard let pixels = SDL_SIMDAlloc(pitch * height) else { throw SDLError("SDL_SIMDAlloc") }
        guard let s = SDL_CreateRGBSurfaceWithFormatFrom(pixels, Int32(width), Int32(height), 32, Int32(pitch),
                                                         SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            SDL_SIMDFree(pixels)
            throw SDLError("SDL_CreateRGBSurfaceWithFormatFrom")
        }
        s.pointee.flags = (s.pointee.flags & ~UInt32(SDL_PREALLOC)) | UInt32(SDL_SIMD_ALIGNED)
        self.init(owning: s)
    }

    /// The SDL_image loaders Tessera lets near bytes from outside, each for one format. `IMG_Load_RW`, which
    /// guesses the format and so reaches every loader SDL_image has (SVG, XCF, TGA…), is never used on them.
    public enum Loader: String {
        case png = "IMG_LoadPNG_RW", webp = "IMG_LoadWEBP_RW"
    }

    /// Decodes a PNG or WebP with that format's own SDL_image loader. The caller has checked the header: the
    /// loader allocates the full picture. Truncated or corrupt data throws.
    public convenience init(decoding data: Data, with loader: Loader) throws {
        guard !data.isEmpty, data.count < Int(Int32.max) else {
            throw SDLError(loader.rawValue, message: "empty or oversized input")
        }
        let surface: UnsafeMutablePointer<SDL_Surface>? = data.withUnsafeBytes { raw in
            guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)) else { return nil }
            defer { _ = tessera_rw_close(rw) }
            switch loader {
            case .png: return IMG_LoadPNG_RW(rw)
            case .webp: return IMG_LoadWEBP_RW(rw)
            }
        }
        guard let surface else { throw SDLError(loader.rawValue) }
        self.init(owning: surface)
    }

    /// Loads an image file the app wrote itself, such as a screenshot (`IMG_Load`). Not for files from outside.
    public convenience init(contentsOf path: String) throws {
        guard let s = IMG_Load(path) else { throw SDLError("IMG_Load") }
        self.init(owning: s)
    }

    public var width: Int { Int(pointer.pointee.w) }
    public var height: Int { Int(pointer.pointee.h) }
    public var pitch: Int { Int(pointer.pointee.pitch) }
    public var byteCount: Int { pitch * height }
    public var pixelFormat: UInt32 { pointer.pointee.format.pointee.format }

    /// Runs `body` with the pixel memory and the pitch, locked if the surface needs it.
    public func withUnsafeMutablePixels<T>(_ body: (UnsafeMutableRawPointer, Int) throws -> T) rethrows -> T {
        let must = tessera_surface_must_lock(pointer) != 0
        if must { SDL_LockSurface(pointer) }
        defer { if must { SDL_UnlockSurface(pointer) } }
        return try body(pointer.pointee.pixels!, pitch)
    }

    /// The picture transposed (rows become columns) if asked, then mirrored left-right and/or top-bottom: the eight
    /// EXIF orientations are combinations of these. 32-bit surfaces only.
    public func reoriented(transpose: Bool, flipHorizontal: Bool, flipVertical: Bool) throws -> Surface {
        if !transpose && !flipHorizontal && !flipVertical { return self }
        let source = try convertedToARGB()
        let (w, h) = transpose ? (source.height, source.width) : (source.width, source.height)
        let out = try Surface(uninitializedWidth: w, height: h)
        source.withUnsafeMutablePixels { src, srcPitch in
            out.withUnsafeMutablePixels { dst, dstPitch in
                // Output (x, y) comes from (ux, uy), the flips undone, read as (uy, ux) when transposed. Each row's
                // source is a start and a step: a source row (one pixel apart) or a source column (a pitch apart).
                let along = transpose ? srcPitch : 4, across = transpose ? 4 : srcPitch
                let step = flipHorizontal ? -along : along
                // A transposed row reads a column: done in bands of rows, so the source lines a band reads stay
                // in the cache from one row to the next.
                let band = transpose ? 16 : w
                for x0 in stride(from: 0, to: w, by: band) {
                    let x1 = min(w, x0 + band)
                    for y in 0..<h {
                        let row = (dst + y * dstPitch).assumingMemoryBound(to: UInt32.self)
                        let uy = flipVertical ? h - 1 - y : y
                        var from = src + uy * across + (flipHorizontal ? w - 1 - x0 : x0) * along
                        for x in x0..<x1 {
                            row[x] = from.load(as: UInt32.self)
                            from += step
                        }
                    }
                }
            }
        }
        return out
    }

    /// The same picture as ARGB8888 (`SDL_ConvertSurfaceFormat`); returns self if it already is.
    public func convertedToARGB() throws -> Surface {
        if pixelFormat == SDL_PIXELFORMAT_ARGB8888.rawValue { return self }
        guard let s = SDL_ConvertSurfaceFormat(pointer, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            throw SDLError("SDL_ConvertSurfaceFormat")
        }
        return Surface(owning: s)
    }

    /// A resized copy with bilinear filtering (`SDL_SoftStretchLinear`). Large reductions go by halves first so
    /// that every source pixel contributes and the result does not shimmer.
    public func scaled(toWidth w: Int, height h: Int) throws -> Surface {
        var current = try convertedToARGB()
        if current.width == w && current.height == h { return current }
        while current.width >= 2 * w && current.height >= 2 * h && current.width > 1 && current.height > 1 {
            current = try current.stretched(toWidth: current.width / 2, height: current.height / 2)
        }
        return try current.stretched(toWidth: w, height: h)
    }

    private func stretched(toWidth w: Int, height h: Int) throws -> Surface {
        try stretched(part: nil, toWidth: w, height: h)
    }

    /// A part of this surface (all of it: nil) stretched smoothly to a new surface (`SDL_SoftStretchLinear`; both
    /// ARGB8888).
    public func stretched(part: (x: Int, y: Int, width: Int, height: Int)?, toWidth w: Int, height h: Int) throws -> Surface {
        // Every pixel of the result is written by the stretch.
        let out = try Surface(uninitializedWidth: w, height: h)
        var rect = part.map { SDL_Rect(x: Int32($0.x), y: Int32($0.y), w: Int32($0.width), h: Int32($0.height)) }
        let status = rect == nil ? SDL_SoftStretchLinear(pointer, nil, out.pointer, nil)
            : SDL_SoftStretchLinear(pointer, &rect!, out.pointer, nil)
        guard status == 0 else { throw SDLError("SDL_SoftStretchLinear") }
        return out
    }

    /// Copies `source` into this surface at (x, y), pixels and alpha as they are (`SDL_BlitSurface` with blending
    /// off): for composing pieces such as runs of text.
    public func copy(_ source: Surface, x: Int, y: Int) throws {
        SDL_SetSurfaceBlendMode(source.pointer, SDL_BLENDMODE_NONE)
        var target = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(source.width), h: Int32(source.height))
        guard SDL_UpperBlit(source.pointer, nil, pointer, &target) == 0 else { throw SDLError("SDL_BlitSurface") }
    }

    /// Fills a rectangle with an opaque colour (`SDL_FillRect`); clipped to the surface.
    public func fill(x: Int, y: Int, width: Int, height: Int, r: UInt8, g: UInt8, b: UInt8) {
        var rect = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(width), h: Int32(height))
        let color = SDL_MapRGB(pointer.pointee.format, r, g, b)
        SDL_FillRect(pointer, &rect, color)
    }

    /// The pixel at (x, y) as (r, g, b, a) (`SDL_GetRGBA`).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel outside surface")
        let bpp = Int(pointer.pointee.format.pointee.BytesPerPixel)
        let must = tessera_surface_must_lock(pointer) != 0
        if must { SDL_LockSurface(pointer) }
        defer { if must { SDL_UnlockSurface(pointer) } }
        let base = pointer.pointee.pixels!.advanced(by: y * pitch + x * bpp)
        var value: UInt32 = 0
        switch bpp {
        case 4: value = base.loadUnaligned(as: UInt32.self)
        case 3:
            let b = base.assumingMemoryBound(to: UInt8.self)
            value = UInt32(b[0]) | UInt32(b[1]) << 8 | UInt32(b[2]) << 16
        case 2: value = UInt32(base.loadUnaligned(as: UInt16.self))
        default: value = UInt32(base.load(as: UInt8.self))
        }
        var r: UInt8 = 0, g: UInt8 = 0, b: UInt8 = 0, a: UInt8 = 0
        SDL_GetRGBA(value, pointer.pointee.format, &r, &g, &b, &a)
        return (r, g, b, a)
    }

    /// Writes one pixel (`SDL_MapRGBA`); for small generated images such as masks. 32-bit surfaces only.
    public func setPixel(x: Int, y: Int, r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel outside surface")
        precondition(pointer.pointee.format.pointee.BytesPerPixel == 4, "setPixel needs a 32-bit surface")
        let value = SDL_MapRGBA(pointer.pointee.format, r, g, b, a)
        let must = tessera_surface_must_lock(pointer) != 0
        if must { SDL_LockSurface(pointer) }
        pointer.pointee.pixels!.advanced(by: y * pitch + x * 4).storeBytes(of: value, as: UInt32.self)
        if must { SDL_UnlockSurface(pointer) }
    }

    /// Writes a PNG file (`IMG_SavePNG`).
    public func savePNG(to path: String) throws {
        guard IMG_SavePNG(pointer, path) == 0 else { throw SDLError("IMG_SavePNG") }
    }

    /// Encodes as JPEG in memory (`IMG_SaveJPG_RW` into an `SDL_RWFromMem` buffer).
    public func jpegData(quality: Int = 85) throws -> Data {
        // A baseline JPEG of a w×h picture stays well under 3 bytes a pixel plus headers.
        let capacity = width * height * 3 + 65_536
        var buffer = [UInt8](repeating: 0, count: capacity)
        let written: Int = try buffer.withUnsafeMutableBytes { raw in
            guard let rw = SDL_RWFromMem(raw.baseAddress, Int32(raw.count)) else { throw SDLError("SDL_RWFromMem") }
            defer { _ = tessera_rw_close(rw) }
            guard IMG_SaveJPG_RW(pointer, rw, 0, Int32(quality)) == 0 else { throw SDLError("IMG_SaveJPG_RW") }
            return Int(tessera_rw_tell(rw))
        }
        guard written > 0 else { throw SDLError("IMG_SaveJPG_RW", message: "nothing written") }
        return Data(buffer[0..<written])
    }
}
