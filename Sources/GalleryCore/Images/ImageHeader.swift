import Foundation

/// The formats Tessera decodes. Every other format is refused by its magic bytes, before any decoder sees it:
/// each decoder is attack surface, and these cover photos from the web, cameras and phones (HEIC is the iPhone's
/// own; AVIF the web's newest; JPEG XL the photographers' export; camera RAW their originals, through LibRaw, whose
/// header the adapters read: `ImageHeaderReader` only recognises a RAW container by its magic).
public enum ImageFormat: String, Sendable, Equatable {
    case jpeg = "JPEG", png = "PNG", webp = "WebP", heic = "HEIC", avif = "AVIF", jxl = "JPEG XL", raw = "camera RAW"

    /// Decoded through libheif, which applies the container's rotation and mirror itself.
    public var isHEIF: Bool { self == .heic || self == .avif }
}

/// What an image's first bytes say about it: enough to decide whether, and how, to decode it, before any pixel
/// buffer exists.
public struct ImageHeader: Equatable, Sendable {
    public var format: ImageFormat
    /// Size as stored, before EXIF orientation.
    public var width: Int
    public var height: Int
    /// JPEG only: progressive (and multi-scan) JPEGs hold every DCT coefficient of the whole image while decoding.
    public var progressive = false
    /// JPEG only: bytes of DCT coefficients for the whole image at full size (all components, as sampled).
    public var coefficientBytes = 0
    public var orientation = ExifOrientation.up
    /// JPEG only, from EXIF: when the photo was taken ("YYYY:MM:DD HH:MM:SS") and the camera, when known.
    public var taken: String?
    public var camera: String?
    /// JPEG only, from EXIF SubjectArea: the centre of interest in fractions of the upright picture, if one is said.
    public var interest: UnitRect?
    /// JPEG XL only: the codestream says it is an animation (its first frame is the still).
    public var animated = false
    /// Camera RAW only: the embedded JPEG preview's size as the file's metadata gives it (nil: none, or not said).
    public var preview: PixelSize?

    public init(format: ImageFormat, width: Int, height: Int, progressive: Bool = false, coefficientBytes: Int = 0,
                orientation: ExifOrientation = .up) {
        self.format = format; self.width = width; self.height = height; self.progressive = progressive
        self.coefficientBytes = coefficientBytes; self.orientation = orientation
    }

    /// Size as drawn, after EXIF orientation (a phone's portrait photo is often stored landscape).
    public var displaySize: PixelSize {
        orientation.swapsAxes ? PixelSize(width: height, height: width) : PixelSize(width: width, height: height)
    }
}

/// Why bytes were not decoded. Each is decided from the header alone.
public enum ImageRefusal: Error, Equatable, CustomStringConvertible {
    case empty
    /// A format outside the allow-list, named when it is recognised ("GIF", "SVG").
    case unsupportedFormat(String)
    case malformedHeader(ImageFormat, String)
    /// Decoding would need more memory than allowed.
    case tooLarge(ImageFormat, width: Int, height: Int, bytes: Int, limit: Int)
    /// A server asked for w×h sent something far larger: not the image that was asked for.
    case notAsRequested(width: Int, height: Int, requested: PixelSize)

    /// Whether more of the file might have held the header (a segment running past the bytes read so far).
    public var mayNeedMoreBytes: Bool {
        if case .malformedHeader = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .empty: return "no bytes"
        case .unsupportedFormat(let name):
            return "\(name) is not a supported image format (JPEG, PNG, WebP, HEIC, AVIF, JPEG XL and camera RAW are)"
        case .malformedHeader(let format, let why): return "\(format.rawValue) header is malformed (\(why))"
        case let .tooLarge(format, w, h, bytes, limit):
            return "\(format.rawValue) of \(w)x\(h) would need \(bytes >> 20) MB to decode (limit \(limit >> 20) MB)"
        case let .notAsRequested(w, h, requested):
            return "image is \(w)x\(h), far larger than the \(requested.width)x\(requested.height) asked for"
        }
    }
}

/// Reads formats and sizes from the first bytes of an image, bounds-checked at every step: the bytes come from a
/// server, a cache file or a folder, and may lie. Nothing here allocates in proportion to what a header claims.
public enum ImageHeaderReader {
    /// How far into a file a header is looked for: JPEG's size comes after its EXIF and ICC segments (64 KB each at
    /// most, a few of them), never this far in.
    public static let searchLimit = 1 << 20

    /// JPEG, PNG, WebP, HEIC or AVIF header, or why not.
    public static func read(_ data: Data) throws -> ImageHeader {
        guard !data.isEmpty else { throw ImageRefusal.empty }
        let b = ByteReader(data.prefix(searchLimit))
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return try JPEGHeader.read(b) }
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return try readPNG(b) }
        if b.starts(with: Array("RIFF".utf8)), b.matches(Array("WEBP".utf8), at: 8) { return try readWebP(b) }
        if HEIFHeader.recognises(b) { return try HEIFHeader.read(b) }
        if JXLHeader.recognises(b) { return try JXLHeader.read(b) }
        throw ImageRefusal.unsupportedFormat(name(of: b))
    }

    /// Whether the bytes start as one of the camera RAW containers LibRaw reads: TIFF-based (DNG, CR2, NEF, ARW; ORF's
    /// "IIRO"/"IIRS"/"MMOR", RW2's "IIU"), Canon's CR3 (ISO media of brand "crx ") or Fujifilm's RAF. A plain TIFF
    /// passes too: LibRaw's own reading of the header decides.
    public static func mayBeCameraRaw(_ data: Data) -> Bool {
        let b = ByteReader(data.prefix(32))
        return b.starts(with: [0x49, 0x49, 0x2A, 0x00]) || b.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
            || b.starts(with: Array("IIRO".utf8)) || b.starts(with: Array("IIRS".utf8)) || b.starts(with: Array("MMOR".utf8))
            || b.starts(with: [0x49, 0x49, 0x55, 0x00])
            || (b.matches(Array("ftyp".utf8), at: 4) && b.matches(Array("crx ".utf8), at: 8))
            || b.starts(with: Array("FUJIFILMCCD-RAW".utf8))
    }

    /// Whether the bytes end where the format says an image ends (JPEG's EOI marker, PNG's IEND chunk, WebP's RIFF
    /// length): a cheap test that a transfer was not cut short, before bytes are kept in the cache.
    public static func looksComplete(_ data: Data, format: ImageFormat) -> Bool {
        switch format {
        case .jpeg:
            // Some encoders pad after EOI; allow a little.
            let tail = Array(data.suffix(64))
            return zip(tail, tail.dropFirst()).contains { $0 == 0xFF && $1 == 0xD9 }
        case .png:
            return data.count >= 12 && ByteReader(data.suffix(8)).matches(Array("IEND".utf8), at: 0)
        case .webp:
            guard let size = ByteReader(data.prefix(8)).u32le(at: 4) else { return false }
            return Int(size) + 8 <= data.count
        case .heic, .avif:
            // Every top-level box ends within the bytes (the last one, `mdat`, holds the picture).
            let b = ByteReader(data)
            var offset = 0
            while offset + 8 <= data.count {
                guard let size = b.u32be(at: offset) else { return false }
                if size == 0 { return true }  // the last box runs to the end of the file
                guard size >= 8 else { return false }
                offset += Int(size)
            }
            return offset == data.count
        case .jxl, .raw:
            // Neither says where it ends without walking it all; their decoders report a short file.
            return true
        }
    }

    private static func readPNG(_ b: ByteReader) throws -> ImageHeader {
        // Signature, then IHDR must come first: length 13, type, width, height (big-endian, 1…2^31−1).
        guard b.u32be(at: 8) == 13, b.matches(Array("IHDR".utf8), at: 12),
              let w = b.u32be(at: 16), let h = b.u32be(at: 20), let depth = b.byte(at: 24), let color = b.byte(at: 25)
        else { throw ImageRefusal.malformedHeader(.png, "no IHDR chunk") }
        guard w > 0, h > 0, w < 1 << 31, h < 1 << 31 else {
            throw ImageRefusal.malformedHeader(.png, "size \(w)x\(h)")
        }
        guard [1, 2, 4, 8, 16].contains(depth), [0, 2, 3, 4, 6].contains(color) else {
            throw ImageRefusal.malformedHeader(.png, "bit depth \(depth), colour type \(color)")
        }
        return ImageHeader(format: .png, width: Int(w), height: Int(h))
    }

    private static func readWebP(_ b: ByteReader) throws -> ImageHeader {
        // RIFF container: "VP8 " (lossy), "VP8L" (lossless) or "VP8X" (extended) is the first chunk.
        guard let chunk = b.string(at: 12, length: 4) else { throw ImageRefusal.malformedHeader(.webp, "no chunk") }
        let data = 20
        switch chunk {
        case "VP8 ":
            // Frame tag (3 bytes), start code 9D 01 2A, then 14-bit width and height.
            guard b.matches([0x9D, 0x01, 0x2A], at: data + 3), let w = b.u16le(at: data + 6), let h = b.u16le(at: data + 8)
            else { throw ImageRefusal.malformedHeader(.webp, "no VP8 start code") }
            return try webp(Int(w & 0x3FFF), Int(h & 0x3FFF))
        case "VP8L":
            guard b.byte(at: data) == 0x2F, let bits = b.u32le(at: data + 1) else {
                throw ImageRefusal.malformedHeader(.webp, "no VP8L signature")
            }
            return try webp(Int(bits & 0x3FFF) + 1, Int((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            guard let flags = b.byte(at: data), let w = b.u24le(at: data + 4), let h = b.u24le(at: data + 7) else {
                throw ImageRefusal.malformedHeader(.webp, "short VP8X chunk")
            }
            if flags & 0x02 != 0 { throw ImageRefusal.unsupportedFormat("Animated WebP") }
            return try webp(Int(w) + 1, Int(h) + 1)
        default:
            throw ImageRefusal.malformedHeader(.webp, "unknown first chunk")
        }
    }

    private static func webp(_ w: Int, _ h: Int) throws -> ImageHeader {
        guard w > 0, h > 0 else { throw ImageRefusal.malformedHeader(.webp, "size \(w)x\(h)") }
        return ImageHeader(format: .webp, width: w, height: h)
    }

    /// A name for the refusal message: the formats SDL_image (and browsers) know, by their magic.
    static func name(of b: ByteReader) -> String {
        if b.starts(with: Array("GIF8".utf8)) { return "GIF" }
        if b.starts(with: [0x49, 0x49, 0x2A, 0x00]) || b.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return "TIFF" }
        if b.starts(with: Array("BM".utf8)) { return "BMP" }
        if b.starts(with: Array("gimp xcf".utf8)) { return "XCF" }
        if b.starts(with: Array("/* XPM */".utf8)) { return "XPM" }
        if b.starts(with: Array("FORM".utf8)) { return "LBM" }
        if b.starts(with: Array("qoif".utf8)) { return "QOI" }
        if b.starts(with: [0x00, 0x00, 0x01, 0x00]) { return "ICO" }
        if b.starts(with: [0x0A]) { return "PCX" }
        if b.starts(with: [0xFF, 0x0A]) || b.matches(Array("JXL ".utf8), at: 4) { return "JPEG XL" }
        if b.matches(Array("ftyp".utf8), at: 4) { return "ISO media of another brand (a video?)" }
        if b.starts(with: [0x50]), let second = b.byte(at: 1), (0x31...0x37).contains(second) { return "PNM" }
        let text = String(decoding: b.bytes(0..<min(512, b.count)), as: UTF8.self).lowercased()
        if text.contains("<svg") { return "SVG" }
        if text.contains("<html") || text.contains("<!doctype") { return "HTML" }
        if text.hasPrefix("<?xml") { return "XML" }
        return "Unknown data"
    }
}

/// Bounds-checked reads from bytes: every accessor returns nil past the end instead of trapping. The bytes are a
/// `Data` read where it lies: a photo's header was read from a copy of up to `ImageHeaderReader.searchLimit` of it (a
/// whole camera file, copied for each decode to read a few hundred bytes).
struct ByteReader {
    /// The bytes, from `data.startIndex` (a slice of a file's `Data` keeps the file's indices).
    private let data: Data
    init(_ bytes: [UInt8]) { data = Data(bytes) }
    init(_ data: Data) { self.data = data }

    var count: Int { data.count }
    func byte(at i: Int) -> UInt8? { i >= 0 && i < data.count ? data[data.startIndex + i] : nil }
    func starts(with prefix: [UInt8]) -> Bool { matches(prefix, at: 0) }
    func matches(_ expected: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset + expected.count <= data.count else { return false }
        let start = data.startIndex + offset
        for (i, e) in expected.enumerated() where data[start + i] != e { return false }
        return true
    }
    func string(at offset: Int, length: Int) -> String? {
        guard offset >= 0, length >= 0, offset + length <= data.count else { return nil }
        return String(decoding: bytes(offset..<offset + length), as: UTF8.self)
    }
    /// The bytes of `range` (counted from the first), which must lie within them.
    func bytes(_ range: Range<Int>) -> [UInt8] {
        Array(data[data.startIndex + range.lowerBound..<data.startIndex + range.upperBound])
    }
    func u16be(at i: Int) -> UInt16? {
        guard let a = byte(at: i), let b = byte(at: i + 1) else { return nil }
        return UInt16(a) << 8 | UInt16(b)
    }
    func u16le(at i: Int) -> UInt16? {
        guard let a = byte(at: i), let b = byte(at: i + 1) else { return nil }
        return UInt16(b) << 8 | UInt16(a)
    }
    func u24le(at i: Int) -> UInt32? {
        guard let a = byte(at: i), let b = byte(at: i + 1), let c = byte(at: i + 2) else { return nil }
        return UInt32(c) << 16 | UInt32(b) << 8 | UInt32(a)
    }
    func u32be(at i: Int) -> UInt32? {
        guard let hi = u16be(at: i), let lo = u16be(at: i + 2) else { return nil }
        return UInt32(hi) << 16 | UInt32(lo)
    }
    func u32le(at i: Int) -> UInt32? {
        guard let lo = u16le(at: i), let hi = u16le(at: i + 2) else { return nil }
        return UInt32(hi) << 16 | UInt32(lo)
    }
}
