import Foundation

/// A minimal, valid DNG made for the tests (no tool here writes one): a little-endian TIFF whose IFD0 is an
/// uncompressed 16-bit RGGB mosaic of one flat colour with the tags LibRaw needs (DNGVersion, the CFA pattern, white
/// level, a colour matrix that makes the camera's RGB linear sRGB, neutral as shot), the camera's make and model, the
/// date, the orientation, and optionally a JPEG preview in a SubIFD (NewSubFileType 1, JPEG compression).
public enum DNGSample {
    /// `mosaic`: the flat colour's 16-bit values (red, green, blue photosites); `rightHalf`: another for the right
    /// half (to see a turn). `previewJPEG`: the preview's bytes and size, or none (the half-size decode is the only
    /// picture).
    public static func make(width: Int, height: Int, mosaic: (r: UInt16, g: UInt16, b: UInt16),
                            rightHalf: (r: UInt16, g: UInt16, b: UInt16)? = nil,
                            previewJPEG: (data: Data, width: Int, height: Int)? = nil, orientation: UInt16 = 1,
                            date: String = "2024:06:01 14:03:22", make: String = "Tessera", model: String = "Test DNG")
        -> Data {
        var file = TIFFWriter()
        // The mosaic first (its place is known once the IFDs are laid out; here it simply follows the header).
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 2)
        for y in 0..<height {
            for x in 0..<width {
                let c = x >= width / 2 ? rightHalf ?? mosaic : mosaic
                let v = y % 2 == 0 ? (x % 2 == 0 ? c.r : c.g) : (x % 2 == 0 ? c.g : c.b)
                pixels.append(UInt8(v & 0xFF)); pixels.append(UInt8(v >> 8))
            }
        }
        let rawOffset = file.append(pixels)
        let previewOffset = previewJPEG.map { file.append(Array($0.data)) }
        let makeAt = file.append(ascii(make)), modelAt = file.append(ascii(model)), dateAt = file.append(ascii(date))
        let uniqueAt = file.append(ascii(make + " " + model))
        // XYZ (D65) to linear sRGB, in ten-thousandths: the camera's RGB is sRGB's.
        let matrix: [Int32] = [32406, -15372, -4986, -9689, 18758, 415, 557, -2040, 10570]
        let matrixAt = file.append(matrix.flatMap { le32(UInt32(bitPattern: $0)) + le32(10000) })
        let neutralAt = file.append((0..<3).flatMap { _ in le32(1) + le32(1) })
        var previewIFD: Int?
        if let preview = previewJPEG, let previewOffset {
            // Three BitsPerSample values take six bytes: stored apart (LibRaw counts the samples by them).
            let bitsAt = file.append([8, 0, 8, 0, 8, 0])
            previewIFD = file.appendIFD([
                .long(254, 1), .long(256, UInt32(preview.width)), .long(257, UInt32(preview.height)),
                .offset(258, type: 3, count: 3, at: bitsAt), .short(259, 7), .short(262, 6), .long(273, UInt32(previewOffset)),
                .short(277, 3), .long(278, UInt32(preview.height)), .long(279, UInt32(preview.data.count)),
            ])
        }
        var tags: [TIFFWriter.Entry] = [
            .long(254, 0), .long(256, UInt32(width)), .long(257, UInt32(height)), .short(258, 16), .short(259, 1),
            .short(262, 32803), .offset(271, type: 2, count: make.utf8.count + 1, at: makeAt),
            .offset(272, type: 2, count: model.utf8.count + 1, at: modelAt), .long(273, UInt32(rawOffset)),
            .short(274, orientation), .short(277, 1), .long(278, UInt32(height)), .long(279, UInt32(pixels.count)),
            .offset(306, type: 2, count: date.utf8.count + 1, at: dateAt),
            .shorts(33421, [2, 2]), .bytes(33422, [0, 1, 1, 2]), .bytes(50706, [1, 4, 0, 0]), .bytes(50707, [1, 1, 0, 0]),
            .offset(50708, type: 2, count: make.utf8.count + model.utf8.count + 2, at: uniqueAt),
            .long(50717, 65535), .offset(50721, type: 10, count: 9, at: matrixAt),
            .offset(50728, type: 5, count: 3, at: neutralAt), .short(50778, 21),
        ]
        if let previewIFD { tags.append(.long(330, UInt32(previewIFD))) }
        let ifd0 = file.appendIFD(tags)
        file.setFirstIFD(ifd0)
        return Data(file.bytes)
    }

    static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) + [0] }
    static func le32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
}

/// A little-endian TIFF built front to back: blobs, then IFDs pointing at them; the header's first IFD set last.
struct TIFFWriter {
    private(set) var bytes: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0, 0, 0, 0]

    enum Entry {
        case short(UInt16, UInt16), long(UInt16, UInt32), shorts(UInt16, [UInt16]), bytes(UInt16, [UInt8])
        /// A value stored elsewhere: its type, count and offset.
        case offset(UInt16, type: UInt16, count: Int, at: Int)

        var tag: UInt16 {
            switch self {
            case .short(let t, _), .long(let t, _), .shorts(let t, _), .bytes(let t, _), .offset(let t, _, _, _): return t
            }
        }
    }

    /// Appends `blob` at an even offset; where it starts.
    mutating func append(_ blob: [UInt8]) -> Int {
        if bytes.count % 2 == 1 { bytes.append(0) }
        let at = bytes.count
        bytes += blob
        return at
    }

    /// Appends an IFD (entries sorted by tag, no next IFD); where it starts. Values of four bytes or fewer inline.
    mutating func appendIFD(_ entries: [Entry]) -> Int {
        if bytes.count % 2 == 1 { bytes.append(0) }
        let at = bytes.count
        let sorted = entries.sorted { $0.tag < $1.tag }
        bytes += le16(UInt16(sorted.count))
        for entry in sorted {
            bytes += le16(entry.tag)
            switch entry {
            case .short(_, let v): bytes += le16(3) + DNGSample.le32(1) + le16(v) + [0, 0]
            case .long(_, let v): bytes += le16(4) + DNGSample.le32(1) + DNGSample.le32(v)
            case .shorts(_, let vs):
                precondition(vs.count <= 2)
                bytes += le16(3) + DNGSample.le32(UInt32(vs.count)) + vs.flatMap(le16) + Array(repeating: 0, count: 4 - 2 * vs.count)
            case .bytes(_, let vs):
                precondition(vs.count <= 4)
                bytes += le16(1) + DNGSample.le32(UInt32(vs.count)) + vs + Array(repeating: 0, count: 4 - vs.count)
            case .offset(_, let type, let count, let offset):
                bytes += le16(type) + DNGSample.le32(UInt32(count)) + DNGSample.le32(UInt32(offset))
            }
        }
        bytes += DNGSample.le32(0)
        return at
    }

    mutating func setFirstIFD(_ offset: Int) {
        let v = DNGSample.le32(UInt32(offset))
        bytes.replaceSubrange(4..<8, with: v)
    }

    private func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
}
