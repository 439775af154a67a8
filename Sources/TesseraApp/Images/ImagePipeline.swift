import Foundation
import GalleryCore
import SDLKit

/// Which image a slot holds: a grid cell's, or the detail pane's larger one of the same item.
@_spi(Bench) public struct ImageKey: Hashable {
    let item: ItemKey
    let detail: Bool

    @_spi(Bench) public init(item: ItemKey, detail: Bool) { self.item = item; self.detail = detail }
}

/// What one wanted image is, in priority order: 0 most urgent.
struct ImageWant {
    let key: ImageKey
    let photo: Photo
    let size: PixelSize
    /// False when the cell will be gone before a load could finish: keep what it has, start nothing new.
    var worthStarting = true
}

@_spi(Bench) public enum ImageFailure: Error {
    case source(SourceError)
    case decode(String)
    /// Refused from its header (format, size): the same bytes will never decode, so no retry.
    case refused(ImageRefusal)

    init(decoding error: Error) {
        if let refusal = error as? ImageRefusal { self = .refused(refusal) } else { self = .decode("\(error)") }
    }

    var isNetworkFailure: Bool {
        if case .source(let e) = self { return e.isNetworkFailure }
        return false
    }

    var isRetryable: Bool {
        switch self {
        case .source(let e): return e.isRetryable
        case .decode: return true  // truncated on the way; the next attempt may be whole
        case .refused: return false
        }
    }
}

/// Loads the images of wanted cells and holds their textures; releases everything else. Each frame the caller
/// says what is wanted (in priority order); downloads for what is no longer wanted are cancelled, their pending
/// decodes dropped by token, their textures destroyed. Main thread only, apart from the closures it hands out.
@_spi(Bench) public final class ImagePipeline {
    @_spi(Bench) public enum State { case empty, loading, ready, failed }

    private struct Pending {
        let token: UInt64
        let request: RequestID?
        let photo: Photo
        let size: PixelSize
        let started: Double
    }

    private struct Slot {
        var texture: Texture?
        var pending: Pending?
        var failures = 0
        /// Network failures in a row (the server unreachable, or this image's transfer stalled): each waits longer.
        var networkFailures = 0
        var retryAt = 0.0
        var gaveUp = false
        /// Another size of what it holds failed for good (the original refused, by the server or the decoder): the
        /// texture it has stays, and no other size is asked for while the slot lives (not every frame of a zoom).
        var settled = false
        /// The texture is another size of the photo, shown offline; `refetch`: ask for its own size now.
        var standIn = false
        var refetch = false

        /// Size of the texture if any; a different wanted size (resize) loads anew while this one is still drawn.
        var textureSize: PixelSize? { texture.map { PixelSize(width: $0.width, height: $0.height) } }
    }

    private(set) var source: PhotoSource
    private let pool: DecodePool
    private let keeper: CellKeeper
    /// The slideshow's backdrops, made from each large picture decoded (nil: the slideshow fills with black).
    let backdrops: Backdrops?
    private let live: LiveTokens
    private let mailbox: Mailbox<Delivery>
    private let config: GalleryConfig
    private var slots: [ImageKey: Slot] = [:]
    /// Decoded pictures waiting for their texture, first come first; the first may be part uploaded.
    private var decoded: [Upload] = []

    private struct Upload {
        let key: ImageKey
        let token: UInt64
        let surface: Surface
        var texture: Texture?
        var rowsDone = 0

        init(_ key: ImageKey, _ token: UInt64, _ surface: Surface) {
            self.key = key; self.token = token; self.surface = surface
        }
    }
    private var nextToken: UInt64 = 1
    private var retry: RetryPolicy { RetryPolicy(base: config.imageRetryDelay, factor: 2, cap: config.imageRetryCap) }
    /// Loads (download, decode, upload) in progress at once; twice the transfer slots keeps the network busy.
    private var maxPendingLoads: Int { 2 * config.maxConcurrentDownloads }

    /// Textures made since the start (the kiosk's watchdog watches it grow).
    private(set) var uploadedTotal = 0
    /// Bytes held by textures and by decoded surfaces awaiting upload.
    @_spi(Bench) public private(set) var textureBytes = 0
    @_spi(Bench) public var pixelBytes: Int { decoded.reduce(0) { $0 + $1.surface.byteCount } }
    @_spi(Bench) public var textureCount: Int { slots.values.reduce(0) { $0 + ($1.texture == nil ? 0 : 1) } }
    var loadingCount: Int { slots.values.reduce(0) { $0 + ($1.pending == nil ? 0 : 1) } }
    private(set) var lastFailure: String?

    /// `keeper`: the one the pool asks for idle work.
    init(source: PhotoSource, pool: DecodePool, keeper: CellKeeper, live: LiveTokens, mailbox: Mailbox<Delivery>,
         config: GalleryConfig) {
        self.source = source; self.pool = pool; self.keeper = keeper; self.live = live; self.mailbox = mailbox
        self.config = config
        backdrops = config.slideFill == .black ? nil : Backdrops()
        keeper.reset(source: source)
    }

    /// Decoded cells not yet kept for the next start (waiting for an idle worker, or to be decoded again then).
    @_spi(Bench) public var cellsWaitingToBeKept: Int { keeper.count + pool.idleWorkCount }

    /// The moving pictures playing: a playing clip's frame is drawn in place of its poster.
    var clips: ClipPlayers?

    @_spi(Bench) public func state(of key: ImageKey) -> State {
        if clips?.texture(for: key) != nil { return .ready }
        guard let slot = slots[key] else { return .empty }
        if slot.texture != nil { return .ready }
        if slot.gaveUp { return .failed }
        return slot.pending != nil ? .loading : .empty
    }

    /// What shows for `key`: a playing clip's frame, else its picture (a photo, a clip's poster).
    func texture(for key: ImageKey) -> Texture? { clips?.texture(for: key) ?? slots[key]?.texture }

    /// The last large texture let go (a photo that left the slideshow), kept to be filled again by a picture of the
    /// same size: the software renderer allocates and zeroes a new one (33 MB at 3840x2160) in the frame its
    /// upload starts.
    private var spare: Texture?
    /// The smallest texture worth keeping as `spare`.
    static let spareBytes = 4 << 20

    private func takeSpare(width: Int, height: Int) -> Texture? {
        guard let t = spare, t.width == width, t.height == height else { return nil }
        spare = nil
        return t
    }

    /// Makes the held and loading set match `wanted`, most urgent first. At most `maxPendingLoads` images load at
    /// once: the most urgent ones. A fast fling therefore never queues more than that, and a newly urgent cell
    /// takes the place of the least urgent load.
    func update(wanted: [ImageWant], now: Double) {
        let wantedKeys = Set(wanted.map(\.key))
        if !received.isEmpty { received = received.filter { slots[$0.key]?.pending != nil } }
        for (key, slot) in slots where !wantedKeys.contains(key) {
            if let pending = slot.pending { cancel(pending) }
            if let t = slot.texture {
                textureBytes -= t.byteCount
                if t.byteCount >= ImagePipeline.spareBytes { spare = t }
            }
            slots[key] = nil
        }
        if decoded.contains(where: { slots[$0.key] == nil }) {
            decoded.removeAll { slots[$0.key] == nil }
        }
        var budget = maxPendingLoads
        for (priority, want) in wanted.enumerated() {
            var slot = slots[want.key] ?? Slot()
            defer { slots[want.key] = slot }
            if slot.gaveUp || slot.settled || now < slot.retryAt || (slot.textureSize == want.size && !slot.refetch) { continue }
            if let pending = slot.pending {
                if pending.size == want.size && budget > 0 {
                    budget -= 1
                    continue
                }
                cancel(pending)  // the wrong size (resized), or crowded out by more urgent cells
                slot.pending = nil
            }
            guard budget > 0, want.worthStarting else { continue }
            budget -= 1
            slot.pending = start(want, priority: priority, now: now)
        }
    }

    private func start(_ want: ImageWant, priority: Int, now: Double) -> Pending {
        let token = nextToken
        nextToken += 1
        let key = want.key, mailbox = self.mailbox
        // The pane's large image shows its download; cells are too small and too many to be worth it.
        let progress: ((Double) -> Void)? = key.detail ? { mailbox.post(.images(.progress(key, token: token, $0))) } : nil
        let request = load(want.photo, size: want.size, cell: !key.detail, priority: priority, token: token,
                           progress: progress) { mailbox.post(.images(.image(key, token: token, $0, standIn: $1))) }
        return Pending(token: token, request: request, photo: want.photo, size: want.size, started: now)
    }

    /// Fetches and decodes one image on the pipeline's source and pool, under a new live `token`; `done` hears the
    /// result on a worker thread (nothing if the token was dropped first). A cell decoded from an original is kept
    /// small for next time (not the pane's large image: one at a time). `done` hears whether the answer was a
    /// stand-in (another size of the photo, served offline).
    @discardableResult
    @_spi(Bench) public func load(_ photo: Photo, size: PixelSize, cell: Bool, priority: Int, token: UInt64,
              progress: ((Double) -> Void)? = nil,
              done: @escaping (Result<Surface, ImageFailure>, _ standIn: Bool) -> Void) -> RequestID {
        live.insert(token)
        let pool = self.pool, live = self.live, keeper = self.keeper, backdrops = cell ? nil : self.backdrops
        let requested = source.answersAtRequestedSize ? size : nil
        return source.fetchImage(photo, size: size, priority: priority, progress: progress) { result in
            switch result {
            case .failure(let error):
                done(.failure(.source(error)), false)
            case .success(let answer):
                guard live.contains(token) else { return }
                pool.submit(DecodePool.Job(token: token, priority: priority, answer: answer, target: size,
                                           requested: requested) { decoded in
                    switch decoded {
                    case .failure: answer.undecodable?()  // the next try fetches afresh
                    case .success(let surface):
                        if cell { keeper.decoded(surface, from: answer, photo: photo, size: size, pool: pool) }
                        backdrops?.make(from: surface, id: photo.id)
                    }
                    done(decoded.mapError(ImageFailure.init(decoding:)), answer.isStandIn)
                })
            }
        }
    }

    /// A token no slot uses, for loads outside the slots (the benchmark's prefetch pass).
    @_spi(Bench) public func newToken() -> UInt64 {
        defer { nextToken += 1 }
        return nextToken
    }

    private func cancel(_ pending: Pending) {
        live.remove(pending.token)
        pool.cancel(token: pending.token)
        if let r = pending.request { source.cancel(r) }
    }

    /// Download progress of images on their way (detail images only), 0…1.
    private var received: [ImageKey: Double] = [:]

    func receiveProgress(_ key: ImageKey, token: UInt64, _ share: Double) {
        guard slots[key]?.pending?.token == token else { return }
        received[key] = share
    }

    /// How much of an image on its way has arrived, when known.
    func progress(of key: ImageKey) -> Double? { slots[key]?.pending == nil ? nil : received[key] }

    /// What the workers sent.
    func receive(_ delivery: ImageDelivery, now: Double) {
        switch delivery {
        case let .image(key, token, result, standIn): receive(key, token: token, result, standIn: standIn, now: now)
        case let .progress(key, token, share): receiveProgress(key, token: token, share)
        }
    }

    /// A worker's result arrived. Results for slots no longer waiting on that token are dropped.
    func receive(_ key: ImageKey, token: UInt64, _ result: Result<Surface, ImageFailure>, standIn: Bool, now: Double) {
        guard var slot = slots[key], let pending = slot.pending, pending.token == token else { return }
        switch result {
        case .success(let surface):
            slot.standIn = standIn
            slot.refetch = false
            slots[key] = slot
            decoded.append(Upload(key, token, surface))
        case .failure(let failure):
            live.remove(token)
            slot.pending = nil
            if failure.isNetworkFailure {
                // Not the image's fault: tried again later, and at once when the server is back (`retryNow`). One
                // image whose transfer stalls while the rest arrive is passed over meanwhile, each time for longer
                // (to five minutes): nothing else waits for it.
                slot.networkFailures += 1
                slot.retryAt = now + ImagePipeline.networkRetryDelay(afterFailures: slot.networkFailures)
                lastFailure = "\(failure)"
                slots[key] = slot
                return
            }
            slot.failures += 1
            lastFailure = "\(failure)"
            // Bytes from a disk or made in the process are what they are: a decode that failed fails again (a file
            // being written is seen again, as a new photo, when it is closed). Only a network's bytes are retried.
            if !failure.isRetryable || !source.traits.networked || slot.failures > config.imageRetries {
                slot.gaveUp = slot.texture == nil
                slot.settled = slot.texture != nil
                // Once per image and slot: the cell shows "image unavailable"; the log says why.
                if case .refused(let why) = failure {
                    Log.warn("image \(key.item.photoID) refused before decoding: \(why)")
                } else {
                    Log.warn("image \(key.item.photoID) unavailable: \(failure)")
                }
            } else {
                slot.retryAt = now + retry.delay(afterFailures: slot.failures, unit: Double.random(in: 0..<1))
            }
            slots[key] = slot
        }
    }

    var hasUploads: Bool { !decoded.isEmpty }

    static let offlineRetryDelay = 5.0
    static let networkRetryCap = 300.0

    /// 5, 10, 20 … seconds, at most five minutes.
    static func networkRetryDelay(afterFailures n: Int) -> Double {
        min(networkRetryCap, offlineRetryDelay * Double(1 << min(max(0, n - 1), 10)))
    }

    /// The server is reachable again: images waiting out a network failure are tried on the next update.
    func retryNow() {
        for (key, slot) in slots where slot.retryAt > 0 && !slot.gaveUp {
            slots[key]?.retryAt = 0
            slots[key]?.networkFailures = 0
        }
        // The server answers again: what was shown from another size is asked for at its own.
        for (key, slot) in slots where slot.standIn { slots[key]?.refetch = true }
    }

    /// The largest texture side the renderer takes, as the app knows it (`Composition.largestTexture`): a surface
    /// larger fails as on a small GPU, whatever SDL would have done.
    var largestTexture: Int?

    /// Typical seconds from asking for an image to its texture (moving average), for judging what is worth starting.
    private(set) var loadTime = 0.1

    /// Turns decoded surfaces into textures: at most `count` finished, and about `bytes` copied, per call. A
    /// picture larger than that (a 4K cell is 10 MB) is copied in bands over several frames and shows when whole,
    /// so an arrival never costs a frame more than the budget.
    /// Returns how many textures were finished.
    @discardableResult
    func upload(to renderer: Renderer, count: Int, bytes: Int, now: Double) -> Int {
        var finished = 0, budget = bytes
        while var next = decoded.first, finished < count, budget > 0 {
            guard var slot = slots[next.key], let pending = slot.pending, pending.token == next.token else {
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
                    return finished
                }
                decoded.removeFirst()
                live.remove(next.token)
                slot.pending = nil
                if let old = slot.texture { textureBytes -= old.byteCount }
                slot.texture = texture
                slot.failures = 0
                slot.networkFailures = 0
                loadTime += 0.2 * (min(1, max(0.02, now - pending.started)) - loadTime)
                textureBytes += texture.byteCount
                uploadedTotal += 1
            } catch {
                decoded.removeFirst()
                live.remove(next.token)
                slot.pending = nil
                slot.failures += 1
                slot.gaveUp = slot.texture == nil
                slot.settled = slot.texture != nil  // the same picture would not fit next frame either
                lastFailure = "\(error)"
            }
            slots[next.key] = slot
            finished += 1
        }
        return finished
    }

    /// Drops everything (new feed or new source).
    func reset(source newSource: PhotoSource? = nil) {
        for slot in slots.values { if let p = slot.pending { cancel(p) } }
        slots.removeAll()
        decoded.removeAll()
        spare = nil
        textureBytes = 0
        live.removeAll()
        // Their textures went with the renderer's, or the source changed: they start again when asked.
        clips?.stopAll()
        // What waited to be kept stays through a reset of the textures; a new source drops it.
        if let newSource, newSource !== source {
            source = newSource
            keeper.reset(source: newSource)
        }
    }
}

extension ImageFailure: CustomStringConvertible {
    public var description: String {
        switch self {
        case .source(let e): return "image: \(e)"
        case .decode(let why): return "image could not be decoded (\(why))"
        case .refused(let why): return "image refused before decoding: \(why)"
        }
    }
}
