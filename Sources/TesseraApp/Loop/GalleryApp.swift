import CPlatform
import Foundation
import GalleryCore
import GalleryNet
import LocalSources
import SDLKit

/// The running gallery: a window, its event loop, and the threads that feed it. The main thread handles events,
/// uploads textures and draws; downloads run on the network thread and decoding on the pool, and both report back
/// through the mailbox, which wakes the loop.
public final class GalleryApp {
    let options: AppOptions
    var window: Window { windowKeeper.window }
    @_spi(Bench) public let renderer: Renderer
    let pump: EventPump
    @_spi(Bench) public let http: CurlHTTPClient
    @_spi(Bench) public let sources: SourceProvider
    private let mailbox: Mailbox<Delivery>
    @_spi(Bench) public let pool: DecodePool
    @_spi(Bench) public let images: ImagePipeline
    /// The clips, animations and Live Photos playing now.
    @_spi(Bench) public let clips: ClipPlayers
    /// What the remotes reach (`--remote`, `--mqtt`), and the photo shown as they see it.
    @_spi(Bench) public let desk: FrameDesk
    let pictures: PictureShots
    @_spi(Bench) public let model: GalleryModel
    @_spi(Bench) public let scene: SceneRenderer
    /// Whole frames or the header alone.
    @_spi(Bench) public let frames = FramePlanner()
    /// Pages, the cache's restore and refresh, reachability and the header's status.
    let feed: FeedDriver
    /// The participants the loop wakes each turn, each with one duty (`LoopParticipant`).
    private let windowKeeper: WindowKeeper
    private let input: InputTurns
    let kiosk: KioskTurns?
    private let places: PlaceTurns
    private let drawing: Drawing
    /// In the order of a frame's work: the kiosk's, input's, the rooms', the feed's, the images', the clips'…
    private var participants: [LoopParticipant] = []
    /// The remotes asked for (`--remote`, `--mqtt`), started once the window is up.
    private(set) var remote: RemoteTurns?
    /// systemd's `Type=notify` and watchdog, when the app runs as such a service.
    private let service = ServiceNotifier()
    /// What the model asks of the app, from a key, a script or a remote: the one path (`EffectPath`).
    let effects: EffectPath
    private let driver: FrameDriver?
    private let started = GalleryApp.now()
    /// The port the remote's HTTP server listens on (the benchmark asks for port 0).
    @_spi(Bench) public var remotePort: Int? { remote?.port }

    /// Opens the window and runs until the user quits; returns the exit code.
    public static func run(options: AppOptions) throws -> Int32 {
        let autopilot = options.screenshotPath != nil || !options.script.isEmpty
            ? Autopilot(steps: options.script, screenshotPath: options.screenshotPath) : nil
        return try run(options: options, driver: autopilot)
    }

    @_spi(Bench) public static func run(options: AppOptions, driver: FrameDriver?) throws -> Int32 {
        // Only files that are not photos: nothing will ever show, and an empty wall would not say why.
        if let nothing = FolderSource.nothingToShow(options.paths) {
            Log.info(nothing)
            return 1
        }
        try Composition.prepareProcess(options: options)
        // Every SDL object keeps what it needs alive (a texture its renderer, a window and a font the library), so
        // SDL stops only after the last of them is gone, whatever order they are released in.
        let early = try Composition.Early(options: options)
        let system = try SDLSystem(video: true)
        Log.info("video: \(Window.videoDriver?.lowercased() ?? "none")")
        // No display, no pretending: exit before anything tells systemd the app is up, so it is started again
        // until the display is there.
        if let problem = DisplayRequirement.problem(driver: Window.videoDriver, environment: ProcessInfo.processInfo.environment) {
            throw SDLError("opening the display", message: problem)
        }
        return try GalleryApp(options: options, system: system, early: early, driver: driver).run()
    }

    private init(options: AppOptions, system: SDLSystem, early: Composition.Early, driver: FrameDriver?) throws {
        self.driver = driver
        self.options = options
        let parts = try Composition(options: options, system: system, early: early)
        renderer = parts.renderer; pump = parts.pump; http = parts.http
        mailbox = parts.mailbox; sources = parts.sources; pool = parts.pool
        images = parts.images; model = parts.model; scene = parts.scene; clips = parts.clips
        desk = parts.desk; pictures = parts.pictures
        feed = FeedDriver(sources: sources, model: model, images: images, mailbox: mailbox, config: options.config,
                          wrapGiven: options.wrap)
        let loading = ImageLoading(parts, config: options.config, frames: frames)
        let router = InputRouter()
        windowKeeper = WindowKeeper(parts, options: options, input: router, loading: loading)
        effects = EffectPath(window: windowKeeper, feed: feed, model: model, frames: frames, mailbox: mailbox,
                             options: options, overlays: scene.overlays)
        input = InputTurns(router: router, model: model, effects: effects, pump: pump)
        kiosk = KioskTurns(parts, options: options, feed: feed, frames: frames)
        router.kiosk = kiosk?.runner
        places = PlaceTurns(places: early.places, model: model, sources: sources)
        drawing = Drawing(parts, feed: feed, frames: frames)
        let all: [LoopParticipant?] = [kiosk, input, model, feed, loading,
                                       ClipTurns(parts, window: windowKeeper, frames: frames), places, service,
                                       OverlayTurns(parts, frames: frames)]
        participants = all.compactMap { $0 }
    }

    private func run() -> Int32 {
        defer { shutdown() }
        let remote = RemoteTurns(app: self, options: options)
        self.remote = remote
        participants += [remote, remote.health]
        let mailroom = Mailroom(mailbox: mailbox, images: images, feed: feed, model: model, remote: remote)
        var pacer = FramePacer(clockHz: options.config.clockHz, refreshHz: window.refreshRate ?? 60,
                               now: GalleryApp.now())
        var moving = false
        while true {
            let wait = pacer.wait(now: GalleryApp.now(), drawing: windowKeeper.visible && kiosk?.runner.asleep != true,
                                  moving: moving, resting: drawing.resting)
            let events = pump.wait(timeoutMs: Int((wait * 1000).rounded(.up)))
            let t = GalleryApp.now()
            // The heartbeat comes from this loop: if it hangs, systemd's watchdog sees the silence.
            service?.beat(now: t)
            if tessera_stop_signal_received() != 0 {
                Log.info("stopping on signal \(tessera_stop_signal_received())")
                return 0
            }
            for event in events {
                windowKeeper.react(to: event)
                input.react(to: event, now: t)
                if effects.quitAsked { return 0 }
            }
            if events.contains(where: { $0 != .wake }) { frames.noteChange() }  // what woke it says what it changed
            if let limit = options.exitAfter, t - started > limit {
                Log.warn("gave up after \(limit) s without settling (use a longer --exit-after?)")
                return 3
            }
            // A page or an image that arrived is drawn now rather than at the clock's next tick (a few ms apart at
            // most, so a burst of arrivals cannot take the processor).
            let (delivered, arrived) = mailroom.deliver(now: t)
            if delivered { frames.noteChange() }
            let asleep = kiosk?.keepSchedule(now: t) ?? false
            input.settle(asleep: asleep)
            var turn = Turn(now: t, dt: 0, time: t - started, asleep: asleep)
            // Nothing is drawn on a display that is off or a window that is hidden: clips stop, remotes are answered.
            guard !asleep, windowKeeper.visible else {
                for p in participants { p.skipped(turn, drawing: false) }
                continue
            }
            // The kiosk's own scrolling moves too: it runs at the display's rate, not the clock's.
            moving = model.isMoving || (kiosk?.scrolls(at: t) ?? false)
            guard pacer.isDue(now: t, moving: moving, arrived: arrived) else {
                for p in participants { p.skipped(turn, drawing: true) }
                continue
            }
            if let exit = driver?.beforeFrame(self, now: t) { return exit }
            turn = Turn(now: t, dt: pacer.begin(at: t), time: t - started, asleep: false)
            turn.modelDt = pacer.modelStep(turn.dt, moving: moving)
            for p in participants { p.frame(turn) }
            let drawn = drawing.draw(turn, wholeWanted: driver?.wantsWholeFrames == true)
            if case .nothing = drawn { continue }
            if case .whole(let still) = drawn {
                if let exit = driver?.afterDraw(self, now: t) { return exit }
                drawing.present(still)
            }
            let shown = Turn(now: GalleryApp.now(), dt: turn.dt, time: turn.time, asleep: false)
            for p in participants { p.presented(shown) }
            if drawn.showedPicture { driver?.afterPresent(self, workStarted: t, now: GalleryApp.now()) }
        }
    }

    /// The start-up refresh is still out (automation waits for it).
    var refreshing: Bool { feed.refreshing }

    /// Every visible cell (and an overlay's large image) drawn or failed for good, nothing moving, no page due.
    @_spi(Bench) public var isSettled: Bool { Autopilot.isSettled(model: model, images: images) }

    /// Whether the last request reached the server (for the soak's outages).
    @_spi(Bench) public var isOnline: Bool { feed.isOnline }

    /// Times the kiosk's watchdog stepped in (for the soak).
    @_spi(Bench) public var kioskInterventions: Int { kiosk?.runner.interventions ?? 0 }

    private func shutdown() {
        service?.stopping()
        for p in participants { p.stopping() }
        remote?.stop()
        places.places.flush()
        if let first = RenderThreadGuard.violations.first {
            Log.warn("\(RenderThreadGuard.violations.count) renderer call(s) off the main thread; first: \(first)")
        }
        images.reset()
        clips.stopAll()
        pool.shutdown()
        http.shutdown()
        sources.shutdown()
    }

    @_spi(Bench) public static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}
