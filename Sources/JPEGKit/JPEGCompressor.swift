import CTurboJPEG
import Foundation

/// One TurboJPEG compressor (`tjInitCompress` / `tjDestroy`). Not thread-safe: one per thread, or one per encode.
public final class JPEGCompressor {
    private let handle: tjhandle

    public init() throws {
        guard let h = tjInitCompress() else {
            throw JPEGError(call: "tjInitCompress", message: String(cString: tjGetErrorStr2(nil)), isWarning: false)
        }
        handle = h
    }

    deinit { tjDestroy(handle) }

    /// Encodes 32-bit BGRA pixels (SDL's ARGB8888 on a little-endian machine; alpha ignored) as a baseline JPEG
    /// with 4:2:0 chroma (`tjCompress2`, `TJPF_BGRA`, `TJSAMP_420`). `quality` 1–100; `fast`: the fast integer
    /// forward DCT (`TJFLAG_FASTDCT`), for pictures that are not looked at closely (a cell kept for next time).
    public func compress(_ pixels: UnsafeRawPointer, width: Int, pitch: Int, height: Int, quality: Int,
                         fast: Bool = false) throws -> Data {
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        // TurboJPEG allocates the output (tjAlloc); it is copied into Data and freed here.
        defer { if let out { tjFree(out) } }
        guard tjCompress2(handle, pixels.assumingMemoryBound(to: UInt8.self), Int32(width), Int32(pitch),
                          Int32(height), Int32(TJPF_BGRA.rawValue), &out, &size, Int32(TJSAMP_420.rawValue),
                          Int32(min(100, max(1, quality))), fast ? Int32(TJFLAG_FASTDCT) : 0) == 0, let out
        else {
            throw JPEGError(call: "tjCompress2", message: String(cString: tjGetErrorStr2(handle)),
                            isWarning: tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue))
        }
        return Data(bytes: out, count: Int(size))
    }
}
