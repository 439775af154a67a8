import CWebPDemux
import GalleryCore

/// An animated WebP's canvas composed at the size shown: each frame is decoded by libwebp already scaled to its
/// place on the smaller canvas (WebPDecode with `use_scaling`), then blended or copied onto it, and the frame before
/// disposed of as it asks, as WebPAnimDecoder composes at full size. A 4000x4000 animation in a 622-pixel cell
/// holds two 622-pixel pictures rather than two 4000-pixel ones. BGRA, not premultiplied, transparent where nothing
/// was drawn.
final class WebPCanvas {
    let size: PixelSize
    /// The animation's own canvas, which frames' places are given in.
    private let full: PixelSize
    private(set) var pixels: [UInt8]
    private var frame: [UInt8] = []
    /// The place of the frame drawn last, cleared before the next when it asked to be disposed to the background.
    private var disposeNext: (x: Int, y: Int, width: Int, height: Int)?

    init(size: PixelSize, full: PixelSize) {
        self.size = size
        self.full = full
        pixels = [UInt8](repeating: 0, count: size.width * size.height * 4)
    }

    /// Back to an empty canvas (the first frame, or a seek to the start).
    func clear() {
        pixels.withUnsafeMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 0) }
        disposeNext = nil
    }

    /// Draws the frame `iterator` holds; false when libwebp cannot decode it.
    func draw(_ iterator: WebPIterator) -> Bool {
        if let place = disposeNext { fill(place) }
        disposeNext = nil
        let place = scaled(x: Int(iterator.x_offset), y: Int(iterator.y_offset), width: Int(iterator.width),
                           height: Int(iterator.height))
        guard place.width > 0, place.height > 0 else { return true }
        let bytes = place.width * place.height * 4
        if frame.count < bytes { frame = [UInt8](repeating: 0, count: bytes) }
        var config = WebPDecoderConfig()
        guard tessera_webp_init_decoder_config(&config) != 0 else { return false }
        config.options.use_threads = 0
        config.options.use_scaling = 1
        config.options.scaled_width = Int32(place.width)
        config.options.scaled_height = Int32(place.height)
        config.output.colorspace = MODE_BGRA
        config.output.is_external_memory = 1
        let status = frame.withUnsafeMutableBufferPointer { out -> VP8StatusCode in
            config.output.u.RGBA = WebPRGBABuffer(rgba: out.baseAddress, stride: Int32(place.width * 4), size: bytes)
            return WebPDecode(iterator.fragment.bytes, iterator.fragment.size, &config)
        }
        WebPFreeDecBuffer(&config.output)
        guard status == VP8_STATUS_OK else { return false }
        let blends = iterator.blend_method == WEBP_MUX_BLEND && iterator.has_alpha != 0
        paste(place, blending: blends)
        if iterator.dispose_method == WEBP_MUX_DISPOSE_BACKGROUND { disposeNext = place }
        return true
    }

    /// A place on the full canvas, on this one: its edges scaled and rounded, so neighbouring frames meet.
    private func scaled(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        func edge(_ v: Int, _ to: Int, _ from: Int) -> Int { min(to, (v * to + from / 2) / max(1, from)) }
        let x0 = edge(x, size.width, full.width), x1 = edge(x + width, size.width, full.width)
        let y0 = edge(y, size.height, full.height), y1 = edge(y + height, size.height, full.height)
        return (x0, y0, max(x1 - x0, x1 < size.width ? 1 : 0), max(y1 - y0, y1 < size.height ? 1 : 0))
    }

    private func fill(_ place: (x: Int, y: Int, width: Int, height: Int)) {
        let pitch = size.width * 4
        pixels.withUnsafeMutableBytes { canvas in
            for row in place.y..<min(size.height, place.y + place.height) {
                let start = row * pitch + place.x * 4
                let count = min(place.width, size.width - place.x) * 4
                guard count > 0 else { continue }
                (canvas.baseAddress! + start).initializeMemory(as: UInt8.self, repeating: 0, count: count)
            }
        }
    }

    /// The decoded frame onto its place: copied, or blended over what is there (the source's alpha over the
    /// canvas's, not premultiplied, as libwebp's own anim decoder does).
    private func paste(_ place: (x: Int, y: Int, width: Int, height: Int), blending: Bool) {
        let pitch = size.width * 4, framePitch = place.width * 4
        let columns = min(place.width, size.width - place.x), rows = min(place.height, size.height - place.y)
        guard columns > 0, rows > 0 else { return }
        frame.withUnsafeBytes { source in
            pixels.withUnsafeMutableBytes { canvas in
                let src = source.baseAddress!.assumingMemoryBound(to: UInt8.self)
                let dst = canvas.baseAddress!.assumingMemoryBound(to: UInt8.self)
                for row in 0..<rows {
                    let s = src + row * framePitch, d = dst + (place.y + row) * pitch + place.x * 4
                    guard blending else { d.update(from: s, count: columns * 4); continue }
                    for i in stride(from: 0, to: columns * 4, by: 4) { Self.blend(s + i, over: d + i) }
                }
            }
        }
    }

    /// One BGRA pixel over another (libwebp's BlendPixelNonPremult).
    private static func blend(_ s: UnsafePointer<UInt8>, over d: UnsafeMutablePointer<UInt8>) {
        let sa = UInt32(s[3])
        if sa == 255 { d.update(from: s, count: 4); return }
        if sa == 0 { return }
        let da = UInt32(d[3]) * (255 - sa) / 255
        let a = sa + da
        for c in 0..<3 { d[c] = UInt8((UInt32(s[c]) * sa + UInt32(d[c]) * da) / a) }
        d[3] = UInt8(a)
    }
}
