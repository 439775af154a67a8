import Foundation
import GalleryCore
import SDLKit

/// Draws a distinct picture for a photo ID at any size (a landscape: sky, sun, hills in haze, a meadow) and encodes
/// it as JPEG. Recently made images are kept. Thread-safe.
public final class DemoPictures {
    private let lock = NSLock()
    private var cache: [String: Data] = [:]
    private var order: [String] = []
    private var cachedBytes = 0
    private let cacheLimit: Int

    /// `cacheLimit`: bytes of encoded images kept for repeated requests (0 keeps none).
    public init(cacheLimit: Int) { self.cacheLimit = cacheLimit }

    public func jpeg(id: String, width: Int, height: Int) throws -> Data {
        let key = "\(id)/\(width)/\(height)"
        lock.lock()
        if let hit = cache[key] { lock.unlock(); return hit }
        lock.unlock()
        let data = try DemoPictures.picture(seed: DemoPictures.seed(id), width: width, height: height).jpegData(quality: 82)
        lock.lock()
        if cache[key] == nil, data.count <= cacheLimit {
            cache[key] = data; order.append(key); cachedBytes += data.count
            while cachedBytes > cacheLimit, !order.isEmpty {
                let old = order.removeFirst()
                cachedBytes -= cache.removeValue(forKey: old)?.count ?? 0
            }
        }
        lock.unlock()
        return data
    }

    /// The photo's main colour: the average of its picture drawn small (the Unsplash stand-in's `color`), so a
    /// placeholder is the colour the photo turns out to be, not a random one.
    public static func color(_ id: String) -> (r: UInt8, g: UInt8, b: UInt8) {
        guard let small = try? draw(seed: seed(id), width: 8, height: 8) else { return (52, 52, 58) }
        var sum = (0, 0, 0)
        for y in 0..<8 { for x in 0..<8 { let p = small.pixel(x: x, y: y); sum = (sum.0 + Int(p.r), sum.1 + Int(p.g), sum.2 + Int(p.b)) } }
        return (UInt8(sum.0 / 64), UInt8(sum.1 / 64), UInt8(sum.2 / 64))
    }

    /// The ThumbHash of an entry's own picture, drawn small: a placeholder that looks like the photo.
    public static func thumbHash(_ entry: DemoCatalog.Entry) -> String {
        let long = 48.0, f = long / Double(max(entry.width, entry.height))
        let w = max(1, Int((Double(entry.width) * f).rounded())), h = max(1, Int((Double(entry.height) * f).rounded()))
        guard let surface = try? draw(seed: seed(entry.id), width: w, height: h) else { return "" }
        var rgba: [UInt8] = []
        rgba.reserveCapacity(w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let p = surface.pixel(x: x, y: y)
                rgba += [p.r, p.g, p.b, 255]
            }
        }
        return ThumbHash.encode(width: w, height: h, rgba: rgba).map { Data($0).base64EncodedString() } ?? ""
    }

    public static func seed(_ id: String) -> UInt64 {
        var h: UInt64 = 0xcbf29ce484222325
        for b in id.utf8 { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        return h
    }

    /// The picture at any size: drawn at most `drawnSide` pixels on its long side and scaled up beyond (a 5000-pixel
    /// demo photo costs what a 1024-pixel one does; a soft landscape loses nothing to it).
    public static func picture(seed: UInt64, width: Int, height: Int) throws -> Surface {
        let long = max(width, height)
        guard long > drawnSide else { return try draw(seed: seed, width: width, height: height) }
        let f = Double(drawnSide) / Double(long)
        let small = try draw(seed: seed, width: max(1, Int(Double(width) * f)), height: max(1, Int(Double(height) * f)))
        return try small.scaled(toWidth: width, height: height)
    }

    public static let drawnSide = 1024

    /// A landscape at dusk or dawn: a sky that deepens towards its top, a sun with a soft glow, three ranges of hills
    /// that fade into the haze with distance (as real air makes them), and a meadow with grain. Every edge is
    /// anti-aliased (each pixel covered by a share of an edge gets that share of its colour), so it reads as a
    /// photograph at any size rather than as drawn shapes. Written a row at a time straight into the pixels.
    public static func draw(seed: UInt64, width: Int, height: Int) throws -> Surface {
        var rng = seed
        func next() -> Double {
            rng = rng &* 6364136223846793005 &+ 1442695040888963407
            return Double(rng >> 11) / Double(1 << 53)
        }
        let surface = try Surface(width: width, height: height)
        let w = Double(width), h = Double(height), unit = min(w, h)
        let hue = next()
        let zenith = rgb(hsv(hue + 0.02, 0.55, 0.55)), horizon = rgb(hsv(hue + 0.1, 0.45, 1.0))
        let haze = rgb(hsv(hue + 0.08, 0.25, 0.95))
        let sunColor = rgb(hsv(hue + 0.12, 0.25, 1.0))
        let sun = (x: (0.15 + next() * 0.7) * w, y: (0.18 + next() * 0.25) * h, r: (0.04 + next() * 0.05) * unit)
        // Hills, far to near: lower, darker, less hazy.
        struct Range { var base, amp, f1, f2, p1, p2: Double; var color: (Double, Double, Double) }
        var ranges: [Range] = []
        for layer in 0..<3 {
            let near = Double(layer) / 2
            let body = rgb(hsv(hue + 0.35 + 0.04 * Double(layer), 0.45 + 0.2 * near, 0.55 - 0.35 * near))
            let fade = 0.6 * (1 - near)
            ranges.append(Range(base: (0.5 + 0.12 * Double(layer) + next() * 0.06) * h, amp: (0.03 + next() * 0.06) * h,
                                f1: 1 + next() * 2.5, f2: 4 + next() * 6, p1: next() * 6.28, p2: next() * 6.28,
                                color: (body.0 + (haze.0 - body.0) * fade, body.1 + (haze.1 - body.1) * fade,
                                        body.2 + (haze.2 - body.2) * fade)))
        }
        // Each range's ridge height at every column, once.
        let ridges: [[Double]] = ranges.map { r in
            (0..<width).map { x in
                let u = Double(x) / w * 6.283
                return r.base - r.amp * (sin(u * r.f1 + r.p1) + 0.35 * sin(u * r.f2 + r.p2))
            }
        }
        // Above the highest ridge of a column there is only sky; the glow is invisible past eleven radii.
        let highest = (0..<width).map { x in ridges.map { $0[x] }.min() ?? h }
        let glowReach = 11 * sun.r
        var grain = seed | 1
        surface.withUnsafeMutablePixels { pixels, pitch in
            for y in 0..<height {
                let row = (pixels + y * pitch).assumingMemoryBound(to: UInt32.self)
                let fy = Double(y) + 0.5, t = min(1, fy / (0.62 * h))
                // The sky: deep at the top, bright at the horizon.
                let sky = (zenith.0 + (horizon.0 - zenith.0) * t * t, zenith.1 + (horizon.1 - zenith.1) * t * t,
                           zenith.2 + (horizon.2 - zenith.2) * t * t)
                for x in 0..<width {
                    let fx = Double(x) + 0.5
                    var c = sky
                    let dx = fx - sun.x, dy = fy - sun.y
                    if abs(dx) < glowReach, abs(dy) < glowReach {
                        // The glow, then the disc with an edge one pixel wide.
                        let d = (dx * dx + dy * dy).squareRoot()
                        c = blend(c, sunColor, 0.35 * exp(-d / (2.5 * sun.r)))
                        c = blend(c, sunColor, min(1, max(0, sun.r - d + 0.5)))
                    }
                    for (i, range) in ranges.enumerated() where fy > highest[x] - 1 {
                        let cover = min(1, max(0, fy - ridges[i][x] + 0.5))
                        if cover > 0 {
                            // Lighter near the ridge (the sun on its face), darker below.
                            let depth = min(1, (fy - ridges[i][x]) / (0.25 * h))
                            let shade = 1.08 - 0.25 * depth
                            c = blend(c, (range.color.0 * shade, range.color.1 * shade, range.color.2 * shade), cover)
                        }
                    }
                    // Grain, as a sensor has.
                    grain ^= grain << 13; grain ^= grain >> 7; grain ^= grain << 17
                    let n = (Double(grain & 0xFF) / 255 - 0.5) * 0.035
                    row[x] = 0xFF00_0000 | UInt32(channel(c.0 + n)) << 16 | UInt32(channel(c.1 + n)) << 8
                        | UInt32(channel(c.2 + n))
                }
            }
        }
        return surface
    }

    private static func blend(_ a: (Double, Double, Double), _ b: (Double, Double, Double), _ t: Double) -> (Double, Double, Double) {
        (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, a.2 + (b.2 - a.2) * t)
    }

    private static func channel(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v * 255))) }

    private static func rgb(_ c: (UInt8, UInt8, UInt8)) -> (Double, Double, Double) {
        (Double(c.0) / 255, Double(c.1) / 255, Double(c.2) / 255)
    }

    private static func hsv(_ h: Double, _ s: Double, _ v: Double) -> (UInt8, UInt8, UInt8) {
        let hh = (h - h.rounded(.down)) * 6
        let i = Int(hh) % 6, f = hh - Double(Int(hh))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double)
        switch i {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        return (UInt8(r * 255), UInt8(g * 255), UInt8(b * 255))
    }
}
