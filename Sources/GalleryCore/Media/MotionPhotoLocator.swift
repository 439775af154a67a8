import Foundation

/// Where the clip of a motion photo lies inside its JPEG: Google's (`MVIMG_*.jpg`, `PXL_*.MP.jpg`) and Samsung's
/// write the still, then an MP4 at the end of the same file, and say so in the still's XMP or in Samsung's trailer.
/// Pure and bounded: it reads the bytes it is given (the header prefix the folder reader already holds, and for
/// Samsung's trailer the last bytes of the file), never more, and believes nothing it cannot check against the
/// file's size. The caller checks each answer by the file's own bytes (`looksLikeMP4`) and takes the first that is.
public enum MotionPhotoLocator {
    /// A byte range of the file: [offset, offset + length).
    public struct Range: Equatable, Sendable {
        public var offset: Int64
        public var length: Int64
        public init(offset: Int64, length: Int64) { self.offset = offset; self.length = length }
    }

    /// The least an MP4 with one frame can be; a smaller claim is not a clip.
    public static let minimumClipBytes: Int64 = 64
    /// XMP packets read at the most (one APP1 segment is under 64 KB).
    static let maxXMPBytes = 65_536

    /// The clip's likely ranges, best first, from the JPEG's XMP: `GCamera:MicroVideo` with its offset from the end
    /// of the file (Google's first format), or `Camera:MotionPhoto` / `GCamera:MotionPhoto` with a
    /// `Container:Directory` whose `MotionPhoto` item gives its length (and padding) from the end. Empty when the
    /// prefix is not a JPEG or says nothing of a clip.
    public static func candidates(prefix: Data, fileSize: Int64) -> [Range] {
        guard let xmp = xmp(in: prefix) else { return [] }
        var out: [Range] = []
        func add(fromEnd length: Int64, trailing: Int64 = 0) {
            guard length >= minimumClipBytes, trailing >= 0, length <= fileSize - trailing else { return }
            let range = Range(offset: fileSize - trailing - length, length: length)
            // The still comes first: a clip that would start inside the header read is no clip.
            guard range.offset >= 2, !out.contains(range) else { return }
            out.append(range)
        }
        let microVideo = value("GCamera:MicroVideo", in: xmp)
        if microVideo == "1", let offset = value("GCamera:MicroVideoOffset", in: xmp).flatMap(int) { add(fromEnd: offset) }
        let flagged = value("Camera:MotionPhoto", in: xmp) == "1" || value("GCamera:MotionPhoto", in: xmp) == "1"
        if flagged || xmp.contains("Container:Directory") {
            // Items after the clip (none in the files seen) are counted as trailing bytes with its own padding.
            let items = directoryItems(in: xmp)
            if let at = items.firstIndex(where: { $0["Item:Semantic"] == "MotionPhoto" }) {
                let clip = items[at]
                if let length = clip["Item:Length"].flatMap(int) {
                    // Each term is at most 2^48 (`int`); a directory of more items than that could add up to is
                    // no file's.
                    var after: Int64 = 0
                    for item in items[(at + 1)...].prefix(1024) {
                        after += (item["Item:Length"].flatMap(int) ?? 0) + (item["Item:Padding"].flatMap(int) ?? 0)
                    }
                    let padding = clip["Item:Padding"].flatMap(int) ?? 0
                    add(fromEnd: length, trailing: after + padding)
                    if padding > 0 || after > 0 { add(fromEnd: length) }
                }
            }
        }
        return out
    }

    /// The clip in Samsung's trailer, from the file's last bytes: the `SEFT` footer ends the file, its directory
    /// (`SEFH`) lists blocks by their distance back from the directory, and the block named `MotionPhoto_Data`
    /// holds the MP4 after its name. `tail` is the file's last `tail.count` bytes.
    public static func samsungTrailer(tail: Data, fileSize: Int64) -> Range? {
        let t = [UInt8](tail)
        let n = t.count
        guard n >= 8, Int64(n) <= fileSize, Array(t[(n - 4)...]) == Array("SEFT".utf8) else { return nil }
        let directorySize = Int(le32(t, n - 8))
        let directoryStart = n - 8 - directorySize
        guard directorySize >= 12, directoryStart >= 0, Array(t[directoryStart..<(directoryStart + 4)]) == Array("SEFH".utf8)
        else { return nil }
        let count = Int(le32(t, directoryStart + 8))
        // Where the directory is in the file.
        let directoryInFile = fileSize - Int64(n - directoryStart)
        for i in 0..<min(count, 64) {
            let entry = directoryStart + 12 + i * 12
            guard entry + 12 <= n - 8 else { break }
            let type = UInt16(t[entry + 2]) | UInt16(t[entry + 3]) << 8
            let back = Int64(le32(t, entry + 4)), size = Int64(le32(t, entry + 8))
            // 0x0A30 is the motion photo's block.
            guard type == 0x0A30, back > 0, size > 0, back <= directoryInFile else { continue }
            let blockInFile = directoryInFile - back
            // The block: two zero bytes, its type, the name's length, the name, then the data. Its header is
            // inside the tail only when the clip is short; otherwise the name is taken as Samsung writes it.
            var nameLength: Int64 = Int64("MotionPhoto_Data".utf8.count)
            let blockInTail = Int(blockInFile - (fileSize - Int64(n)))
            if blockInTail >= 0, blockInTail + 8 <= n { nameLength = Int64(le32(t, blockInTail + 4)) }
            let header = 8 + nameLength
            guard nameLength > 0, nameLength < 256, size > header + minimumClipBytes,
                  blockInFile + size <= directoryInFile else { continue }
            return Range(offset: blockInFile + header, length: size - header)
        }
        return nil
    }

    /// Bytes of the file's end that hold Samsung's trailer directory (its blocks' data lies before it).
    public static let trailerTailBytes = 4096

    /// Whether 12 bytes read at a candidate's offset begin an MP4 or QuickTime file: a box size, then `ftyp`.
    public static func looksLikeMP4(_ head: Data) -> Bool {
        let b = [UInt8](head.prefix(12))
        guard b.count >= 12, Array(b[4..<8]) == Array("ftyp".utf8) else { return false }
        let size = UInt32(b[0]) << 24 | UInt32(b[1]) << 16 | UInt32(b[2]) << 8 | UInt32(b[3])
        return size >= 8 && size <= 4096
    }

    // MARK: reading the XMP

    /// The XMP packet of a JPEG (APP1 with Adobe's namespace), walking the segments from SOI within `prefix`.
    static func xmp(in prefix: Data) -> String? {
        let b = [UInt8](prefix.prefix(ImageHeaderReader.searchLimit))
        guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        let signature = Array("http://ns.adobe.com/xap/1.0/\u{0}".utf8)
        var i = 2
        while i + 4 <= b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }  // fill byte
            // Start of scan or end of image: the metadata is all before.
            if marker == 0xDA || marker == 0xD9 { return nil }
            if (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            guard length >= 2 else { return nil }
            let body = i + 4, end = i + 2 + length
            if marker == 0xE1, end <= b.count, length - 2 > signature.count,
               Array(b[body..<(body + signature.count)]) == signature {
                let text = b[(body + signature.count)..<min(end, body + signature.count + maxXMPBytes)]
                return String(decoding: text, as: UTF8.self)
            }
            i = end
        }
        return nil
    }

    /// A property's value, written as an attribute (`name="v"`) or as an element (`<name>v</name>`).
    static func value(_ name: String, in xmp: String) -> String? {
        if let r = xmp.range(of: name + "=\"") ?? xmp.range(of: name + "='") {
            let quote = xmp[xmp.index(before: r.upperBound)]
            let rest = xmp[r.upperBound...]
            guard let close = rest.firstIndex(of: quote) else { return nil }
            return String(rest[..<close].prefix(64)).trimmingCharacters(in: .whitespaces)
        }
        if let r = xmp.range(of: "<" + name + ">") {
            let rest = xmp[r.upperBound...]
            guard let close = rest.firstIndex(of: "<") else { return nil }
            return String(rest[..<close].prefix(64)).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return nil
    }

    /// The attributes of each `Container:Item` (or `Container:item`) in the directory, in order.
    static func directoryItems(in xmp: String) -> [[String: String]] {
        var items: [[String: String]] = []
        var rest = xmp[...]
        while items.count < 16, let r = rest.range(of: "<Container:Item") ?? rest.range(of: "<Container:item") {
            let tail = rest[r.upperBound...]
            let end = tail.firstIndex(of: ">") ?? tail.endIndex
            items.append(attributes(String(tail[..<end])))
            rest = tail[end...]
        }
        return items
    }

    /// `a="1" b='x'` as a dictionary (names kept as written).
    static func attributes(_ text: String) -> [String: String] {
        var out: [String: String] = [:]
        let u = Array(text.utf8)
        var i = 0
        while i < u.count {
            while i < u.count, u[i] == 0x20 || u[i] == 0x0A || u[i] == 0x0D || u[i] == 0x09 || u[i] == 0x2F { i += 1 }
            let nameStart = i
            while i < u.count, u[i] != 0x3D, u[i] != 0x20 { i += 1 }
            let name = String(decoding: u[nameStart..<i], as: UTF8.self)
            guard i + 1 < u.count, u[i] == 0x3D, u[i + 1] == 0x22 || u[i + 1] == 0x27 else { i += 1; continue }
            let quote = u[i + 1]
            i += 2
            let valueStart = i
            while i < u.count, u[i] != quote { i += 1 }
            out[name] = String(decoding: u[valueStart..<min(i, u.count)], as: UTF8.self)
            i += 1
        }
        return out
    }

    /// A byte count a file can hold: at most 2^48 (256 TB), so sums of a few of them never overflow.
    private static func int(_ text: String) -> Int64? {
        guard text.utf8.count <= 19, let v = Int64(text), v >= 0, v <= 1 << 48 else { return nil }
        return v
    }

    private static func le32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
    }
}
