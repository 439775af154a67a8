/// The header of a HEIF file (a phone's HEIC, an AVIF), read from its boxes without decoding anything: the `ftyp`
/// brands say what it is, `meta` says which item is the primary image (`pitm`), and the properties associated with
/// that item (`iprp`/`ipco`, `ipma`) give its size (`ispe`, before rotation) and the container's rotation and mirror
/// (`irot`, `imir`), which the decoder applies (EXIF orientation inside a HEIF is never applied on top). Every read
/// is bounds-checked, nesting is limited, and nothing is allocated in proportion to what a box claims.
enum HEIFHeader {
    /// Brands of still images Tessera decodes through libheif.
    static let heicBrands: Set<String> = ["heic", "heix", "heim", "heis", "mif1", "msf1"]
    static let avifBrands: Set<String> = ["avif", "avis"]

    /// Whether the bytes start with an `ftyp` box naming a HEIF or AVIF brand.
    static func recognises(_ b: ByteReader) -> Bool { format(b) != nil }

    private static func format(_ b: ByteReader) -> ImageFormat? {
        guard b.matches(Array("ftyp".utf8), at: 4), let size = b.u32be(at: 0), size >= 16, size <= 4096 else { return nil }
        var brands: [String] = []
        if let major = b.string(at: 8, length: 4) { brands.append(major) }
        var offset = 16
        while offset + 4 <= Int(size), let brand = b.string(at: offset, length: 4) {
            brands.append(brand)
            offset += 4
        }
        if brands.contains(where: avifBrands.contains) { return .avif }
        if brands.contains(where: heicBrands.contains) { return .heic }
        return nil
    }

    /// One box: its type, where its payload starts and where it ends (within `end`).
    private struct Box {
        let type: String
        let payload: Int
        let end: Int
    }

    /// The boxes from `start` to `end`, at most `limit` of them.
    private static func boxes(_ b: ByteReader, from start: Int, to end: Int, limit: Int = 512) throws -> [Box] {
        var out: [Box] = []
        var offset = start
        while offset + 8 <= end, out.count < limit {
            guard let size32 = b.u32be(at: offset), let type = b.string(at: offset + 4, length: 4) else { break }
            var size = Int(size32), header = 8
            if size32 == 1 {
                guard let hi = b.u32be(at: offset + 8), let lo = b.u32be(at: offset + 12) else { break }
                guard hi == 0 else { throw ImageRefusal.malformedHeader(.heic, "a box of \(hi) × 4 GB") }
                size = Int(lo); header = 16
            } else if size32 == 0 {
                size = end - offset  // to the end of the enclosing box
            }
            guard size >= header else { throw ImageRefusal.malformedHeader(.heic, "a \(type) box of \(size) bytes") }
            // A box running past what was read: the header may be further on (a longer read can tell).
            let boxEnd = offset + size
            out.append(Box(type: type, payload: offset + header, end: min(boxEnd, end)))
            offset = boxEnd
        }
        return out
    }

    static func read(_ b: ByteReader) throws -> ImageHeader {
        guard let format = format(b) else { throw ImageRefusal.unsupportedFormat("HEIF of an unknown brand") }
        let top = try boxes(b, from: 0, to: b.count)
        if top.contains(where: { $0.type == "moov" }) {
            // A sequence (an animated AVIF, a HEIF burst): refused like animated WebP, however many frames it holds.
            throw ImageRefusal.unsupportedFormat(format == .avif ? "AVIF image sequence" : "HEIF image sequence")
        }
        guard let meta = top.first(where: { $0.type == "meta" }) else {
            throw ImageRefusal.malformedHeader(format, "no meta box")
        }
        // `meta` is a full box: version and flags first.
        let children = try boxes(b, from: meta.payload + 4, to: meta.end)
        guard let pitm = children.first(where: { $0.type == "pitm" }), let version = b.byte(at: pitm.payload) else {
            throw ImageRefusal.malformedHeader(format, "no primary item")
        }
        guard let primary = version == 0 ? b.u16be(at: pitm.payload + 4).map(UInt32.init) : b.u32be(at: pitm.payload + 4)
        else { throw ImageRefusal.malformedHeader(format, "short pitm box") }
        guard let iprp = children.first(where: { $0.type == "iprp" }) else {
            throw ImageRefusal.malformedHeader(format, "no item properties")
        }
        let inner = try boxes(b, from: iprp.payload, to: iprp.end)
        guard let ipco = inner.first(where: { $0.type == "ipco" }) else {
            throw ImageRefusal.malformedHeader(format, "no property container")
        }
        let properties = try boxes(b, from: ipco.payload, to: ipco.end, limit: 4096)
        let indices = try associations(b, inner.filter { $0.type == "ipma" }, item: primary, format: format)
        var width = 0, height = 0, rotation = 0, mirror: UInt8?
        for index in indices where index >= 1 && index <= properties.count {
            let p = properties[index - 1]
            switch p.type {
            case "ispe":
                guard let w = b.u32be(at: p.payload + 4), let h = b.u32be(at: p.payload + 8) else {
                    throw ImageRefusal.malformedHeader(format, "short ispe box")
                }
                width = Int(w); height = Int(h)
            case "irot":
                rotation = Int((b.byte(at: p.payload) ?? 0) & 3)
            case "imir":
                mirror = (b.byte(at: p.payload) ?? 0) & 1
            default:
                break
            }
        }
        guard width > 0, height > 0 else { throw ImageRefusal.malformedHeader(format, "no size for the primary image") }
        var header = ImageHeader(format: format, width: width, height: height)
        header.orientation = orientation(rotation: rotation, mirror: mirror)
        return header
    }

    /// The property indices (1-based) associated with `item`.
    private static func associations(_ b: ByteReader, _ boxes: [Box], item: UInt32, format: ImageFormat) throws -> [Int] {
        for ipma in boxes {
            guard let version = b.byte(at: ipma.payload), let flags = b.byte(at: ipma.payload + 3),
                  let count = b.u32be(at: ipma.payload + 4) else { continue }
            var offset = ipma.payload + 8
            for _ in 0..<min(Int(count), 1 << 16) {
                guard offset < ipma.end else { break }
                let id: UInt32?
                if version < 1 { id = b.u16be(at: offset).map(UInt32.init); offset += 2 } else { id = b.u32be(at: offset); offset += 4 }
                guard let id, let n = b.byte(at: offset) else { break }
                offset += 1
                var indices: [Int] = []
                for _ in 0..<Int(n) {
                    if flags & 1 != 0 {
                        guard let v = b.u16be(at: offset) else { break }
                        indices.append(Int(v & 0x7FFF)); offset += 2
                    } else {
                        guard let v = b.byte(at: offset) else { break }
                        indices.append(Int(v & 0x7F)); offset += 1
                    }
                }
                if id == item { return indices }
            }
        }
        throw ImageRefusal.malformedHeader(format, "no properties for the primary image")
    }

    /// The container's transformations as an orientation, for the size as drawn (a quarter turn swaps the sides).
    /// The decoder (libheif) applies `irot` and `imir` itself, in the order the file gives; the orientation is
    /// never applied again on top.
    static func orientation(rotation: Int, mirror: UInt8?) -> ExifOrientation {
        switch (mirror, rotation) {
        case (nil, 1): return .left       // irot turns anticlockwise
        case (nil, 2): return .down
        case (nil, 3): return .right
        case (nil, _): return .up
        case (0?, 0): return .mirrored
        case (_, 0): return .downMirrored
        case (_, 2): return mirror == 0 ? .downMirrored : .mirrored
        case (_, 1): return .rightMirrored
        default: return .leftMirrored
        }
    }
}
