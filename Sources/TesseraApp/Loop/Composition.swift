import CPlatform
import Foundation
import GalleryCore
import MediaWorkers
import GalleryNet
import SDLKit

/// The composition root: everything a running gallery is made of, made and wired once, in order. The window and
/// renderer, the network client, the sources behind the cache, the decode pool and image pipeline, the user's
/// library and the model over it, the views. `GalleryApp` only runs the loop over these.
struct Composition {
    let window: Window
    let renderer: Renderer
    let pump: EventPump
    let http: CurlHTTPClient
    let mailbox: Mailbox<Delivery>
    let live: LiveTokens
    let sources: SourceProvider
    let pool: DecodePool
    let images: ImagePipeline
    /// The clips, animations and Live Photos playing.
    let clips: ClipPlayers
    /// What the remotes reach, and the photo shown as they see it.
    let desk: FrameDesk
    let pictures: PictureShots
    let model: GalleryModel
    let scene: SceneRenderer
    /// The window as it opened (`WindowKeeper` hands it to everything that depends on it).
    let geometry: WindowGeometry

    /// Process-wide settings made before anything else: memory, SDL's pixel allocator, stop signals, the screen
    /// saver, the video driver. Throws when no driver can start here (a compositor SDL would crash under).
    static func prepareProcess(options: AppOptions) throws {
        // The secrets the options carry never reach the log (the remote's token and a calendar's password are
        // registered where they are read).
        Log.secret(options.mqttPassword)
        for option in SourceRegistry.installed.options where option.secret { Log.secret(options.sourceSettings[option.name]) }
        MemoryHygiene.configure()
        SDLSystem.usePixelAllocator()
        // Stop signals come to the loop as a flag, not as SDL's quit event: a kiosk ignores a window close but
        // stops cleanly for its service manager.
        SDLSystem.setHint("SDL_NO_SIGNAL_HANDLERS", "1")
        tessera_catch_stop_signals()
        // A desktop window lets the screen saver run; a kiosk decides for itself (`KioskRunner`).
        SDLSystem.setHint("SDL_VIDEO_ALLOW_SCREENSAVER", options.kiosk == nil ? "1" : "0")
        // A kiosk's window wants no decorations: libdecor would hide it under cage 0.1.4 (a desktop's fullscreen
        // window keeps them for when it leaves fullscreen).
        if options.kiosk != nil { SDLSystem.setHint("SDL_VIDEO_WAYLAND_ALLOW_LIBDECOR", "0") }
        // A settings save killed mid-write left its temporary file beside the configuration: gone at the next start.
        if let config = options.configPath {
            for leftover in AtomicFile.removeLeftovers(of: config) {
                Log.info("removed \(leftover), left by a settings save that was cut short")
            }
        }
        let video = VideoDriverChoice.decide(requested: options.videoDriver, environment: ProcessInfo.processInfo.environment,
                                             seat: { Int(tessera_wayland_has_seat()) })
        if let problem = video.problem { throw SDLError("opening the display", message: problem) }
        if let note = video.note { Log.warn(note) }
        // Over SDL_VIDEODRIVER only when the command line asked (`--video-driver`) or the compositor it names cannot
        // host SDL (then X11 stands in).
        if let driver = video.driver {
            SDLSystem.setHint("SDL_VIDEODRIVER", driver, override: options.videoDriver != nil || video.note != nil)
        }
    }

    /// What starts before the display does: the network client, the mailbox, and the sources, so a folder's scan
    /// and the cache's first reads run while SDL opens the window.
    struct Early {
        let http: CurlHTTPClient
        let mailbox: Mailbox<Delivery>
        let wake: WakeRelay
        let sources: SourceProvider
        /// The user's library, opened first: a start told no source shows the folders chosen in it.
        let library: (library: Library, asksName: Bool)
        /// The folders the library's choice added (none: the command line's source, or nothing chosen yet).
        let chosenFolders: [String]
        /// Where the show stood, kept in the library.
        let places: PlaceKeeper
        /// Probes and posters of moving pictures, made by a worker process (started on the first request).
        let media = MediaService()
        /// The frame's metrics (`GET /metrics`): the one registry, handed to whoever observes.
        let metrics = FrameMetrics()

        init(options given: AppOptions) throws {
            var options = given
            library = UserLibrary.open(for: options)
            chosenFolders = options.sourceChosen ? [] : UserData.folders(in: library.library)
            if !chosenFolders.isEmpty {
                options.paths = chosenFolders
                Log.info("showing the folders chosen on the welcome screen: \(chosenFolders.joined(separator: ", "))")
            }
            var httpSettings = CurlHTTPClient.Settings()
            httpSettings.maxConcurrent = options.config.maxConcurrentDownloads
            httpSettings.connectTimeout = options.config.connectTimeout
            httpSettings.totalTimeout = options.config.requestTimeout
            httpSettings.timing = metrics.fetch
            http = try CurlHTTPClient(settings: httpSettings)
            let wake = WakeRelay()
            self.wake = wake
            let mailbox = Mailbox<Delivery> { wake.wake() }
            self.mailbox = mailbox
            // A run that keeps nothing (automation, a desktop run given a name) keeps no place either, and neither does a
            // show kept to some dates (memories, a span): its place would mean nothing to the whole show.
            let places = PlaceKeeper(library: options.usesLibrary && options.dates.isEmpty ? library.library : nil,
                                     sort: options.sort)
            self.places = places
            sources = try SourceProvider(options: options, http: http, places: { places.kept(for: $0) }, media: media,
                                         report: { mailbox.post(.feed($0)) })
            sources.start()
        }
    }

    init(options: AppOptions, system: SDLSystem, early: Early) throws {
        var config = options.config
        let pump = try EventPump()
        self.pump = pump
        early.wake.pump = pump
        http = early.http
        let mailbox = early.mailbox
        self.mailbox = mailbox
        sources = early.sources
        // The source's limits, and its own default for wrapping unless the user said.
        config.pageSize = sources.traits.pageSize(near: config.pageSize)
        // A kiosk's feed always wraps: a wall that ends would stand still.
        config.wraps = options.kiosk != nil || (options.wrap ?? sources.traits.wrapsByDefault)
        let fullscreen = options.fullscreen || options.kiosk != nil
        let uiScale = Composition.interfaceScale(options: options)
        var windowSize = config.windowSize
        if fullscreen, let desktop = Window.desktopSize() {
            windowSize = PixelSize(width: desktop.width, height: desktop.height)
        } else {
            // --size is in interface pixels: at a scale of 2 the window is twice as large on the screen; never larger
            // than the display, or its header would be out of reach.
            let asked = PixelSize(width: Int(Double(windowSize.width) * uiScale), height: Int(Double(windowSize.height) * uiScale))
            // (The off-screen driver has no display to fit: its window is what automation asked for.)
            let usable = Window.videoDriver == "offscreen" ? nil : Window.usableSize()
            windowSize = WindowFit.fit(asked, usable: usable.map { PixelSize(width: $0.width, height: $0.height) })
            if windowSize != asked {
                Log.info("a \(asked.width)x\(asked.height) window does not fit the display: opened at \(windowSize.width)x\(windowSize.height)")
            }
        }
        window = try Window(system: system, title: "Tessera", width: windowSize.width,
                            height: windowSize.height, fullscreen: fullscreen,
                            withoutOpenGL: Composition.drawsWithoutOpenGL(choice: options.renderer))
        if fullscreen {
            // Leaving fullscreen (`f`) gives the window the size asked for, not the display's it was made at.
            let asked = config.windowSize, usable = Window.usableSize()
            window.windowedSize = (min(Int(Double(asked.width) * uiScale), usable?.width ?? .max),
                                   min(Int(Double(asked.height) * uiScale), usable?.height ?? .max))
        }
        renderer = try Composition.renderer(for: window, choice: options.renderer, vsync: options.vsync)
        if options.rotation != 0 {
            try renderer.setRotation(options.rotation)
            Log.info("the picture is turned \(options.rotation)° clockwise onto the panel")
        }
        live = LiveTokens()
        let keeper = CellKeeper(cells: sources.cells)
        var decoder = ImageDecoder()
        decoder.posters = early.media
        decoder.colours = Composition.displayColours(window: window, options: options)
        sources.cells?.keep(in: decoder.colours)
        pool = DecodePool(live: live, decoder: decoder, idle: keeper.nextIdleWork, timing: early.metrics.decode)
        let shownSource = sources
        pictures = PictureShots(decoder: decoder, source: { shownSource.source })
        desk = FrameDesk(metrics: early.metrics) { mailbox.post(.remote($0)) }
        images = ImagePipeline(source: sources.source, pool: pool, keeper: keeper, live: live, mailbox: mailbox,
                               config: config)
        let layer = images
        clips = ClipPlayers(textures: images.textures, location: { [weak layer] in layer?.motionLocation(for: $0) },
                            hardware: config.hardwareDecoding, wake: { mailbox.post(.clipFrame) })
        images.clips = clips

        let library = early.library
        // A kiosk never stops at the welcome screen: it greets with --name, or the stored name, or no one.
        let services = ServiceDesk(sources: sources, images: images, clips: clips, mailbox: mailbox,
                                   offer: WelcomeOffer(options: options, chosenFolders: early.chosenFolders,
                                                       kind: sources.kind))
        model = GalleryModel(config: config, kiosk: options.kiosk, library: library.library,
                             asksName: library.asksName && options.kiosk == nil, userName: options.userName,
                             source: sources.key, services: services)
        // A person at a desktop who mistyped a folder is told so at once; a kiosk waits for its USB stick quietly.
        if options.kiosk == nil, let explanation = sources.setupExplanation {
            Log.warn(explanation)
            model.alert(explanation)
        }
        // `tessera FILE`: the pane opens on it once its folder's page brings it; paths not there are said.
        model.feed.opening = sources.opened?.photo.map(PhotoOpening.init(path:))
        if let missing = sources.opened?.missingText, sources.setupExplanation == nil { model.toasts.show(missing) }
        let sources = self.sources
        // A wall of memories, or one that opens with them, stands under a heading per year.
        if options.dates.memories || options.memoriesFirst { model.browse.sections = WallSections(today: LocalDay.today()) }
        // A folder by date heads its months (its days zoomed in); the wall has the columns it was last zoomed to
        // (unless --columns said, or a kiosk).
        model.browse.dateHeadings = LocalDay.dateHeadings(for: sources.traits)
        model.browse.takeKeptColumns(in: model)
        model.user.onBookmarkChange = { photo, bookmarked in sources.caching?.pin(photo, bookmarked) }
        // Pins live in the cache, which may have been moved aside: set them again for every bookmark.
        for bookmark in model.user.shelf?.list() ?? [] { sources.caching?.pin(bookmark.photo, true) }
        // What the cache holds shows as soon as the store has read it (off this thread: a large store must not
        // hold up the first frame), before any network answer; page requests wait for it. A shuffle, and a source
        // that carries on from a kept place, start from the network instead: the stored pages are an earlier order's,
        // which would show again what was shown (and a shuffle would open on a sorted page); offline, the cache still
        // answers each page the network cannot.
        if let caching = sources.caching, !sources.resumesFromPlace, options.sort != .random {
            model.catalog.awaitingRestore = true
            caching.loadStoredPages(limits: config.restorablePageSizes) { mailbox.post(.feed(.restored(limit: $0, $1))) }
        }

        geometry = WindowGeometry.measure(window, renderer, interfaceScale: uiScale)
        let viewport = geometry.viewport
        let text = TextRenderer.open(renderer: renderer, fontPath: options.fontPath, scale: viewport.scale)
        if let text { services.detailLineHeight = text.lineHeight(.body) + 6 }
        // A photo frame starts on its slideshow (not over the welcome screen: the name is asked first).
        if config.opensSlideshow || options.slideshow, model.screen === model.browse { model.show(.slideshow) }
        scene = SceneRenderer(renderer: renderer, text: text, config: config, viewport: viewport,
                              overlays: options.overlays)
    }
}

/// Lets workers wake the event loop before the loop's event pump exists (their posts wait in the mailbox until
/// then; the loop drains it on its first turn).
final class WakeRelay {
    private let lock = NSLock()
    private var target: EventPump?

    var pump: EventPump? {
        get { lock.lock(); defer { lock.unlock() }; return target }
        set { lock.lock(); target = newValue; lock.unlock() }
    }

    func wake() { pump?.wake() }
}
