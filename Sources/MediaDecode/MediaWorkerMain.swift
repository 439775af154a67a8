import CFFmpeg
import Foundation
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
        limitAddressSpace(to: launch.limits.workerAddressSpace)
        let environment = ProcessEnvironment.self
        av_log_set_level(environment.flag("TESSERA_MEDIA_WORKER_LOG") ? AV_LOG_WARNING : AV_LOG_FATAL)
        let hooks = environment.flag("TESSERA_MEDIA_TEST_HOOKS")
        if let playback = launch.playback {
            PlayerLoop(playback: playback, limits: launch.limits, hooks: hooks).run()
        }
        ServiceLoop.run(limits: launch.limits, hooks: hooks)
    }
}

/// setrlimit(RLIMIT_AS): every later mapping beyond `bytes` fails, in here. A process that already maps more than
/// half of it is a sanitizer's build (ThreadSanitizer reserves terabytes of shadow before main): limited, it could
/// allocate nothing at all, so it is left unlimited and says so.
private func limitAddressSpace(to bytes: Int) {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let mappedKB = status.split(separator: "\n").first { $0.hasPrefix("VmSize:") }
        .flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) } ?? 0
    guard mappedKB * 1024 < bytes / 2 else {
        workerLog("\(mappedKB >> 10) MB mapped at start (a sanitizer's build?): the address space is not limited")
        return
    }
    var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
    if setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) != 0 {
        workerLog("cannot limit the address space: \(String(cString: strerror(errno)))")
    }
}

enum ProcessEnvironment {
    static func flag(_ name: String) -> Bool { getenv(name).map { String(cString: $0) == "1" } ?? false }
}
