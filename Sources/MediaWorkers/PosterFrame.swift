/// A clip's poster as the service worker drew it: `width`x`height` BGRA (SDL's ARGB8888 on little-endian), upright,
/// rows `pitch` bytes apart.
public struct PosterFrame: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var pitch: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pitch: Int, pixels: [UInt8]) {
        self.width = width; self.height = height; self.pitch = pitch; self.pixels = pixels
    }

    /// The pixel at (x, y) as 0xAARRGGBB.
    public func argb(x: Int, y: Int) -> UInt32 {
        let i = y * pitch + x * 4
        return UInt32(pixels[i + 3]) << 24 | UInt32(pixels[i + 2]) << 16 | UInt32(pixels[i + 1]) << 8 | UInt32(pixels[i])
    }
}
