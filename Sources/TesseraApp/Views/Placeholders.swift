import GalleryCore
import SDLKit

/// What a cell shows until its photo arrives: the photo's ThumbHash or BlurHash, decoded once into a 32-pixel texture
/// and stretched (which blurs it further), else its main colour, else the theme's placeholder grey. A few dozen are
/// kept, least recently used go first, so memory stays flat however far one scrolls.
final class Placeholders {
    private let renderer: Renderer
    private var textures: [String: (texture: Texture, used: UInt64)] = [:]
    private var failed: Set<String> = []
    private var clock: UInt64 = 0
    private let limit = 64

    init(renderer: Renderer) { self.renderer = renderer }

    /// Forgets every texture (the renderer lost them); each is made again on its next use.
    func drop() {
        textures.removeAll()
        failed.removeAll()
    }

    /// The blurred picture for a photo with a hash, made on first use.
    func texture(for photo: Photo) -> Texture? {
        guard let hash = photo.thumbHash ?? photo.blurHash, !failed.contains(hash) else { return nil }
        clock += 1
        if let hit = textures[hash] {
            textures[hash] = (hit.texture, clock)
            return hit.texture
        }
        guard let surface = photo.thumbHash != nil ? Placeholders.thumbHash(hash) : Placeholders.blurHash(hash, photo) else {
            failed.insert(hash)
            return nil
        }
        guard let texture = try? Texture(renderer: renderer, opaque: surface) else {
            failed.insert(hash)
            return nil
        }
        if textures.count >= limit, let oldest = textures.min(by: { $0.value.used < $1.value.used }) {
            textures[oldest.key] = nil
        }
        textures[hash] = (texture, clock)
        return texture
    }

    /// A ThumbHash's picture (its own size, at most 32×32), on black where it is transparent.
    private static func thumbHash(_ hash: String) -> Surface? {
        guard let picture = ThumbHash.decode(base64: hash),
              let surface = try? Surface(width: picture.width, height: picture.height) else { return nil }
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                let o = (y * picture.width + x) * 4, a = UInt16(picture.rgba[o + 3])
                surface.setPixel(x: x, y: y, r: UInt8(UInt16(picture.rgba[o]) * a / 255),
                                 g: UInt8(UInt16(picture.rgba[o + 1]) * a / 255), b: UInt8(UInt16(picture.rgba[o + 2]) * a / 255), a: 255)
            }
        }
        return surface
    }

    /// A BlurHash decoded 32 pixels wide at the photo's aspect.
    private static func blurHash(_ hash: String, _ photo: Photo) -> Surface? {
        let w = 32, h = max(1, min(64, Int(32 * Double(photo.height) / Double(max(1, photo.width)))))
        guard let rgb = BlurHash.decode(hash, width: w, height: h), let surface = try? Surface(width: w, height: h) else {
            return nil
        }
        for y in 0..<h {
            for x in 0..<w {
                let o = (y * w + x) * 3
                surface.setPixel(x: x, y: y, r: rgb[o], g: rgb[o + 1], b: rgb[o + 2], a: 255)
            }
        }
        return surface
    }
}
