@_spi(Bench) import TesseraApp
import ImageLayer
import Foundation
import GalleryCore

/// What `bench --clips` watches while clips play: processor time of the app and of its media workers (children of
/// this process) from the first frame to the end, the frames the workers showed and dropped and the app uploaded,
/// how many clips played, and memory every `sampleInterval` seconds (the app's VmRSS and RssAnon, the workers'
/// resident memory summed), whose least-squares slope is the drift.
struct ClipTrack {
    static let sampleInterval = 5.0
    /// Seconds of playback before memory is judged: the decoders' frame pools and the textures are made then.
    static let warmUp = 20.0

    struct Counts {
        var appCPU: Double, workerCPU: Double
        var shown: Int, dropped: Int, uploaded: Int

        static func read(_ clips: ClipPlayers) -> Counts {
            let counts = clips.frameCounts
            return Counts(appCPU: ProcessMemory.cpuSeconds(), workerCPU: ChildProcesses.read().cpuSeconds,
                          shown: counts.shown, dropped: counts.dropped, uploaded: clips.framesUploaded)
        }
    }

    let start: Counts
    private(set) var end: Counts
    private(set) var seconds = 0.0
    private(set) var playingMin = Int.max, playingMax = 0
    private(set) var appRSS = MemoryTrack(), appAnon = MemoryTrack(), workerRSS = MemoryTrack()
    /// (seconds into playback, MB): the app's VmRSS plus its workers', and the app's RssAnon.
    private(set) var totalRSS: [(x: Double, y: Double)] = []
    private(set) var anon: [(x: Double, y: Double)] = []
    private var lastSample = -Double.infinity

    init(_ clips: ClipPlayers) {
        start = Counts.read(clips)
        end = start
        sample(elapsed: 0)
        appRSS.start = appRSS.end; appAnon.start = appAnon.end; workerRSS.start = workerRSS.end
    }

    /// One frame `elapsed` seconds into playback.
    mutating func frame(elapsed: Double, clips: ClipPlayers) {
        seconds = elapsed
        playingMin = min(playingMin, clips.count)
        playingMax = max(playingMax, clips.count)
        if elapsed - lastSample >= ClipTrack.sampleInterval { sample(elapsed: elapsed) }
    }

    /// The last frame: counts and memory once more.
    mutating func finish(elapsed: Double, clips: ClipPlayers) {
        seconds = elapsed
        end = Counts.read(clips)
        sample(elapsed: elapsed)
    }

    private mutating func sample(elapsed: Double) {
        lastSample = elapsed
        let app = ProcessMemory.read(), workers = ChildProcesses.read()
        appRSS.sample(app.rssMB); appAnon.sample(app.anonMB); workerRSS.sample(workers.rssMB)
        totalRSS.append((elapsed, app.rssMB + workers.rssMB))
        anon.append((elapsed, app.anonMB))
    }
}

/// The figures of `bench --clips`: the track, and the peer's decode of the same clip in the same run.
struct ClipFigures {
    let track: ClipTrack
    let view: String
    /// Clips meant to play at once (the slideshow one, the wall two).
    let clipsWanted: Int
    let clip: String
    let clipSeconds: Double
    let clipRate: Double
    /// The peer's median run, and each run's processor seconds (`ClipPeer.decodeMedian`).
    var peer: (cpuSeconds: Double, wallSeconds: Double, cpuRuns: [Double])?

    var shown: Int { track.end.shown - track.start.shown }
    var dropped: Int { track.end.dropped - track.start.dropped }
    var uploaded: Int { track.end.uploaded - track.start.uploaded }
    /// Frames the workers decoded for the window that never reached the screen: dropped in the worker, or shown
    /// into a slot and passed over by a newer one before the app took it.
    var missed: Int { max(0, shown + dropped - uploaded) }
    var droppedPct: Double { shown + dropped == 0 ? 100 : 100 * Double(missed) / Double(shown + dropped) }
    /// Frames the clips' rate promises over the window.
    var expected: Double { clipRate * track.seconds * Double(clipsWanted) }

    /// Processor seconds a second of playback: the app's, its workers', both.
    var appCPUPerSecond: Double { (track.end.appCPU - track.start.appCPU) / max(0.001, track.seconds) }
    var workerCPUPerSecond: Double { (track.end.workerCPU - track.start.workerCPU) / max(0.001, track.seconds) }
    var cpuPerSecond: Double { appCPUPerSecond + workerCPUPerSecond }
    /// The peer's processor seconds for each second of the clip, times the clips that play at once.
    var peerCPUPerSecond: Double? { peer.map { $0.cpuSeconds / clipSeconds * Double(clipsWanted) } }
    var cpuRatio: Double? { peerCPUPerSecond.map { cpuPerSecond / max(0.0001, $0) } }

    /// Drift in MB an hour after the warm-up (the decoders' frame pools and the textures are made in the first
    /// seconds, which over a short run would read as a steep slope): app and workers' resident memory, the app's
    /// RssAnon; and the resident memory's over the whole window, for comparison.
    var rssMBPerHour: Double? { LinearTrend.slope(track.totalRSS.filter { $0.x >= ClipTrack.warmUp }).map { $0 * 3600 } }
    var anonMBPerHour: Double? { LinearTrend.slope(track.anon.filter { $0.x >= ClipTrack.warmUp }).map { $0 * 3600 } }
    var rssMBPerHourWhole: Double? { LinearTrend.slope(track.totalRSS).map { $0 * 3600 } }

    /// App and workers' resident memory after the warm-up, and its highest after that; nil when playback was too
    /// short to tell.
    var settledRSS: (settled: Double, peak: Double)? {
        guard let i = track.totalRSS.firstIndex(where: { $0.x >= ClipTrack.warmUp }), i < track.totalRSS.count - 1
        else { return nil }
        return (track.totalRSS[i].y, track.totalRSS[i...].map(\.y).max() ?? track.totalRSS[i].y)
    }

    /// The bounds: frame p99 (slideshow 16 ms, wall 12 ms), under 1 % of frames missed, the wall's two
    /// clips playing throughout, and memory flat (over ten minutes or more: app and workers' resident memory
    /// drifting at most 4 MB an hour; over a shorter run, its peak at most 16 MB above the figure after the
    /// warm-up). The processor target, within 1.3 times the peer's, is not met with the software renderer
    /// (BENCHMARKS.md, "Clips from YUV textures": 1.68-1.77 against the peer's median, 12-19 % less than before in
    /// the same session): it is reported (`cpu_ratio_target_met`, a line on stderr), and `--check` holds the ratio to
    /// 2 so that a regression still fails. The bound is not lowered towards 1.6: the ratio moves with the peer by 1.4
    /// times between runs a minute apart (ffmpeg's median 0.147 to 0.211 s a second), and at its quickest the code
    /// here reads about 1.95; a lower bound would fail CI on the machine's state, not on the code.
    static let slideshowP99 = 12.0, wallP99 = 10.0, droppedPctBound = 1.0, cpuRatioTarget = 1.3, cpuRatioBound = 2.0
    static let driftWindow = 600.0, driftBound = 4.0, growthBound = 16.0

    /// Targets reported but not enforced (the processor time against the peer's).
    var missedTargets: [String] {
        guard let ratio = cpuRatio, ratio > ClipFigures.cpuRatioTarget else { return [] }
        return ["processor time \(BenchReport.round(ratio)) times ffmpeg's (target \(ClipFigures.cpuRatioTarget); not enforced, see BENCHMARKS.md)"]
    }

    func violations(frameP99: Double) -> [String] {
        var found: [String] = []
        let p99Bound = view == "slideshow" ? ClipFigures.slideshowP99 : ClipFigures.wallP99
        if frameP99 > p99Bound { found.append("frame p99 \(BenchReport.round(frameP99)) ms while clips played (bound \(p99Bound))") }
        if droppedPct >= ClipFigures.droppedPctBound {
            found.append("\(BenchReport.round(droppedPct)) % of the clips' frames never reached the screen (bound under \(ClipFigures.droppedPctBound))")
        }
        if track.playingMin < clipsWanted { found.append("only \(track.playingMin) clip(s) played at times (wanted \(clipsWanted))") }
        if let ratio = cpuRatio, ratio > ClipFigures.cpuRatioBound {
            found.append("processor time \(BenchReport.round(ratio)) times ffmpeg's (regression bound \(ClipFigures.cpuRatioBound); the target is \(ClipFigures.cpuRatioTarget))")
        }
        if track.seconds >= ClipFigures.driftWindow, let drift = rssMBPerHour, drift > ClipFigures.driftBound {
            found.append("app and worker memory drifted \(BenchReport.round(drift)) MB an hour after the warm-up (bound \(ClipFigures.driftBound))")
        }
        if track.seconds < ClipFigures.driftWindow, let rss = settledRSS, rss.peak - rss.settled > ClipFigures.growthBound {
            found.append("app and worker memory grew \(BenchReport.round(rss.peak - rss.settled)) MB after the warm-up (bound \(ClipFigures.growthBound))")
        }
        return found
    }

    private static func json(_ track: MemoryTrack) -> [String: Double] {
        ["start": track.start, "peak": track.peak, "end": track.end].mapValues(BenchReport.round)
    }

    var json: [String: Any] {
        let r = BenchReport.round
        var object: [String: Any] = [
            "seconds": r(track.seconds),
            "clips_playing": ["min": track.playingMin == .max ? 0 : track.playingMin, "max": track.playingMax,
                              "wanted": clipsWanted],
            "frames": ["shown": shown, "dropped": dropped, "uploaded": uploaded, "missed": missed,
                       "expected": Int(expected.rounded())],
            "dropped_pct": r(droppedPct),
            "cpu_s_per_s": ["app": r(appCPUPerSecond * 1000) / 1000, "workers": r(workerCPUPerSecond * 1000) / 1000,
                            "total": r(cpuPerSecond * 1000) / 1000],
            "rss_mb": ["app": ClipFigures.json(track.appRSS), "app_anon": ClipFigures.json(track.appAnon),
                       "workers": ClipFigures.json(track.workerRSS)],
            "memory_samples": track.totalRSS.count,
            // App and workers' resident memory, a sample a minute (and the last).
            "rss_total_mb_by_minute": track.totalRSS.enumerated().filter { i, point in
                Int(point.x) % 60 < Int(ClipTrack.sampleInterval) || i == track.totalRSS.count - 1
            }.map { ["s": Int($0.element.x.rounded()), "mb": r($0.element.y)] },
        ]
        if let rss = settledRSS {
            object["rss_total_mb_after_warm_up"] = ["settled": r(rss.settled), "peak": r(rss.peak), "warm_up_s": ClipTrack.warmUp]
        }
        object["rss_mb_per_hour"] = rssMBPerHour.map(r) ?? NSNull()
        object["anon_mb_per_hour"] = anonMBPerHour.map(r) ?? NSNull()
        object["rss_mb_per_hour_with_warm_up"] = rssMBPerHourWhole.map(r) ?? NSNull()
        if let peer, let perSecond = peerCPUPerSecond {
            object["peer"] = ["command": "ffmpeg -threads 2 -i CLIP -f null -", "cpu_s": r(peer.cpuSeconds),
                              "wall_s": r(peer.wallSeconds), "cpu_s_per_s": r(perSecond * 1000) / 1000,
                              "clips": clipsWanted, "runs": peer.cpuRuns.count, "cpu_s_runs": peer.cpuRuns.map(r),
                              "figure": "the median run's"]
            object["cpu_ratio"] = cpuRatio.map(r) ?? NSNull()
            object["cpu_ratio_target"] = ClipFigures.cpuRatioTarget
            object["cpu_ratio_target_met"] = cpuRatio.map { $0 <= ClipFigures.cpuRatioTarget } ?? NSNull()
        }
        return object
    }
}
