import Foundation

/// The colour maths a test checks Little CMS against, from the standards' numbers alone: RGB → XYZ matrices made
/// from primaries and white (SMPTE RP 177), and the sRGB curve.
public enum ColourMaths {
    public typealias Matrix = [[Double]]
    public typealias Chromaticity = (x: Double, y: Double)

    public static let d65: Chromaticity = (0.3127, 0.3290)
    public static let srgb: [Chromaticity] = [(0.64, 0.33), (0.30, 0.60), (0.15, 0.06)]
    public static let displayP3: [Chromaticity] = [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)]
    public static let adobeRGB: [Chromaticity] = [(0.64, 0.33), (0.21, 0.71), (0.15, 0.06)]
    /// Adobe RGB (1998)'s pure power, 563/256.
    public static let adobeGamma = 563.0 / 256.0

    public static func srgbDecode(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
    public static func srgbEncode(_ l: Double) -> Double { l <= 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1 / 2.4) - 0.055 }

    public static func xyz(_ c: Chromaticity) -> [Double] { [c.x / c.y, 1, (1 - c.x - c.y) / c.y] }

    public static func toXYZ(_ primaries: [Chromaticity], white: Chromaticity = d65) -> Matrix {
        let p: Matrix = (0..<3).map { row in primaries.map { xyz($0)[row] } }
        let s = multiply(inverse(p), xyz(white))
        return p.map { row in (0..<3).map { row[$0] * s[$0] } }
    }

    public static func multiply(_ m: Matrix, _ v: [Double]) -> [Double] {
        m.map { row in zip(row, v).map(*).reduce(0, +) }
    }

    public static func multiply(_ a: Matrix, _ b: Matrix) -> Matrix {
        (0..<3).map { i in (0..<3).map { j in (0..<3).map { a[i][$0] * b[$0][j] }.reduce(0, +) } }
    }

    public static func inverse(_ m: Matrix) -> Matrix {
        let (a, b, c) = (m[0][0], m[0][1], m[0][2])
        let (d, e, f) = (m[1][0], m[1][1], m[1][2])
        let (g, h, i) = (m[2][0], m[2][1], m[2][2])
        let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        return [[(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
                [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
                [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det]]
    }

    /// An 8-bit colour in a space of `primaries` whose curve is `decode`, as sRGB 8-bit (clipped to its gamut).
    public static func toSRGB(_ rgb: [UInt8], primaries: [Chromaticity], decode: (Double) -> Double) -> [Int] {
        let linear = rgb.map { decode(Double($0) / 255) }
        let m = multiply(inverse(toXYZ(srgb)), toXYZ(primaries))
        return multiply(m, linear).map { Int((srgbEncode(min(1, max(0, $0))) * 255).rounded()) }
    }

    /// An sRGB 8-bit colour in a space of `primaries` whose curve's inverse is `encode`.
    public static func fromSRGB(_ rgb: [UInt8], primaries: [Chromaticity], encode: (Double) -> Double) -> [Int] {
        let linear = rgb.map { srgbDecode(Double($0) / 255) }
        let m = multiply(inverse(toXYZ(primaries)), toXYZ(srgb))
        return multiply(m, linear).map { Int((encode(min(1, max(0, $0))) * 255).rounded()) }
    }
}
