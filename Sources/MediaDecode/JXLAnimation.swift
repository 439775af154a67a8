import CFFmpeg
import Foundation
import GalleryCore
import JXLKit

/// An animated JPEG XL, decoded frame after frame by libjxl (`JXLDecoder`: whole-canvas frames, RGBA) into one
/// canvas of its stored size, scaled and turned upright by the frame scaler when drawn. The file is read whole (no
/// more than `maxBytes`); its size is judged by `MediaLimits` from the header, and what decoding needs (the file,
/// the canvas, libjxl's own planes of about 12 bytes a pixel) by the worker's share of memory, before the canvas is
/// allocated. Opened for a probe (no size), it decodes nothing past the header. Back to the start: a new decoder.
final class JXLAnimation: FrameSource {
    private let data: Data
    private var decoder: JXLDecoder
    private let stored: PixelSize
    private var canvas: UnsafeMutableRawBufferPointer?
    private let scaler = FrameScaler()
    private var clock = 0.0
    private var hasFrame = false
    private var skipUntil: Double?
    let info: MediaInfo

    /// The largest file read into the worker's memory for it.
    static let maxBytes = 128 << 20

    /// Whether the file at `location` starts as a JPEG XL codestream or container.
    static func isJXL(_ location: MediaLocation) -> Bool {
        guard case .file(let path) = location.place, let range = try? FileRange(path: path, offset: location.offset,
                                                                                 length: location.length) else { return false }
        var head = [UInt8](repeating: 0, count: 12)
        let got = head.withUnsafeMutableBytes { range.read(into: $0.baseAddress!, count: 12) }
        return (got >= 2 && head[0] == 0xFF && head[1] == 0x0A)
            || (got == 12 && head == [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A])
    }

    init(_ location: MediaLocation, limits: MediaLimits, output: PixelSize?) throws(MediaRefusal) {
        guard case .file(let path) = location.place else { throw .unknownFormat("JPEG XL by URL") }
        let range = try FileRange(path: path, offset: location.offset, length: location.length)
        guard range.length <= Int64(Self.maxBytes) else { throw .cannotPlay("the animation is larger than \(Self.maxBytes >> 20) MB") }
        var bytes = [UInt8](repeating: 0, count: Int(range.length))
        var filled = 0
        bytes.withUnsafeMutableBytes { buffer in
            while filled < buffer.count {
                let got = range.read(into: buffer.baseAddress! + filled, count: buffer.count - filled)
                guard got > 0 else { break }
                filled += got
            }
        }
        data = Data(bytes.prefix(filled))
        let header: JXLDecoder.Info
        do {
            decoder = try JXLDecoder(data, maxMemoryBytes: WorkerMemory.available)
            header = try decoder.readInfo()
        } catch {
            throw .cannotPlay("not a readable JPEG XL")
        }
        stored = PixelSize(width: header.width, height: header.height)
        // Mirrored orientations are drawn unmirrored: the frame scaler turns, it does not flip.
        let rotation = [3: 180, 4: 180, 5: 90, 6: 90, 7: 270, 8: 270][header.orientation] ?? 0
        let upright = rotation % 180 == 0 ? stored : PixelSize(width: stored.height, height: stored.width)
        let judged = MediaInfo(width: upright.width, height: upright.height, rotation: rotation, codec: "jxl")
        if let refusal = limits.refusal(for: judged) { throw refusal }
        info = judged
        guard let output else { return }
        let canvasBytes = stored.width * stored.height * 4
        if let refusal = WorkerMemory.refusal(needed: filled + canvasBytes * 4 + output.width * output.height * 4,
                                              width: output.width, height: output.height) {
            throw refusal
        }
        canvas = .allocate(byteCount: canvasBytes, alignment: 16)
    }

    deinit { canvas?.deallocate() }

    func advance() -> Double? {
        guard let canvas else { return nil }
        while true {
            guard let frame = try? decoder.nextFrame(into: canvas.baseAddress!, byteCount: canvas.count) else { return nil }
            let start = clock
            clock += frame.duration
            if let skip = skipUntil, clock <= skip, !frame.isLast { continue }
            skipUntil = nil
            hasFrame = true
            return start
        }
    }

    func render(into destination: UnsafeMutableRawPointer, width: Int, height: Int, pitch: Int) -> Bool {
        guard hasFrame, let canvas else { return false }
        var planes: [UnsafePointer<UInt8>?] = [UnsafePointer(canvas.baseAddress!.assumingMemoryBound(to: UInt8.self)),
                                               nil, nil, nil]
        var strides: [Int32] = [Int32(stored.width * 4), 0, 0, 0]
        return scaler.scale(planes: &planes, strides: &strides, width: Int32(stored.width), height: Int32(stored.height),
                            format: AV_PIX_FMT_RGBA, rotation: info.rotation, into: destination, outWidth: width,
                            outHeight: height, pitch: pitch)
    }

    func seek(to seconds: Double) -> Bool {
        guard let fresh = try? JXLDecoder(data, maxMemoryBytes: WorkerMemory.available) else { return false }
        decoder = fresh
        clock = 0
        hasFrame = false
        skipUntil = seconds > 0 ? seconds : nil
        return true
    }
}
