import Foundation

/// A frame's name on the broker (`tessera/<id>/…`, Home Assistant's `tessera_<id>` device): lowercase letters,
/// digits, `_` and `-`, at most 64, so it is safe in a topic, a unique id and a file. It must stay the same from one
/// start to the next, or Home Assistant sees a new device each time: made from the frame's name (`--name`) and where
/// it runs (`made`), kept in the configuration folder (the adapter's `FrameIDFile`).
public struct FrameID: Equatable, Hashable, Sendable, CustomStringConvertible {
    public let value: String

    public static let maxLength = 64

    /// The id as written, if it is one.
    public init?(_ text: String) {
        guard !text.isEmpty, text.utf8.count <= FrameID.maxLength,
              text.unicodeScalars.allSatisfy(FrameID.allowed.contains) else { return nil }
        value = text
    }

    /// An id from a person's name for the frame: lowercased, accents dropped (`Küche` → `kuche`), every other run of
    /// characters a single `-`; nil when nothing is left (a name of symbols only, or in a script without Latin
    /// letters: the random id serves then).
    public static func slug(from name: String) -> FrameID? {
        let folded = name.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive],
                                  locale: Locale(identifier: "en_US_POSIX")).lowercased()
        var slug = ""
        var pendingDash = false
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, alphanumerics.contains(scalar) {
                if pendingDash, !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
                if slug.utf8.count >= maxLength { break }
            } else {
                pendingDash = true
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return FrameID(slug)
    }

    /// A new frame's id: its name's slug (else `frame`) and six hex digits from its machine and configuration folder
    /// (`place`), so two frames given the same `--name` on one machine, or on two machines, are two devices on the
    /// broker, while the same frame started again gets the same id. `hall-3f9a2c`.
    public static func made(name: String?, place: String) -> FrameID {
        let base = name.flatMap(slug(from:))?.value ?? "frame"
        let suffix = String(fnv1a(Array(place.utf8)) & 0xff_ffff, radix: 16)
        let padded = String(repeating: "0", count: 6 - suffix.count) + suffix
        return FrameID(String(base.prefix(maxLength - 7)) + "-" + padded)!
    }

    /// FNV-1a, 64 bits: the same on every machine and every run (Swift's `Hasher` is seeded per process).
    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    /// A new random id, `frame-` and twelve hex digits.
    public static func random<G: RandomNumberGenerator>(using generator: inout G) -> FrameID {
        let digits = (0..<12).map { _ in String(Int.random(in: 0..<16, using: &generator), radix: 16) }.joined()
        return FrameID("frame-" + digits)!
    }

    public var description: String { value }

    private static let alphanumerics = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789")
    private static let allowed = alphanumerics.union(CharacterSet(charactersIn: "_-"))
}
