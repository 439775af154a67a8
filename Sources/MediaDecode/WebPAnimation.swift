import CFFmpeg
import CWebPDemux
import Glibc
import GalleryCore

/// An animated WebP (WebPAnimDecoder, canvas in BGRA), its frames scaled by `FrameScaler`. The file is read whole
/// (no more than `maxBytes`); its canvas size and frame count are judged by `MediaLimits` from the demuxer's header
/// (WebPDemux) before the decoder allocates a canvas.
final class WebPAnimation: FrameSource {
    private var bytes: UnsafeMutableRawBufferPointer
    private let decoder: OpaquePointer
    private let scaler = FrameScaler()
    private var canvas: UnsafeMutablePointer<UInt8>?
    /// The end of the frame held, in milliseconds (libwebp's timestamps are where a frame ends).
    private var lastEnd = 0
    private var skipUntil: Double?
    let info: MediaInfo

    /// The largest file read into the worker's memory for it.
    static let maxBytes = 128 << 20

    /// Whether the file at `location` starts as a WebP ("RIFF" … "WEBP").
    static func isWebP(_ location: MediaLocation) -> Bool {
        guard case .file(let path) = location.place, let range = try? FileRange(path: path, offset: location.offset,
                                                                                 length: location.length) else { return false }
        var head = [UInt8](repeating: 0, count: 12)
        let got = head.withUnsafeMutableBytes { range.read(into: $0.baseAddress!, count: 12) }
        return got == 12 && head[0..<4] == [0x52, 0x49, 0x46, 0x46] && head[8..<12] == [0x57, 0x45, 0x42, 0x50]
    }

    init(_ location: MediaLocation, limits: MediaLimits) throws(MediaRefusal) {
        guard case .file(let path) = location.place else { throw .unknownFormat("WebP by URL") }
        let range = try FileRange(path: path, offset: location.offset, length: location.length)
        guard range.length <= Int64(Self.maxBytes) else { throw .cannotPlay("the animation is larger than \(Self.maxBytes >> 20) MB") }
        bytes = .allocate(byteCount: max(1, Int(range.length)), alignment: 16)
        var filled = 0
        while filled < Int(range.length) {
            let got = range.read(into: bytes.baseAddress! + filled, count: Int(range.length) - filled)
            guard got > 0 else { break }
            filled += got
        }
        var data = WebPData(bytes: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), size: filled)
        // The header first: canvas size, frames and their durations.
        guard let demux = WebPDemux(&data) else { bytes.deallocate(); throw .cannotPlay("not a readable WebP") }
        let width = Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH)), height = Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT))
        let frames = Int(WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT))
        var duration = 0
        var iterator = WebPIterator()
        if frames <= limits.maxFrames, WebPDemuxGetFrame(demux, 1, &iterator) != 0 {
            repeat { duration += Int(iterator.duration) } while WebPDemuxNextFrame(&iterator) != 0
            WebPDemuxReleaseIterator(&iterator)
        }
        WebPDemuxDelete(demux)
        let described = MediaInfo(width: width, height: height, duration: Double(duration) / 1000, codec: "webp")
        var judged = described
        judged.frameCount = frames
        if let refusal = limits.refusal(for: judged) { bytes.deallocate(); throw refusal }
        var options = WebPAnimDecoderOptions()
        guard tessera_webp_anim_options_init(&options) != 0 else { bytes.deallocate(); throw .cannotPlay("libwebp version") }
        options.color_mode = MODE_BGRA
        options.use_threads = 0
        guard let decoder = tessera_webp_anim_decoder_new(&data, &options) else {
            bytes.deallocate(); throw .cannotPlay("libwebp cannot decode it")
        }
        self.decoder = decoder
        info = judged
    }

    deinit {
        WebPAnimDecoderDelete(decoder)
        bytes.deallocate()
    }

    func advance() -> Double? {
        while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
            var frame: UnsafeMutablePointer<UInt8>?
            var end: Int32 = 0
            guard WebPAnimDecoderGetNext(decoder, &frame, &end) != 0 else { return nil }
            let start = Double(lastEnd) / 1000
            lastEnd = Int(end)
            if let skip = skipUntil, Double(end) / 1000 <= skip { continue }
            skipUntil = nil
            canvas = frame
            return start
        }
        return nil
    }

    func render(into destination: UnsafeMutableRawPointer, width: Int, height: Int, pitch: Int) -> Bool {
        guard let canvas else { return false }
        var planes: [UnsafePointer<UInt8>?] = [UnsafePointer(canvas), nil, nil, nil]
        var strides: [Int32] = [Int32(info.width * 4), 0, 0, 0]
        return scaler.scale(planes: &planes, strides: &strides, width: Int32(info.width), height: Int32(info.height),
                            format: AV_PIX_FMT_BGRA, rotation: 0, into: destination, outWidth: width, outHeight: height,
                            pitch: pitch)
    }

    func seek(to seconds: Double) -> Bool {
        WebPAnimDecoderReset(decoder)
        lastEnd = 0
        canvas = nil
        skipUntil = seconds > 0 ? seconds : nil
        return true
    }
}
