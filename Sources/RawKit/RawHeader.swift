import Foundation
import GalleryCore
#if canImport(Glibc)
import Glibc
#endif

extension ImageHeader {
    /// A camera RAW's header from LibRaw's metadata: the visible size as stored, the orientation (LibRaw's flip as
    /// EXIF's), the date taken in EXIF's words, the camera, and the preview's size when the file says it.
    public init(raw m: RawFile.Metadata) {
        self.init(format: .raw, width: m.width, height: m.height, orientation: ImageHeader.orientation(flip: m.flip))
        taken = m.timestamp.map(ImageHeader.exifDate(localTime:))
        camera = ExifInfo(make: m.make.isEmpty ? nil : m.make, model: m.model.isEmpty ? nil : m.model).camera
        if m.previewWidth > 0, m.previewHeight > 0 { preview = PixelSize(width: m.previewWidth, height: m.previewHeight) }
    }

    /// dcraw's flip codes (bit 4: transpose, 2: upside down, 1: mirrored) as EXIF orientations; dcraw made them from
    /// EXIF with "50132467"[orientation & 7].
    static func orientation(flip: Int) -> ExifOrientation {
        let exif = [0: 1, 1: 2, 3: 3, 2: 4, 4: 5, 6: 6, 7: 7, 5: 8][flip & 7] ?? 1
        return ExifOrientation(rawValue: exif) ?? .up
    }

    /// LibRaw turned the EXIF date into seconds with `mktime` (local time): `localtime_r` gives its words back.
    static func exifDate(localTime seconds: Int) -> String {
        var t = time_t(seconds)
        var parts = tm()
        localtime_r(&t, &parts)
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(parts.tm_year + 1900):\(two(parts.tm_mon + 1)):\(two(parts.tm_mday)) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }
}
