/// Where a file's EXIF orientation (tag 0x0112 in IFD0) is written, so it can be read and rewritten in place: two
/// bytes, in the TIFF block's byte order. Rewriting changes nothing else in the file (no offset moves), which is what
/// makes it safe on any EXIF block, however odd the rest of it is. Every offset is checked against the bytes.
public struct OrientationTag: Equatable, Sendable {
    /// Offset of the value's two bytes in the file.
    public let offset: Int
    public let littleEndian: Bool
    /// What it says now (a value outside 1…8 reads as nil: the file is then turned from upright).
    public let value: ExifOrientation?

    /// The tag in a JPEG's first APP1 "Exif" segment, if there is one with an orientation tag (SHORT, count 1).
    public static func inJPEG(_ bytes: [UInt8]) -> OrientationTag? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var i = 2
        while i + 4 <= bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1]
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
            if marker == 0xFF { i += 1; continue }  // fill bytes
            if marker == 0xDA || marker == 0xD9 { return nil }  // scan data: no more header segments
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length >= 2 else { return nil }
            let body = i + 4, end = min(bytes.count, i + 2 + length)
            if marker == 0xE1, end - body >= 14, Array(bytes[body..<body + 6]) == Array("Exif".utf8) + [0, 0],
               let tag = inTIFF(bytes, at: body + 6, end: end) {
                return tag
            }
            i += 2 + length
        }
        return nil
    }

    /// The tag in a TIFF block (an EXIF block's body) starting at `start`, ending at `end`.
    public static func inTIFF(_ bytes: [UInt8], at start: Int, end: Int) -> OrientationTag? {
        let end = min(end, bytes.count)
        guard start >= 0, start + 8 <= end else { return nil }
        let little: Bool
        switch (bytes[start], bytes[start + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ i: Int) -> Int? {
            guard i >= 0, i + 2 <= end else { return nil }
            return little ? Int(bytes[i]) | Int(bytes[i + 1]) << 8 : Int(bytes[i]) << 8 | Int(bytes[i + 1])
        }
        func u32(_ i: Int) -> Int? {
            guard let a = u16(i), let b = u16(i + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard u16(start + 2) == 42, let ifd = u32(start + 4), ifd >= 8, let count = u16(start + ifd) else { return nil }
        for e in 0..<min(count, 512) {
            let entry = start + ifd + 2 + 12 * e
            guard let tag = u16(entry) else { return nil }
            guard tag == 0x0112 else { continue }
            // SHORT, one value, kept in the first two bytes of the value field.
            guard u16(entry + 2) == 3, u32(entry + 4) == 1, let value = u16(entry + 8) else { return nil }
            return OrientationTag(offset: entry + 8, littleEndian: little, value: ExifOrientation(rawValue: value))
        }
        return nil
    }

    /// Writes `orientation` into the tag's two bytes.
    public func write(_ orientation: ExifOrientation, into bytes: inout [UInt8]) {
        guard offset >= 0, offset + 2 <= bytes.count else { return }
        let v = UInt8(orientation.rawValue)
        bytes[offset] = littleEndian ? v : 0
        bytes[offset + 1] = littleEndian ? 0 : v
    }
}
