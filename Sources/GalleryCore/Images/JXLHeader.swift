import Foundation

/// The header of a JPEG XL file, read without decoding anything: either a bare codestream (`FF 0A`) or the ISOBMFF
/// container (a `JXL ` signature box, then boxes, the codestream in one `jxlc` box or split over `jxlp` boxes). From
/// the codestream's SizeHeader and the start of its ImageMetadata (ISO/IEC 18181-1, A.2 and A.6): the size as stored,
/// the orientation (applied by `ImageDecoder`, libjxl is told to keep it) and whether it is an animation; from a
/// container's `Exif` box before the codestream, the date taken and the camera (its orientation is the codestream's,
/// never EXIF's). Bit reads are bounds-checked; nothing is allocated in proportion to what the header claims.
public enum JXLHeader {
    /// The container's signature box: size 12, type "JXL ", then 0D 0A 87 0A.
    static let containerSignature: [UInt8] = [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]

    /// Whether the bytes start as a JPEG XL codestream or container.
    static func recognises(_ b: ByteReader) -> Bool {
        b.starts(with: [0xFF, 0x0A]) || b.starts(with: containerSignature)
    }

    /// The size, orientation and animation flag; throws `malformedHeader(.jxl, …)` when the bytes do not hold them.
    static func read(_ b: ByteReader) throws -> ImageHeader {
        let (start, exif) = try codestreamStart(b)
        var bits = BitReader(b, from: start + 2)
        guard let size = bits.sizeHeader() else { throw ImageRefusal.malformedHeader(.jxl, "short SizeHeader") }
        guard size.width > 0, size.height > 0, size.width < 1 << 30, size.height < 1 << 30 else {
            throw ImageRefusal.malformedHeader(.jxl, "size \(size.width)x\(size.height)")
        }
        var header = ImageHeader(format: .jxl, width: size.width, height: size.height)
        header.taken = exif?.taken
        header.camera = exif?.camera
        // ImageMetadata: all_default, then (extra_fields) orientation, intrinsic size, preview, animation.
        guard let allDefault = bits.bool() else { throw ImageRefusal.malformedHeader(.jxl, "short ImageMetadata") }
        if allDefault { return header }
        guard let extra = bits.bool() else { throw ImageRefusal.malformedHeader(.jxl, "short ImageMetadata") }
        if !extra { return header }
        guard let orientation = bits.bits(3), let hasIntrinsic = bits.bool(),
              !hasIntrinsic || bits.sizeHeader() != nil, let hasPreview = bits.bool(),
              !hasPreview || bits.skipPreviewHeader(), let animated = bits.bool()
        else { throw ImageRefusal.malformedHeader(.jxl, "short ImageMetadata") }
        header.orientation = ExifOrientation(rawValue: orientation + 1) ?? .up
        header.animated = animated
        return header
    }

    /// Where the codestream's `FF 0A` is: at 0 for a bare codestream, else inside the first `jxlc` or `jxlp` box;
    /// and what an `Exif` box before it says.
    private static func codestreamStart(_ b: ByteReader) throws -> (Int, ExifInfo?) {
        if b.starts(with: [0xFF, 0x0A]) { return (0, nil) }
        var offset = containerSignature.count
        var exif: ExifInfo?
        for _ in 0..<64 {
            guard let size32 = b.u32be(at: offset), let type = b.string(at: offset + 4, length: 4) else { break }
            var headerLength = 8
            var size = Int(size32)
            if size32 == 1 {
                // A 64-bit size follows the type.
                guard let high = b.u32be(at: offset + 8), let low = b.u32be(at: offset + 12), high < 1 << 20 else { break }
                size = Int(high) << 32 | Int(low)
                headerLength = 16
            }
            let body = offset + headerLength
            switch type {
            case "jxlc": return (try signature(b, at: body), exif)
            case "jxlp": return (try signature(b, at: body + 4), exif)  // a 4-byte part index comes first
            case "Exif" where size32 != 0 && size > headerLength + 4:
                // A 4-byte offset to the TIFF header, then the TIFF data: read as a JPEG's APP1 body would be.
                if let skip = b.u32be(at: body), skip < 1 << 16 {
                    let tiff = body + 4 + Int(skip), end = min(offset + size, b.count, tiff + 65_536)
                    if tiff < end {
                        let segment = ByteReader(Array("Exif".utf8) + [0, 0] + b.bytes(tiff..<end))
                        exif = ExifInfo.read(from: segment, at: 0, length: segment.count)
                    }
                }
            default: break
            }
            // A box of size 0 runs to the end of the file: no codestream box comes after it.
            guard size32 != 0, size >= headerLength else { break }
            offset += size
        }
        throw ImageRefusal.malformedHeader(.jxl, "no codestream box")
    }

    private static func signature(_ b: ByteReader, at offset: Int) throws -> Int {
        guard b.matches([0xFF, 0x0A], at: offset) else { throw ImageRefusal.malformedHeader(.jxl, "no codestream signature") }
        return offset
    }
}

/// Reads a JPEG XL header's bits, least significant first within each byte; nil past the end.
struct BitReader {
    private let b: ByteReader
    private var position: Int

    init(_ b: ByteReader, from byte: Int) { self.b = b; position = byte * 8 }

    mutating func bits(_ n: Int) -> Int? {
        var value = 0
        for i in 0..<n {
            guard let byte = b.byte(at: position >> 3) else { return nil }
            value |= Int((byte >> UInt8(position & 7)) & 1) << i
            position += 1
        }
        return value
    }

    mutating func bool() -> Bool? { bits(1).map { $0 == 1 } }

    /// U32(): a 2-bit selector picks one of four distributions, each (offset, bits to read).
    mutating func u32(_ d: [(offset: Int, bits: Int)]) -> Int? {
        guard let selector = bits(2) else { return nil }
        let (offset, n) = d[selector]
        return bits(n).map { offset + $0 }
    }

    /// SizeHeader (also an intrinsic size): width and height.
    mutating func sizeHeader() -> (width: Int, height: Int)? {
        let sides: [(offset: Int, bits: Int)] = [(1, 9), (1, 13), (1, 18), (1, 30)]
        guard let small = bool() else { return nil }
        let height: Int
        if small { guard let h = bits(5) else { return nil }; height = 8 * (h + 1) }
        else { guard let h = u32(sides) else { return nil }; height = h }
        guard let ratio = bits(3) else { return nil }
        if ratio != 0 { return (BitReader.width(height: height, ratio: ratio), height) }
        if small { return bits(5).map { (8 * ($0 + 1), height) } }
        return u32(sides).map { ($0, height) }
    }

    /// PreviewHeader, read past (its size is not used).
    mutating func skipPreviewHeader() -> Bool {
        guard let div8 = bool() else { return false }
        let byEight: [(offset: Int, bits: Int)] = [(16, 0), (32, 0), (1, 5), (33, 9)]
        let plain: [(offset: Int, bits: Int)] = [(1, 6), (65, 8), (321, 10), (1345, 12)]
        guard u32(div8 ? byEight : plain) != nil, let ratio = bits(3) else { return false }
        return ratio != 0 || u32(div8 ? byEight : plain) != nil
    }

    /// The fixed aspect ratios (1:1, 12:10, 4:3, 3:2, 16:9, 5:4, 2:1): width from height, rounded down.
    static func width(height: Int, ratio: Int) -> Int {
        let ratios = [(1, 1), (12, 10), (4, 3), (3, 2), (16, 9), (5, 4), (2, 1)]
        let (num, den) = ratios[max(0, min(6, ratio - 1))]
        return height * num / den
    }
}
