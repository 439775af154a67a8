import ArgumentParser
import FixtureServer
import Foundation
import GalleryCore
import SDLKit
import GalleryStore
import TesseraApp

struct Tessera: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tessera",
        abstract: "An infinite photo wall: a two-column masonry grid of photos from Lorem Picsum.",
        version: "0.1.0",
        subcommands: [Show.self, ServeFixture.self, Bench.self, CacheStress.self],
        defaultSubcommand: Show.self)
}

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Open the gallery window (the default).")

    @Option(help: "Picsum-compatible API base URL. If the default cannot be reached, the demo catalogue is shown.")
    var api: String = AppOptions.defaultAPI

    @Option(help: "Window size, WxH.")
    var size: String = "1280x800"

    @Flag(help: "Start fullscreen (toggle with f or F11).")
    var fullscreen = false

    @Option(help: "Photos per page request (1-100).")
    var pageSize: Int = 30

    @Flag(help: "Show a built-in catalogue served from this process; needs no network.")
    var demo = false

    @Option(help: "Photos in the demo catalogue.")
    var demoPhotos: Int = 1000

    @Flag(help: "At the end of the catalogue show an end marker instead of starting over.")
    var noWrap = false

    @Option(help: "Offline cache folder (default: $XDG_CACHE_HOME/tessera, else ~/.cache/tessera).")
    var cacheDir: String?

    @Option(help: "Offline cache budget in MB; least recently used images are evicted past it.")
    var cacheSize: Int = 512

    @Flag(help: "Run without the offline cache.")
    var noCache = false

    @Option(help: "TrueType font file (default: DejaVu Sans, found at run time; or TESSERA_FONT).")
    var font: String?

    @Option(help: "Renderer: software or accelerated (default: SDL's choice).")
    var renderer: String?

    @Flag(help: "Do not wait for the display's vertical sync.")
    var noVsync = false

    @Option(help: "Redraws per second for the clock when nothing else changes.")
    var clockHz: Int = 60

    @Option(help: .hidden)
    var screenshot: String?

    @Option(help: .hidden)
    var script: String?

    @Option(help: .hidden)
    var exitAfter: Double?

    func validate() throws {
        guard PixelSize(parsing: size) != nil else { throw ValidationError("--size must look like 1280x800") }
        guard (1...100).contains(pageSize) else { throw ValidationError("--page-size must be 1 to 100") }
        guard cacheSize >= 1 else { throw ValidationError("--cache-size must be at least 1 (MB)") }
        guard (1...1000).contains(clockHz) else { throw ValidationError("--clock-hz must be 1 to 1000") }
        if let renderer, Renderer.Kind(rawValue: renderer) == nil {
            throw ValidationError("--renderer must be software or accelerated")
        }
        guard URL(string: api)?.scheme.map({ ["http", "https"].contains($0) }) == true else {
            throw ValidationError("--api must be an http or https URL")
        }
        for name in scriptNames where Command(name: name) == nil {
            throw ValidationError("unknown script command '\(name)'")
        }
    }

    private var scriptNames: [String] {
        (script ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    func run() throws {
        var options = AppOptions()
        options.api = api
        options.apiIsDefault = api == AppOptions.defaultAPI
        options.demo = demo
        options.demoPhotos = max(1, demoPhotos)
        options.config.windowSize = PixelSize(parsing: size)!
        options.config.pageSize = pageSize
        options.config.wraps = !noWrap
        options.config.clockHz = clockHz
        options.fullscreen = fullscreen
        options.cacheDirectory = cacheDir
        options.cacheBytes = cacheSize << 20
        options.useCache = !noCache
        options.fontPath = font
        options.renderer = renderer.flatMap(Renderer.Kind.init(rawValue:))
        options.vsync = !noVsync
        options.screenshotPath = screenshot
        options.script = scriptNames.compactMap(Command.init(name:))
        options.exitAfter = exitAfter
        do {
            let code = try GalleryApp.run(options: options)
            if code != 0 { throw ExitCode(code) }
        } catch let error as SDLError {
            FileHandle.standardError.write(Data("tessera: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}

struct ServeFixture: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve-fixture",
        abstract: "Serve a picsum-compatible API with generated photos on 127.0.0.1, with optional faults.")

    @Option(help: "Port on 127.0.0.1 (0 picks a free one).")
    var port: Int = 8321

    @Option(help: "Photos in the catalogue.")
    var photos: Int = 1000

    @Option(help: "Milliseconds added before every response.")
    var latency: Int = 0

    @Option(help: "A list page answered with HTTP 500 (repeatable).")
    var failPage: [Int] = []

    @Option(help: "A list page answered with malformed JSON (repeatable).")
    var malformedPage: [Int] = []

    @Option(help: "A list page answered with a status, PAGE:CODE[:RETRY_AFTER], e.g. 2:429:3 (repeatable).")
    var pageStatus: [String] = []

    @Option(help: "An image ID answered with corrupt bytes (repeatable).")
    var corruptImage: [String] = []

    @Option(help: "An image ID whose body is cut off halfway (repeatable).")
    var truncateImage: [String] = []

    @Option(help: "An image ID answered with HTML instead of an image (repeatable).")
    var nonImage: [String] = []

    @Option(help: "Answer every image with this HTTP status (e.g. 500).")
    var imageStatus: Int?

    @Option(help: "An image ID whose body trickles out at 200 bytes a second (repeatable).")
    var trickleImage: [String] = []

    func run() throws {
        var faults = FixtureFaults()
        faults.latencyMs = max(0, latency)
        faults.failingPages = Set(failPage)
        faults.malformedPages = Set(malformedPage)
        for spec in pageStatus {
            let parts = spec.split(separator: ":").compactMap { Int($0) }
            guard parts.count >= 2 else { throw ValidationError("--page-status takes PAGE:CODE[:RETRY_AFTER]") }
            faults.pageStatus[parts[0]] = (parts[1], parts.count > 2 ? parts[2] : nil)
        }
        faults.corruptImages = Set(corruptImage)
        faults.truncatedImages = Set(truncateImage)
        faults.nonImageImages = Set(nonImage)
        faults.imageStatus = imageStatus
        faults.trickleImages = Set(trickleImage)
        let system = try SDLSystem(video: false)
        try withExtendedLifetime(system) {
            let server = FixtureServer(photos: photos, faults: faults)
            let bound = try server.start(port: port)
            print("serving \(photos) photos on http://127.0.0.1:\(bound)")
            fflush(stdout)
            try server.wait()
        }
    }
}

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Run the real app headless against the in-process fixture server and print figures as JSON.")

    @Option(help: "Stop once this many items have passed the top of the viewport.")
    var items: Int = 600

    @Option(help: "Scroll speed in pixels per second.")
    var speed: Double = 4000

    @Option(help: "Window size, WxH.")
    var size: String = "1280x800"

    @Option(help: "Milliseconds the fixture server adds to every response.")
    var latency: Int = 20

    @Option(help: "Renderer: software or accelerated.")
    var renderer: String = "software"

    @Flag(help: "Press Page Down repeatedly and report how long each screen takes to fill (fill_ms).")
    var jump = false

    @Flag(help: "Exit with status 1 if a bound breaks: a frame over 33 ms, anonymous memory growing over 48 MB, or textures over 3 windows.")
    var check = false

    @Option(help: "Give up after this many seconds.")
    var timeLimit: Double = 600

    func validate() throws {
        guard PixelSize(parsing: size) != nil else { throw ValidationError("--size must look like 1280x800") }
        guard items > 0, speed > 0, latency >= 0 else { throw ValidationError("--items, --speed must be positive") }
        guard ["software", "accelerated"].contains(renderer) else {
            throw ValidationError("--renderer must be software or accelerated")
        }
    }

    func run() throws {
        var options = BenchOptions()
        options.items = items
        options.speed = speed
        options.size = PixelSize(parsing: size)!
        options.latencyMs = latency
        options.renderer = renderer
        options.jump = jump
        options.timeLimit = timeLimit
        guard let report = try GalleryApp.bench(options) else {
            FileHandle.standardError.write(Data("tessera bench: did not finish within \(timeLimit) s\n".utf8))
            throw ExitCode(1)
        }
        print(report.json)
        let violations = report.violations
        for v in violations { FileHandle.standardError.write(Data("tessera bench: bound broken: \(v)\n".utf8)) }
        if check && !violations.isEmpty { throw ExitCode(1) }
    }
}

/// For the crash-safety test: writes records to a cache store until killed.
struct CacheStress: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache-stress", abstract: "Write test records to a cache store, reporting each commit.",
        shouldDisplay: false)

    @Option var cacheDir: String
    @Option var count: Int = 100_000

    func run() throws {
        try StoreStress.run(directory: cacheDir, count: count) { line in
            print(line)
            fflush(stdout)
        }
    }
}

Tessera.main()
