import Foundation
import JPEGKit
import SDLKit

/// Encodes a decoded cell for the cache: a JPEG straight from the surface's pixels with libjpeg-turbo (no
/// conversion to 24-bit first, unlike SDL_image's `IMG_SaveJPG`), at a quality where the kept cell cannot be told
/// from the fresh decode at cell size.
public enum CellEncoder {
    public static let quality = 90

    /// `quality`: the cell's, unless a remote's picture asks for less.
    public static func encode(_ surface: Surface, quality: Int = quality) -> Data? {
        guard let argb = try? surface.convertedToARGB(), let jpeg = try? JPEGCompressor() else { return nil }
        var data: Data?
        argb.withUnsafeMutablePixels { pixels, pitch in
            data = try? jpeg.compress(pixels, width: argb.width, pitch: pitch, height: argb.height, quality: quality,
                                      fast: true)
        }
        return data
    }
}
