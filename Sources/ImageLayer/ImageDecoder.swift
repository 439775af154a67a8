import Foundation
import GalleryCore
import HEIFKit
import JPEGKit
import PNGKit
import SDLKit

/// The one door through which bytes from outside (network, cache file, folders) become pixels. The header is read
/// and judged first (`DecodePlanner`): formats other than JPEG, PNG, WebP, HEIC, AVIF, JPEG XL and camera RAW (whose
/// header is LibRaw's reading of its metadata, `header(of:)`), pictures whose buffers
/// would pass the limit, and network images far larger than asked are refused before any pixel buffer exists. JPEGs
/// decode with libjpeg-turbo at the smallest DCT scale that still covers the target; PNG with libpng's simplified
/// API (its warnings logged once, not printed); WebP with SDL_image's loader; HEIC and AVIF with libheif (the primary image, or the file's own thumbnail when that covers
/// the target); JPEG XL with libjxl (its orientation kept by libjxl and applied here once); camera RAW by its
/// embedded JPEG preview or LibRaw's half-size decode (`ImageDecoder+Formats.swift`). The result is upright (EXIF
/// orientation; a HEIF's container rotation, applied by libheif and never again) and exactly the target size, its
/// colours converted from what the file describes (an embedded ICC
/// profile, a HEIF's `nclx`) to the display's (`DisplayColours`), at whichever of the two sizes is smaller. Safe on
/// any thread.
public struct ImageDecoder {
    public var limits = DecodeLimits()
    /// Makes moving pictures' posters (the media worker, out of process); nil: they show as unavailable.
    public var posters: PosterMaker?
    /// Converts what each file says its colours are to the display's (`DisplayColours`).
    public var colours = DisplayColours.sRGB

    public init() {}

    /// The DCT scales decoded at: 1/1, 1/2, 1/4 and 1/8 only. libjpeg-turbo has SIMD inverse DCTs for those (8×8,
    /// 4×4, 2×2, DC only); 3/8, 5/8 and the other M/8 scales run plain C kernels, and decoding a camera JPEG at 3/8
    /// measured slower than at 1/2 followed by the linear scale to the cell (BENCHMARKS.md, "Local folders").
    public static let scalingFactors = JPEGDecompressor.scalingFactors.filter { $0.num == 1 }
        .map { ScalingFactor($0.num, $0.denom) }

    /// What decoding `data` for a `target`-sized cell will do, from the header alone, or the refusal.
    /// `requested` is the size a source that answers at the size asked was asked for; `fromFolder`: the bytes are a
    /// file from the user's folders, the only ones that may be a camera RAW (`header(of:fromFolder:)`).
    public func plan(_ data: Data, target: PixelSize, requested: PixelSize?, fromFolder: Bool = false) throws
        -> DecodePlan {
        try plan(header(of: data, fromFolder: fromFolder), target: target, requested: requested)
    }

    /// The plan for an answer, from the header it carries when whoever answered read it already. Only an answer
    /// from the user's folders (`ImageAnswer.fromFolder`) may be a camera RAW.
    public func plan(_ answer: ImageAnswer, target: PixelSize, requested: PixelSize?) throws -> DecodePlan {
        let header = try answer.header ?? self.header(of: answer.data, fromFolder: answer.fromFolder)
        guard header.format != .raw || answer.fromFolder else { throw ImageRefusal.unsupportedFormat("Camera RAW") }
        return try plan(header, target: target, requested: requested)
    }

    private func plan(_ header: ImageHeader, target: PixelSize, requested: PixelSize?) throws -> DecodePlan {
        try DecodePlanner.plan(header, target: target, requested: requested, limits: limits,
                               scalingFactors: ImageDecoder.scalingFactors)
    }

    public struct Decoded {
        public let surface: Surface
        /// Bytes of the largest pixel buffers the decode held at once (decoded picture, JPEG coefficients).
        public let peakBytes: Int
    }

    /// Decodes as planned: upright, at exactly `target`, in the display's colours. `inDisplayColours`: the bytes
    /// are pixels converted already (a kept cell), not to be converted again.
    public func decode(_ data: Data, plan: DecodePlan, target: PixelSize, inDisplayColours: Bool = false) throws
        -> Decoded {
        let header = plan.header
        let stored: Surface
        // What the file says its colours are: each decoder reports it, the conversion below is the same for all.
        var colour = ColourDescription.sRGB
        var fromThumbnail = false
        // How the stored picture is turned upright (a RAW's preview may say so itself).
        var orientation = header.orientation
        switch header.format {
        case .jpeg:
            stored = try decodeJPEG(data, plan: plan, target: target)
            colour = ColourDescription(icc: EmbeddedProfile.jpeg(data))
        case .png:
            let png = try decodePNG(data, plan: plan)
            (stored, colour) = (png.surface, png.colour)
        case .webp:
            colour = ColourDescription(icc: EmbeddedProfile.webp(data))
            // SDL_image's loader gives RGBA bytes; the conversion works on ARGB8888's.
            let loaded = try Surface(decoding: data, with: .webp)
            stored = try colours.converts(from: colour) ? loaded.convertedToARGB() : loaded
        case .heic, .avif:
            let heif = try decodeHEIF(data, plan: plan, target: target, fromThumbnail: &fromThumbnail)
            (stored, colour) = (heif.surface, heif.colour)
        case .jxl: (stored, colour) = try decodeJXL(data, plan: plan)
        case .raw:
            // The preview or the half-size picture: its size is LibRaw's, checked there.
            (stored, colour, orientation) = try decodeRAW(data, plan: plan, target: target)
            fromThumbnail = true
        }
        // The loader must have read the size the header showed (or a HEIF's own thumbnail was used, which covers
        // the target); anything else means the planning was wrong.
        guard fromThumbnail || (stored.width == plan.decodedWidth && stored.height == plan.decodedHeight) else {
            throw ImageRefusal.malformedHeader(header.format, "decoded \(stored.width)x\(stored.height), header said "
                                               + "\(plan.decodedWidth)x\(plan.decodedHeight)")
        }
        let peak = stored.byteCount + (header.progressive ? header.coefficientBytes : 0)
        // Scale in stored orientation, then turn the (small) result upright (libheif's output is upright already).
        let turn = header.format.isHEIF ? ExifOrientation.up.transform : orientation.transform
        let storedTarget = turn.transpose ? (target.height, target.width) : (target.width, target.height)
        // Colours are converted at whichever size has fewer pixels (a cell after scaling, a pane's enlargement
        // before): the same transform, inside the decode's time.
        let convertsFirst = stored.width * stored.height < target.width * target.height
        if !inDisplayColours, convertsFirst { colours.convert(stored, from: colour) }
        let scaled = try stored.scaled(toWidth: storedTarget.0, height: storedTarget.1)
        let upright = try scaled.reoriented(transpose: turn.transpose, flipHorizontal: turn.flipHorizontal,
                                            flipVertical: turn.flipVertical)
        if !inDisplayColours, !convertsFirst { colours.convert(upright, from: colour) }
        return Decoded(surface: upright, peakBytes: peak)
    }

    /// A moving picture's poster (`ImageAnswer.media`), made by the media worker: its first frame, upright, at
    /// exactly `target`.
    public func poster(_ answer: ImageAnswer, target: PixelSize) throws -> Decoded {
        guard let location = answer.media else { throw ImageRefusal.empty }
        guard let posters else { throw MediaRefusal.cannotPlay("no media worker") }
        let surface = try posters.poster(location, size: target)
        return Decoded(surface: surface, peakBytes: surface.byteCount)
    }

    /// Plans and decodes in one step (for callers that do not schedule by cost); `fromFolder` as for `plan`.
    public func decode(_ data: Data, target: PixelSize, requested: PixelSize? = nil, fromFolder: Bool = false) throws
        -> Decoded {
        try decode(data, plan: plan(data, target: target, requested: requested, fromFolder: fromFolder), target: target)
    }

    /// The primary image through libheif, or the smallest of the file's thumbnails that covers the target (a
    /// phone's HEIC carries one of about 320 px: a small cell need not decode 12 megapixels).
    private func decodeHEIF(_ data: Data, plan: DecodePlan, target: PixelSize, fromThumbnail: inout Bool) throws
        -> (surface: Surface, colour: ColourDescription) {
        let file = try HEIFFile(data: data, maxSide: 16384)
        let primary = try file.primary()
        guard primary.width == plan.decodedWidth, primary.height == plan.decodedHeight else {
            throw ImageRefusal.malformedHeader(plan.header.format, "libheif reads \(primary.width)x\(primary.height), "
                                               + "the header said \(plan.decodedWidth)x\(plan.decodedHeight)")
        }
        let aspect = Double(primary.width) / Double(max(1, primary.height))
        let thumbnail = primary.thumbnails()
            .filter { $0.width >= target.width && $0.height >= target.height && $0.width < primary.width }
            .filter { abs(Double($0.width) / Double(max(1, $0.height)) - aspect) < 0.02 * aspect }
            .min { $0.width < $1.width }
        let item = thumbnail ?? primary
        let picture = try item.decodeRGBA()
        // The coded picture must be the size its item claims (an `ispe` can lie about it).
        guard picture.width == item.width, picture.height == item.height else {
            throw ImageRefusal.malformedHeader(plan.header.format, "decoded \(picture.width)x\(picture.height), the "
                                               + "file said \(item.width)x\(item.height)")
        }
        fromThumbnail = thumbnail != nil
        let out = try Surface(width: picture.width, height: picture.height)
        try picture.withRows { rows, stride in
            out.withUnsafeMutablePixels { pixels, pitch in
                // RGBA bytes to the surface's ARGB8888 (B, G, R, A in memory).
                for y in 0..<picture.height {
                    let src = rows + y * stride
                    let dst = (pixels + y * pitch).assumingMemoryBound(to: UInt8.self)
                    for x in 0..<picture.width {
                        dst[4 * x] = src[4 * x + 2]
                        dst[4 * x + 1] = src[4 * x + 1]
                        dst[4 * x + 2] = src[4 * x]
                        dst[4 * x + 3] = src[4 * x + 3]
                    }
                }
            }
        }
        // A thumbnail without a colour box of its own is the primary's picture made small: its colours are the
        // primary's.
        let colour = ImageDecoder.colour(of: item)
        return (out, thumbnail != nil && colour == .sRGB ? ImageDecoder.colour(of: primary) : colour)
    }

    /// What a HEIF item's `colr` box says: an ICC profile, or H.273 primaries and transfer (see `CodedColour`).
    private static func colour(of item: HEIFItem) -> ColourDescription {
        switch item.colourProfile(maxBytes: EmbeddedProfile.maxBytes) {
        case .none: return .sRGB
        case .icc(let bytes): return ColourDescription(icc: bytes)
        case .nclx(let primaries, let transfer):
            if transfer == 16 { ImageDecoder.hdrNotes.note("a PQ (HDR) picture is drawn without tone mapping") }
            return ColourDescription(nclxPrimaries: primaries, transfer: transfer)
        }
    }

    /// libpng's simplified API: its warnings (a camera's sRGB profile) go to the log once, not to stderr.
    private func decodePNG(_ data: Data, plan: DecodePlan) throws -> (surface: Surface, colour: ColourDescription) {
        try data.withUnsafeBytes { bytes in
            let png: PNGDecoder
            do { png = try PNGDecoder(reading: bytes) } catch {
                throw ImageRefusal.malformedHeader(.png, "\(error)")
            }
            guard png.width == plan.header.width, png.height == plan.header.height else {
                throw ImageRefusal.malformedHeader(.png, "libpng reads \(png.width)x\(png.height)")
            }
            let out = try Surface(width: png.width, height: png.height)
            try out.withUnsafeMutablePixels { pixels, pitch in try png.decode(into: pixels, pitch: pitch) }
            if let warning = png.warning { ImageDecoder.pngWarnings.note(warning) }
            let icc = EmbeddedProfile.pngHasProfile(data) ? PNGProfile.icc(in: bytes, maxBytes: EmbeddedProfile.maxBytes) : nil
            return (out, ColourDescription(icc: icc))
        }
    }

    func decodeJPEG(_ data: Data, plan: DecodePlan, target: PixelSize) throws -> Surface {
        // Made smaller afterwards (a cell, most of the time): the fast DCT and upsampling are invisible there.
        let shrinks = plan.decodedWidth * plan.decodedHeight > target.width * target.height
        let jpeg = try JPEGDecompressor()
        // TurboJPEG writes every row (a file cut short too: libjpeg fills what is missing).
        let out = try Surface(uninitializedWidth: plan.decodedWidth, height: plan.decodedHeight)
        try data.withUnsafeBytes { bytes in
            // libjpeg-turbo's own reading of the header must agree with ours before it writes into the buffer.
            let header = try jpeg.header(of: bytes)
            guard header.width == plan.header.width, header.height == plan.header.height else {
                throw ImageRefusal.malformedHeader(.jpeg, "libjpeg reads \(header.width)x\(header.height)")
            }
            try out.withUnsafeMutablePixels { pixels, pitch in
                do {
                    try jpeg.decompress(bytes, into: pixels, width: plan.decodedWidth, pitch: pitch,
                                        height: plan.decodedHeight, fast: shrinks)
                } catch let error as JPEGError where error.isWarning {
                    // Warnings ("extraneous bytes before marker") are common in camera files and harmless; a file
                    // that ends early is a transfer cut short and is worth another try, not a grey half.
                    guard ImageHeaderReader.looksComplete(data, format: .jpeg) else { throw error }
                }
            }
        }
        return out
    }
}


extension ImageDecoder {
    /// libpng's warnings, said once each per run (decode workers share it): a folder of photos from one camera
    /// has the same "known incorrect sRGB profile" in every file.
    public static let pngWarnings = WarnOnce(prefix: "PNG: ")
    /// HDR pictures drawn as they are, said once.
    static let hdrNotes = WarnOnce(prefix: "Colour: ")
}

/// Logs each distinct message once (at most 32 of them), from any thread.
public final class WarnOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var said: Set<String> = []
    private let prefix: String

    public init(prefix: String) { self.prefix = prefix }

    public func note(_ message: String) {
        lock.lock()
        let first = said.count < 32 && said.insert(message).inserted
        lock.unlock()
        if first { Log.info(prefix + message + " (said once; the pictures are shown)") }
    }
}
