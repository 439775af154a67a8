import CPNG
import Foundation

/// A PNG's embedded ICC profile (its `iCCP` chunk), which libpng's simplified API does not give: read by the classic
/// reader over the chunks before the picture data (`tessera_png_icc_profile`: `png_read_info`, `png_get_iCCP`).
public enum PNGProfile {
    /// The profile's bytes, or nil when there is none, it passes `maxBytes`, or libpng refuses the file.
    public static func icc(in bytes: UnsafeRawBufferPointer, maxBytes: Int = 4 << 20) -> Data? {
        guard let base = bytes.baseAddress, bytes.count > 8 else { return nil }
        var out: UnsafeMutablePointer<UInt8>?
        let length = tessera_png_icc_profile(base, bytes.count, maxBytes, &out)
        guard let out else { return nil }
        defer { free(out) }
        return length > 0 ? Data(bytes: out, count: length) : nil
    }
}
