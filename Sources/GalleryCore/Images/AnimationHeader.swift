import Foundation

/// What the first bytes of an animation say: a GIF's logical screen, an animated WebP's canvas. Enough to lay out its
/// cell before the media worker makes its poster. Pure and bounds-checked like `ImageHeaderReader` (which refuses
/// both as stills: GIF is not a still format here, and an animated WebP's first frame alone is not the picture).
public struct AnimationHeader: Equatable, Sendable {
    public enum Format: String, Sendable { case gif = "GIF", webp = "WebP" }
    public var format: Format
    /// The canvas every frame is drawn on.
    public var width: Int
    public var height: Int

    /// Every GIF is taken for an animation: telling one frame from several means walking every block of the file,
    /// and a GIF of one frame played by the worker is that frame held, which is right anyway. A WebP only when its
    /// VP8X chunk says it is animated. Nil for anything else, or a canvas of no size.
    public static func read(_ data: Data) -> AnimationHeader? {
        let b = ByteReader(data.prefix(64))
        if b.starts(with: Array("GIF87a".utf8)) || b.starts(with: Array("GIF89a".utf8)) {
            guard let w = b.u16le(at: 6), let h = b.u16le(at: 8), w > 0, h > 0 else { return nil }
            return AnimationHeader(format: .gif, width: Int(w), height: Int(h))
        }
        if b.starts(with: Array("RIFF".utf8)), b.matches(Array("WEBP".utf8), at: 8), b.matches(Array("VP8X".utf8), at: 12),
           let flags = b.byte(at: 20), flags & 0x02 != 0, let w = b.u24le(at: 24), let h = b.u24le(at: 27) {
            return AnimationHeader(format: .webp, width: Int(w) + 1, height: Int(h) + 1)
        }
        return nil
    }
}
