import Foundation

/// Finds the ICC profile a file carries, from its bytes alone, where the decoding library has no call for it:
/// JPEG's APP2 `ICC_PROFILE` segments (TurboJPEG 2.1 has no ICC API) and WebP's `ICCP` chunk (decoded through
/// SDL_image, which drops it). Bytes from outside are hostile: every length is checked against what is there, the
/// walk stops at the picture data, a profile is at most `maxBytes`, and anything malformed answers nil (sRGB).
public enum EmbeddedProfile {
    /// Larger than any display or camera profile (a LUT-based print profile can pass a megabyte; none belongs in a
    /// photo).
    public static let maxBytes = 4 << 20
    /// Segments looked at before the picture's data at most (a real file has a dozen).
    static let maxSegments = 1024

    /// The profile of a JPEG: its APP2 segments that start "ICC_PROFILE\0", each with its sequence number (1…count)
    /// and the count, put together in sequence order. Nil when there is none, or when the chunks disagree on the
    /// count, one is missing, repeated or numbered outside 1…count, or the whole would pass `maxBytes`.
    public static func jpeg(_ data: Data) -> Data? {
        data.withUnsafeBytes { jpeg(UnsafeRawBufferPointer($0)) }
    }

    static func jpeg(_ bytes: UnsafeRawBufferPointer) -> Data? {
        let n = bytes.count
        guard n >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        let signature = Array("ICC_PROFILE".utf8) + [0]
        var chunks: [Int: Range<Int>] = [:]
        var expected: Int?
        var total = 0
        var at = 2, segments = 0
        while at + 4 <= n, segments < maxSegments {
            guard bytes[at] == 0xFF else { return nil }
            var marker = Int(bytes[at + 1])
            // Fill bytes: any number of 0xFF before the marker.
            while marker == 0xFF, at + 2 < n { at += 1; marker = Int(bytes[at + 1]) }
            at += 2
            segments += 1
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { continue }  // no length
            if marker == 0xDA || marker == 0xD9 { break }  // the picture's data, or the end
            guard at + 2 <= n else { return nil }
            let length = Int(bytes[at]) << 8 | Int(bytes[at + 1])
            guard length >= 2, at + length <= n else { return nil }
            let body = (at + 2)..<(at + length)
            if marker == 0xE2, body.count > signature.count + 2,
               zip(signature, bytes[body.lowerBound..<(body.lowerBound + signature.count)]).allSatisfy({ $0 == $1 }) {
                let sequence = Int(bytes[body.lowerBound + signature.count])
                let count = Int(bytes[body.lowerBound + signature.count + 1])
                guard count > 0, (1...count).contains(sequence), expected == nil || expected == count,
                      chunks[sequence] == nil else { return nil }
                expected = count
                let payload = (body.lowerBound + signature.count + 2)..<body.upperBound
                total += payload.count
                guard total <= maxBytes else { return nil }
                chunks[sequence] = payload
            }
            at += length
        }
        guard let expected, chunks.count == expected else { return nil }
        var profile = Data(capacity: total)
        for sequence in 1...expected {
            guard let range = chunks[sequence] else { return nil }
            profile.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[range]))
        }
        return profile.isEmpty ? nil : profile
    }

    /// The profile of a WebP: the `ICCP` chunk of an extended (`VP8X`) file whose flags say it has one. Nil for a
    /// simple file, a chunk that runs past the end or passes `maxBytes`, or a malformed RIFF.
    public static func webp(_ data: Data) -> Data? {
        data.withUnsafeBytes { webp(UnsafeRawBufferPointer($0)) }
    }

    static func webp(_ bytes: UnsafeRawBufferPointer) -> Data? {
        let n = bytes.count
        func fourCC(_ at: Int) -> String { String(decoding: bytes[at..<(at + 4)], as: UTF8.self) }
        func le32(_ at: Int) -> Int {
            Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
        }
        guard n >= 30, fourCC(0) == "RIFF", fourCC(8) == "WEBP", fourCC(12) == "VP8X" else { return nil }
        // VP8X flags: bit 5 is "has an ICC profile".
        guard bytes[20] & 0x20 != 0 else { return nil }
        let end = min(n, 8 + le32(4))
        var at = 12, chunks = 0
        while at + 8 <= end, chunks < maxSegments {
            let size = le32(at + 4)
            guard size >= 0, at + 8 + size <= end else { return nil }
            let kind = fourCC(at)
            if kind == "ICCP" {
                guard size > 0, size <= maxBytes else { return nil }
                return Data(UnsafeRawBufferPointer(rebasing: bytes[(at + 8)..<(at + 8 + size)]))
            }
            // The profile comes before the picture: none after it counts.
            if kind == "VP8 " || kind == "VP8L" || kind == "ANMF" || kind == "ALPH" { return nil }
            at += 8 + size + (size & 1)
            chunks += 1
        }
        return nil
    }
}

extension EmbeddedProfile {
    /// Whether a PNG has an `iCCP` chunk before its picture data (libpng then inflates and checks the profile):
    /// a walk over the chunk headers, which most PNGs end at `IDAT` with no profile to read.
    public static func pngHasProfile(_ data: Data) -> Bool {
        data.withUnsafeBytes { bytes in
            let n = bytes.count
            guard n >= 16, bytes[0] == 0x89, bytes[1] == 0x50, bytes[2] == 0x4E, bytes[3] == 0x47 else { return false }
            var at = 8, chunks = 0
            while at + 8 <= n, chunks < maxSegments {
                let length = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8
                    | Int(bytes[at + 3])
                let kind = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
                if kind == "iCCP" { return true }
                if kind == "IDAT" || kind == "IEND" { return false }
                guard length >= 0, at + 12 + length <= n else { return false }
                at += 12 + length
                chunks += 1
            }
            return false
        }
    }
}
