/// Walks a JPEG's marker segments up to its first scan: the frame header (SOFn) gives size, sampling and whether
/// it is progressive; an APP1 "Exif" segment gives the orientation. Every length is checked against the bytes.
enum JPEGHeader {
    static func read(_ b: ByteReader) throws -> ImageHeader {
        var i = 2  // after SOI
        var orientation = ExifOrientation.up
        var exif: ExifInfo?
        while i < b.count {
            // Markers may be preceded by any number of 0xFF fill bytes.
            guard b.byte(at: i) == 0xFF else { throw ImageRefusal.malformedHeader(.jpeg, "no marker at byte \(i)") }
            while b.byte(at: i) == 0xFF { i += 1 }
            guard let marker = b.byte(at: i) else { break }
            i += 1
            // Standalone markers carry no length.
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }
            if marker == 0xD9 || marker == 0xDA { break }  // end of image or start of scan: no frame header came
            guard let length = b.u16be(at: i), length >= 2, i + Int(length) <= b.count else {
                throw ImageRefusal.malformedHeader(.jpeg, "segment runs past the data")
            }
            let body = i + 2, bodyLength = Int(length) - 2
            switch marker {
            case 0xE1:
                if exif == nil, let info = ExifInfo.read(from: b, at: body, length: bodyLength) {
                    exif = info
                    if let o = info.orientation { orientation = o }
                }
            case 0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF:
                var header = try frame(b, at: body, length: bodyLength)
                header.progressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(marker)
                header.orientation = orientation
                header.taken = exif?.taken
                header.camera = exif?.camera
                // The EXIF segment comes before the frame in every file seen; look on for one that does not.
                if orientation == .up { header.orientation = laterOrientation(b, from: i + Int(length)) ?? .up }
                header.interest = exif?.subjectArea.flatMap {
                    CentreOfInterest.subjectArea($0, width: header.width, height: header.height, orientation: header.orientation)
                }
                return header
            default:
                break
            }
            i += Int(length)
        }
        throw ImageRefusal.malformedHeader(.jpeg, "no frame header before the image data")
    }

    /// SOFn: precision, height, width, components (id, sampling factors, table).
    private static func frame(_ b: ByteReader, at i: Int, length: Int) throws -> ImageHeader {
        guard length >= 6, let h = b.u16be(at: i + 1), let w = b.u16be(at: i + 3), let n = b.byte(at: i + 5),
              n >= 1, n <= 4, length >= 6 + 3 * Int(n)
        else { throw ImageRefusal.malformedHeader(.jpeg, "short frame header") }
        // A height of 0 defers it to a DNL marker after the first scan: not knowable up front, so refused.
        guard w > 0, h > 0 else { throw ImageRefusal.malformedHeader(.jpeg, "size \(w)x\(h)") }
        var sampling: [(h: Int, v: Int)] = []
        for c in 0..<Int(n) {
            let s = Int(b.byte(at: i + 6 + 3 * c + 1) ?? 0x11)
            sampling.append((max(1, s >> 4), max(1, s & 0x0F)))
        }
        let hMax = sampling.map(\.h).max() ?? 1, vMax = sampling.map(\.v).max() ?? 1
        // Coefficients: 64 per 8×8 block, 2 bytes each, every component at its own sampled size.
        var coefficients = 0
        for s in sampling {
            let cw = (Int(w) * s.h + hMax - 1) / hMax, ch = (Int(h) * s.v + vMax - 1) / vMax
            coefficients += ((cw + 7) / 8) * ((ch + 7) / 8) * 128
        }
        return ImageHeader(format: .jpeg, width: Int(w), height: Int(h), coefficientBytes: coefficients)
    }

    private static func laterOrientation(_ b: ByteReader, from start: Int) -> ExifOrientation? {
        var i = start
        while i + 4 <= b.count, b.byte(at: i) == 0xFF, let marker = b.byte(at: i + 1), marker != 0xDA {
            guard let length = b.u16be(at: i + 2), length >= 2 else { return nil }
            if marker == 0xE1, let o = ExifOrientation.read(from: b, at: i + 4, length: Int(length) - 2) { return o }
            i += 2 + Int(length)
        }
        return nil
    }
}

/// EXIF orientation (tag 0x0112): how the stored pixels must be turned to stand upright. Phones store portrait
/// photos landscape and set this instead of rotating the pixels.
public enum ExifOrientation: Int, Sendable, CaseIterable {
    case up = 1, mirrored = 2, down = 3, downMirrored = 4, leftMirrored = 5, right = 6, rightMirrored = 7, left = 8

    /// Whether the upright picture is the stored one turned a quarter: its width and height swap.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The turn as a transpose followed by flips, applied in that order (what `Surface.reoriented` does):
    /// 6 is a quarter turn clockwise = transpose then mirror left-right; 8 is a quarter turn anticlockwise.
    public var transform: (transpose: Bool, flipHorizontal: Bool, flipVertical: Bool) {
        switch self {
        case .up: return (false, false, false)
        case .mirrored: return (false, true, false)
        case .down: return (false, true, true)
        case .downMirrored: return (false, false, true)
        case .leftMirrored: return (true, false, false)
        case .right: return (true, true, false)
        case .rightMirrored: return (true, true, true)
        case .left: return (true, false, true)
        }
    }

    /// Where the upright pixel (x, y) comes from in the stored picture of `width`×`height`; the reference the
    /// transform above is tested against.
    public func storedPixel(forUprightX x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch self {
        case .up: return (x, y)
        case .mirrored: return (width - 1 - x, y)
        case .down: return (width - 1 - x, height - 1 - y)
        case .downMirrored: return (x, height - 1 - y)
        case .leftMirrored: return (y, x)
        case .right: return (y, height - 1 - x)
        case .rightMirrored: return (width - 1 - y, height - 1 - x)
        case .left: return (width - 1 - y, x)
        }
    }

    /// Reads the orientation from an APP1 segment's body ("Exif\0\0", then a TIFF header and IFD0), or nil if it
    /// is not EXIF or holds no valid orientation.
    static func read(from b: ByteReader, at start: Int, length: Int) -> ExifOrientation? {
        ExifInfo.read(from: b, at: start, length: length)?.orientation
    }
}
