import CTurboJPEG
import Foundation

/// One TurboJPEG transformer (`tjInitTransform` / `tjDestroy`): lossless turns and flips of a JPEG's DCT blocks,
/// no decoding and encoding again. Every marker (EXIF, ICC, XMP, comments) is copied into the output as it was
/// (TurboJPEG copies them unless told `TJXOPT_COPYNONE`). Not thread-safe: one per thread, or one per call.
public final class JPEGTransformer {
    private let handle: tjhandle

    public init() throws {
        guard let h = tjInitTransform() else {
            throw JPEGError(call: "tjInitTransform", message: String(cString: tjGetErrorStr2(nil)), isWarning: false)
        }
        handle = h
    }

    deinit { tjDestroy(handle) }

    /// The lossless operations (`TJXOP_*`).
    public enum Operation: Sendable, CaseIterable {
        case none, flipHorizontal, flipVertical, transpose, transverse, rotate90, rotate180, rotate270

        var code: Int32 {
            switch self {
            case .none: return Int32(TJXOP_NONE.rawValue)
            case .flipHorizontal: return Int32(TJXOP_HFLIP.rawValue)
            case .flipVertical: return Int32(TJXOP_VFLIP.rawValue)
            case .transpose: return Int32(TJXOP_TRANSPOSE.rawValue)
            case .transverse: return Int32(TJXOP_TRANSVERSE.rawValue)
            case .rotate90: return Int32(TJXOP_ROT90.rawValue)
            case .rotate180: return Int32(TJXOP_ROT180.rawValue)
            case .rotate270: return Int32(TJXOP_ROT270.rawValue)
            }
        }
    }

    /// A JPEG's stored size and its MCU (the block a lossless transform moves whole), from `tjDecompressHeader3`
    /// and `tjMCUWidth` / `tjMCUHeight` for its chroma subsampling.
    public struct Blocks: Equatable, Sendable {
        public let width: Int, height: Int
        public let mcuWidth: Int, mcuHeight: Int
    }

    public func blocks(of jpeg: Data) throws -> Blocks {
        var w: Int32 = 0, h: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let status = jpeg.withUnsafeBytes { raw in
            tjDecompressHeader3(handle, raw.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt(raw.count), &w, &h,
                                &subsampling, &colorspace)
        }
        guard status == 0 || (w > 0 && h > 0) else { throw error("tjDecompressHeader3") }
        // TJSAMP_444, 422, 420, GRAY, 440, 411 (turbojpeg.h's tjMCUWidth / tjMCUHeight, which Swift sees as tuples).
        let widths = [8, 16, 16, 8, 8, 32], heights = [8, 8, 16, 8, 16, 8]
        let s = Int(subsampling)
        guard s >= 0, s < widths.count else {
            throw JPEGError(call: "tjDecompressHeader3", message: "unknown subsampling \(s)", isWarning: false)
        }
        return Blocks(width: Int(w), height: Int(h), mcuWidth: widths[s], mcuHeight: heights[s])
    }

    /// The JPEG transformed losslessly (`tjTransform`). `trim`: partial blocks at the edges that would have to move
    /// are dropped (`TJXOPT_TRIM`); otherwise a transform that cannot be perfect is refused (`TJXOPT_PERFECT`).
    public func transform(_ jpeg: Data, _ operation: Operation, trim: Bool) throws -> Data {
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        // TurboJPEG allocates the output (tjAlloc); it is copied into Data and freed here.
        defer { if let out { tjFree(out) } }
        var spec = tjtransform()
        spec.op = operation.code
        spec.options = trim ? Int32(TJXOPT_TRIM) : Int32(TJXOPT_PERFECT)
        let status = jpeg.withUnsafeBytes { raw in
            tjTransform(handle, raw.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt(raw.count), 1, &out, &size,
                        &spec, 0)
        }
        guard status == 0, let out, size > 0 else { throw error("tjTransform") }
        return Data(bytes: out, count: Int(size))
    }

    private func error(_ call: String) -> JPEGError {
        JPEGError(call: call, message: String(cString: tjGetErrorStr2(handle)),
                  isWarning: tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue))
    }
}
