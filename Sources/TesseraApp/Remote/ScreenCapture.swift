import Foundation
import GalleryCore
import ImageLayer
import PNGKit
import SDLKit

/// The whole screen for a remote (`GET /api/v1/screenshot`, Home Assistant's screen image): a request asks for the
/// next whole frame, whose pixels are read after drawing and before it is presented (`Drawing.present`), so what
/// is sent is exactly what the panel shows next, overlays included. The pixels are scaled and encoded (PNG or JPEG)
/// on a queue of their own; the main thread only reads them back. One at a time and not too often
/// (`ScreenshotGate`); nothing drawn (the display asleep, the window hidden), the request is refused.
final class ScreenCapture: @unchecked Sendable {
    typealias Reply = @Sendable (Result<Screenshot, ScreenshotRefusal>) -> Void

    private let queue = DispatchQueue(label: "tessera-screen-capture", qos: .utility)
    private let lock = NSLock()
    private var gate = ScreenshotGate()  // behind `lock`: the main thread admits, the queue finishes
    /// Main thread: the request waiting for its frame, and since when.
    private var waiting: (request: ScreenshotRequest, reply: Reply, since: Double)?

    static let jpegQuality = 85

    /// Main thread: takes a request up for the next whole frame, or refuses it (too soon).
    /// Returns whether a whole frame is now wanted.
    func ask(_ request: ScreenshotRequest, now: Double, reply: @escaping Reply) -> Bool {
        if let refusal = locked({ $0.admit(now: now) }) {
            reply(.failure(refusal))
            return false
        }
        waiting = (request, reply, now)
        return true
    }

    /// Main thread: whether a frame drawn now is to be read.
    var wanted: Bool { waiting != nil }

    /// Main thread, a whole frame drawn and not yet presented: reads it for the request waiting, and sends it on
    /// to be scaled and encoded.
    func frameDrawn(_ renderer: Renderer) {
        guard let (request, reply, _) = waiting else { return }
        waiting = nil
        let pixels: Surface
        do {
            pixels = try renderer.readPixels()
        } catch {
            Log.warn("screenshot: \(error)")
            locked { $0.finished() }
            return reply(.failure(ScreenshotRefusal("the screen's pixels could not be read", kind: .failed)))
        }
        let taken = Taken(surface: pixels)
        queue.async { [self] in
            let result = ScreenCapture.encode(taken.surface, request)
            locked { $0.finished() }
            reply(result)
        }
    }

    /// Main thread, a turn that draws nothing. `drawing` false: nothing will be drawn for a while (the display
    /// asleep, the window hidden): the request waiting is refused. A request whose frame did not come in time is
    /// given up (the remote has answered 503 already).
    func nothingDrawn(drawing: Bool, now: Double) {
        guard let (_, reply, since) = waiting else { return }
        if !drawing {
            waiting = nil
            locked { $0.finished() }
            reply(.failure(ScreenshotRefusal("nothing is drawn now: the display is asleep or the window hidden",
                                             kind: .notNow)))
        } else if now - since > locked({ $0.longestWait }) {
            waiting = nil
            locked { $0.finished() }
            reply(.failure(ScreenshotRefusal("no frame was drawn in time", kind: .failed)))
        }
    }

    /// Scaled to fit the request's side (never up), then encoded.
    static func encode(_ surface: Surface, _ request: ScreenshotRequest) -> Result<Screenshot, ScreenshotRefusal> {
        let panel = PixelSize(width: surface.width, height: surface.height)
        let size = ScreenshotGate.size(of: panel, fitting: request.maxSide)
        do {
            let picture = size == panel ? try surface.convertedToARGB()
                : try surface.scaled(toWidth: size.width, height: size.height)
            let data: Data
            switch request.format {
            case .png:
                data = try picture.withUnsafeMutablePixels { pixels, pitch in
                    try PNGEncoder.encode(bgra: pixels, width: picture.width, height: picture.height, pitch: pitch)
                }
            case .jpeg:
                guard let jpeg = CellEncoder.encode(picture, quality: jpegQuality) else {
                    return .failure(ScreenshotRefusal("the screenshot could not be encoded", kind: .failed))
                }
                data = jpeg
            }
            return .success(Screenshot(format: request.format, data: data, width: picture.width, height: picture.height))
        } catch {
            Log.warn("screenshot: \(error)")
            return .failure(ScreenshotRefusal("the screenshot could not be encoded", kind: .failed))
        }
    }

    private func locked<T>(_ body: (inout ScreenshotGate) -> T) -> T {
        lock.lock(); defer { lock.unlock() }
        return body(&gate)
    }

    /// The pixels read, handed to the encoding queue and touched by nothing else.
    private struct Taken: @unchecked Sendable { let surface: Surface }
}
