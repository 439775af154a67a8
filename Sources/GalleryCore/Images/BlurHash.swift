import Foundation

/// Decodes a BlurHash (woltapp/blurhash: a photo's colours as a few cosine components, in base 83) into a tiny
/// picture drawn, scaled up and blurred by nature, while the photo itself loads. Input is a string from a server:
/// anything malformed gives nil, never a trap, and the output size is the caller's (a few dozen pixels).
public enum BlurHash {
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~")
    private static let digits: [Character: Int] = Dictionary(uniqueKeysWithValues: alphabet.enumerated().map { ($1, $0) })

    /// The cosine components: (numberX, numberY) and their linear RGB values, DC first.
    public struct Components: Equatable {
        public let x: Int
        public let y: Int
        public let colors: [(r: Double, g: Double, b: Double)]

        public static func == (a: Components, b: Components) -> Bool {
            a.x == b.x && a.y == b.y && a.colors.count == b.colors.count
                && zip(a.colors, b.colors).allSatisfy { $0.r == $1.r && $0.g == $1.g && $0.b == $1.b }
        }
    }

    /// `value` in base 83, `length` digits (what a hash is written in).
    public static func encode83(_ value: Int, length: Int) -> String {
        var digits = ""
        var rest = value
        for _ in 0..<length {
            digits.insert(alphabet[rest % 83], at: digits.startIndex)
            rest /= 83
        }
        return digits
    }

    /// The hash of a flat colour: one component, the colour as its DC value.
    public static func flat(r: UInt8, g: UInt8, b: UInt8) -> String {
        "00" + encode83(Int(r) << 16 | Int(g) << 8 | Int(b), length: 4)
    }

    static func decode83(_ s: Substring) -> Int? {
        var value = 0
        for c in s {
            guard let d = digits[c] else { return nil }
            value = value * 83 + d
        }
        return value
    }

    public static func components(of hash: String) -> Components? {
        let chars = Array(hash)
        guard chars.count >= 6, chars.count <= 4 + 2 * 81, let size = decode83(hash.prefix(1)) else { return nil }
        let numY = size / 9 + 1, numX = size % 9 + 1
        guard chars.count == 4 + 2 * numX * numY, let quantMax = decode83(Substring(String(chars[1]))),
              let dc = decode83(Substring(String(chars[2..<6]))) else { return nil }
        let maximum = Double(quantMax + 1) / 166
        var colors = [(linear(dc >> 16), linear((dc >> 8) & 255), linear(dc & 255))]
        for i in 1..<(numX * numY) {
            let start = 4 + 2 * i
            guard let v = decode83(Substring(String(chars[start..<start + 2]))), v < 19 * 19 * 19 else { return nil }
            func ac(_ q: Int) -> Double { signedPow((Double(q) - 9) / 9, 2) * maximum }
            colors.append((ac(v / (19 * 19)), ac((v / 19) % 19), ac(v % 19)))
        }
        return Components(x: numX, y: numY, colors: colors.map { (r: $0.0, g: $0.1, b: $0.2) })
    }

    /// The picture at `width`×`height` as RGB bytes (row by row), or nil for a malformed hash or a silly size.
    public static func decode(_ hash: String, width: Int, height: Int) -> [UInt8]? {
        guard width > 0, height > 0, width * height <= 64 * 64, let c = components(of: hash) else { return nil }
        var out = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                var r = 0.0, g = 0.0, b = 0.0
                for j in 0..<c.y {
                    for i in 0..<c.x {
                        let basis = cos(Double.pi * Double(x) * Double(i) / Double(width))
                            * cos(Double.pi * Double(y) * Double(j) / Double(height))
                        let color = c.colors[i + j * c.x]
                        r += color.r * basis; g += color.g * basis; b += color.b * basis
                    }
                }
                let o = (y * width + x) * 3
                out[o] = srgb(r); out[o + 1] = srgb(g); out[o + 2] = srgb(b)
            }
        }
        return out
    }

    static func linear(_ v: Int) -> Double {
        let c = Double(v) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    static func srgb(_ v: Double) -> UInt8 {
        let c = min(max(v, 0), 1)
        return c <= 0.0031308 ? UInt8(c * 12.92 * 255 + 0.5) : UInt8((1.055 * pow(c, 1 / 2.4) - 0.055) * 255 + 0.5)
    }

    static func signedPow(_ v: Double, _ e: Double) -> Double { v < 0 ? -pow(-v, e) : pow(v, e) }
}
