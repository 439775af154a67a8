import Foundation

/// A Raspberry Pi's throttling as its firmware reports it (`/sys/devices/platform/soc/soc:firmware/get_throttled`,
/// what `vcgencmd get_throttled` prints): bits 0–3 say what holds now, bits 16–19 what has happened since boot.
/// Decoded into words (English, as in the state and MQTT): under-voltage, frequency capped, throttled, soft
/// temperature limit.
public struct ThrottledBits: Codable, Equatable, Sendable {
    /// What holds now, in words.
    public var now: [String]
    /// What has happened since boot, in words.
    public var sinceBoot: [String]

    public init(now: [String], sinceBoot: [String]) { self.now = now; self.sinceBoot = sinceBoot }

    enum CodingKeys: String, CodingKey { case now, sinceBoot = "since_boot" }

    /// The conditions by their bit (the "since boot" bit is 16 higher).
    public static let words = ["under-voltage", "frequency capped", "throttled", "soft temperature limit"]

    /// Decodes the firmware's hex value ("50005", "0x50005", "throttled=0x50005\n"); nil for anything else.
    public static func parse(_ text: String) -> ThrottledBits? {
        var hex = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        if let equals = hex.lastIndex(of: "=") { hex = hex[hex.index(after: equals)...] }
        if hex.lowercased().hasPrefix("0x") { hex = hex.dropFirst(2) }
        guard !hex.isEmpty, hex.count <= 8, let bits = UInt32(hex, radix: 16) else { return nil }
        return ThrottledBits(bits: bits)
    }

    public init(bits: UInt32) {
        now = ThrottledBits.words.indices.filter { bits & (1 << UInt32($0)) != 0 }.map { ThrottledBits.words[$0] }
        sinceBoot = ThrottledBits.words.indices.filter { bits & (1 << UInt32($0 + 16)) != 0 }
            .map { ThrottledBits.words[$0] }
    }
}
