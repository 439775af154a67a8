import CPNG

/// A PNG that libpng refused, with its words.
public struct PNGError: Error, CustomStringConvertible {
    public let description: String
}

/// Decodes PNG with libpng's simplified API (`png_image_begin_read_from_memory`, `png_image_finish_read`,
/// `png_image_free`): straight into a caller's 32-bit buffer as B, G, R, A bytes (SDL's ARGB8888 on a
/// little-endian machine), 16-bit and palette pictures converted by libpng, gamma and transparency applied.
/// Warnings (a camera's "known incorrect sRGB profile") are kept in `warning`, never written to stderr.
public final class PNGDecoder {
    private var image = png_image()
    public private(set) var width = 0, height = 0
    /// libpng's warning, if it had one (the picture decoded all the same).
    public private(set) var warning: String?

    /// Reads the header of `bytes` (which must outlive the decoder: libpng reads from them until `decode`).
    public init(reading bytes: UnsafeRawBufferPointer) throws {
        image.version = tessera_png_image_version()
        guard let base = bytes.baseAddress,
              png_image_begin_read_from_memory(&image, base, bytes.count) != 0 else {
            throw PNGError(description: "not a PNG libpng can read: \(message())")
        }
        width = Int(image.width)
        height = Int(image.height)
    }

    deinit { png_image_free(&image) }

    /// Decodes the whole picture into `pixels` (`height` rows of `pitch` bytes, at least 4 × width each).
    public func decode(into pixels: UnsafeMutableRawPointer, pitch: Int) throws {
        image.format = tessera_png_format_bgra()
        guard pitch >= 4 * width, png_image_finish_read(&image, nil, pixels, Int32(pitch), nil) != 0 else {
            throw PNGError(description: "the PNG could not be decoded: \(message())")
        }
        if image.warning_or_error != 0 { warning = message() }
    }

    private func message() -> String {
        withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
