import Foundation
import GalleryCore
import MediaWorkers
import SDLKit

/// What makes a moving picture's poster for the decode pool: its first frame, upright, at exactly the size asked.
/// Thread-safe; may block (a worker process answers).
public protocol PosterMaker: AnyObject {
    func poster(_ location: MediaLocation, size: PixelSize) throws -> Surface
}

extension MediaService: PosterMaker {
    /// The service worker's frame, copied row by row from its shared memory into a surface of the pool's own.
    public func poster(_ location: MediaLocation, size: PixelSize) throws -> Surface {
        let frame = try poster(location, width: size.width, height: size.height).get()
        let surface = try Surface(width: frame.width, height: frame.height)
        frame.pixels.withUnsafeBytes { (source: UnsafeRawBufferPointer) in
            surface.withUnsafeMutablePixels { pixels, pitch in
                let row = 4 * frame.width
                for y in 0..<frame.height {
                    (pixels + y * pitch).copyMemory(from: source.baseAddress! + y * frame.pitch, byteCount: row)
                }
            }
        }
        return surface
    }
}

/// The folder sources read clips' headers through the same worker.
extension MediaService: MediaProber {}
