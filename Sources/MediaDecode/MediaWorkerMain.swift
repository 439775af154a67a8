import CFFmpeg
import Glibc
import GalleryCore

/// The media worker process: `<executable> media-worker service|player …` (`MediaWorkerLaunch`). Decoders run here,
/// out of the app's process: one that crashes, hangs or allocates without end costs this process, which the app
/// kills or restarts, never the wall.
public enum MediaWorkerMain {
    /// Runs the worker `arguments` (CommandLine.arguments: the executable, then "media-worker", …) describe, and
    /// exits. The address space is limited first (setrlimit RLIMIT_AS to `MediaLimits.workerAddressSpace`), so a
    /// bomb's allocation fails in here. `TESSERA_MEDIA_TEST_HOOKS=1` lets the tests' `stall` command through;
    /// `TESSERA_MEDIA_WORKER_LOG=1` lets FFmpeg's warnings through to stderr.
    public static func run(arguments: [String]) -> Never {
        signal(SIGPIPE, SIG_IGN)
        guard let launch = MediaWorkerLaunch(arguments: Array(arguments.dropFirst())) else {
            workerLog("bad arguments: \(arguments.dropFirst().joined(separator: " ").prefix(200))")
            exit(64)
        }
        var limit = rlimit(rlim_cur: rlim_t(launch.limits.workerAddressSpace), rlim_max: rlim_t(launch.limits.workerAddressSpace))
        if setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) != 0 { workerLog("cannot limit the address space: \(String(cString: strerror(errno)))") }
        let environment = ProcessEnvironment.self
        av_log_set_level(environment.flag("TESSERA_MEDIA_WORKER_LOG") ? AV_LOG_WARNING : AV_LOG_FATAL)
        let hooks = environment.flag("TESSERA_MEDIA_TEST_HOOKS")
        if let playback = launch.playback {
            PlayerLoop(playback: playback, limits: launch.limits, hooks: hooks).run()
        }
        ServiceLoop.run(limits: launch.limits, hooks: hooks)
    }
}

enum ProcessEnvironment {
    static func flag(_ name: String) -> Bool { getenv(name).map { String(cString: $0) == "1" } ?? false }
}
