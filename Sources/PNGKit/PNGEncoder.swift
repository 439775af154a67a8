import CPNG
import Foundation

/// Encodes PNG in memory with libpng's simplified API (`png_image_write_to_memory`): 32-bit B, G, R, A pixels (SDL's
/// ARGB8888 on a little-endian machine; alpha dropped, as the panel shows no transparency) written as 8-bit RGB,
/// every pixel exactly as given (PNG is lossless: the screenshot's promise).
public enum PNGEncoder {
    /// `height` rows of `pitch` bytes at `pixels`, at least 4 × `width` each.
    public static func encode(bgra pixels: UnsafeRawPointer, width: Int, height: Int, pitch: Int) throws -> Data {
        guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15, pitch >= 4 * width else {
            throw PNGError(description: "cannot write a PNG of \(width)×\(height) (pitch \(pitch))")
        }
        // Packed RGB rows, as PNG_FORMAT_RGB wants them.
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        rgb.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = pixels.advanced(by: y * pitch).assumingMemoryBound(to: UInt8.self)
                var o = y * width * 3
                for x in 0..<width {
                    out[o] = row[4 * x + 2]; out[o + 1] = row[4 * x + 1]; out[o + 2] = row[4 * x]
                    o += 3
                }
            }
        }
        var image = png_image()
        image.version = tessera_png_image_version()
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = tessera_png_format_rgb()
        defer { png_image_free(&image) }
        var size = tessera_png_rgb_size_max(UInt32(width), UInt32(height))
        var out = Data(count: size)
        let written = out.withUnsafeMutableBytes { raw in
            rgb.withUnsafeBytes { input in
                png_image_write_to_memory(&image, raw.baseAddress, &size, 0, input.baseAddress, Int32(width * 3), nil)
            }
        }
        guard written != 0 else {
            let words = withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw PNGError(description: "the PNG could not be written: \(words)")
        }
        out.count = size
        return out
    }
}
