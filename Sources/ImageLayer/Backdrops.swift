import Foundation
import GalleryCore
import SDLKit

/// What the slideshow fills the window with around a photo of another shape (`--fill blur` or `matte`), made on the
/// decode worker from each large photo: averaged down to 32 pixels (every source pixel counts, so it is a blur,
/// not noise), darkened, and stretched smoothly to the window's size (the part that covers it at the photo's shape),
/// so drawing it is one plain copy a frame (a software renderer's stretch of the whole window costs 15 to 30 ms);
/// and its average colour. Three are kept (the photo shown, the one before, the next: 8 MB each at 1920x1080),
/// the oldest dropped, so memory stays flat whatever the show's length.
public final class Backdrops {
    public static let side = 32, kept = 3
    /// The darkening: a backdrop must never compete with its photo.
    public static let shade = 110
    private let lock = NSLock()
    private var pictures: [String: (surface: Surface?, colour: (r: UInt8, g: UInt8, b: UInt8))] = [:]
    private var order: [String] = []
    private var windowSize = PixelSize(width: 1920, height: 1080)

    /// The window's size in device pixels (backdrops are made for it).
    public var window: PixelSize {
        get { lock.withLock { windowSize } }
        set { lock.withLock { windowSize = newValue } }
    }

    private var showing = false
    /// Whether the slideshow shows (the pane's large photos need no backdrop).
    public var wanted: Bool {
        get { lock.withLock { showing } }
        set { lock.withLock { showing = newValue } }
    }

    /// On a worker, from a photo's decoded large picture.
    public func make(from surface: Surface, id: String) {
        guard lock.withLock({ showing && pictures[id] == nil }), surface.width > 0, surface.height > 0 else { return }
        let landscape = surface.width >= surface.height
        let w = landscape ? Backdrops.side : max(1, Backdrops.side * surface.width / surface.height)
        let h = landscape ? max(1, Backdrops.side * surface.height / surface.width) : Backdrops.side
        guard let small = try? surface.scaled(toWidth: w, height: h) else { return }
        var sum = (r: 0, g: 0, b: 0)
        small.withUnsafeMutablePixels { pixels, pitch in
            for y in 0..<h {
                let row = pixels.advanced(by: y * pitch).assumingMemoryBound(to: UInt32.self)
                for x in 0..<w {
                    let p = row[x]
                    let r = Int(p >> 16 & 0xFF), g = Int(p >> 8 & 0xFF), b = Int(p & 0xFF)
                    sum.r += r; sum.g += g; sum.b += b
                    let s = Backdrops.shade
                    row[x] = 0xFF00_0000 | UInt32(r * s / 255) << 16 | UInt32(g * s / 255) << 8 | UInt32(b * s / 255)
                }
            }
        }
        let n = max(1, w * h)
        let colour = (r: UInt8(sum.r / n), g: UInt8(sum.g / n), b: UInt8(sum.b / n))
        // The part of the small picture that covers the window at its shape, stretched to the window.
        let target = window
        let scale = max(Double(target.width) / Double(w), Double(target.height) / Double(h))
        let pw = min(Double(w), Double(target.width) / scale), ph = min(Double(h), Double(target.height) / scale)
        let part = (x: Int((Double(w) - pw) / 2), y: Int((Double(h) - ph) / 2), width: max(1, Int(pw)), height: max(1, Int(ph)))
        guard let picture = try? small.stretched(part: part, toWidth: max(1, target.width), height: max(1, target.height))
        else { return }
        lock.withLock {
            guard pictures[id] == nil else { return }
            pictures[id] = (picture, colour)
            order.append(id)
            if order.count > Backdrops.kept { pictures[order.removeFirst()] = nil }
        }
    }

    /// The picture, handed over once (the slideshow makes its texture of it; the colour stays for a matte).
    public func takePicture(for id: String) -> Surface? {
        lock.withLock {
            let surface = pictures[id]?.surface
            pictures[id]?.surface = nil
            return surface
        }
    }
    public func colour(for id: String) -> (r: UInt8, g: UInt8, b: UInt8)? { lock.withLock { pictures[id]?.colour } }
}
