@_spi(Bench) import TesseraApp
import Foundation
import GalleryCore
import ImageLayer

/// The figures one benchmark run produced, as the JSON object `tessera bench` prints, and the bounds CI enforces.
public struct BenchReport {
    let options: BenchOptions
    let frameMs: Percentiles
    let firstFrameMs: Double
    let firstImageMs: Double
    let blankCellPct: Double
    let texturesPeak: Int
    let textureBytesPeak: Int
    let pixelBytesPeak: Int
    let rss: MemoryTrack
    let anon: MemoryTrack
    let pages: Int
    let images: Int
    let cancelled: Int
    let bytesDownloaded: Int
    let decodeMs: Percentiles
    /// The largest pixel buffer one decode allocated (before scaling to the cell).
    let decodePeakBytes: Int
    let fillMs: Percentiles?
    let itemsPassed: Int
    let frames: Int
    let windowBytes: Int
    /// `bench --dir`: the folder figures.
    var folder: FolderFigures?
    /// `bench --soak`: the soak's figures.
    var soak: SoakFigures?
    /// `bench --idle`: the idle figures.
    var idle: IdleFigures?
    /// `--view slideshow`: frames during crossfades; `--view zoom`: frames of the zoomed pane while it pans.
    var crossfadeMs: Percentiles?
    var zoomMs: Percentiles?
    /// `--clips`: playback's figures and the peer's.
    var clips: ClipFigures?
    /// `--remote`: the remote's figures.
    var remote: RemoteFigures?

    struct IdleFigures {
        let seconds: Double
        let cpuPercent: Double
        let wholeFrames: Int
        let headerOnlyFrames: Int
        let renderer: String
        let rssMB: Double
        let anonMB: Double
        /// With `--interval`: the photos that came while measuring.
        var steps: Int?
    }

    struct FolderFigures {
        let photos: Int
        let firstScreenMs: Double
        let allCellsMs: Double
        let warm: Bool
        let failures: Int
        let scan: ScanFigures?
        /// When every cell had also been kept for the next start (keeping waits while decodes do).
        var keptMs: Double?
        /// From the pass's start (first screen drawn, scan finished) to its end.
        var passMs: Double?
        /// Each photo's file and cell size, for the floor (`DecodeFloor`), measured once the app has ended.
        var cells: [(path: String, size: PixelSize)] = []
        var floor: DecodeFloor.Figures?
        var floorThreads = 0

        /// All cells (from the process's start) over the floor measured after them, cold runs only.
        var floorRatio: Double? {
            guard !warm, let floor, floor.decoded > 0, floor.seconds > 0 else { return nil }
            return allCellsMs / (floor.seconds * 1000)
        }
    }

    /// `--dir --check`: the highest all-cells-to-floor ratio a cold run may reach (BENCHMARKS.md, "A folder's cells
    /// at the decode floor"; the target is 1.25).
    static let floorRatioBound = 2.5

    struct ScanFigures {
        let milliseconds: Double
        let filesPerSecond: Double
        let frameMaxMs: Double
        let rssMB: Double
        let anonMB: Double
        let indexMB: Double
    }

    static func round(_ v: Double) -> Double { (v * 100).rounded() / 100 }

    public var json: String {
        var object: [String: Any] = [
            "config": ["items": options.items, "speed": options.speed, "size": options.size.description,
                       "latency_ms": options.latencyMs, "renderer": options.renderer, "jump": options.jump,
                       "page_size": options.pageSize, "source_size": options.sourceSize?.description ?? "cell",
                       "view": options.list ? "list" : "grid", "transitions": options.transitions],
            "frame_ms": ["p50": BenchReport.round(frameMs.p50), "p95": BenchReport.round(frameMs.p95),
                         "p99": BenchReport.round(frameMs.p99), "max": BenchReport.round(frameMs.max)],
            "frames": frames,
            "items_passed": itemsPassed,
            "first_frame_ms": BenchReport.round(firstFrameMs),
            "first_image_ms": BenchReport.round(firstImageMs),
            "blank_cell_pct": BenchReport.round(blankCellPct),
            "textures_peak": texturesPeak,
            "texture_bytes_peak": textureBytesPeak,
            "pixel_bytes_peak": pixelBytesPeak,
            "rss_mb": rss.json,
            "anon_mb": anon.json,
            "requests": ["pages": pages, "images": images, "cancelled": cancelled],
            "bytes_downloaded": bytesDownloaded,
            "decode_ms": ["p50": BenchReport.round(decodeMs.p50), "p95": BenchReport.round(decodeMs.p95)],
            "decode_peak_bytes": decodePeakBytes,
        ]
        if let folder {
            object["first_screen_ms"] = BenchReport.round(folder.firstScreenMs)
            object["all_cells_ms"] = BenchReport.round(folder.allCellsMs)
            object["all_cells_method"] = "prefetch pass: every photo decoded once at its cell size, from process start"
            if let kept = folder.keptMs { object["cells_kept_ms"] = BenchReport.round(kept) }
            if let pass = folder.passMs { object["pass_ms"] = BenchReport.round(pass) }
            if let floor = folder.floor {
                object["floor"] = ["ms": BenchReport.round(floor.seconds * 1000), "decoded": floor.decoded,
                                   "skipped": floor.skipped, "threads": folder.floorThreads,
                                   "method": "every JPEG read and decoded once at the app's DCT scale for its cell, "
                                       + "nothing else, after the app ended, at the decode workers' priority"]
            }
            if let ratio = folder.floorRatio {
                object["all_cells_to_floor"] = BenchReport.round(ratio)
                if let pass = folder.passMs, let floor = folder.floor {
                    object["pass_to_floor"] = BenchReport.round(pass / (floor.seconds * 1000))
                }
            }
            object["cache"] = folder.warm ? "warm" : "cold"
            object["photos"] = folder.photos
            object["undecodable"] = folder.failures
            if let scan = folder.scan {
                object["scan"] = ["ms": BenchReport.round(scan.milliseconds),
                                  "scan_files_per_s": BenchReport.round(scan.filesPerSecond),
                                  "frame_max_ms": BenchReport.round(scan.frameMaxMs), "rss_mb": BenchReport.round(scan.rssMB),
                                  "anon_mb": BenchReport.round(scan.anonMB), "index_mb": BenchReport.round(scan.indexMB)]
            }
            object["config"] = ["dir": options.dir ?? "", "size": options.size.description, "renderer": options.renderer]
        }
        if let soak {
            object["config"] = ["soak_minutes": options.soakMinutes ?? 0, "speed": options.speed,
                                "size": options.size.description, "renderer": options.renderer,
                                "photos": BenchOptions.soakPhotos, "latency_ms": options.latencyMs]
            object["soak"] = soak.json
        }
        if let idle {
            var config: [String: Any] = ["idle_s": idle.seconds, "size": options.size.description,
                                         "renderer": options.renderer]
            var figures: [String: Any] = ["cpu_pct": BenchReport.round(idle.cpuPercent), "whole_frames": idle.wholeFrames,
                                          "header_only_frames": idle.headerOnlyFrames, "renderer": idle.renderer,
                                          "rss_mb": BenchReport.round(idle.rssMB), "anon_mb": BenchReport.round(idle.anonMB)]
            if let steps = idle.steps { figures["steps"] = steps; config["interval_s"] = options.slideInterval }
            object["config"] = config
            object["idle"] = figures
        }
        for (name, view, times) in [("crossfade_ms", "slideshow", crossfadeMs), ("zoom_ms", "zoom", zoomMs)] {
            guard let times else { continue }
            object[name] = ["p50": BenchReport.round(times.p50), "p95": BenchReport.round(times.p95),
                            "p99": BenchReport.round(times.p99), "max": BenchReport.round(times.max), "frames": times.count]
            object["config"] = ["view": view, "items": options.items, "size": options.size.description,
                                "renderer": options.renderer]
        }
        if let clips {
            object["config"] = ["clips": options.clips ?? "", "clip": clips.clip, "clip_s": BenchReport.round(clips.clipSeconds),
                                "clip_fps": BenchReport.round(clips.clipRate), "view": clips.view,
                                "play_s": options.playSeconds, "size": options.size.description,
                                "renderer": options.renderer]
            object["clips"] = clips.json
        }
        if let remote {
            object["config"] = ["remote_commands": options.remoteCommands ?? 0, "speed": options.speed,
                                "size": options.size.description, "renderer": options.renderer,
                                "mqtt": options.broker != nil, "hostile_requests": RemoteRun.hostileCount]
            object["remote"] = remote.json
        }
        if let fill = fillMs {
            object["fill_ms"] = ["p50": BenchReport.round(fill.p50), "p95": BenchReport.round(fill.p95)]
        }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// `--view slideshow` on SDL's software renderer: the p99 of the frames drawn while one photo gives way to the
    /// next that `--check` holds, by the window's size. A regression bound, this machine's worst p99 of every
    /// transition x fill (BENCHMARKS.md, "4K fades in bands on both cores", round 3: 27 ms at 3840x2160; round 4,
    /// the next photo loaded after a transition, not during it: 11.3 at 1920x1080) times 1.5 for CI's slower,
    /// noisier runs; issue 43's targets are 33 and 10 ms.
    var transitionBoundMs: Double? {
        guard options.slideshow, options.idleSeconds == nil, options.clips == nil, options.renderer == "software"
        else { return nil }
        let pixels = options.size.width * options.size.height
        return pixels >= 3840 * 2160 ? 40 : pixels >= 1920 * 1080 ? 17 : nil
    }

    /// Targets missed that `--check` does not enforce (said on stderr).
    public var missedTargets: [String] { clips?.missedTargets ?? [] }

    /// The bounds that must hold on every run (CI fails when one breaks); speed figures are reported, not enforced.
    public var violations: [String] {
        var found: [String] = []
        if frameMs.max > 33 { found.append("a frame took \(BenchReport.round(frameMs.max)) ms (bound 33)") }
        // A running slideshow's first screen is one photo, its working set (the next photo, the backdrops, the kept
        // pixel blocks) comes after it: where its peak is bounded (`runningSlideshowViolations`), that stands for this.
        let growth = anon.peak - anon.afterFirstScreen
        if growth > 48, !(idle?.steps != nil && BenchReport.boundsRunningSlideshow(options)) {
            found.append("anonymous memory grew \(BenchReport.round(growth)) MB after the first screen (bound 48)")
        }
        if let soak {
            if soak.firstPassSeconds == nil { found.append("the soak never finished its first pass") }
            if soak.driftIsBounded, let drift = soak.anonMBPerHour, drift > 4 {
                found.append("anonymous memory drifted \(BenchReport.round(drift)) MB an hour after the first pass (bound 4)")
            }
            if soak.stalls > 0 { found.append("the wall stalled \(soak.stalls) time(s) (bound 0)") }
        }
        if let clips { found += clips.violations(frameP99: frameMs.p99) }
        if let bound = transitionBoundMs, let fades = crossfadeMs, fades.count > 0, fades.p99 > bound {
            found.append("the slideshow's transition frames took \(BenchReport.round(fades.p99)) ms at p99 "
                         + "(bound \(BenchReport.round(bound)) at \(options.size))")
        }
        if let remote { found += remote.violations }
        if let idle, idle.steps != nil { found += BenchReport.runningSlideshowViolations(idle, anonPeak: anon.peak, options) }
        if let ratio = folder?.floorRatio, ratio > BenchReport.floorRatioBound {
            found.append("all cells took \(BenchReport.round(ratio)) times the decode floor (bound \(BenchReport.floorRatioBound))")
        }
        if textureBytesPeak > 3 * windowBytes {
            found.append("textures peaked at \(textureBytesPeak) bytes (bound \(3 * windowBytes))")
        }
        return found
    }
}

extension GalleryApp {
    /// Runs the app headless against `bench.api` and returns the report, or nil if it did not
    /// finish in time.
    public static func bench(_ bench: BenchOptions) throws -> BenchReport? {
        let processStart = now() - (ProcessMemory.processAge() ?? 0)
        if ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"] == nil { setenv("SDL_VIDEODRIVER", "offscreen", 1) }
        var options = AppOptions()
        if let dir = bench.dir {
            options.paths = [dir]
        }
        // `--clips generate`: the test clip, made (once) with ffmpeg; two names for it when the wall plays two.
        var clipFolder = bench.clips
        if bench.clips == "generate" { clipFolder = try ClipPeer.generatedFolder(copies: bench.clipView == "slideshow" ? 1 : 2) }
        defer { if bench.clips == "generate", let clipFolder { try? FileManager.default.removeItem(atPath: clipFolder) } }
        var peerClip: String?
        if let clipFolder {
            guard let first = ClipPeer.firstClip(in: clipFolder) else { throw BenchSetupError("no clip in \(clipFolder)") }
            peerClip = first
            options.paths = [clipFolder]
        }
        options.api = bench.api.isEmpty ? nil : bench.api
        options.apiServesOriginals = bench.sourceSize != nil
        options.benchmark = true
        options.config.windowSize = bench.size
        options.config.slideFill = bench.slideFill
        options.config.slidePairs = bench.slidePairs
        options.config.slideMotion = bench.slideMotion
        options.config.slideTransition = bench.slideTransition
        options.config.pageSize = bench.pageSize
        bench.overlays(&options.config)
        // A still slideshow for `--idle` (one photo held the whole time), or one stepping at `--interval`.
        if bench.slideshow, bench.idleSeconds != nil { options.config.slideInterval = bench.slideInterval ?? 86_400 }
        options.renderer = bench.renderer == "auto" ? nil : bench.renderer == "software" ? .software : .accelerated
        options.vsync = false
        options.exitAfter = bench.timeLimit
        if bench.soakMinutes != nil {
            // The kiosk's own scrolling, burn-in shift included; the feed wraps.
            options.kiosk = Kiosk(speed: bench.speed)
        }
        if bench.dir != nil {
            // The normal cache: the first run is cold, the next warm.
            options.cacheDirectory = bench.cacheDirectory
        } else {
            // A fresh cache each run: the figures are for loading over the network, with the cache being written.
            let cache = NSTemporaryDirectory() + "tessera-bench-\(getpid())"
            options.cacheDirectory = cache
        }
        defer { if bench.dir == nil, let cache = options.cacheDirectory { try? FileManager.default.removeItem(atPath: cache) } }
        var bench = bench
        let remoteFolder = bench.remoteCommands == nil ? nil : NSTemporaryDirectory() + "tessera-bench-remote-\(getpid())"
        defer { if let remoteFolder { try? FileManager.default.removeItem(atPath: remoteFolder) } }
        if let remoteFolder { try RemoteSetUp.prepare(folder: remoteFolder, bench: &bench, options: &options) }
        // The peer's first run before the app starts, the others after it has ended (`ClipPeer.decodeMedian`); the
        // app's start-up figures do not count its seconds.
        let peerBefore = try peerClip.map { try ClipPeer.decode($0) }
        let driver = BenchDriver(options: bench, processStart: processStart + (peerBefore?.wallSeconds ?? 0))
        let code = try run(options: options, driver: driver)
        guard code == 0, var report = driver.report else { return nil }
        // The decode floor of the same cells, once the app and its workers have ended (never beside them).
        if var folder = report.folder, !folder.warm, !folder.cells.isEmpty {
            folder.floorThreads = ProcessInfo.processInfo.activeProcessorCount
            folder.floor = DecodeFloor.measure(folder.cells, threads: folder.floorThreads)
            report.folder = folder
        }
        // The peer, after the app and its workers have ended (never beside them), on the clip the app played.
        if let peerClip, var clips = report.clips {
            let probe = try ClipPeer.probe(peerClip)
            clips = ClipFigures(track: clips.track, view: clips.view, clipsWanted: clips.clipsWanted,
                                clip: bench.clips == "generate" ? ClipPeer.generatedName + " (generated)" : peerClip,
                                clipSeconds: probe.seconds,
                                clipRate: probe.rate,
                                peer: try ClipPeer.decodeMedian(peerClip, earlier: peerBefore.map { [$0] } ?? []))
            report.clips = clips
        }
        return report
    }
}

extension BenchReport {
    /// `--view slideshow --idle S --interval I --check`: the show must have stepped about every interval (a show
    /// that stood still would cost nothing and pass the rest), and at 1920x1080 on SDL's software renderer keep
    /// within the processor time, resident and anonymous memory `BenchOptions` bounds.
    static func runningSlideshowViolations(_ idle: IdleFigures, anonPeak: Double, _ options: BenchOptions) -> [String] {
        guard let steps = idle.steps, let interval = options.slideInterval else { return [] }
        var found: [String] = []
        let wanted = Int((idle.seconds / interval).rounded(.down)) - 1
        if steps < wanted {
            found.append("the slideshow showed \(steps) new photos in \(BenchReport.round(idle.seconds)) s (at least \(wanted) at "
                         + "an interval of \(BenchReport.round(interval)) s)")
        }
        guard boundsRunningSlideshow(options) else { return found }
        if idle.cpuPercent > BenchOptions.runningSlideshowCPUBound {
            found.append("the running slideshow took \(BenchReport.round(idle.cpuPercent)) % of a core "
                         + "(bound \(BenchOptions.runningSlideshowCPUBound))")
        }
        if idle.rssMB > BenchOptions.runningSlideshowRSSBoundMB {
            found.append("the running slideshow held \(BenchReport.round(idle.rssMB)) MB resident "
                         + "(bound \(BenchOptions.runningSlideshowRSSBoundMB))")
        }
        if anonPeak > BenchOptions.runningSlideshowAnonBoundMB {
            found.append("the running slideshow's anonymous memory peaked at \(BenchReport.round(anonPeak)) MB "
                         + "(bound \(BenchOptions.runningSlideshowAnonBoundMB))")
        }
        return found
    }

    /// Whether a running slideshow's cost and memory are bounded: at 1920x1080 on SDL's software renderer, where
    /// they were measured (elsewhere only its steps, and the growth bound as for any run).
    static func boundsRunningSlideshow(_ options: BenchOptions) -> Bool {
        options.size == PixelSize(width: 1920, height: 1080) && options.renderer == "software"
    }
}
