import Foundation

/// An APP1 EXIF segment as a phone writes its focus point: IFD0 with the orientation and a pointer to the Exif
/// sub-IFD, which holds SubjectArea (tag 0x9214, SHORT): two values inside the entry, three or four after the IFDs.
public enum SubjectAreaBytes {
    public static func exif(subjectArea values: [Int], orientation: Int = 1, bigEndian: Bool = false,
                            type: Int = 3, valueOffset: Int? = nil) -> [UInt8] {
        let u16 = bigEndian ? HeaderBytes.be16 : HeaderBytes.le16, u32 = bigEndian ? HeaderBytes.be32 : HeaderBytes.le32
        var tiff: [UInt8] = bigEndian ? [0x4D, 0x4D, 0x00, 0x2A] : [0x49, 0x49, 0x2A, 0x00]
        let exifAt = 8 + 2 + 12 * 2 + 4
        let dataAt = exifAt + 2 + 12 + 4
        tiff += u32(8) + u16(2)
        tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + [0, 0]
        tiff += u16(0x8769) + u16(4) + u32(1) + u32(exifAt)
        tiff += u32(0)
        let shorts = values.flatMap { u16($0) }
        tiff += u16(1) + u16(0x9214) + u16(type) + u32(values.count)
        tiff += shorts.count <= 4 ? shorts + [UInt8](repeating: 0, count: 4 - shorts.count) : u32(valueOffset ?? dataAt)
        tiff += u32(0)
        if shorts.count > 4 { tiff += shorts }
        let body = Array("Exif".utf8) + [0, 0] + tiff
        return [0xFF, 0xE1] + HeaderBytes.be16(body.count + 2) + body
    }

    /// A real JPEG with that segment put right after its SOI marker.
    public static func withSubjectArea(_ jpeg: Data, _ values: [Int], orientation: Int = 1) -> Data {
        Data(jpeg.prefix(2)) + Data(exif(subjectArea: values, orientation: orientation)) + Data(jpeg.dropFirst(2))
    }
}
