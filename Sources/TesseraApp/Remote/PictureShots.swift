import Foundation
import GalleryCore

/// The photo shown, as a JPEG for a remote (the page's thumbnail, Home Assistant's image entity): asked of the
/// source like any image, decoded through the one `ImageDecoder` (a clip's poster by the media worker), scaled to
/// fit `maxSide`, encoded on a thread of its own, one at a time. The last one made is kept, so a page polling and
/// MQTT publishing the same photo cost one decode.
final class PictureShots: @unchecked Sendable {
    private let decoder: ImageDecoder
    private let source: () -> PhotoSource
    private let queue = DispatchQueue(label: "tessera-picture-shots", qos: .utility)
    private let lock = NSLock()
    private var last: (photoID: String, maxSide: Int, shot: PictureShown)?

    static let quality = 85

    init(decoder: ImageDecoder, source: @escaping () -> PhotoSource) {
        self.decoder = decoder
        self.source = source
    }

    /// Main thread: starts making the picture of the photo shown; `reply` hears it (on the main thread's mailbox
    /// or any thread: the remotes hop back to their own).
    func picture(of model: GalleryModel, maxSide: Int, reply: @escaping @Sendable (PictureShown?) -> Void) {
        guard let photo = FrameState.photoShown(in: model)?.photo, photo.width > 0, photo.height > 0 else {
            reply(nil)
            return
        }
        let sides = RemoteLimits.standard.photoSides
        let side = min(max(maxSide, sides.lowerBound), sides.upperBound)
        lock.lock()
        let kept = last
        lock.unlock()
        if let kept, kept.photoID == photo.id, kept.maxSide == side {
            reply(kept.shot)
            return
        }
        let scale = min(1, Double(side) / Double(max(photo.width, photo.height)))
        let target = PixelSize(width: max(1, Int(Double(photo.width) * scale)), height: max(1, Int(Double(photo.height) * scale)))
        let decoder = self.decoder, queue = self.queue
        _ = source().fetchImage(photo, size: target, priority: 0, progress: nil) { [weak self] result in
            queue.async {
                guard case .success(let answer) = result,
                      let shot = PictureShots.encode(answer, target: target, decoder: decoder, photoID: photo.id) else {
                    reply(nil)
                    return
                }
                self?.keep(photo.id, side, shot)
                reply(shot)
            }
        }
    }

    private func keep(_ id: String, _ side: Int, _ shot: PictureShown) {
        lock.lock(); last = (id, side, shot); lock.unlock()
    }

    private static func encode(_ answer: ImageAnswer, target: PixelSize, decoder: ImageDecoder, photoID: String) -> PictureShown? {
        let decoded: ImageDecoder.Decoded
        do {
            if answer.media != nil { decoded = try decoder.poster(answer, target: target) }
            else { decoded = try decoder.decode(answer.data, target: target, fromFolder: answer.fromFolder) }
        } catch { return nil }
        return CellEncoder.encode(decoded.surface, quality: quality).map { PictureShown(photoID: photoID, jpeg: $0) }
    }
}
