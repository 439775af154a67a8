import CFFmpeg
import CPlatform
import Glibc
import GalleryCore

/// The media worker process: `<executable> media-worker service|player …` (`MediaWorkerLaunch`). Decoders run here,
/// out of the app's process: one that crashes, hangs or allocates without end costs this process, which the app
/// kills or restarts, never the wall.
public enum MediaWorkerMain {
    /// Runs the worker `arguments` (CommandLine.arguments: the executable, then "media-worker", …) describe, and
    /// exits. The address space is limited first (setrlimit RLIMIT_AS to `MediaLimits.workerAddressSpace`), so a
    /// bomb's allocation fails in here; and its data to its share of the workers' budget (`WorkerMemory`), which
    /// each decode is judged by before it allocates. `TESSERA_MEDIA_TEST_HOOKS=1` lets the tests' `stall` command through;
    /// `TESSERA_MEDIA_WORKER_LOG=1` lets FFmpeg's warnings through to stderr.
    public static func run(arguments: [String]) -> Never {
        signal(SIGPIPE, SIG_IGN)
        // Ended with the app, however it ends (a kill -9 included): a worker stuck in a decoder is no orphan.
        _ = tessera_die_with_parent()
        guard var launch = MediaWorkerLaunch(arguments: Array(arguments.dropFirst())) else {
            workerLog("bad arguments (\(arguments.count) words)")
            exit(64)
        }
        if getppid() == 1 { exit(0) }  // the app ended before the line above took effect
        if let headers = getenv(MediaWorkerLaunch.headersVariable) {
            launch.playback?.location.headers = MediaWorkerLaunch.headers(fromEnvironment: String(cString: headers))
        }
        limitAddressSpace(to: launch.limits.workerAddressSpace)
        if let share = launch.limits.workerShare, !threadSanitized { WorkerMemory.limit(to: share) }
        WorkerMemory.setUpAllocator()
        let environment = ProcessEnvironment.self
        av_log_set_level(environment.flag("TESSERA_MEDIA_WORKER_LOG") ? AV_LOG_WARNING : AV_LOG_FATAL)
        let hooks = environment.flag("TESSERA_MEDIA_TEST_HOOKS")
        if let playback = launch.playback {
            PlayerLoop(playback: playback, limits: launch.limits, hooks: hooks).run()
        }
        ServiceLoop.run(limits: launch.limits, hooks: hooks)
    }
}

/// setrlimit(RLIMIT_AS): every later mapping beyond `bytes` fails, in here. Not in a ThreadSanitizer build (its
/// runtime, found by its `__tsan_init` symbol, maps its shadow and allocator outside any such bound and would fail
/// every allocation): left unlimited there, and said so.
private func limitAddressSpace(to bytes: Int) {
    if threadSanitized {
        workerLog("a ThreadSanitizer build: the address space is not limited")
        return
    }
    var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
    if setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) != 0 {
        workerLog("cannot limit the address space: \(String(cString: strerror(errno)))")
    }
}

/// A ThreadSanitizer build (its runtime found by its `__tsan_init` symbol): its shadow memory is private writable
/// mappings far beyond any bound, so neither limit can be set there.
private var threadSanitized: Bool { dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil }

enum ProcessEnvironment {
    static func flag(_ name: String) -> Bool { getenv(name).map { String(cString: $0) == "1" } ?? false }
}
