/// How much an image may cost to decode, and what counts as a large decode (one at a time).
public struct DecodeLimits: Equatable, Sendable {
    /// Bytes the decode buffers of one image may take: a lying header costs nothing beyond it.
    public var maxDecodeBytes = 64 << 20
    /// A network image larger than this many times the size asked for, on either side, is not the image asked for.
    public var maxOversize = 2
    /// Decodes needing more than this are "large": at most one runs at a time, so two of them never add up, and
    /// the other workers stay free for small cells.
    public var largeDecodeBytes = 8 << 20
    /// A JPEG DCT scale is chosen when its output covers at least this share of the target on each side; the linear
    /// scale after it makes up the rest (an enlargement of at most 11 %, which a cell does not show), and a 1/2
    /// decode costs a third of a full one. 1 would ask for full coverage.
    public var dctCoverage = 0.9
    /// A camera RAW without a usable preview is decoded by LibRaw at half size: it holds the raw mosaic (2 bytes a
    /// photosite), the half-size picture (8 bytes a pixel) and its 8-bit copy at once, about 4.75 bytes a photosite
    /// (114 MB for 24 megapixels). Such a decode is large (one at a time) and may take up to this.
    public var maxRawDecodeBytes = 192 << 20
    /// A JPEG XL is decoded whole by libjxl, which holds its own planes besides the picture handed over
    /// (`jxlBytesPerPixel`): 256 MB is 13.4 megapixels, decoded one at a time (such a decode is large). Counting 4
    /// bytes a pixel against `maxDecodeBytes` let 16.7 through while libjxl held over 300 MB, uncounted. libjxl's own
    /// allocations are capped at this too (`JXLMemoryBudget`).
    public var maxJXLDecodeBytes = 256 << 20

    /// Bytes a JPEG XL pixel costs to decode: the RGBA picture handed over (4), libjxl's float planes of the three
    /// colour channels (12, as measured for the media worker's animations) and of the one extra channel allowed, an
    /// alpha (4, `JXLDecoder.maxExtraChannels`).
    public static let jxlBytesPerPixel = 20

    public init() {}
}

/// What one decode will do, decided from the header alone.
public struct DecodePlan: Equatable, Sendable {
    public var header: ImageHeader
    /// JPEG DCT scaling (num/denom ≤ 1) chosen so the decoded picture still covers (`DecodeLimits.dctCoverage` of)
    /// the target size.
    public var scale: ScalingFactor
    /// Size the decoder produces (stored orientation), before scaling to the target and turning upright.
    public var decodedWidth: Int
    public var decodedHeight: Int
    /// Bytes of buffers the decode needs at its peak.
    public var bufferBytes: Int
    public var isLarge: Bool
    /// Camera RAW only: the embedded JPEG preview is decoded (else LibRaw's half-size picture, or, when the file's
    /// metadata gave no preview size, the preview if it turns out usable once unpacked).
    public var rawPreview = false
}

public struct ScalingFactor: Equatable, Sendable, CustomStringConvertible {
    public var num: Int
    public var denom: Int
    public init(_ num: Int, _ denom: Int) { self.num = num; self.denom = max(1, denom) }
    public static let one = ScalingFactor(1, 1)
    /// libjpeg's rounding (TJSCALED): the scaled side is rounded up.
    public func scaled(_ side: Int) -> Int { (side * num + denom - 1) / denom }
    public var description: String { "\(num)/\(denom)" }
    public var value: Double { Double(num) / Double(denom) }
}

public enum DecodePlanner {
    /// Decides whether and how to decode. `target` is the size the picture is drawn at (upright); `requested`, for
    /// a source that answers at the size asked (picsum), is that size; `scalingFactors` what the JPEG library
    /// offers. Throws the refusal when the image must not be decoded.
    public static func plan(_ header: ImageHeader, target: PixelSize, requested: PixelSize?, limits: DecodeLimits,
                            scalingFactors: [ScalingFactor]) throws -> DecodePlan {
        var scale = ScalingFactor.one
        var bytes: Int
        switch header.format {
        case .jpeg:
            // The target in stored orientation; the smallest DCT scale that still covers it.
            let need = header.orientation.swapsAxes ? (target.height, target.width) : (target.width, target.height)
            let usable = scalingFactors.filter { $0.num > 0 && $0.num <= $0.denom }.sorted { $0.value < $1.value }
            let cover = min(1, max(0.5, limits.dctCoverage))
            scale = usable.first {
                Double($0.scaled(header.width)) >= cover * Double(need.0)
                    && Double($0.scaled(header.height)) >= cover * Double(need.1)
            } ?? .one
            bytes = scale.scaled(header.width) * scale.scaled(header.height) * 4
            // A progressive JPEG keeps every coefficient of the full-size image, whatever the output scale.
            if header.progressive { bytes += header.coefficientBytes }
        case .png, .webp, .heic, .avif:
            // SDL_image and libheif decode the whole picture to 32 bits a pixel (a 12-megapixel HEIC: 48 MB).
            // Sides are below 2^31 (PNG): the product fits, and is capped before it can overflow.
            bytes = min(header.width * header.height, Int.max / 4) * 4
        case .jxl:
            // libjxl's working planes as well as the picture (sides below 2^30: the product fits).
            let perPixel = DecodeLimits.jxlBytesPerPixel
            bytes = min(header.width * header.height, Int.max / perPixel) * perPixel
        case .raw:
            bytes = RawDecodeChoice.bytes(header, target: target)
        }
        let limit = header.format == .raw && !RawDecodeChoice.usesPreview(header, target: target)
            ? limits.maxRawDecodeBytes : header.format == .jxl ? limits.maxJXLDecodeBytes : limits.maxDecodeBytes
        guard bytes <= limit else {
            throw ImageRefusal.tooLarge(header.format, width: header.width, height: header.height, bytes: bytes,
                                        limit: limit)
        }
        let upright = header.displaySize
        if let requested,
           upright.width > limits.maxOversize * max(1, requested.width)
            || upright.height > limits.maxOversize * max(1, requested.height) {
            throw ImageRefusal.notAsRequested(width: upright.width, height: upright.height, requested: requested)
        }
        // libheif hands the picture over turned upright already; a RAW's preview or half-size picture is the size
        // LibRaw gives (checked by the decoder against its own reading).
        let decoded = header.format.isHEIF ? upright
            : header.format == .raw ? RawDecodeChoice.decodedSize(header, target: target)
            : PixelSize(width: scale.scaled(header.width), height: scale.scaled(header.height))
        return DecodePlan(header: header, scale: scale, decodedWidth: decoded.width,
                          decodedHeight: decoded.height, bufferBytes: bytes,
                          isLarge: bytes > limits.largeDecodeBytes,
                          rawPreview: header.format == .raw && RawDecodeChoice.usesPreview(header, target: target))
    }
}
