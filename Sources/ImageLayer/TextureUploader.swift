import GalleryCore
import MediaWorkers
import SDLKit

/// The one owner of the image layer's textures, and the only code that makes, fills or frees them. A slot holds a
/// still (a photo, a clip's poster: uploaded once from a decoded surface, in bands within a per-frame budget) or a
/// stream (a playing clip: a streaming texture at the size drawn, of the frames' layout, YUV planes or BGRA, filled
/// with each new frame straight from the player's shared memory); a stream that has a frame is drawn in place of its
/// slot's still. Main thread only.
public final class TextureUploader {
    private struct Stream {
        let size: PixelSize
        var texture: Texture?
        /// The layout `texture` takes (a worker changes it only if a clip's pixel format changes mid-way).
        var layout: FrameLayout?
        /// A frame has been uploaded (until then the still shows).
        var hasFrame = false
    }

    /// A decoded picture waiting for its texture; the first may be part uploaded.
    private struct Upload {
        let key: ImageKey
        let token: UInt64
        let surface: Surface
        var texture: Texture?
        var rowsDone = 0
    }

    private var stills: [ImageKey: Texture] = [:]
    private var streams: [ImageKey: Stream] = [:]
    /// Decoded pictures waiting for their texture, first come first.
    private var decoded: [Upload] = []
    /// The last large still let go (a photo that left the slideshow), kept to be filled again by a picture of the
    /// same size: the software renderer allocates and zeroes a new one (33 MB at 3840x2160) in the frame its upload
    /// starts.
    private var spare: Texture?
    /// The smallest texture worth keeping as `spare`.
    public static let spareBytes = 4 << 20

    /// The largest texture side the renderer takes, as the app knows it (`Composition.largestTexture`): a surface
    /// larger fails as on a small GPU, whatever SDL would have done.
    public var largestTexture: Int?
    /// Stills made since the start (the kiosk's watchdog watches it grow).
    public private(set) var uploadedTotal = 0
    /// Bytes held by stills.
    public private(set) var stillBytes = 0
    /// Frames uploaded into streams since the start.
    public private(set) var framesUploaded = 0

    /// What shows for `key`: a playing clip's frame, else its still.
    public func texture(for key: ImageKey) -> Texture? {
        if let stream = streams[key], stream.hasFrame { return stream.texture }
        return stills[key]
    }

    public func hasStill(_ key: ImageKey) -> Bool { stills[key] != nil }
    /// Whether a playing clip has a frame to show for `key`.
    public func hasFrame(_ key: ImageKey) -> Bool { streams[key]?.hasFrame == true }

    public var stillCount: Int { stills.count }
    public var pixelBytes: Int { decoded.reduce(0) { $0 + $1.surface.byteCount } }
    public var streamBytes: Int { streams.values.reduce(0) { $0 + ($1.texture?.byteCount ?? 0) } }
    public var hasUploads: Bool { !decoded.isEmpty }

    // MARK: stills

    /// A decoded picture for `key`'s load `token`, uploaded by `upload` in its turn.
    public func enqueue(_ key: ImageKey, token: UInt64, _ surface: Surface) {
        decoded.append(Upload(key: key, token: token, surface: surface))
    }

    /// Lets go of `key`'s still and of any picture waiting for it; a large still is kept as the spare.
    public func releaseStill(_ key: ImageKey) {
        if let t = stills.removeValue(forKey: key) {
            stillBytes -= t.byteCount
            if t.byteCount >= TextureUploader.spareBytes { spare = t }
        }
        if decoded.contains(where: { $0.key == key }) { decoded.removeAll { $0.key == key } }
    }

    /// Lets go of every still and waiting picture (their textures went with the renderer's, or the source changed).
    public func releaseStills() {
        stills.removeAll()
        decoded.removeAll()
        spare = nil
        stillBytes = 0
    }

    private func takeSpare(width: Int, height: Int) -> Texture? {
        guard let t = spare, t.width == width, t.height == height else { return nil }
        spare = nil
        return t
    }

    /// Turns decoded pictures into stills: at most `count` finished, and about `bytes` copied, per call. A picture
    /// larger than that (a 4K cell is 10 MB) is copied in bands over several frames and shows when whole, so an
    /// arrival never costs a frame more than the budget. `isCurrent` says whether a load is still wanted (a stale
    /// one is dropped unseen); `finished` hears of each load done, with the still's size or the error.
    /// Returns how many were finished.
    public func upload(to renderer: Renderer, count: Int, bytes: Int, isCurrent: (ImageKey, UInt64) -> Bool,
                finished: (ImageKey, UInt64, Result<PixelSize, Error>) -> Void) -> Int {
        var done = 0, budget = bytes
        while var next = decoded.first, done < count, budget > 0 {
            guard isCurrent(next.key, next.token) else {
                decoded.removeFirst()
                continue
            }
            do {
                if next.texture == nil, let limit = largestTexture, max(next.surface.width, next.surface.height) > limit {
                    throw SDLError("SDL_CreateTexture", message: "\(next.surface.width)x\(next.surface.height) is larger than "
                                   + "the renderer's largest texture (\(limit))")
                }
                let texture = try next.texture ?? takeSpare(width: next.surface.width, height: next.surface.height)
                    ?? Texture(renderer: renderer, opaqueWidth: next.surface.width, height: next.surface.height)
                next.texture = texture
                let rowBytes = max(1, next.surface.width * 4)
                let end = min(texture.height, next.rowsDone + max(1, budget / rowBytes))
                try texture.update(from: next.surface, rows: next.rowsDone..<end)
                budget -= (end - next.rowsDone) * rowBytes
                next.rowsDone = end
                guard end == texture.height else {
                    decoded[0] = next
                    return done
                }
                decoded.removeFirst()
                if let old = stills[next.key] { stillBytes -= old.byteCount }
                stills[next.key] = texture
                stillBytes += texture.byteCount
                uploadedTotal += 1
                finished(next.key, next.token, .success(PixelSize(width: texture.width, height: texture.height)))
            } catch {
                decoded.removeFirst()
                finished(next.key, next.token, .failure(error))
            }
            done += 1
        }
        return done
    }

    // MARK: streams

    /// Fills `key`'s stream (a texture of `size` in the frame's layout, made when the first frame comes or the
    /// layout changes) with the newest frame `take` hands over, if any; whether a frame was uploaded. One pass over
    /// the frame, from shared memory: a copy of BGRA into the texture, or YUV planes converted by the renderer (on
    /// the software renderer when the frame is drawn, from the player's slot straight into the window's pixels
    /// where it lands one to one, else into the texture: `Texture.update(heldPlanes:pitch:owner:)`).
    public func uploadFrame(_ key: ImageKey, size: PixelSize, renderer: Renderer, take: ((ClipFrame) -> Void) -> Void)
        -> Bool {
        var stream = streams[key] ?? Stream(size: size)
        var uploaded = false
        take { frame in
            if stream.layout != frame.layout || stream.texture == nil {
                stream.texture = try? TextureUploader.streamTexture(frame.layout, size: size, renderer: renderer)
                stream.layout = frame.layout
            }
            guard let texture = stream.texture, frame.width == size.width, frame.height == size.height else { return }
            switch frame.layout {
            case .bgra: uploaded = (try? texture.update(pixels: frame.base, pitch: frame.width * 4)) != nil
            case .i420, .nv12:
                // Converted when drawn, straight into the window where it lands one to one (software renderer).
                uploaded = (try? texture.update(heldPlanes: frame.base, pitch: frame.width, owner: frame.owner)) != nil
            }
        }
        if uploaded { framesUploaded += 1; stream.hasFrame = true }
        streams[key] = stream
        return uploaded
    }

    private static func streamTexture(_ layout: FrameLayout, size: PixelSize, renderer: Renderer) throws -> Texture {
        switch layout {
        case .bgra: return try Texture(renderer: renderer, streamingWidth: size.width, height: size.height)
        case .i420: return try Texture(renderer: renderer, streamingWidth: size.width, height: size.height, yuv: .iyuv)
        case .nv12: return try Texture(renderer: renderer, streamingWidth: size.width, height: size.height, yuv: .nv12)
        }
    }

    /// Lets go of `key`'s stream (its clip stopped): the still shows again.
    public func releaseStream(_ key: ImageKey) { streams[key] = nil }
}
