import ArgumentParser
import FixtureServer
import Foundation
import GalleryCore
import MosquittoKit
import SDLKit
import TesseraApp
import TesseraBench
import TesseraOptions

/// `tessera-bench [bench]`: see BENCHMARKS.md.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Run the real app headless against the in-process fixture server and print figures as JSON.")

    @Option(help: "Stop once this many items have passed the top of the viewport.")
    var items: Int = 600

    @Option(help: "Scroll speed in pixels per second (default: 4000; with --soak 2000, 50 times a kiosk's 40).")
    var speed: Double?

    @OptionGroup var window: WindowOptions

    @Option(help: "Milliseconds the fixture server adds to every response.")
    var latency: Int = 20

    @Option(help: "Renderer: software, accelerated, or auto (the app's own choice: software where OpenGL draws on the processor).")
    var renderer: String = "software"

    @Option(help: "Serve every image at this size, WxH, instead of the cell's: large originals to decode.")
    var sourceSize: String?

    @Option(help: "grid or list: the view to scroll; slideshow: step through --items photos timing the crossfades; zoom: pan a photo zoomed 2.5 times in the pane for --items frames. With --clips: slideshow (one clip full screen) or wall (grid: two clips in their cells).")
    var view: String = "grid"

    @Flag(help: "Open and close the detail pane every 0.35 s while scrolling (its transitions included).")
    var transitions = false

    @Flag(help: "Press Page Down repeatedly and report how long each screen takes to fill (fill_ms).")
    var jump = false

    @Flag(help: "Exit with status 1 if a bound breaks: a frame over 33 ms, anonymous memory growing over 48 MB, or textures over 3 windows.")
    var check = false

    @Option(help: "With --view slideshow: the fill around a photo of another shape (blur, matte, black).")
    var fill = "blur"

    @Option(help: "With --view slideshow: the transition (crossfade, dip, slide, none).")
    var transition = "crossfade"

    @Flag(help: "With --view slideshow: portrait photos in pairs.")
    var pairs = false

    @Flag(help: "With --view slideshow: each photo slowly zooms and pans (each is held a second before the next, so its motion is timed too).")
    var motion = false

    @Option(help: "Load this folder instead of the fixture server: report first_screen_ms and all_cells_ms (a prefetch pass), cold or warm.")
    var dir: String?

    @Flag(help: "With --dir: stop once the folder's scan has finished and the first screen is drawn: scan_files_per_s, the longest frame during the scan and the index's memory (index_mb), without decoding every cell.")
    var scanOnly = false

    @Option(help: "With --dir: the cache folder (default: $XDG_CACHE_HOME/tessera, so a second run is warm).")
    var cacheDir: String?

    @Option(help: "Run the kiosk's auto-scroll for this many minutes over a small wrapping catalogue: memory each minute, the drift of anonymous memory after the first pass (anon_mb_per_hour) and stalls. Exits 1 with --check if the wall stalls, a frame takes over 33 ms or (over at least 10 minutes after the first pass) the drift passes 4 MB an hour.")
    var soak: Double?

    @Option(help: "Once the first screen is drawn, leave the wall still this many seconds (only the clock moves) and report the processor time used (idle.cpu_pct) and the frames drawn whole or header only. Measure under a real display: SDL_VIDEODRIVER=x11.")
    var idle: Double?

    @Option(help: "With --view slideshow --idle: the slideshow steps every this many seconds (a frame on a wall) instead of holding one photo; idle.steps counts the photos that came (--idle at least twice the interval). With --check, exits 1 if it stepped late, and at 1920x1080 if it passed 10 % of a core, 190 MB resident or 128 MB of anonymous memory at its peak (in place of the growth bound: a slideshow's first screen is one photo).")
    var interval: Double?

    @Option(help: "The slideshow's clock while measuring (--clock's words: \"large\", \"huge date\"). With --view slideshow --idle: a still slideshow, one photo held and the header faded, is left alone.")
    var clock: String?

    @Flag(help: "The weather overlay while measuring, from this run's fixture server (its Open-Meteo stand-in, Berlin).")
    var weatherFixture = false

    @Flag(help: "The calendar overlay while measuring, from this run's fixture server (its today.ics, basic authentication).")
    var calendarFixture = false

    @Option(help: "Play the clips of this folder (generate: a 20 s 1920x1080 30 fps H.264 clip of ffmpeg's testsrc2, made once into the temporary folder) in --view slideshow or wall for --play seconds from the first frame: frame times, frames shown, dropped and uploaded, processor time of the app and its media workers against `ffmpeg -threads 2 -i CLIP -f null -` on the folder's first clip (run afterwards), memory of both. Needs the ffmpeg and ffprobe commands. With --check, exits 1 if frame p99 passes 16 ms (slideshow) or 12 ms (wall), 1 % of frames are dropped, fewer clips play than wanted, memory grows, or the processor time passes twice ffmpeg's (the target, 1.3 times, is reported: cpu_ratio_target_met).")
    var clips: String?

    @Option(help: "With --clips: seconds of playback to measure (from the first frame; the slideshow's clip ending ends it sooner).")
    var play: Double = 15

    @Flag(help: "With --soak: the server stops answering for a minute every five minutes (the first outage after five): stalls outside the outages, and how soon after each return the wall is back on the real feed.")
    var outages = false

    @Option(help: "The remote: the app listens on a port of 127.0.0.1 with a token while the wall scrolls (at --speed, default 400); 8 s quiet, then 1000 hostile HTTP requests (and as many MQTT payloads with --broker), then this many commands one after another. Reports frame times per stage, the commands' round trips (answered once their frame is presented) and memory. With --check, exits 1 if a command's p95 passes 100 ms, frame p99 under hostile requests passes 1.5 times the quiet one (4 ms at least), memory grows 20 MB, or anything was written.")
    var remote: Int?

    @Option(help: "With --remote: a mosquitto broker at HOST:PORT the app publishes to and the hostile payloads go to (local: one of the run's own, started with the mosquitto command).")
    var broker: String?

    @Option(help: "Instead of the wall: list an Immich library of this many photos from the fixture's stand-in for a shuffle (--sort random) and report the heap it holds per photo (bytes_per_photo) and at its peak. With --check, exits 1 past 200 bytes a photo.")
    var immichListing: Int?

    @Option(help: .hidden)
    var outagePeriod: Double = 300

    @Option(help: "Give up after this many seconds (a soak: its length plus this).")
    var timeLimit: Double = 600

    func validate() throws {
        if let sourceSize, PixelSize(parsing: sourceSize) == nil || PixelSize(parsing: sourceSize)!.width > 5000
            || PixelSize(parsing: sourceSize)!.height > 5000 {
            throw ValidationError("--source-size must look like 4000x3000 (at most 5000 a side)")
        }
        guard ["grid", "list", "slideshow", "zoom", "wall"].contains(view) else {
            throw ValidationError("--view must be grid, list, slideshow, zoom or wall")
        }
        if clips != nil, !["slideshow", "wall", "grid"].contains(view) || dir != nil || soak != nil || idle != nil {
            throw ValidationError("--clips plays in --view slideshow or wall, without --dir, --soak or --idle")
        }
        if clips == nil, view == "wall" { throw ValidationError("--view wall goes with --clips (else: grid)") }
        if let remote, remote < 1 || clips != nil || dir != nil || soak != nil || idle != nil || view != "grid" {
            throw ValidationError("--remote takes a number of commands, on the grid, without --clips, --dir, --soak or --idle")
        }
        if let interval, !(interval >= 1) || view != "slideshow" || !((idle ?? 0) >= 2 * interval) {
            throw ValidationError("--interval takes seconds (at least 1), with --view slideshow --idle of at least twice as long")
        }
        if broker != nil, remote == nil { throw ValidationError("--broker goes with --remote") }
        guard play > 0, play <= 24 * 3600 else { throw ValidationError("--play must be positive (seconds)") }
        guard items > 0, (speed ?? 1) > 0, latency >= 0, (soak ?? 1) > 0 else { throw ValidationError("--items, --speed must be positive") }
        if let clock {
            do { _ = try ClockStyle.parse(clock) } catch let refusal as ClockStyleError { throw ValidationError(refusal.message) }
        }
        if weatherFixture || calendarFixture, dir != nil || clips != nil {
            throw ValidationError("--weather-fixture and --calendar-fixture need the fixture server (not --dir or --clips)")
        }
        guard ["software", "accelerated", "auto"].contains(renderer) else {
            throw ValidationError("--renderer must be software, accelerated or auto")
        }
    }

    func run() throws {
        if let immichListing { return try listImmich(immichListing) }
        var options = BenchOptions()
        options.sourceSize = sourceSize.flatMap(PixelSize.init(parsing:))
        options.items = items
        options.speed = speed ?? (remote != nil ? 400 : soak == nil ? 4000 : 2000)
        options.remoteCommands = remote
        options.soakMinutes = soak
        options.outages = outages
        options.outagePeriod = outagePeriod
        options.outageSeconds = outagePeriod / 5
        options.idleSeconds = idle
        options.slideInterval = interval
        options.size = window.windowSize
        // The app loads over HTTP from a fixture server in this process (never the app's own: it listens nowhere).
        var server: FixtureServer?
        if dir == nil, clips == nil {
            var faults = FixtureFaults()
            faults.latencyMs = latency
            faults.sourceSize = options.sourceSize.map { ($0.width, $0.height) }
            // Large originals are slow to draw: keep all twelve of them.
            let fixture = FixtureServer(photos: soak == nil ? 1000 : BenchOptions.soakPhotos, faults: faults,
                                        imageCacheBytes: options.sourceSize == nil ? 2 << 20 : 64 << 20)
            try fixture.start(port: 0)
            fixture.runInBackground()
            options.api = fixture.baseURL
            options.serverCounters = { let c = fixture.counters; return (c.pages, c.images) }
            let port = fixture.port
            options.serverDown = { down in
                if down { fixture.stop() } else { _ = try? fixture.start(port: port) }
            }
            server = fixture
        }
        defer { server?.shutdown() }
        let authFile = NSTemporaryDirectory() + "tessera-bench-calendar-auth-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: authFile) }
        // The fixture's calendar answers `frame:secret` (FixtureCalendar).
        if calendarFixture { try Data("frame:secret".utf8).write(to: URL(fileURLWithPath: authFile)) }
        options.overlays = { [clock, weatherFixture, calendarFixture, api = options.api] config in
            config.slideClock = clock.flatMap { try? ClockStyle.parse($0) }
            if weatherFixture, case .success(let place) = WeatherPlaceQuery.parse("52.52437,13.41053") {
                var weather = WeatherSettings(query: place, units: .metric)
                weather.forecastServer = api
                weather.geocodingServer = api
                weather.keepsState = false
                config.weather = weather
            }
            if calendarFixture {
                var calendar = CalendarSettings(sources: [api + "/calendar/today.ics"], authFile: authFile)
                calendar.keepsCopies = false
                config.calendar = calendar
            }
        }
        // `--broker local`: a mosquitto of the run's own (the stand-in for a house's broker).
        var broker: LocalBroker?
        var publisher: MQTTClient?
        if let asked = self.broker {
            var address = asked
            if asked == "local" {
                let local = try LocalBroker()
                try local.start()
                broker = local
                address = "127.0.0.1:\(local.port)"
            }
            options.broker = address
            let parts = address.split(separator: ":")
            let client = try MQTTClient(clientID: "tessera-bench-hostile", cleanSession: true)
            try client.connect(host: String(parts[0]), port: Int(parts.last ?? "1883") ?? 1883, keepalive: 30)
            try client.startLoop()
            publisher = client
            options.publish = { payload in _ = try? client.publish(topic: "tessera/bench/command", payload: payload, qos: 0, retain: false) }
        }
        defer {
            try? publisher?.disconnect()
            try? publisher?.stopLoop(force: false)
            broker?.stop()
        }
        options.pageSize = window.pagePhotos
        options.renderer = renderer
        options.jump = jump
        options.list = view == "list"
        options.slideshow = view == "slideshow" && clips == nil
        options.clips = clips.map { $0 == "generate" ? $0 : ($0 as NSString).expandingTildeInPath }
        options.clipView = view == "slideshow" ? "slideshow" : "wall"
        options.playSeconds = play
        guard let slideFill = SlideFill(rawValue: fill), let slideTransition = SlideTransition(rawValue: transition) else {
            throw ValidationError("--fill must be blur, matte or black; --transition crossfade, dip, slide or none")
        }
        options.slideFill = slideFill
        options.slideTransition = slideTransition
        options.slidePairs = pairs
        options.slideMotion = motion
        options.zoom = view == "zoom"
        options.transitions = transitions
        options.timeLimit = timeLimit + (soak ?? 0) * 60 + (idle ?? 0) + (clips == nil ? 0 : play)
        options.dir = dir.map { ($0 as NSString).expandingTildeInPath }
        options.cacheDirectory = cacheDir
        options.scanOnly = scanOnly
        guard let report = try GalleryApp.bench(options) else {
            FileHandle.standardError.write(Data("tessera-bench: did not finish within \(timeLimit) s\n".utf8))
            throw ExitCode(1)
        }
        print(report.json)
        for t in report.missedTargets { FileHandle.standardError.write(Data("tessera-bench: target missed: \(t)\n".utf8)) }
        let violations = report.violations
        for v in violations { FileHandle.standardError.write(Data("tessera-bench: bound broken: \(v)\n".utf8)) }
        if check && !violations.isEmpty { throw ExitCode(1) }
    }

    /// `--immich-listing N`: the fixture's Immich stand-in with N assets, listed for a shuffle (`ListingRun`).
    private func listImmich(_ photos: Int) throws {
        var faults = FixtureFaults()
        faults.immichAssets = max(1, photos)
        faults.immichVersion = 3
        // The stand-in draws each shape's ThumbHash with SDL's surfaces.
        let system = try SDLSystem(video: false)
        defer { withExtendedLifetime(system) {} }
        let server = FixtureServer(photos: max(1, photos), faults: faults)
        let port = try server.start(port: 0)
        defer { server.shutdown() }
        var figures = try ListingRun.run(baseURL: "http://127.0.0.1:\(port)", apiKey: faults.immichKey, timeLimit: timeLimit)
        let perPhoto = figures["bytes_per_photo"] as? Double ?? .infinity
        let held = perPhoto <= ListingRun.boundBytesPerPhoto && figures["photos_listed"] as? Int == photos
        figures["bound_held"] = held
        let data = try JSONSerialization.data(withJSONObject: ["immich_listing": figures], options: [.sortedKeys])
        print(String(decoding: data, as: UTF8.self))
        if check && !held { throw ExitCode(1) }
    }
}
