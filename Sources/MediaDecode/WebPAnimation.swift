import CFFmpeg
import CWebPDemux
import Glibc
import GalleryCore

/// An animated WebP, read through WebPDemux and composed at the size shown (`WebPCanvas`: each frame decoded by
/// libwebp already scaled). The file is read whole (no more than `maxBytes`); its canvas size and frame count are
/// judged by `MediaLimits` from the demuxer's header, and what composing needs by the worker's share of memory
/// (`WorkerMemory`), before anything of its size is allocated. Opened for a probe (no size), it decodes nothing.
final class WebPAnimation: FrameSource {
    private var bytes: UnsafeMutableRawBufferPointer
    private var data: WebPData
    private let demuxer: OpaquePointer
    private let canvas: WebPCanvas?
    private let scaler = FrameScaler()
    private let frames: Int
    /// The next frame to decode, from 1.
    private var next = 1
    private var hasFrame = false
    /// The end of the frame held, in milliseconds (a frame's duration is how long it stays).
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

    /// `output`: the size its frames are drawn at (nil: a probe, which reads the header only).
    init(_ location: MediaLocation, limits: MediaLimits, output: PixelSize?) throws(MediaRefusal) {
        guard case .file(let path) = location.place else { throw .unknownFormat("WebP by URL") }
        let range = try FileRange(path: path, offset: location.offset, length: location.length)
        guard range.length <= Int64(Self.maxBytes) else { throw .cannotPlay("the animation is larger than \(Self.maxBytes >> 20) MB") }
        let length = Int(range.length)
        if let output, let refusal = WorkerMemory.refusal(
            needed: MediaDecodeMemory.webp(fileBytes: length, output: output), width: output.width, height: output.height) {
            throw refusal
        }
        bytes = .allocate(byteCount: max(1, length), alignment: 16)
        var filled = 0
        while filled < length {
            let got = range.read(into: bytes.baseAddress! + filled, count: length - filled)
            guard got > 0 else { break }
            filled += got
        }
        data = WebPData(bytes: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), size: filled)
        guard let demuxer = WebPDemux(&data) else { bytes.deallocate(); throw .cannotPlay("not a readable WebP") }
        let width = Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_WIDTH)), height = Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_HEIGHT))
        let frames = Int(WebPDemuxGetI(demuxer, WEBP_FF_FRAME_COUNT))
        var duration = 0
        var iterator = WebPIterator()
        if frames <= limits.maxFrames, WebPDemuxGetFrame(demuxer, 1, &iterator) != 0 {
            repeat { duration += Int(iterator.duration) } while WebPDemuxNextFrame(&iterator) != 0
            WebPDemuxReleaseIterator(&iterator)
        }
        var judged = MediaInfo(width: width, height: height, duration: Double(duration) / 1000, codec: "webp")
        judged.frameCount = frames
        if let refusal = limits.refusal(for: judged) { WebPDemuxDelete(demuxer); bytes.deallocate(); throw refusal }
        self.demuxer = demuxer
        self.frames = frames
        info = judged
        canvas = output.map { WebPCanvas(size: $0, full: PixelSize(width: width, height: height)) }
    }

    deinit {
        WebPDemuxDelete(demuxer)
        bytes.deallocate()
    }

    func advance() -> Double? {
        guard let canvas else { return nil }
        while next <= frames {
            var iterator = WebPIterator()
            guard WebPDemuxGetFrame(demuxer, Int32(next), &iterator) != 0 else { return nil }
            defer { WebPDemuxReleaseIterator(&iterator) }
            if next == 1 { canvas.clear() }
            next += 1
            // Every frame is composed (a later one may only paint over part of it), but only from a frame's start.
            guard canvas.draw(iterator) else { return nil }
            let start = Double(lastEnd) / 1000
            lastEnd += Int(iterator.duration)
            if let skip = skipUntil, Double(lastEnd) / 1000 <= skip { continue }
            skipUntil = nil
            hasFrame = true
            return start
        }
        return nil
    }

    func render(into destination: UnsafeMutableRawPointer, width: Int, height: Int, pitch: Int) -> Bool {
        guard hasFrame, let canvas else { return false }
        let size = canvas.size
        return canvas.pixels.withUnsafeBytes { composed in
            if size.width == width, size.height == height {
                for row in 0..<height {
                    (destination + row * pitch).copyMemory(from: composed.baseAddress! + row * width * 4, byteCount: width * 4)
                }
                return true
            }
            var planes: [UnsafePointer<UInt8>?] = [composed.baseAddress!.assumingMemoryBound(to: UInt8.self), nil, nil, nil]
            var strides: [Int32] = [Int32(size.width * 4), 0, 0, 0]
            return scaler.scale(planes: &planes, strides: &strides, width: Int32(size.width), height: Int32(size.height),
                                format: AV_PIX_FMT_BGRA, rotation: 0, into: destination, outWidth: width,
                                outHeight: height, pitch: pitch)
        }
    }

    func seek(to seconds: Double) -> Bool {
        next = 1
        lastEnd = 0
        hasFrame = false
        skipUntil = seconds > 0 ? seconds : nil
        return true
    }
}
