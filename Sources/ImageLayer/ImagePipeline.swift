import Foundation
import GalleryCore
import SDLKit

/// Loads the images of wanted cells and hands them to the uploader; releases everything else. Each frame the caller
/// says what is wanted (in priority order); the schedule (`LoadSchedule`, in the core) says what to start, cancel
/// and let go, and when to try again; downloads for what is no longer wanted are cancelled, their pending decodes
/// dropped by token, their textures freed by the uploader, which owns every texture of the layer (the clips'
/// streams too). Main thread only, apart from the closures it hands out.
public final class ImagePipeline {
    public typealias State = LoadSchedule<ImageKey>.State

    public private(set) var source: PhotoSource
    private let pool: DecodePool
    private let keeper: CellKeeper
    /// The slideshow's backdrops, made from each large picture decoded (nil: the slideshow fills with black).
    public let backdrops: Backdrops?
    private let live: LiveTokens
    /// Hands the workers' results to the main thread (the app's mailbox), from any thread.
    private let post: (ImageDelivery) -> Void
    private let config: GalleryConfig
    private var schedule: LoadSchedule<ImageKey>
    /// Every texture of the layer: the stills loaded here, the streams of the clips playing.
    public let textures = TextureUploader()
    /// The source's requests of loads on their way, by token.
    private var requests: [UInt64: RequestID] = [:]

    /// Textures made since the start (the kiosk's watchdog watches it grow).
    public var uploadedTotal: Int { textures.uploadedTotal }
    /// Bytes held by the stills' textures.
    public var textureBytes: Int { textures.stillBytes }
    /// Bytes of decoded surfaces awaiting upload.
    public var pixelBytes: Int { textures.pixelBytes }
    public var textureCount: Int { textures.stillCount }
    public var loadingCount: Int { schedule.loadingCount }
    public private(set) var lastFailure: String?

    /// `keeper`: the one the pool asks for idle work.
    public init(source: PhotoSource, pool: DecodePool, keeper: CellKeeper, live: LiveTokens, config: GalleryConfig,
                post: @escaping (ImageDelivery) -> Void) {
        self.source = source; self.pool = pool; self.keeper = keeper; self.live = live; self.post = post
        self.config = config
        schedule = LoadSchedule(config: config, networked: source.traits.networked)
        backdrops = config.slideFill == .black ? nil : Backdrops()
        keeper.reset(source: source)
    }

    /// Decoded cells not yet kept for the next start (waiting for an idle worker, or to be decoded again then).
    public var cellsWaitingToBeKept: Int { keeper.count + pool.idleWorkCount }

    /// The moving pictures playing: a playing clip's frame is drawn in place of its poster.
    public var clips: ClipPlayers?

    /// Where a photo's motion plays from, asked of the source the layer loads from (a cache in front of it passes the
    /// question on), so stills, posters and clips come from one source.
    public func motionLocation(for photo: Photo) -> MediaLocation? { source.motionLocation(for: photo) }

    public func state(of key: ImageKey) -> State {
        textures.hasFrame(key) ? .ready : schedule.state(of: key)
    }

    /// What shows for `key`: a playing clip's frame, else its picture (a photo, a clip's poster).
    public func texture(for key: ImageKey) -> Texture? { textures.texture(for: key) }

    /// Makes the held and loading set match `wanted`, most urgent first (`LoadSchedule.plan`).
    public func update(wanted: [ImageWant], now: Double) {
        if !received.isEmpty { received = received.filter { schedule.isLoading($0.key) } }
        let wants = wanted.map { LoadSchedule.Want(key: $0.key, size: $0.size, worthStarting: $0.worthStarting) }
        let plan = schedule.plan(wants, now: now)
        for token in plan.cancelled { cancel(token) }
        for key in plan.released { textures.releaseStill(key) }
        for start in plan.started { self.start(wanted[start.index], priority: start.index, token: start.token) }
    }

    private func start(_ want: ImageWant, priority: Int, token: UInt64) {
        let key = want.key, post = self.post
        // The pane's large image shows its download; cells are too small and too many to be worth it.
        let progress: ((Double) -> Void)? = key.detail ? { post(.progress(key, token: token, $0)) } : nil
        requests[token] = load(want.photo, size: want.size, cell: !key.detail, priority: priority, token: token,
                               progress: progress) { post(.image(key, token: token, $0, standIn: $1)) }
    }

    /// Fetches and decodes one image on the pipeline's source and pool, under a new live `token`; `done` hears the
    /// result on a worker thread (nothing if the token was dropped first). A cell decoded from an original is kept
    /// small for next time (not the pane's large image: one at a time). `done` hears whether the answer was a
    /// stand-in (another size of the photo, served offline).
    @discardableResult
    public func load(_ photo: Photo, size: PixelSize, cell: Bool, priority: Int, token: UInt64,
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
    public func newToken() -> UInt64 { schedule.newToken() }

    private func cancel(_ token: UInt64) {
        live.remove(token)
        pool.cancel(token: token)
        if let r = requests.removeValue(forKey: token) { source.cancel(r) }
    }

    /// A load came to its end (its picture, or its failure): nothing of it is left to cancel.
    private func ended(_ token: UInt64) {
        live.remove(token)
        requests[token] = nil
    }

    /// Download progress of images on their way (detail images only), 0…1.
    private var received: [ImageKey: Double] = [:]

    public func receiveProgress(_ key: ImageKey, token: UInt64, _ share: Double) {
        guard schedule.isCurrent(key, token: token) else { return }
        received[key] = share
    }

    /// How much of an image on its way has arrived, when known.
    public func progress(of key: ImageKey) -> Double? { schedule.isLoading(key) ? received[key] : nil }

    /// What the workers sent.
    public func receive(_ delivery: ImageDelivery, now: Double) {
        switch delivery {
        case let .image(key, token, result, standIn): receive(key, token: token, result, standIn: standIn, now: now)
        case let .progress(key, token, share): receiveProgress(key, token: token, share)
        }
    }

    /// A worker's result arrived. Results for slots no longer waiting on that token are dropped.
    public func receive(_ key: ImageKey, token: UInt64, _ result: Result<Surface, ImageFailure>, standIn: Bool,
                        now: Double) {
        switch result {
        case .success(let surface):
            if schedule.arrived(key, token: token, standIn: standIn) { textures.enqueue(key, token: token, surface) }
        case .failure(let failure):
            let kind: LoadSchedule<ImageKey>.Failure = failure.isNetworkFailure ? .network
                : failure.isRetryable ? .retryable : .final
            let outcome = schedule.failed(key, token: token, kind, now: now, unit: Double.random(in: 0..<1))
            guard outcome != .stale else { return }
            ended(token)
            lastFailure = "\(failure)"
            guard outcome == .gaveUp else { return }
            // Once per image and slot: the cell shows "image unavailable"; the log says why.
            if case .refused(let why) = failure {
                Log.warn("image \(key.item.photoID) refused before decoding: \(why)")
            } else {
                Log.warn("image \(key.item.photoID) unavailable: \(failure)")
            }
        }
    }

    public var hasUploads: Bool { textures.hasUploads }

    /// The server is reachable again: images waiting out a network failure are tried on the next update.
    public func retryNow() { schedule.retryNow() }

    /// The largest texture side the renderer takes, as the app knows it (`Composition.largestTexture`).
    public var largestTexture: Int? {
        get { textures.largestTexture }
        set { textures.largestTexture = newValue }
    }

    /// Typical seconds from asking for an image to its texture (moving average), for judging what is worth starting.
    public var loadTime: Double { schedule.loadTime }

    /// Turns decoded surfaces into textures (`TextureUploader.upload`): at most `count` finished, and about `bytes`
    /// copied, per call. Returns how many textures were finished.
    @discardableResult
    public func upload(to renderer: Renderer, count: Int, bytes: Int, now: Double) -> Int {
        textures.upload(to: renderer, count: count, bytes: bytes, isCurrent: { schedule.isCurrent($0, token: $1) }) {
            key, token, result in
            ended(token)
            switch result {
            case .success(let size): schedule.uploaded(key, token: token, size: size, now: now)
            case .failure(let error):
                schedule.uploadFailed(key, token: token)
                lastFailure = "\(error)"
            }
        }
    }

    /// Drops everything (new feed or new source).
    public func reset(source newSource: PhotoSource? = nil) {
        for token in schedule.reset() { cancel(token) }
        requests.removeAll()
        textures.releaseStills()
        live.removeAll()
        // Their textures went with the renderer's, or the source changed: they start again when asked.
        clips?.stopAll()
        // What waited to be kept stays through a reset of the textures; a new source drops it.
        if let newSource, newSource !== source {
            source = newSource
            schedule.networked = newSource.traits.networked
            keeper.reset(source: newSource)
        }
    }
}
