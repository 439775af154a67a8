/// What a photo's EXIF block says about it, as far as a viewer needs: how to turn it upright, when it was taken and
/// with what. Read from an APP1 "Exif" segment's body: a TIFF header, IFD0 (orientation, make, model) and the Exif
/// sub-IFD it points to (DateTimeOriginal). Every offset is checked against the segment; a damaged block yields
/// what could be read.
public struct ExifInfo: Equatable, Sendable {
    public var orientation: ExifOrientation?
    /// DateTimeOriginal (else IFD0's DateTime) as written, "YYYY:MM:DD HH:MM:SS".
    public var taken: String?
    public var make: String?
    public var model: String?
    /// SubjectArea (tag 0x9214 of the Exif sub-IFD), as stored: 2 values a point, 3 a circle (centre, diameter), 4 a
    /// rectangle (centre, width, height), in the stored picture's pixels (`CentreOfInterest.subjectArea` reads it).
    public var subjectArea: [Int]?

    public init(orientation: ExifOrientation? = nil, taken: String? = nil, make: String? = nil, model: String? = nil) {
        self.orientation = orientation; self.taken = taken; self.make = make; self.model = model
    }

    /// "Canon EOS 5D" rather than "Canon Canon EOS 5D": many makers repeat their name in the model.
    public var camera: String? {
        guard let model else { return make }
        guard let make, !model.lowercased().hasPrefix(make.lowercased().split(separator: " ").first.map(String.init) ?? make.lowercased())
        else { return model }
        return make + " " + model
    }

    /// `taken` as seconds since 1970 (the clock's own time, no zone: EXIF has none), if it is a real date.
    public var takenSeconds: Int64? { taken.flatMap(ExifInfo.seconds(fromExifDate:)) }

    static func read(from b: ByteReader, at start: Int, length: Int) -> ExifInfo? {
        guard length >= 14, b.matches(Array("Exif".utf8) + [0, 0], at: start) else { return nil }
        let tiff = start + 6, end = min(b.count, start + length)
        let little: Bool
        if b.matches([0x49, 0x49, 0x2A, 0x00], at: tiff) { little = true }
        else if b.matches([0x4D, 0x4D, 0x00, 0x2A], at: tiff) { little = false }
        else { return nil }
        func u16(_ i: Int) -> Int? { i + 2 <= end ? (little ? b.u16le(at: i) : b.u16be(at: i)).map(Int.init) : nil }
        func u32(_ i: Int) -> Int? { i + 4 <= end ? (little ? b.u32le(at: i) : b.u32be(at: i)).map(Int.init) : nil }
        /// An ASCII value (type 2): in the entry itself when 4 bytes or fewer, else at an offset from the TIFF start.
        func ascii(_ entry: Int) -> String? {
            guard u16(entry + 2) == 2, let count = u32(entry + 4), count > 0, count <= 256 else { return nil }
            let at = count <= 4 ? entry + 8 : tiff + (u32(entry + 8) ?? Int.max / 2)
            guard at >= tiff, at + count <= end, let raw = b.string(at: at, length: count) else { return nil }
            let text = ExternalText.clean(String(raw.prefix { $0 != "\0" }), maxCharacters: 64)
            return text.isEmpty ? nil : text
        }
        func entries(_ ifd: Int) -> [(tag: Int, at: Int)] {
            guard ifd >= 8, let count = u16(tiff + ifd) else { return [] }
            return (0..<min(count, 512)).compactMap { e in
                let at = tiff + ifd + 2 + 12 * e
                return u16(at).map { ($0, at) }
            }
        }
        var info = ExifInfo()
        var exifIFD: Int?
        var dateTime: String?
        for (tag, at) in entries(u32(tiff + 4) ?? 0) {
            switch tag {
            // Type SHORT (3), count 1, value in the first two bytes of the value field.
            case 0x0112: if u16(at + 2) == 3, let v = u16(at + 8) { info.orientation = ExifOrientation(rawValue: v) }
            case 0x010F: info.make = ascii(at)
            case 0x0110: info.model = ascii(at)
            case 0x0132: dateTime = ascii(at)
            case 0x8769: exifIFD = u32(at + 8)
            default: break
            }
        }
        // The sub-IFD must lie after the TIFF header; a pointer back into IFD0 would only read it again.
        if let exifIFD, exifIFD != u32(tiff + 4) {
            for (tag, at) in entries(exifIFD) {
                if tag == 0x9003 { info.taken = ascii(at) }
                // SHORT (3), 2 to 4 of them: in the entry when 4 bytes or fewer, else at an offset from the TIFF start.
                if tag == 0x9214, u16(at + 2) == 3, let count = u32(at + 4), (2...4).contains(count) {
                    let values = count <= 2 ? at + 8 : tiff + (u32(at + 8) ?? Int.max / 2)
                    let read = values >= tiff ? (0..<count).compactMap { u16(values + 2 * $0) } : []
                    info.subjectArea = read.count == count ? read : nil
                }
            }
        }
        if info.takenSeconds == nil { info.taken = dateTime.flatMap { seconds(fromExifDate: $0) == nil ? nil : $0 } }
        return info
    }

    /// "YYYY:MM:DD HH:MM:SS" → seconds since 1970-01-01 00:00:00 of the same clock; nil for anything else (cameras
    /// with an unset clock write "0000:00:00 00:00:00").
    public static func seconds(fromExifDate text: String) -> Int64? {
        let parts = text.split(whereSeparator: { $0 == ":" || $0 == " " }).map { Int($0) }
        guard parts.count == 6, let y = parts[0], let mo = parts[1], let d = parts[2], let h = parts[3],
              let mi = parts[4], let s = parts[5], (1800...9999).contains(y), (1...12).contains(mo), (1...31).contains(d),
              (0...23).contains(h), (0...59).contains(mi), (0...60).contains(s)
        else { return nil }
        return PhotoDateFilter.seconds(of: .init(year: y, month: mo, day: d)) + Int64(h * 3600 + mi * 60 + s)
    }

    /// The EXIF text for seconds made by `seconds(fromExifDate:)` ("2024:06:01 14:03:22"), its exact inverse.
    public static func exifDate(seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = Int(seconds - days * 86_400)
        let day = PhotoDateFilter.day(of: days * 86_400)
        let (y, m, d) = (day.year, Int64(day.month), Int64(day.day))
        func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(y):\(two(m)):\(two(d)) \(two(Int64(rest / 3600))):\(two(Int64(rest / 60 % 60))):\(two(Int64(rest % 60)))"
    }
}
