import CLCMS2
import Foundation

/// A conversion between two matrix-shaper RGB profiles (a camera's Adobe RGB or Display P3 to sRGB) done with tables
/// instead of Little CMS's pipeline for each pixel: each source channel's curve as 256 linear values, one 3×3 matrix
/// from the source's colorants to the destination's (both in the profile connection space, as Little CMS joins
/// them), and each destination channel's inverse curve as 16,384 steps. Made only from profiles Little CMS calls
/// matrix-shaper (`cmsIsMatrixShaper`, their colorant and TRC tags read with `cmsReadTag`), and kept only when it
/// matches the transform Little CMS built for the same pair within one level on every colour of a lattice (a
/// profile whose perceptual rendering is a table of its own does not, and Little CMS converts it). In integers, several
/// times faster than Little CMS's 8-bit matrix-shaper path on a cell (BENCHMARKS.md, "A folder's cells at the
/// decode floor"). Read-only once made: any number of threads may use one.
final class MatrixShaper: @unchecked Sendable {
    static let outputSteps = 16_384

    /// Linear values are held in integers with this many fraction bits (`inputBits`), the matrix's coefficients with
    /// `matrixBits`: a pixel is one read, three look-ups, nine integer products, three more look-ups and one write,
    /// with no conversion between floats and integers (BENCHMARKS.md, "A folder's cells at the decode floor").
    static let inputBits = 16, matrixBits = 16
    /// Bits dropped from a product so it indexes `output`'s 16,384 steps (the matrix is scaled by 16,383/16,384 so
    /// that 1.0 is the last step).
    private static let shift = inputBits + matrixBits - 14
    /// A matrix with a larger coefficient is no pair of real profiles: Little CMS converts it.
    static let largestCoefficient: Float = 16

    /// Linear value of each 8-bit level, times 2^16: red's 256, then green's, then blue's.
    private let input: UnsafeMutablePointer<Int>
    /// Row-major, destination linear RGB from source linear RGB, times 2^16.
    private let matrix: [Int]
    /// Destination 8-bit level of each linear step, per channel as `input`.
    private let output: UnsafeMutablePointer<UInt8>

    /// `input` values outside 0…1 (or not numbers) are clipped to it; `matrix`'s coefficients are within
    /// ±`largestCoefficient` (checked by `make`).
    private init(input: [Float], matrix: [Float], output: [UInt8]) {
        self.input = .allocate(capacity: input.count)
        let one = Float(1 << MatrixShaper.inputBits)
        self.input.initialize(from: input.map { $0 > 0 ? Int((min($0, 1) * one).rounded()) : 0 }, count: input.count)
        let steps = Float(MatrixShaper.outputSteps)
        self.matrix = matrix.map { Int(($0 * Float(1 << MatrixShaper.matrixBits) * (steps - 1) / steps).rounded()) }
        self.output = .allocate(capacity: output.count)
        self.output.initialize(from: output, count: output.count)
    }

    deinit {
        input.deallocate()
        output.deallocate()
    }

    /// The tables for `source` → `destination`, or nil when either is not a matrix-shaper profile (or its matrix
    /// cannot be inverted).
    static func make(from source: cmsHPROFILE, to destination: cmsHPROFILE) -> MatrixShaper? {
        guard cmsIsMatrixShaper(source) != 0, cmsIsMatrixShaper(destination) != 0,
              let s = parts(of: source), let d = parts(of: destination), let inverse = invert(d.colorants) else {
            return nil
        }
        var input = [Float](repeating: 0, count: 3 * 256)
        for c in 0..<3 {
            for v in 0..<256 { input[256 * c + v] = cmsEvalToneCurveFloat(s.curves[c], Float(v) / 255) }
        }
        var matrix = [Float](repeating: 0, count: 9)
        for r in 0..<3 {
            for c in 0..<3 { matrix[3 * r + c] = (0..<3).reduce(0) { $0 + inverse[3 * r + $1] * s.colorants[3 * $1 + c] } }
        }
        guard matrix.allSatisfy({ abs($0) <= largestCoefficient }) else { return nil }
        var output = [UInt8](repeating: 0, count: 3 * outputSteps)
        for c in 0..<3 {
            guard let reversed = cmsReverseToneCurve(d.curves[c]) else { return nil }
            defer { cmsFreeToneCurve(reversed) }
            for i in 0..<outputSteps {
                let v = cmsEvalToneCurveFloat(reversed, Float(i) / Float(outputSteps - 1))
                output[outputSteps * c + i] = UInt8(max(0, min(255, (v * 255).rounded())))
            }
        }
        return MatrixShaper(input: input, matrix: matrix, output: output)
    }

    /// Whether these tables give what `transform` (Little CMS's, BGRA 8 in place) gives, within `tolerance` levels,
    /// on a lattice of 17 levels a channel (4,913 colours).
    func matches(_ transform: cmsHTRANSFORM, tolerance: Int = 1) -> Bool {
        let levels = (0...16).map { UInt8(min(255, 16 * $0)) }
        var pixels: [UInt8] = []
        for r in levels { for g in levels { for b in levels { pixels += [b, g, r, 255] } } }
        var ours = pixels
        let count = pixels.count / 4
        pixels.withUnsafeMutableBytes {
            cmsDoTransformLineStride(transform, $0.baseAddress, $0.baseAddress, UInt32(count), 1, UInt32($0.count),
                                     UInt32($0.count), 0, 0)
        }
        ours.withUnsafeMutableBytes { apply(to: $0.baseAddress!, width: count, height: 1, pitch: $0.count) }
        return zip(pixels, ours).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }

    /// Converts BGRA 8 pixels in place; alpha is not touched.
    func apply(to pixels: UnsafeMutableRawPointer, width: Int, height: Int, pitch: Int) {
        let m = matrix, input = self.input, output = self.output
        let (m0, m1, m2, m3, m4, m5, m6, m7, m8) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        let top = MatrixShaper.outputSteps - 1, shift = MatrixShaper.shift, half = 1 << (MatrixShaper.shift - 1)
        let green = output + MatrixShaper.outputSteps, blue = output + 2 * MatrixShaper.outputSteps
        for y in 0..<height {
            // A pixel read and written whole (B, G, R, A in memory: blue in the low byte), alpha kept as it was.
            let row = pixels + y * pitch
            for x in 0..<width {
                let pixel = row.load(fromByteOffset: 4 &* x, as: UInt32.self)
                let b = input[512 &+ Int(pixel & 0xff)], g = input[256 &+ Int((pixel &>> 8) & 0xff)]
                let r = input[Int((pixel &>> 16) & 0xff)]
                // Rounded to the nearest step, clipped to the destination's gamut (as the float tables were).
                let R = min(max((m0 &* r &+ m1 &* g &+ m2 &* b &+ half) &>> shift, 0), top)
                let G = min(max((m3 &* r &+ m4 &* g &+ m5 &* b &+ half) &>> shift, 0), top)
                let B = min(max((m6 &* r &+ m7 &* g &+ m8 &* b &+ half) &>> shift, 0), top)
                let converted = (pixel & 0xff00_0000) | UInt32(output[R]) &<< 16 | UInt32(green[G]) &<< 8 | UInt32(blue[B])
                row.storeBytes(of: converted, toByteOffset: 4 &* x, as: UInt32.self)
            }
        }
    }

    /// A profile's colorants (row-major: X of red, green, blue; then Y; then Z) and its three curves.
    private static func parts(of profile: cmsHPROFILE) -> (colorants: [Float], curves: [OpaquePointer])? {
        let colorantTags = [cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag]
        let curveTags = [cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag]
        var colorants = [Float](repeating: 0, count: 9)
        var curves: [OpaquePointer] = []
        for c in 0..<3 {
            guard let xyz = cmsReadTag(profile, colorantTags[c])?.assumingMemoryBound(to: cmsCIEXYZ.self).pointee,
                  let curve = cmsReadTag(profile, curveTags[c]) else { return nil }
            colorants[c] = Float(xyz.X); colorants[3 + c] = Float(xyz.Y); colorants[6 + c] = Float(xyz.Z)
            curves.append(OpaquePointer(curve))
        }
        return (colorants, curves)
    }

    /// The inverse of a row-major 3×3 matrix, or nil when it has none.
    private static func invert(_ m: [Float]) -> [Float]? {
        let (a, b, c, d, e, f, g, h, i) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        guard abs(det) > 1e-9 else { return nil }
        return [(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det,
                (f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det,
                (d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det]
    }
}
