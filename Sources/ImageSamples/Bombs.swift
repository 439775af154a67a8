import Foundation

/// Hostile files for the fixture's hostile mode and the tests: each is small on the wire and would cost gigabytes
/// to anyone who believed it.
public enum Bombs {
    /// A deflate stream (no zlib or gzip wrapper) of `matches`×8 back-references of 258 zeros: 13 bytes a period,
    /// about 1:1300. Fixed Huffman codes: literal 0, then (length 258, distance 1) repeated, then end of block.
    static func deflateZeros(periods: Int) -> (stream: [UInt8], inflated: Int) {
        var bits = BitWriter()
        bits.write(1, count: 1)  // BFINAL
        bits.write(1, count: 2)  // BTYPE = 01, fixed Huffman
        bits.writeCode(0x30, count: 8)  // literal 0
        bits.writeCode(0xC5, count: 8); bits.writeCode(0, count: 5)  // length 258 (code 285), distance 1
        // 11 + 13 bits: byte-aligned now, and every 8 more matches are the same 13 bytes.
        var period = BitWriter()
        for _ in 0..<8 { period.writeCode(0xC5, count: 8); period.writeCode(0, count: 5) }
        var stream = bits.bytes
        stream.reserveCapacity(stream.count + periods * 13 + 4)
        for _ in 0..<periods { stream += period.bytes }
        var tail = BitWriter()
        tail.writeCode(0, count: 7)  // end of block
        stream += tail.bytes
        return (stream, 1 + 258 * (1 + 8 * periods))
    }

    /// A PNG whose header says `width`×`height` RGBA and whose IDAT is `compressedBytes` of deflated zeros: a few MB
    /// that inflate to gigabytes. Chunk CRCs are right, so only its size gives it away.
    public static func png(width: Int = 40_000, height: Int = 40_000, compressedBytes: Int = 14 << 20) -> Data {
        let (deflate, inflated) = deflateZeros(periods: max(1, compressedBytes / 13))
        let adler = UInt32(inflated % 65521) << 16 | 1  // Adler-32 of zeros: a stays 1, b counts the bytes
        let zlib = [0x78, 0x01] + deflate + HeaderBytes.be32(Int(adler))
        var out = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] as [UInt8]
        out += chunk("IHDR", HeaderBytes.be32(width) + HeaderBytes.be32(height) + [8, 6, 0, 0, 0])
        out += chunk("IDAT", zlib)
        out += chunk("IEND", [])
        return Data(out)
    }

    /// A gzip body that inflates to at least `inflatedBytes` zeros (for `Content-Encoding: gzip`).
    public static func gzip(inflatedBytes: Int) -> Data {
        let (deflate, inflated) = deflateZeros(periods: inflatedBytes / (258 * 8) + 1)
        var crc = CRC32()
        crc.update(zeros: inflated)
        let header: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3]
        return Data(header + deflate + HeaderBytes.le32(Int(crc.value)) + HeaderBytes.le32(inflated & 0xFFFF_FFFF))
    }

    public static let gif = Data([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255,
                                  0x21, 0xF9, 4, 1, 0, 0, 0, 0, 0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3B])
    public static let tiff = Data([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0, 1, 0, 0x00, 0x01, 3, 0, 1, 0, 0, 0, 0x60, 0xEA,
                                   0, 0, 0, 0, 0, 0])
    public static let svg = Data("""
        <?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="60000" height="60000">\
        <rect width="60000" height="60000" fill="red"/></svg>
        """.utf8)

    private static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        var crc = CRC32()
        crc.update(Array(type.utf8) + body)
        return HeaderBytes.be32(body.count) + Array(type.utf8) + body + HeaderBytes.be32(Int(crc.value))
    }
}

/// Bits written least significant first, as deflate packs them.
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var used = 8

    mutating func write(_ value: Int, count: Int) {
        for i in 0..<count { push((value >> i) & 1) }
    }

    /// A Huffman code goes most significant bit first.
    mutating func writeCode(_ code: Int, count: Int) {
        for i in stride(from: count - 1, through: 0, by: -1) { push((code >> i) & 1) }
    }

    private mutating func push(_ bit: Int) {
        if used == 8 { bytes.append(0); used = 0 }
        bytes[bytes.count - 1] |= UInt8(bit) << used
        used += 1
    }
}

/// CRC-32 (IEEE), for PNG chunks and gzip trailers.
struct CRC32 {
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }
    private var crc: UInt32 = 0xFFFF_FFFF

    var value: UInt32 { crc ^ 0xFFFF_FFFF }

    mutating func update(_ bytes: [UInt8]) {
        for b in bytes { crc = CRC32.table[Int((crc ^ UInt32(b)) & 0xFF)] ^ (crc >> 8) }
    }

    mutating func update(zeros count: Int) {
        for _ in 0..<count { crc = CRC32.table[Int(crc & 0xFF)] ^ (crc >> 8) }
    }
}
