import CLCMS2
import Foundation

/// A conversion of 8-bit pixels from one profile to another (`cmsCreateTransform`, `cmsDeleteTransform`), made
/// without Little CMS's one-pixel cache so several threads may run it at once. Pixels are converted in place, so alpha
/// is never written (Little CMS leaves extra channels alone unless asked to copy them).
/// Perceptual intent: a photo's wider colours are brought into the display's gamut as the profile's maker chose
/// (for the matrix-shaper profiles of phones and cameras it is the relative colorimetric mapping, clipped).
public final class ColourTransform: @unchecked Sendable {
    /// The memory order of the pixels converted: SDL's ARGB8888 surfaces hold B, G, R, A bytes.
    public enum Layout: Sendable { case bgra8, rgba8 }

    private let handle: cmsHTRANSFORM
    public let layout: Layout
    /// The same conversion in tables, when both profiles are matrix-shaper ones and the tables match Little CMS
    /// (`MatrixShaper`): what `apply` uses then.
    private let tables: MatrixShaper?

    public init(from source: ColourProfile, to destination: ColourProfile, layout: Layout = .bgra8) throws {
        let type = layout == .bgra8 ? tessera_lcms_type_bgra_8() : tessera_lcms_type_rgba_8()
        guard let handle = cmsCreateTransform(source.handle, type, destination.handle, type, UInt32(INTENT_PERCEPTUAL),
                                              tessera_lcms_flags_shared_in_place()) else {
            throw ColourError.cannotBuild("a transform between the two profiles")
        }
        self.handle = handle
        self.layout = layout
        let tables = layout == .bgra8 ? MatrixShaper.make(from: source.handle, to: destination.handle) : nil
        self.tables = tables.flatMap { $0.matches(handle) ? $0 : nil }
    }

    /// Whether `apply` converts with tables of its own rather than Little CMS's pipeline (for tests).
    public var convertsWithTables: Bool { tables != nil }

    deinit { cmsDeleteTransform(handle) }

    /// Converts `height` rows of `width` pixels in place, `pitch` bytes from one row to the next
    /// (`cmsDoTransformLineStride`).
    public func apply(to pixels: UnsafeMutableRawPointer, width: Int, height: Int, pitch: Int) {
        guard width > 0, height > 0, pitch >= 4 * width else { return }
        if let tables { return tables.apply(to: pixels, width: width, height: height, pitch: pitch) }
        cmsDoTransformLineStride(handle, pixels, pixels, UInt32(width), UInt32(height), UInt32(pitch), UInt32(pitch),
                                 0, 0)
    }

    /// Whether the transform leaves every colour within `tolerance` of where it was, judged on a lattice of 5 levels
    /// per channel (125 colours): a photo tagged with an sRGB profile of its own converts to sRGB as nothing, and
    /// is then not converted at all.
    public func isIdentity(tolerance: Int = 1) -> Bool {
        let levels: [UInt8] = [0, 64, 128, 192, 255]
        var pixels: [UInt8] = []
        for r in levels { for g in levels { for b in levels { pixels += [b, g, r, 255] } } }
        if layout == .rgba8 { for i in stride(from: 0, to: pixels.count, by: 4) { pixels.swapAt(i, i + 2) } }
        let before = pixels
        pixels.withUnsafeMutableBytes { apply(to: $0.baseAddress!, width: $0.count / 4, height: 1, pitch: $0.count) }
        return zip(before, pixels).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }
}
