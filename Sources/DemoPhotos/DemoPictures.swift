import Foundation
import SDLKit

/// Draws a distinct picture for a photo ID at any size (gradient sky, sun, hills, a few blocks) and encodes it as
/// JPEG. Drawn with row fills, so it is quick even in a debug build. Recently made images are kept. Thread-safe.
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
        let data = try DemoPictures.draw(seed: DemoPictures.seed(id), width: width, height: height).jpegData(quality: 82)
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

    /// The photo's main colour: the top of its generated sky (the Unsplash stand-in's `color`).
    public static func color(_ id: String) -> (r: UInt8, g: UInt8, b: UInt8) {
        let seed = DemoPictures.seed(id)
        return (UInt8(truncatingIfNeeded: seed >> 8), UInt8(truncatingIfNeeded: seed >> 16),
                UInt8(truncatingIfNeeded: seed >> 24))
    }

    public static func seed(_ id: String) -> UInt64 {
        var h: UInt64 = 0xcbf29ce484222325
        for b in id.utf8 { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        return h
    }

    public static func draw(seed: UInt64, width: Int, height: Int) throws -> Surface {
        var rng = seed
        func next() -> Double {
            rng = rng &* 6364136223846793005 &+ 1442695040888963407
            return Double(rng >> 11) / Double(1 << 53)
        }
        let surface = try Surface(width: width, height: height)
        let hue = next()
        let top = hsv(hue, 0.55, 0.95), bottom = hsv(hue + 0.12, 0.75, 0.45)
        for y in 0..<height {
            let t = Double(y) / Double(max(1, height - 1))
            surface.fill(x: 0, y: y, width: width, height: 1,
                         r: mix(top.0, bottom.0, t), g: mix(top.1, bottom.1, t), b: mix(top.2, bottom.2, t))
        }
        // A sun or moon.
        let sun = hsv(hue + 0.5, 0.35, 1.0)
        disc(surface, cx: Int(next() * Double(width)), cy: Int((0.15 + next() * 0.3) * Double(height)),
             radius: Int((0.08 + next() * 0.12) * Double(min(width, height))), color: sun)
        // Two ranges of hills.
        for layer in 0..<2 {
            let c = hsv(hue + 0.3 + Double(layer) * 0.05, 0.6, 0.35 - Double(layer) * 0.12)
            let base = (0.55 + Double(layer) * 0.15 + next() * 0.1) * Double(height)
            let amp = (0.05 + next() * 0.08) * Double(height)
            let freq = 1.5 + next() * 3, phase = next() * 6.28
            for x in stride(from: 0, to: width, by: 2) {
                let y = Int(base + amp * sin(Double(x) / Double(max(1, width)) * freq * 6.28 + phase))
                surface.fill(x: x, y: y, width: 2, height: height - y, r: c.0, g: c.1, b: c.2)
            }
        }
        // A few blocks, like buildings or frames.
        for _ in 0..<3 {
            let c = hsv(hue + next(), 0.5, 0.3 + next() * 0.5)
            let w = Int((0.05 + next() * 0.15) * Double(width)), h = Int((0.1 + next() * 0.3) * Double(height))
            surface.fill(x: Int(next() * Double(width - w)), y: height - h, width: w, height: h, r: c.0, g: c.1, b: c.2)
        }
        return surface
    }

    private static func disc(_ s: Surface, cx: Int, cy: Int, radius: Int, color: (UInt8, UInt8, UInt8)) {
        guard radius > 0 else { return }
        for dy in -radius...radius {
            let half = Int(Double(radius * radius - dy * dy).squareRoot())
            s.fill(x: cx - half, y: cy + dy, width: 2 * half + 1, height: 1, r: color.0, g: color.1, b: color.2)
        }
    }

    private static func mix(_ a: UInt8, _ b: UInt8, _ t: Double) -> UInt8 {
        UInt8(max(0, min(255, Double(a) + (Double(b) - Double(a)) * t)))
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
