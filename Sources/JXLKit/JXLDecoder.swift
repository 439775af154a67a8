import CJXL
import Foundation

/// What went wrong in libjxl: the call and its status.
public struct JXLError: Error, Equatable, CustomStringConvertible {
    public let call: String
    public let why: String
    public var description: String { "libjxl \(call): \(why)" }
}

/// One JPEG XL file being decoded by libjxl (`JxlDecoderCreate`, `JxlDecoderDestroy` in deinit), frame after frame,
/// to 8-bit RGBA in a buffer of the caller's. The whole file is given at once (`JxlDecoderSetInput`, then
/// `JxlDecoderCloseInput`): a file that ends early is an error, never a wait. The stored orientation is kept
/// (`JxlDecoderSetKeepOrientation`): the caller turns the picture upright once, as it does a JPEG. Animations are
/// coalesced (each frame is the whole canvas). What libjxl allocates through its memory manager is capped
/// (`JXLMemoryBudget`): past the cap a decode fails with an error, never a crash. On the caller's thread; not shared
/// between threads.
public final class JXLDecoder {
    /// The most extra channels (alpha, a CMYK's black, depth...) a file may have: libjxl holds a full-size float plane
    /// for each, which the planner's count (`DecodeLimits.jxlBytesPerPixel`) has room for only once.
    public static let maxExtraChannels = 1

    /// What the codestream's header says, as libjxl reads it.
    public struct Info: Equatable {
        /// Stored size (the orientation is not applied).
        public var width: Int
        public var height: Int
        /// EXIF-style orientation, 1…8.
        public var orientation: Int
        public var animated: Bool
        /// Ticks a second of frame durations (animations).
        public var ticksPerSecond: Double
        /// Times the animation plays (0: for ever).
        public var loops: Int
    }

    /// A decoded frame: its duration in seconds (0 for a still) and whether it is the last.
    public struct Frame: Equatable {
        public var duration: Double
        public var isLast: Bool
    }

    private let decoder: OpaquePointer
    /// libjxl's allocations for this decoder; outlives it (released after `JxlDecoderDestroy`).
    public let budget: JXLMemoryBudget
    private let input: UnsafeMutableRawBufferPointer
    private var format = JxlPixelFormat(num_channels: 4, data_type: JXL_TYPE_UINT8, endianness: JXL_NATIVE_ENDIAN, align: 0)
    public private(set) var info: Info?
    /// The colour of the decoded pixels as an ICC profile (`JxlDecoderGetColorAsICCProfile`, target data), once read.
    public private(set) var icc: Data?
    private var pendingDuration = 0.0
    private var pendingLast = true

    /// Copies `data` (libjxl reads from it until the decoder is gone) and prepares the decoder, whose allocations
    /// through libjxl's memory manager may hold at most `maxMemoryBytes` at once.
    public init(_ data: Data, maxMemoryBytes: Int) throws {
        let budget = JXLMemoryBudget(limit: maxMemoryBytes)
        self.budget = budget
        var manager = budget.manager
        guard let decoder = JxlDecoderCreate(&manager) else {
            throw JXLError(call: "JxlDecoderCreate", why: "no decoder within \(maxMemoryBytes) bytes")
        }
        self.decoder = decoder
        input = .allocate(byteCount: max(1, data.count), alignment: 16)
        data.withUnsafeBytes { if let base = $0.baseAddress { input.baseAddress!.copyMemory(from: base, byteCount: $0.count) } }
        let events = JXL_DEC_BASIC_INFO.rawValue | JXL_DEC_COLOR_ENCODING.rawValue | JXL_DEC_FRAME.rawValue
            | JXL_DEC_FULL_IMAGE.rawValue
        try check(JxlDecoderSubscribeEvents(decoder, Int32(events)), "JxlDecoderSubscribeEvents")
        try check(JxlDecoderSetKeepOrientation(decoder, 1), "JxlDecoderSetKeepOrientation")
        try check(JxlDecoderSetInput(decoder, input.baseAddress!.assumingMemoryBound(to: UInt8.self), data.count),
                  "JxlDecoderSetInput")
        JxlDecoderCloseInput(decoder)
    }

    deinit {
        JxlDecoderDestroy(decoder)
        input.deallocate()
    }

    /// Reads as far as the header and colour description (`JXL_DEC_BASIC_INFO`, `JXL_DEC_COLOR_ENCODING`).
    public func readInfo() throws -> Info {
        while icc == nil || info == nil {
            guard try step(output: nil) == nil else { break }
        }
        guard let info else { throw JXLError(call: "JxlDecoderGetBasicInfo", why: "no header") }
        return info
    }

    /// Decodes the next frame into `pixels` (RGBA, 4 bytes a pixel, rows of exactly `width * 4` bytes, `byteCount`
    /// bytes in all, which must be what libjxl asks for: `JxlDecoderImageOutBufferSize`). Nil after the last frame.
    public func nextFrame(into pixels: UnsafeMutableRawPointer, byteCount: Int) throws -> Frame? {
        _ = try readInfo()
        while true {
            switch try step(output: (pixels, byteCount)) {
            case .frame(let frame): return frame
            case .end: return nil
            case nil: continue
            }
        }
    }

    private enum Outcome { case frame(Frame), end }

    /// One `JxlDecoderProcessInput` and what it reported. Nil: go on.
    private func step(output: (UnsafeMutableRawPointer, Int)?) throws -> Outcome? {
        let status = JxlDecoderProcessInput(decoder)
        switch status {
        case JXL_DEC_BASIC_INFO:
            var basic = JxlBasicInfo()
            try check(JxlDecoderGetBasicInfo(decoder, &basic), "JxlDecoderGetBasicInfo")
            guard basic.num_extra_channels <= JXLDecoder.maxExtraChannels else {
                throw JXLError(call: "JxlDecoderGetBasicInfo", why: "\(basic.num_extra_channels) extra channels")
            }
            let tps = basic.animation.tps_denominator == 0 ? 0
                : Double(basic.animation.tps_numerator) / Double(basic.animation.tps_denominator)
            info = Info(width: Int(basic.xsize), height: Int(basic.ysize), orientation: Int(basic.orientation.rawValue),
                        animated: basic.have_animation != 0, ticksPerSecond: tps, loops: Int(basic.animation.num_loops))
        case JXL_DEC_COLOR_ENCODING:
            var size = 0
            if JxlDecoderGetICCProfileSize(decoder, &format, JXL_COLOR_PROFILE_TARGET_DATA, &size) == JXL_DEC_SUCCESS,
               size > 0, size <= 1 << 20 {
                var bytes = [UInt8](repeating: 0, count: size)
                if JxlDecoderGetColorAsICCProfile(decoder, &format, JXL_COLOR_PROFILE_TARGET_DATA, &bytes, size)
                    == JXL_DEC_SUCCESS {
                    icc = Data(bytes)
                }
            }
            if icc == nil { icc = Data() }  // read, and none: sRGB
        case JXL_DEC_FRAME:
            var header = JxlFrameHeader()
            try check(JxlDecoderGetFrameHeader(decoder, &header), "JxlDecoderGetFrameHeader")
            let tps = info?.ticksPerSecond ?? 0
            pendingDuration = tps > 0 ? Double(header.duration) / tps : 0
            pendingLast = header.is_last != 0
        case JXL_DEC_NEED_IMAGE_OUT_BUFFER:
            guard let (pixels, byteCount) = output else {
                throw JXLError(call: "JxlDecoderProcessInput", why: "a frame came before the header")
            }
            var needed = 0
            try check(JxlDecoderImageOutBufferSize(decoder, &format, &needed), "JxlDecoderImageOutBufferSize")
            guard needed == byteCount else {
                throw JXLError(call: "JxlDecoderImageOutBufferSize", why: "wants \(needed) bytes, \(byteCount) given")
            }
            try check(JxlDecoderSetImageOutBuffer(decoder, &format, pixels, byteCount), "JxlDecoderSetImageOutBuffer")
        case JXL_DEC_FULL_IMAGE:
            return .frame(Frame(duration: pendingDuration, isLast: pendingLast))
        case JXL_DEC_SUCCESS:
            return .end
        case JXL_DEC_NEED_MORE_INPUT:
            throw JXLError(call: "JxlDecoderProcessInput", why: "the file ends early")
        default:
            if budget.refused { throw JXLError(call: "JxlDecoderProcessInput", why: "needs more than \(budget.limit) bytes") }
            throw JXLError(call: "JxlDecoderProcessInput", why: "not a readable JPEG XL (status \(status.rawValue))")
        }
        return nil
    }

    private func check(_ status: JxlDecoderStatus, _ call: String) throws {
        guard status == JXL_DEC_SUCCESS else { throw JXLError(call: call, why: "status \(status.rawValue)") }
    }
}
