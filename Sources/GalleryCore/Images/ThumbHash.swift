import Foundation

/// ThumbHash (Evan Wallace's, the placeholder Immich gives every asset): a DCT of a photo's luminance, two colour
/// channels and alpha in about 25 bytes, which also encodes the photo's approximate aspect ratio. Not BlurHash: a
/// different layout (a 5-byte header of DC terms, scales and component counts, then 4-bit AC terms) read here after
/// the reference decoder (`thumbHashToRGBA`). Input is hostile: a hash too short for the terms its header claims,
/// or one whose counts give no aspect ratio, is refused; the output is at most 32×32 pixels whatever it says.
public enum ThumbHash {
    public struct Picture: Equatable {
        public let width: Int
        public let height: Int
        /// RGBA, row by row; RGB not premultiplied by alpha.
        public let rgba: [UInt8]
    }

    /// The longest hash accepted: the header and alpha byte plus every term of the largest layout (7×7 luminance,
    /// alpha, two 3×3 colour channels), rounded up; anything longer is not a ThumbHash.
    public static let maxBytes = 64

    /// Decodes base64 text (as Immich sends it).
    public static func decode(base64 text: String) -> Picture? {
        guard text.utf8.count <= 4 * maxBytes / 3 + 4, let bytes = Data(base64Encoded: text) else { return nil }
        return decode([UInt8](bytes))
    }

    /// The photo's approximate width over height, from the header alone; nil for a malformed hash.
    public static func aspectRatio(_ hash: [UInt8]) -> Double? {
        guard hash.count >= 5 else { return nil }
        let hasAlpha = hash[2] & 0x80 != 0, isLandscape = hash[4] & 0x80 != 0
        let lx = isLandscape ? (hasAlpha ? 5 : 7) : Int(hash[3] & 7)
        let ly = isLandscape ? Int(hash[3] & 7) : (hasAlpha ? 5 : 7)
        guard lx > 0, ly > 0 else { return nil }
        return Double(lx) / Double(ly)
    }

    public static func aspectRatio(base64 text: String) -> Double? {
        guard text.utf8.count <= 4 * maxBytes / 3 + 4, let bytes = Data(base64Encoded: text) else { return nil }
        return aspectRatio([UInt8](bytes))
    }

    public static func decode(_ hash: [UInt8]) -> Picture? {
        guard hash.count >= 5, hash.count <= maxBytes, let ratio = aspectRatio(hash) else { return nil }
        let header24 = Int(hash[0]) | Int(hash[1]) << 8 | Int(hash[2]) << 16
        let header16 = Int(hash[3]) | Int(hash[4]) << 8
        let lDC = Double(header24 & 63) / 63
        let pDC = Double((header24 >> 6) & 63) / 31.5 - 1
        let qDC = Double((header24 >> 12) & 63) / 31.5 - 1
        let lScale = Double((header24 >> 18) & 31) / 31
        let hasAlpha = header24 >> 23 != 0
        let pScale = Double((header16 >> 3) & 63) / 63
        let qScale = Double((header16 >> 9) & 63) / 63
        let isLandscape = header16 >> 15 != 0
        let lx = max(3, isLandscape ? (hasAlpha ? 5 : 7) : header16 & 7)
        let ly = max(3, isLandscape ? header16 & 7 : (hasAlpha ? 5 : 7))
        guard !hasAlpha || hash.count >= 6 else { return nil }
        let aDC = hasAlpha ? Double(hash[5] & 15) / 15 : 1
        let aScale = Double(hash[5 < hash.count ? 5 : 0] >> 4) / 15

        // The AC terms, 4 bits each, in the order the reference writes them; a hash that ends early is refused.
        let acStart = hasAlpha ? 6 : 5
        var acIndex = 0
        var short = false
        func channel(_ nx: Int, _ ny: Int, _ scale: Double) -> [Double] {
            var ac: [Double] = []
            for cy in 0..<ny {
                var cx = cy == 0 ? 1 : 0
                while cx * ny < nx * (ny - cy) {
                    let byte = acStart + acIndex >> 1
                    guard byte < hash.count else { short = true; return ac }
                    let nibble = (Int(hash[byte]) >> ((acIndex & 1) << 2)) & 15
                    ac.append((Double(nibble) / 7.5 - 1) * scale)
                    acIndex += 1
                    cx += 1
                }
            }
            return ac
        }
        let lAC = channel(lx, ly, lScale)
        let pAC = channel(3, 3, pScale * 1.25)
        let qAC = channel(3, 3, qScale * 1.25)
        let aAC = hasAlpha ? channel(5, 5, aScale) : []
        guard !short else { return nil }

        let w = Int((ratio > 1 ? 32 : 32 * ratio).rounded()), h = Int((ratio > 1 ? 32 / ratio : 32).rounded())
        guard (1...32).contains(w), (1...32).contains(h) else { return nil }
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        let nx = max(lx, hasAlpha ? 5 : 3), ny = max(ly, hasAlpha ? 5 : 3)
        var fx = [Double](repeating: 0, count: nx), fy = [Double](repeating: 0, count: ny)
        var i = 0
        for y in 0..<h {
            for cy in 0..<ny { fy[cy] = cos(Double.pi / Double(h) * (Double(y) + 0.5) * Double(cy)) }
            for x in 0..<w {
                for cx in 0..<nx { fx[cx] = cos(Double.pi / Double(w) * (Double(x) + 0.5) * Double(cx)) }
                var l = lDC, p = pDC, q = qDC, a = aDC
                var j = 0
                for cy in 0..<ly {
                    let fy2 = fy[cy] * 2
                    var cx = cy == 0 ? 1 : 0
                    while cx * ly < lx * (ly - cy) { l += lAC[j] * fx[cx] * fy2; cx += 1; j += 1 }
                }
                j = 0
                for cy in 0..<3 {
                    let fy2 = fy[cy] * 2
                    var cx = cy == 0 ? 1 : 0
                    while cx < 3 - cy {
                        let f = fx[cx] * fy2
                        p += pAC[j] * f; q += qAC[j] * f
                        cx += 1; j += 1
                    }
                }
                if hasAlpha {
                    j = 0
                    for cy in 0..<5 {
                        let fy2 = fy[cy] * 2
                        var cx = cy == 0 ? 1 : 0
                        while cx < 5 - cy { a += aAC[j] * fx[cx] * fy2; cx += 1; j += 1 }
                    }
                }
                let b = l - 2.0 / 3.0 * p
                let r = (3 * l - b + q) / 2
                let g = r - q
                rgba[i] = byte(r); rgba[i + 1] = byte(g); rgba[i + 2] = byte(b); rgba[i + 3] = byte(a)
                i += 4
            }
        }
        return Picture(width: w, height: h, rgba: rgba)
    }

    /// Encodes RGBA pixels (at most 100×100) as the reference encoder (`rgbaToThumbHash`) does: the demo's and the
    /// test server's photos carry hashes of their own pictures.
    public static func encode(width w: Int, height h: Int, rgba: [UInt8]) -> [UInt8]? {
        guard (1...100).contains(w), (1...100).contains(h), rgba.count == w * h * 4 else { return nil }
        func round(_ v: Double) -> Int { Int((v + 0.5).rounded(.down)) }  // JavaScript's Math.round
        var avgR = 0.0, avgG = 0.0, avgB = 0.0, avgA = 0.0
        for i in 0..<(w * h) {
            let alpha = Double(rgba[i * 4 + 3]) / 255
            avgR += alpha / 255 * Double(rgba[i * 4]); avgG += alpha / 255 * Double(rgba[i * 4 + 1])
            avgB += alpha / 255 * Double(rgba[i * 4 + 2]); avgA += alpha
        }
        if avgA > 0 { avgR /= avgA; avgG /= avgA; avgB /= avgA }
        let hasAlpha = avgA < Double(w * h)
        let lLimit = hasAlpha ? 5.0 : 7.0
        let lx = max(1, round(lLimit * Double(w) / Double(max(w, h)))), ly = max(1, round(lLimit * Double(h) / Double(max(w, h))))
        var l = [Double](repeating: 0, count: w * h), p = l, q = l, a = l
        for i in 0..<(w * h) {
            let alpha = Double(rgba[i * 4 + 3]) / 255
            let r = avgR * (1 - alpha) + alpha / 255 * Double(rgba[i * 4])
            let g = avgG * (1 - alpha) + alpha / 255 * Double(rgba[i * 4 + 1])
            let b = avgB * (1 - alpha) + alpha / 255 * Double(rgba[i * 4 + 2])
            l[i] = (r + g + b) / 3; p[i] = (r + g) / 2 - b; q[i] = r - g; a[i] = alpha
        }
        func channel(_ c: [Double], _ nx: Int, _ ny: Int) -> (dc: Double, ac: [Double], scale: Double) {
            var dc = 0.0, ac: [Double] = [], scale = 0.0
            var fx = [Double](repeating: 0, count: w)
            for cy in 0..<ny {
                var cx = 0
                while cx * ny < nx * (ny - cy) {
                    var f = 0.0
                    for x in 0..<w { fx[x] = cos(Double.pi / Double(w) * Double(cx) * (Double(x) + 0.5)) }
                    for y in 0..<h {
                        let fy = cos(Double.pi / Double(h) * Double(cy) * (Double(y) + 0.5))
                        for x in 0..<w { f += c[x + y * w] * fx[x] * fy }
                    }
                    f /= Double(w * h)
                    if cx > 0 || cy > 0 { ac.append(f); scale = max(scale, abs(f)) } else { dc = f }
                    cx += 1
                }
            }
            if scale > 0 { ac = ac.map { 0.5 + 0.5 / scale * $0 } }
            return (dc, ac, scale)
        }
        let L = channel(l, max(3, lx), max(3, ly)), P = channel(p, 3, 3), Q = channel(q, 3, 3)
        let A = hasAlpha ? channel(a, 5, 5) : (dc: 0, ac: [], scale: 0)
        let isLandscape = w > h
        let header24 = round(63 * L.dc) | round(31.5 + 31.5 * P.dc) << 6 | round(31.5 + 31.5 * Q.dc) << 12
            | round(31 * L.scale) << 18 | (hasAlpha ? 1 << 23 : 0)
        let header16 = (isLandscape ? ly : lx) | round(63 * P.scale) << 3 | round(63 * Q.scale) << 9 | (isLandscape ? 1 << 15 : 0)
        var hash = [UInt8(header24 & 255), UInt8((header24 >> 8) & 255), UInt8(header24 >> 16),
                    UInt8(header16 & 255), UInt8(header16 >> 8)]
        if hasAlpha { hash.append(UInt8(round(15 * A.dc) | round(15 * A.scale) << 4)) }
        let acStart = hash.count
        var index = 0
        for ac in hasAlpha ? [L.ac, P.ac, Q.ac, A.ac] : [L.ac, P.ac, Q.ac] {
            for f in ac {
                let at = acStart + index >> 1
                if at >= hash.count { hash.append(0) }
                hash[at] |= UInt8(round(15 * f) & 15) << ((index & 1) << 2)
                index += 1
            }
        }
        return hash
    }

    /// 0…1 to a byte as the reference stores it (a typed array truncates).
    private static func byte(_ v: Double) -> UInt8 {
        UInt8(max(0, 255 * min(1, v)).rounded(.towardZero))
    }
}
