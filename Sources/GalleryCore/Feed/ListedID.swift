/// A photo's ID as a listing of a whole catalogue keeps it (`ShuffledPass`): an Immich asset's UUID as its 128 bits
/// (16 bytes, where its text is 36 characters in a heap box of 48 or more), any other ID as its text. Only the
/// canonical lower-case form is packed ("0123abcd-…"), so the text read back is the text listed, byte for byte.
public struct ListedID: Hashable, Sendable {
    /// The UUID's first and last 64 bits (0 for an ID kept as text).
    public let high: UInt64, low: UInt64
    /// The ID's text when it is no canonical UUID.
    public let text: String?

    public init(_ id: String) {
        if let (high, low) = ListedID.packed(id) {
            self.high = high; self.low = low; text = nil
        } else {
            high = 0; low = 0; text = id
        }
    }

    /// A packed UUID's bits.
    init(high: UInt64, low: UInt64) {
        self.high = high; self.low = low; text = nil
    }

    /// The ID as the source wrote it.
    public var string: String { text ?? ListedID.uuidText(high: high, low: low) }

    /// Whether the ID is a packed UUID.
    public var isUUID: Bool { text == nil }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A UUID's text from its bits: lower-case hex, dashes after the 8th, 12th, 16th and 20th digit.
    public static func uuidText(high: UInt64, low: UInt64) -> String {
        String(unsafeUninitializedCapacity: 36) { buffer in
            var at = 0
            for (half, value) in [high, low].enumerated() {
                for nibble in 0..<16 {
                    let digit = half * 16 + nibble
                    if digit == 8 || digit == 12 || digit == 16 || digit == 20 { buffer[at] = UInt8(ascii: "-"); at += 1 }
                    buffer[at] = hexDigits[Int((value >> UInt64(60 - 4 * nibble)) & 0xf)]
                    at += 1
                }
            }
            return at
        }
    }

    /// A canonical lower-case UUID's bits; nil for any other text (upper case too: it would not read back the same).
    public static func packed(_ id: String) -> (UInt64, UInt64)? {
        guard id.utf8.count == 36 else { return nil }
        var id = id
        return id.withUTF8(packed)
    }

    private static func packed(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64)? {
        guard bytes.count == 36 else { return nil }
        var halves: (UInt64, UInt64) = (0, 0)
        var digits = 0
        for (i, byte) in bytes.enumerated() {
            if i == 8 || i == 13 || i == 18 || i == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            let value: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte - UInt8(ascii: "a") + 10
            default: return nil
            }
            if digits < 16 { halves.0 = halves.0 << 4 | UInt64(value) } else { halves.1 = halves.1 << 4 | UInt64(value) }
            digits += 1
        }
        return halves
    }
}
