import CPlatform
import Foundation
import GalleryCore
import GalleryNet
import SDLKit

/// The running gallery: a window, its event loop, and the threads that feed it. The main thread handles events,
/// uploads textures and draws; downloads run on the network thread and decoding on the pool, and both report back
/// through the mailbox, which wakes the loop.
public final class GalleryApp {
    private let options: AppOptions
    private let config: GalleryConfig
    private let window: Window
    let renderer: Renderer
    let pump: EventPump
    let http: CurlHTTPClient
    let sources: SourceProvider
    private let mailbox: Mailbox<Delivery>
    private let live: LiveTokens
    let pool: DecodePool
    let images: ImagePipeline
    let model: GalleryModel
    let scene: SceneRenderer
    private let input = InputRouter()
    /// Kiosk mode's duties, when on.
    private let kiosk: KioskRunner?
    private let driver: FrameDriver?
    private var demand: ImageDemand
    private var visible = true
    private let started = GalleryApp.now()

    /// Opens the window and runs until the user quits; returns the exit code.
    public static func run(options: AppOptions) throws -> Int32 {
        let autopilot = options.screenshotPath != nil || !options.script.isEmpty
            ? Autopilot(steps: options.script, screenshotPath: options.screenshotPath) : nil
        return try run(options: options, driver: autopilot)
    }

    static func run(options: AppOptions, driver: FrameDriver?) throws -> Int32 {
        MemoryHygiene.configure()
        SDLSystem.usePixelAllocator()
        // Stop signals come to the loop as a flag, not as SDL's quit event: a kiosk ignores a window close but
        // stops cleanly for its service manager.
        SDLSystem.setHint("SDL_NO_SIGNAL_HANDLERS", "1")
        tessera_catch_stop_signals()
        // A desktop window lets the screen saver run; a kiosk decides for itself (`KioskRunner`).
        SDLSystem.setHint("SDL_VIDEO_ALLOW_SCREENSAVER", options.kiosk == nil ? "1" : "0")
        // Every SDL object keeps what it needs alive (a texture its renderer, a window and a font the library), so
        // SDL stops only after the last of them is gone, whatever order they are released in.
        let early = try Composition.Early(options: options)
        return try GalleryApp(options: options, system: try SDLSystem(video: true), early: early, driver: driver).run()
    }

    private init(options: AppOptions, system: SDLSystem, early: Composition.Early, driver: FrameDriver?) throws {
        self.driver = driver
        self.options = options
        kiosk = options.kiosk == nil ? nil : KioskRunner(clockShift: options.clockShift)
        config = options.config
        let parts = try Composition(options: options, system: system, early: early)
        window = parts.window; renderer = parts.renderer; pump = parts.pump; http = parts.http
        mailbox = parts.mailbox; live = parts.live; sources = parts.sources; pool = parts.pool
        images = parts.images; model = parts.model; scene = parts.scene
        demand = ImageDemand(window: parts.viewport.physical)
        MemoryHygiene.windowChanged(physicalPixels: parts.viewport.physical.area)
    }

    private func run() -> Int32 {
        defer { shutdown() }
        let frameInterval = 1.0 / Double(max(1, config.clockHz))
        var lastFrame = GalleryApp.now()
        var nextFrame = lastFrame
        while true {
            let now = GalleryApp.now()
            // Hidden or asleep, the loop only wakes to see whether that has changed (and for a stop signal).
            let wait = visible && kiosk?.asleep != true ? max(0, nextFrame - now) : 0.25
            let events = pump.wait(timeoutMs: Int((wait * 1000).rounded(.up)))
            let t = GalleryApp.now()
            if tessera_stop_signal_received() != 0 {
                Log.info("stopping on signal \(tessera_stop_signal_received())")
                return 0
            }
            for event in events where react(to: event, now: t) == .quit { return 0 }
            if !events.isEmpty { frames.noteChange() }
            if let limit = options.exitAfter, t - started > limit {
                Log.warn("gave up after \(limit) s without settling (use a longer --exit-after?)")
                return 3
            }
            // A page or an image that arrived is drawn now rather than at the clock's next tick (a few ms apart at
            // most, so a burst of arrivals cannot take the processor).
            let (delivered, arrived) = deliver(now: t)
            if delivered { frames.noteChange() }
            pump.setTextInput(model.hasFocusedField)
            if let kiosk, kiosk.setAsleep(kiosk.shouldSleep(model)) { fellAsleepOrWoke(kiosk.asleep) }
            guard visible, kiosk?.asleep != true else { continue }
            guard t >= nextFrame || model.currentBrowse.scroll.isMoving || model.isAnimating
                || (arrived && t - lastFrame >= GalleryApp.arrivalFrameGap) else { continue }
            if let exit = driver?.beforeFrame(self, now: t) { return exit }
            if let kiosk, let why = kiosk.frame(model: model, images: images, online: network.isOnline, now: t,
                                                dt: t - lastFrame, firstScreenDrawn: Autopilot.isSettled(model: model, images: images)) {
                Log.warn("watchdog: \(why); asking again for what is stalled")
                model.catalog.retryPagesSoon()
                images.reset()
            }
            model.tick(dt: min(0.1, t - lastFrame))
            lastFrame = t
            nextFrame = t + frameInterval
            probeIfOffline(now: t)
            requestPage(now: t)
            demand.sample(model, at: t)
            images.update(wanted: demand.wants(model, loadTime: images.loadTime), now: t)
            if images.upload(to: renderer, count: config.uploadsPerFrame, bytes: config.uploadBytesPerFrame, now: t) > 0 {
                frames.noteChange()
            }
            if let kiosk { let o = kiosk.offset(model, time: t - started); renderer.setOffset(dx: o.dx, dy: o.dy) }
            MemoryHygiene.tick(now: t)
            let still = model.stillPicture
            if frames.headerSuffices(still, renderer: renderer, wholeWanted: driver?.wantsWholeFrames == true) {
                let header = scene.drawHeaderAlone(model: model, status: status(),
                                                   clock: ClockFormat.now(), time: t - started)
                renderer.present(part: (header.x, header.y, header.width, header.height))
                continue
            }
            scene.draw(model: model, images: images, status: status(), clock: ClockFormat.now(), time: t - started)
            if let exit = driver?.afterDraw(self, now: t) { return exit }
            renderer.present()
            frames.drewWhole(still)
            driver?.afterPresent(self, workStarted: t, now: GalleryApp.now())
        }
    }

    // MARK: per frame

    /// Whole frames or the header alone.
    let frames = FramePlanner()

    private enum Reaction { case carryOn, quit }

    /// One input or window event.
    private func react(to event: InputEvent, now: Double) -> Reaction {
        switch event {
        case .hidden: visible = false
        case .shown, .exposed: visible = true
        default: break
        }
        switch input.handle(event, model: model, now: now) {
        case .none: break
        case .quit: return .quit
        case .toggleFullscreen: try? window.setFullscreen(!window.isFullscreen)
        case .resized: resize()
        case .copy(let text): Clipboard.set(text)
        case .open(let url): Browser.open(url)
        case .pointerShown: kiosk?.pointerShown(at: now)
        case .renderReset: rebuildTextures()
        case .displayChanged:
            resize()
            rebuildTextures()
        }
        return .carryOn
    }

    /// The renderer lost its textures (a display switched off and on, a driver reset): photos reload, the views
    /// make theirs again, and the next frame is whole.
    private func rebuildTextures() {
        Log.info("the renderer lost its textures: making them again")
        images.reset()
        scene.rebuildTextures()
    }

    /// Outside its hours a kiosk shows black and holds nothing it can load again; at the start of its hours it
    /// carries on from where it was.
    private func fellAsleepOrWoke(_ asleep: Bool) {
        Log.info(asleep ? "outside the schedule's hours: dark until they start" : "the schedule's hours start")
        guard asleep else { return }
        images.reset()
        renderer.setOffset(dx: 0, dy: 0)
        frames.noteChange()
        renderer.setColor(0, 0, 0)
        renderer.clear()
        renderer.present()
    }

    /// Shortest time between frames drawn for arrivals alone.
    static let arrivalFrameGap = 0.004

    /// Hands the workers' results to the model and pipeline; returns whether there were any, and whether any of
    /// them is worth drawing at once.
    private func deliver(now: Double) -> (any: Bool, arrived: Bool) {
        var arrived = false, any = false
        for message in mailbox.takeAll() {
            any = true
            arrived = arrived || message.changesPicture
            switch message {
            case let .page(request, result):
                if case .failure(let error) = result,
                   sources.switchedAway(after: error, feedIsEmpty: model.catalog.isEmpty) {
                    images.reset(source: sources.source)
                    model.resetFeed(source: sources.key)
                    continue
                }
                if model.receive(request, result, now: now, unit: Double.random(in: 0..<1)) == .stoppedNothingNew {
                    Log.warn("page \(request.page) was the third in a row with nothing new; stopped asking (r reloads)")
                }
            case let .image(key, token, result):
                images.receive(key, token: token, result, now: now)
            case let .progress(key, token, share):
                images.receiveProgress(key, token: token, share)
            case .network(let reachable):
                if network.report(reachable: reachable, now: now) {
                    model.catalog.retryPagesSoon()
                    images.retryNow()
                }
            case let .restored(limit, pages):
                restore(pages, pageSize: limit)
            case .refreshed:
                refreshing = false
            case .edits(let edits):
                model.apply(edits)
            case .storeProblem(let message):
                if storeProblem == nil { Log.warn(message) }  // once: a full disk would say it on every write
                storeProblem = message
            }
        }
        return (any, arrived)
    }

    private func restore(_ pages: [(page: Int, contents: PageContents)], pageSize: Int) {
        model.catalog.awaitingRestore = false
        guard !pages.isEmpty else { return }
        model.restore(pages, pageSize: pageSize)
        Log.info("showing \(model.catalog.count) cached photos")
        // Then ask the network: the first page is refreshed in the store (the screen does not jump), and the
        // answer, or its absence, tells whether we are online.
        refreshing = true
        let mailbox = self.mailbox
        sources.source.fetchPage(1, limit: model.catalog.pager.settings.pageSize) { _ in mailbox.post(.refreshed) }
    }

    /// Times the kiosk's watchdog stepped in (for the soak).
    var kioskInterventions: Int { kiosk?.interventions ?? 0 }

    private lazy var network = NetworkWatch(serverName: options.api)
    /// The start-up refresh is still out (automation waits for it, so "settled" includes knowing whether online).
    private(set) var refreshing = false
    private var storeProblem: String?

    private func probeIfOffline(now: Double) {
        if network.probeDue(now: now) { sources.probe() }
    }

    private func requestPage(now: Double) {
        // Pacing is for servers; a folder or the demo answers as fast as it is asked.
        let interval = sources.traits.networked ? max(config.pageInterval, sources.source.pageInterval ?? 0) : 0
        if model.catalog.pager.settings.minInterval != interval { model.catalog.pace(minInterval: interval) }
        guard let request = model.nextPageRequest(now: now) else { return }
        let mailbox = self.mailbox
        sources.source.fetchPage(request.page, limit: request.limit) { result in
            mailbox.post(.page(request, result))
        }
    }

    private func status() -> HeaderStatus {
        model.headerStatus(sourceName: sources.source.name, sourceNote: sources.note, imagesLoading: images.loadingCount,
                           online: !sources.traits.networked || network.isOnline, storeProblem: storeProblem)
    }

    /// The window changed size or display: the new viewport goes to everything that depends on it.
    private func resize() {
        let viewport = Composition.viewport(window: window, renderer: renderer)
        renderer.setScale(viewport.scale)
        model.resize(to: viewport)
        scene.viewportChanged(viewport)
        demand.viewportChanged(viewport)
        MemoryHygiene.windowChanged(physicalPixels: viewport.physical.area)
    }

    private func shutdown() {
        if let first = RenderThreadGuard.violations.first {
            Log.warn("\(RenderThreadGuard.violations.count) renderer call(s) off the main thread; first: \(first)")
        }
        images.reset()
        pool.shutdown()
        http.shutdown()
        sources.shutdown()
    }

    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}

/// Messages for the person at the terminal.
enum Log {
    static func info(_ message: String) { write("tessera: \(message)\n") }
    static func warn(_ message: String) { write("tessera: warning: \(message)\n") }
    private static func write(_ s: String) { FileHandle.standardError.write(Data(s.utf8)) }
}
