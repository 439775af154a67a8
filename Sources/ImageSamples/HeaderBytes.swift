import Foundation

/// Image headers built byte by byte, so a test (or the fixture's hostile mode) states exactly what a file claims.
public enum HeaderBytes {
    public static func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    public static func be32(_ v: Int) -> [UInt8] { be16(v >> 16) + be16(v & 0xFFFF) }
    public static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    public static func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16) }

    /// An APP1 EXIF segment holding only an orientation tag.
    public static func exif(orientation: Int, bigEndian: Bool) -> [UInt8] {
        let u16 = bigEndian ? be16 : le16, u32 = bigEndian ? be32 : le32
        var tiff: [UInt8] = bigEndian ? [0x4D, 0x4D, 0x00, 0x2A] : [0x49, 0x49, 0x2A, 0x00]
        tiff += u32(8) + u16(2)
        tiff += u16(0x010F) + u16(2) + u32(4) + [0x41, 0x42, 0x43, 0]  // Make "ABC": another tag first
        tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + [0, 0]
        tiff += u32(0)
        let body = Array("Exif".utf8) + [0, 0] + tiff
        return [0xFF, 0xE1] + be16(body.count + 2) + body
    }

    /// An APP1 EXIF segment as cameras write it: IFD0 with make, model and orientation, and an Exif sub-IFD with
    /// DateTimeOriginal ("YYYY:MM:DD HH:MM:SS"), the strings stored after the IFDs.
    public static func exif(orientation: Int = 1, taken: String?, make: String?, model: String?,
                            bigEndian: Bool = false) -> [UInt8] {
        let u16 = bigEndian ? be16 : le16, u32 = bigEndian ? be32 : le32
        var tiff: [UInt8] = bigEndian ? [0x4D, 0x4D, 0x00, 0x2A] : [0x49, 0x49, 0x2A, 0x00]
        let ifd0Entries = 4, exifAt = 8 + 2 + 12 * ifd0Entries + 4
        var dataAt = exifAt + 2 + 12 + 4
        var data: [UInt8] = []
        func ascii(_ tag: Int, _ text: String) -> [UInt8] {
            let bytes = Array(text.utf8) + [0]
            let entry = u16(tag) + u16(2) + u32(bytes.count) + (bytes.count <= 4
                ? bytes + [UInt8](repeating: 0, count: 4 - bytes.count) : u32(dataAt + data.count))
            if bytes.count > 4 { data += bytes }
            return entry
        }
        tiff += u32(8) + u16(ifd0Entries)
        tiff += ascii(0x010F, make ?? "")
        tiff += ascii(0x0110, model ?? "")
        tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + [0, 0]
        tiff += u16(0x8769) + u16(4) + u32(1) + u32(exifAt)
        tiff += u32(0)
        tiff += u16(1) + ascii(0x9003, taken ?? "") + u32(0)
        dataAt = tiff.count
        tiff += data
        let body = Array("Exif".utf8) + [0, 0] + tiff
        return [0xFF, 0xE1] + be16(body.count + 2) + body
    }

    /// A real JPEG with a camera's EXIF segment put right after its SOI marker.
    public static func withExif(_ jpeg: Data, orientation: Int = 1, taken: String?, make: String? = nil,
                                model: String? = nil) -> Data {
        Data(jpeg.prefix(2)) + Data(exif(orientation: orientation, taken: taken, make: make, model: model))
            + Data(jpeg.dropFirst(2))
    }

    public static func jpeg(width: Int, height: Int, progressive: Bool = false, orientation: Int? = nil,
                     bigEndianExif: Bool = false, sampling: UInt8 = 0x22) -> Data {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xE0] + be16(16) + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        if let orientation { bytes += exif(orientation: orientation, bigEndian: bigEndianExif) }
        let sof: [UInt8] = [8] + be16(height) + be16(width) + [3, 1, sampling, 0, 2, 0x11, 1, 3, 0x11, 1]
        bytes += [0xFF, progressive ? 0xC2 : 0xC0] + be16(sof.count + 2) + sof
        bytes += [0xFF, 0xDA] + be16(8) + [1, 1, 0, 0, 63, 0]
        return Data(bytes + [0x12, 0x34, 0xFF, 0xD9])
    }

    public static func png(width: Int, height: Int) -> Data {
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8) + be32(width)
             + be32(height) + [8, 6, 0, 0, 0] + [0, 0, 0, 0] + be32(0) + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82])
    }

    public static func webp(chunk: String, payload: [UInt8]) -> Data {
        let body = Array("WEBP".utf8) + Array(chunk.utf8) + le32(payload.count) + payload
        return Data(Array("RIFF".utf8) + le32(body.count) + body)
    }

    public static func webpLossy(width: Int, height: Int) -> Data {
        webp(chunk: "VP8 ", payload: [0, 0, 0, 0x9D, 0x01, 0x2A] + le16(width) + le16(height) + [0, 0])
    }

    public static func webpLossless(width: Int, height: Int) -> Data {
        let bits = (width - 1) | (height - 1) << 14
        return webp(chunk: "VP8L", payload: [0x2F] + le32(bits) + [0, 0, 0])
    }

    public static func webpExtended(width: Int, height: Int, animated: Bool = false) -> Data {
        let w = width - 1, h = height - 1
        return webp(chunk: "VP8X", payload: [animated ? 0x02 : 0, 0, 0, 0] + [UInt8(w & 0xFF), UInt8(w >> 8 & 0xFF),
                    UInt8(w >> 16)] + [UInt8(h & 0xFF), UInt8(h >> 8 & 0xFF), UInt8(h >> 16)])
    }
}


extension HeaderBytes {
    /// A real JPEG with an EXIF orientation segment put right after its SOI marker.
    public static func withOrientation(_ jpeg: Data, _ orientation: Int) -> Data {
        Data(jpeg.prefix(2)) + Data(exif(orientation: orientation, bigEndian: false)) + Data(jpeg.dropFirst(2))
    }
}

extension HeaderBytes {
    /// An ISO base media box.
    public static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { be32(8 + payload.count) + Array(type.utf8) + payload }

    /// The boxes of a HEIF (or AVIF) file up to its picture: `ftyp`, then `meta` with the primary item (1), its
    /// properties (`ispe`, and `irot`/`imir` when given) and their association; `moov` makes it a sequence of
    /// `frames` samples; `mdat` holds `pictureBytes` zeros.
    public static func heif(brand: String = "heic", width: Int, height: Int, rotation: Int? = nil, mirror: Int? = nil,
                            frames: Int? = nil, pictureBytes: Int = 16) -> Data {
        var bytes = box("ftyp", Array(brand.utf8) + be32(0) + Array("mif1".utf8) + Array(brand.utf8))
        var properties = box("ispe", be32(0) + be32(width) + be32(height))
        var indices: [UInt8] = [0x81]
        if let rotation { properties += box("irot", [UInt8(rotation & 3)]); indices.append(0x82) }
        if let mirror { properties += box("imir", [UInt8(mirror & 1)]); indices.append(UInt8(0x80 | indices.count + 1)) }
        let ipma = box("ipma", be32(0) + be32(1) + be16(1) + [UInt8(indices.count)] + indices)
        let iprp = box("iprp", box("ipco", properties) + ipma)
        let pitm = box("pitm", be32(0) + be16(1))
        let hdlr = box("hdlr", be32(0) + be32(0) + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
        bytes += box("meta", be32(0) + hdlr + pitm + iprp)
        if let frames {
            // A track whose sample table claims `frames` samples (the sizes are not listed: a header, not a film).
            let stsz = box("stsz", be32(0) + be32(100) + be32(frames))
            bytes += box("moov", box("trak", box("mdia", box("minf", box("stbl", stsz)))))
        }
        bytes += box("mdat", [UInt8](repeating: 0, count: pictureBytes))
        return Data(bytes)
    }
}
