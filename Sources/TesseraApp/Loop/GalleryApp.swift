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
    private let config: GalleryConfig
    let window: Window
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
    /// The remotes asked for (`--remote`, `--mqtt`), started once the window is up.
    private var remotes: RemoteServices?
    /// The port the remote's HTTP server listens on (the benchmark asks for port 0).
    @_spi(Bench) public var remotePort: Int? { remotes?.httpPort }
    @_spi(Bench) public let model: GalleryModel
    @_spi(Bench) public let scene: SceneRenderer
    private let input = InputRouter()
    /// Kiosk mode's duties, when on.
    let kiosk: KioskRunner?
    /// Pages, the cache's restore and refresh, reachability and the header's status.
    let feed: FeedDriver
    private let driver: FrameDriver?
    private var demand: ImageDemand
    /// The show's place, kept in the library as photos are shown.
    private let places: PlaceKeeper
    /// systemd's `Type=notify` and watchdog, when the app runs as such a service.
    private let service = ServiceNotifier()
    private var visible = true
    private let started = GalleryApp.now()

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
        config = options.config
        places = early.places
        let parts = try Composition(options: options, system: system, early: early)
        window = parts.window; renderer = parts.renderer; pump = parts.pump; http = parts.http
        mailbox = parts.mailbox; sources = parts.sources; pool = parts.pool
        images = parts.images; model = parts.model; scene = parts.scene; clips = parts.clips
        desk = parts.desk; pictures = parts.pictures
        kiosk = options.kiosk.map { [window, model] kiosk in
            // A frame with hours switches its display off outside them, one steered from afar when it is told to.
            let display = kiosk.schedule == nil && !options.remoteControlled ? nil : DisplaySwitch(
                way: options.displayPower, offCommand: options.displayOffCommand, onCommand: options.displayOnCommand,
                driver: Window.videoDriver, window: window, name: options.userName)
            return KioskRunner(model: model, clockShift: options.clockShift, display: display)
        }
        feed = FeedDriver(sources: sources, model: model, images: images, mailbox: mailbox, config: config,
                          wrapGiven: options.wrap)
        demand = ImageDemand(window: parts.geometry.pixels)
        demand.maxTextureSide = Composition.largestTexture(of: renderer)
        images.largestTexture = demand.maxTextureSide
        geometry = parts.geometry
        apply(parts.geometry)
    }

    private func run() -> Int32 {
        defer { shutdown() }
        if options.remoteControlled {
            let remotes = RemoteServices(options: options, desk: desk)
            for problem in remotes.problems { model.toasts.show(problem) }
            self.remotes = remotes
        }
        var pacer = FramePacer(clockHz: config.clockHz, refreshHz: window.refreshRate ?? 60, now: GalleryApp.now())
        var moving = false
        while true {
            let wait = pacer.wait(now: GalleryApp.now(), drawing: visible && kiosk?.asleep != true, moving: moving)
            let events = pump.wait(timeoutMs: Int((wait * 1000).rounded(.up)))
            let t = GalleryApp.now()
            // The heartbeat comes from this loop: if it hangs, systemd's watchdog sees the silence.
            service?.beat(now: t)
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
            let asleep = kiosk?.keepSchedule(model, images: images, renderer: renderer, frames: frames, now: t) ?? false
            // Input while asleep wakes the frame (`--wake-on-touch`) and does nothing else: a tap in the dark must
            // not open a photo.
            input.asleep = asleep
            // Nobody sees a clip on a display that is off or a window that is hidden: its worker stops, and it
            // starts again when it shows.
            if asleep || !visible { clips.stopAll() }
            // A remote's command is answered once its frame is presented; nothing is drawn now, so it is answered now.
            if asleep || !visible { desk.nothingDrawn(in: self, now: t, drawing: false) }
            if asleep {
                // Started at night, the frame is up all the same: systemd is told, or it would restart it.
                service?.shown()
                continue
            }
            guard visible else { continue }
            // The kiosk's own scrolling moves too: it runs at the display's rate, not the clock's.
            moving = model.currentBrowse.scroll.isMoving || model.isAnimating || model.screen.movesByItself
                || (kiosk?.scrolls(model, at: t) ?? false)
            guard pacer.isDue(now: t, moving: moving, arrived: arrived) else {
                desk.nothingDrawn(in: self, now: t, drawing: true)
                continue
            }
            if let exit = driver?.beforeFrame(self, now: t) { return exit }
            let dt = pacer.begin(at: t)
            kiosk?.frame(model: model, images: images, renderer: renderer, online: feed.isOnline, now: t,
                         dt: dt, time: t - started, firstScreenDrawn: isSettled)
            input.poll(model: model, now: t)
            model.tick(dt: min(0.1, dt))
            feed.tick(now: t)
            demand.sample(model, at: t)
            images.backdrops?.wanted = model.screen is SlideshowScreen
            images.update(wanted: demand.wants(model, loadTime: images.loadTime), now: t)
            if images.upload(to: renderer, count: config.uploadsPerFrame, bytes: config.uploadBytesPerFrame, now: t) > 0 {
                frames.noteChange()
            }
            clips.update(model.playRequests, scale: geometry.viewport.scale, now: t)
            if clips.upload(to: renderer) { frames.noteChange() }
            MemoryHygiene.tick(now: t)
            // What this frame draws (a slide whose image is ready): before a script's step after the drawing.
            places.frame(model: model, source: sources.upstream, sourceKey: sources.key, now: t)
            if let exit = draw(now: t) { return exit }
        }
    }

    /// Draws the frame whole, or the header alone when nothing under it changed; returns an exit code if the
    /// driver ends the run.
    private func draw(now t: Double) -> Int32? {
        // The slideshow's own clock shows minutes: a new minute is a new picture.
        if let show = model.screen as? SlideshowScreen, config.slideClock != nil {
            show.clock = String(ClockFormat.now().prefix(5))
        }
        let still = StillPicture(of: model)
        // Under an alert's scrim the clock is dimmed with the rest: it is drawn whole, never alone and bright.
        let headerCovered = model.overlays.contains { $0.coversHeader }
        if !headerCovered, frames.headerSuffices(still, renderer: renderer, wholeWanted: driver?.wantsWholeFrames == true) {
            // Nothing changed, and no header shows over it (a slideshow's faded away): nothing to draw.
            if model.overlays.isEmpty, model.screen.chromeOpacity <= 0 { return nil }
            let header = scene.drawHeaderAlone(model: model, status: feed.status(), clock: ClockFormat.now(),
                                               time: t - started)
            renderer.present(part: (header.x, header.y, header.width, header.height))
            desk.presented(in: self, now: GalleryApp.now())
            return nil
        }
        scene.draw(model: model, images: images, status: feed.status(), clock: ClockFormat.now(), time: t - started)
        if let exit = driver?.afterDraw(self, now: t) { return exit }
        renderer.present()
        desk.presented(in: self, now: GalleryApp.now())
        service?.shown()
        frames.drewWhole(still)
        driver?.afterPresent(self, workStarted: t, now: GalleryApp.now())
        return nil
    }

    // MARK: per frame

    /// Whole frames or the header alone.
    @_spi(Bench) public let frames = FramePlanner()

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
        case .toggleFullscreen:
            // Without a window manager nobody acts on the request: the window covers the display itself.
            let managed = Window.videoDriver != "x11" || tessera_x11_has_window_manager() != 0
            try? window.setFullscreen(!window.isFullscreen, managed: managed)
            // Laid out for the size the window has now, not one a window manager may never give it.
            apply(WindowGeometry.measure(window, renderer, interfaceScale: geometry.interfaceScale))
        case .resized: apply(WindowGeometry.measure(window, renderer, interfaceScale: geometry.interfaceScale))
        case .copy(let text): Clipboard.set(text)
        case .open(let url):
            let mailbox = self.mailbox
            Browser.open(url) { mailbox.post(.said($0)) }
        case .pointerShown: kiosk?.pointerShown(at: now)
        case .effect(let effect): if carryOut(effect) { return .quit }
        case .renderReset: rebuildTextures()
        case .displayChanged:
            // Another display may want another interface scale (`--scale` holds on every display).
            apply(WindowGeometry.measure(window, renderer,
                                         interfaceScale: Composition.interfaceScale(options: options, display: window.displayIndex)))
            rebuildTextures()
        }
        return .carryOn
    }

    /// Does what the model asked of the app beyond input's own outcomes (a script's command, the remote's, a key's);
    /// true when it asked to quit.
    @discardableResult
    func carryOut(_ effect: GalleryModel.Effect) -> Bool {
        switch effect {
        case .quit: return true
        case .display(let on): _ = setDisplay(on: on)
        case .useSource(let name, let album): _ = useSource(name, album: album)
        case .none, .toggleFullscreen, .copy, .open: break
        }
        return false
    }

    /// The renderer lost its textures (a display switched off and on, a driver reset): photos reload, the views
    /// make theirs again, and the next frame is whole.
    private func rebuildTextures() {
        Log.info("the renderer lost its textures: making them again")
        images.reset()
        scene.rebuildTextures()
        if renderer.rotation != 0 { try? renderer.prepareRotation(fresh: true) }
    }

    /// Hands the workers' results to the feed and the pipeline; returns whether there were any, and whether any of
    /// them is worth drawing at once.
    private func deliver(now: Double) -> (any: Bool, arrived: Bool) {
        var arrived = false, any = false
        for message in mailbox.takeAll() {
            any = true
            arrived = arrived || message.changesPicture
            switch message {
            case .images(let delivery): images.receive(delivery, now: now)
            case .feed(let delivery): feed.receive(delivery, now: now)
            case .said(let words): model.toasts.show(words)
            case .chosenFolder(let path): WelcomeScreen.shown(in: model)?.folderChosen(path)
            case .clipFrame: break  // taken up by `clips.upload` in the frame
            case .remote(let call): desk.take(call, in: self, now: now)
            case .memories(let result):
                guard let room = MemoriesScreen.shown(in: model) else { break }
                room.arrived(result)
                Log.info(room.summary)
            }
        }
        return (any, arrived)
    }

    /// The start-up refresh is still out (automation waits for it).
    var refreshing: Bool { feed.refreshing }

    /// Every visible cell (and an overlay's large image) drawn or failed for good, nothing moving, no page due.
    @_spi(Bench) public var isSettled: Bool { Autopilot.isSettled(model: model, images: images) }

    /// Whether the last request reached the server (for the soak's outages).
    @_spi(Bench) public var isOnline: Bool { feed.isOnline }

    /// Times the kiosk's watchdog stepped in (for the soak).
    @_spi(Bench) public var kioskInterventions: Int { kiosk?.interventions ?? 0 }

    /// The window as it is now.
    private var geometry: WindowGeometry

    /// The window opened, changed size or moved to another display: its geometry goes to everything that depends
    /// on it, in one place.
    private func apply(_ geometry: WindowGeometry) {
        self.geometry = geometry
        // A turned panel's target follows the window's size (made again at a resize).
        if renderer.rotation != 0 {
            do { try renderer.prepareRotation() } catch {
                // Laid out, drawn and touched all upright rather than half turned.
                Log.warn("cannot turn the picture (\(error)): drawing it upright")
                try? renderer.setRotation(0)
                return apply(WindowGeometry.measure(window, renderer, interfaceScale: geometry.interfaceScale))
            }
        }
        renderer.setScale(geometry.viewport.scale)
        images.backdrops?.window = geometry.pixels
        input.windowScale = geometry.interfaceScale
        input.rotation = PanelRotation(degrees: renderer.rotation)
        input.panelSize = window.size
        model.resize(to: geometry.viewport)
        scene.viewportChanged(geometry.viewport)
        demand.viewportChanged(geometry.viewport)
        MemoryHygiene.windowChanged(physicalPixels: geometry.pixels.area)
    }

    private func shutdown() {
        service?.stopping()
        remotes?.stop()
        places.flush()
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
