import CTurboJPEG

/// A failed TurboJPEG call, with the library's message (`tjGetErrorStr2`).
public struct JPEGError: Error, CustomStringConvertible, Equatable {
    public let call: String
    public let message: String
    /// TurboJPEG said "warning" (`TJERR_WARNING`): the output may be usable, e.g. extraneous bytes or a file cut
    /// short, which the caller tells apart.
    public let isWarning: Bool

    public var description: String { "\(call) failed: \(message)" }
}

/// One TurboJPEG decompressor (`tjInitDecompress` / `tjDestroy`). Not thread-safe: one per thread, or one per
/// decode (it is cheap to make).
public final class JPEGDecompressor {
    private let handle: tjhandle

    public init() throws {
        guard let h = tjInitDecompress() else {
            throw JPEGError(call: "tjInitDecompress", message: String(cString: tjGetErrorStr2(nil)), isWarning: false)
        }
        handle = h
    }

    deinit { tjDestroy(handle) }

    public struct Header: Equatable {
        public let width: Int
        public let height: Int
    }

    /// The image's size as TurboJPEG reads it (`tjDecompressHeader3`). A warning while reading the header (stray
    /// bytes before a marker) is not an error when the size was read; decompressing will tell.
    public func header(of jpeg: UnsafeRawBufferPointer) throws -> Header {
        var w: Int32 = 0, h: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let base = jpeg.baseAddress?.assumingMemoryBound(to: UInt8.self)
        if tjDecompressHeader3(handle, base, UInt(jpeg.count), &w, &h, &subsampling, &colorspace) != 0 {
            let failure = error("tjDecompressHeader3")
            guard failure.isWarning, w > 0, h > 0 else { throw failure }
        }
        return Header(width: Int(w), height: Int(h))
    }

    /// The DCT scaling factors the library can decode at (`tjGetScalingFactors`): 1/8 … 2 in eighths.
    public static let scalingFactors: [(num: Int, denom: Int)] = {
        var count: Int32 = 0
        guard let list = tjGetScalingFactors(&count), count > 0 else { return [(1, 1)] }
        return (0..<Int(count)).map { (Int(list[$0].num), Int(list[$0].denom)) }
    }()

    /// Decodes into caller-owned 32-bit BGRA memory (`tjDecompress2`, `TJPF_BGRA`: SDL's ARGB8888 on a
    /// little-endian machine, alpha opaque) at `width`×`height`, which must be one of the scaled sizes. Progressive
    /// files with an unreasonable number of scans are refused (`TJFLAG_LIMITSCANS`).
    /// `fast`: libjpeg-turbo's fast integer inverse DCT and its fast chroma upsampling (`TJFLAG_FASTDCT`,
    /// `TJFLAG_FASTUPSAMPLE`), for a picture that is made smaller afterwards, where their small errors do not show.
    public func decompress(_ jpeg: UnsafeRawBufferPointer, into pixels: UnsafeMutableRawPointer, width: Int,
                           pitch: Int, height: Int, fast: Bool = false) throws {
        let base = jpeg.baseAddress?.assumingMemoryBound(to: UInt8.self)
        let out = pixels.assumingMemoryBound(to: UInt8.self)
        var flags = Int32(TJFLAG_LIMITSCANS)
        if fast { flags |= Int32(TJFLAG_FASTDCT) | Int32(TJFLAG_FASTUPSAMPLE) }
        guard tjDecompress2(handle, base, UInt(jpeg.count), out, Int32(width), Int32(pitch), Int32(height),
                            Int32(TJPF_BGRA.rawValue), flags) == 0
        else { throw error("tjDecompress2") }
    }

    private func error(_ call: String) -> JPEGError {
        JPEGError(call: call, message: String(cString: tjGetErrorStr2(handle)),
                  isWarning: tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue))
    }
}
