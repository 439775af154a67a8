import Foundation
import SDLKit

/// What the slideshow fills the window with around a photo of another shape (`--fill blur` or `matte`): each large
/// photo averaged down to a 32-pixel picture on the decode worker that made it (every source pixel counts, so
/// stretched back over the window it is a soft blur, not noise), and its average colour. A few are kept, the
/// oldest dropped, so memory stays flat whatever the show's length.
final class Backdrops {
    static let side = 32, kept = 16
    private let lock = NSLock()
    private var pictures: [String: (surface: Surface, colour: (r: UInt8, g: UInt8, b: UInt8))] = [:]
    private var order: [String] = []

    /// On a worker, from a photo's decoded large picture.
    func make(from surface: Surface, id: String) {
        guard lock.withLock({ pictures[id] == nil }), surface.width > 0, surface.height > 0 else { return }
        let w = surface.width >= surface.height ? Backdrops.side : max(1, Backdrops.side * surface.width / surface.height)
        let h = surface.width >= surface.height ? max(1, Backdrops.side * surface.height / surface.width) : Backdrops.side
        guard let small = try? surface.scaled(toWidth: w, height: h) else { return }
        var sum = (r: 0, g: 0, b: 0)
        for y in 0..<h { for x in 0..<w { let p = small.pixel(x: x, y: y); sum.r += Int(p.r); sum.g += Int(p.g); sum.b += Int(p.b) } }
        let n = max(1, w * h)
        let colour = (r: UInt8(sum.r / n), g: UInt8(sum.g / n), b: UInt8(sum.b / n))
        lock.withLock {
            pictures[id] = (small, colour)
            order.append(id)
            if order.count > Backdrops.kept { pictures[order.removeFirst()] = nil }
        }
    }

    func picture(for id: String) -> Surface? { lock.withLock { pictures[id]?.surface } }
    func colour(for id: String) -> (r: UInt8, g: UInt8, b: UInt8)? { lock.withLock { pictures[id]?.colour } }
}
