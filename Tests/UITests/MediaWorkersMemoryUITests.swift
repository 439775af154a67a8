import Foundation
import SDLKit
import XCTest

/// The media workers within the machine, in the real app: a folder of bombs (a 4000x4000 animated WebP of three
/// frames and a 4096x4096 clip) shown on a wall as a 1 GB Raspberry Pi would (`TESSERA_MEDIA_MEMORY_MB=256`, a
/// quarter of its memory): the workers' resident memory together, polled from /proc while it runs, stays within that
/// budget, what does not fit is said in the log, and a worker that is killed is reaped at once, not left a zombie.
final class MediaWorkersMemoryUITests: XCTestCase {
    private var root = ""
    private var folder: String { root + "/photos" }
    private static let piBudgetMB = 256

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else { throw missing("ffmpeg") }
        root = NSTemporaryDirectory() + "tessera-workers-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: root) }

    private func ffmpeg(_ arguments: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        p.arguments = ["-loglevel", "error", "-y"] + arguments
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, arguments.joined(separator: " "))
    }

    /// The bombs: a 4000x4000 animated WebP (three frames; FFmpeg's libwebp_anim) and a 4096x4096 H.264 clip.
    private func makeBombs() throws {
        try ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=4000x4000:rate=5", "-frames:v", "3", "-c:v", "libwebp_anim",
                    "-quality", "10", "-compression_level", "0", "-loop", "0", folder + "/a-bomb.webp"])
        try ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=4096x4096:rate=5", "-frames:v", "3", "-c:v", "libx264",
                    "-preset", "ultrafast", "-pix_fmt", "yuv420p", folder + "/b-bomb.mp4"])
    }

    // MARK: processes, from /proc

    private struct Child {
        let pid: pid_t
        let zombie: Bool
        let command: String
        let residentKB: Int
    }

    /// The children of `parent` now: state, command line, VmRSS.
    private static func children(of parent: pid_t) -> [Child] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).compactMap { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, Int32(fields[1]) == parent else { return nil }
            let command = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
            let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            let rss = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
                .flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") } ?? 0
            return Child(pid: pid, zombie: fields[0] == "Z",
                         command: String(decoding: command.map { $0 == 0 ? 32 : $0 }, as: UTF8.self), residentKB: rss)
        }
    }

    private static func isZombie(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: close)...].split(separator: " ").first == "Z"
    }

    /// The app this test started on its folder (a child of the test process whose command line names it).
    private func app() -> pid_t? {
        Self.children(of: getpid()).first { $0.command.contains(folder) && !$0.zombie }?.pid
    }

    private func workers(of app: pid_t) -> [Child] {
        Self.children(of: app).filter { $0.command.contains("media-worker") }
    }

    /// Polls `condition` every 20 ms until it holds or `seconds` pass; whether it held.
    private func poll(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    // MARK: tests

    func testABombsFolderKeepsTheWorkersWithinAPisBudget() throws {
        try makeBombs()
        // The app runs on a thread of its own; this one polls its workers' memory until it has exited.
        let started = Started()
        let arguments = ["--name", "Ada", "--no-cache", "--size", "1280x800", "--sort", "name", "--script", "await-clip:0.3",
                         folder]
        let environment = ["TESSERA_MEDIA_MEMORY_MB": String(Self.piBudgetMB)]
        started.run(arguments, environment: environment)
        var peakKB = 0, peakEach: [pid_t: (kb: Int, command: String)] = [:], sawWorkers = false
        while started.finished.wait(timeout: .now() + .milliseconds(20)) == .timedOut {
            guard let app = app() else { continue }
            let live = workers(of: app).filter { !$0.zombie }
            sawWorkers = sawWorkers || !live.isEmpty
            peakKB = max(peakKB, live.reduce(0) { $0 + $1.residentKB })
            for w in live where w.residentKB > peakEach[w.pid]?.kb ?? 0 { peakEach[w.pid] = (w.residentKB, w.command) }
        }
        let done = try started.result.get()
        XCTAssertEqual(done.status, 0, done.log)
        XCTAssertTrue(sawWorkers, "the workers were seen")
        for (pid, peak) in peakEach.sorted(by: { $0.key < $1.key }) {
            let what = peak.command.split(separator: " ").dropFirst().prefix(2).joined(separator: " ")
            print("worker \(pid) (\(what) … \(peak.command.split(separator: "/").last ?? "")): peak \(peak.kb / 1024) MB")
        }
        print("the workers together: peak \(peakKB / 1024) MB")
        XCTAssertLessThanOrEqual(peakKB / 1024, Self.piBudgetMB, "the workers together, on a Pi's budget: \(done.log)")
        // The clip that does not fit is said so, in one line, with the reason; the animation plays (the script
        // waited for a clip 0.3 s in, and only the WebP can be one).
        XCTAssertTrue(done.log.split(separator: "\n").contains { $0.contains("4096x4096 need about") },
                      "the reason the 4096x4096 clip does not play: \(done.log)")
        XCTAssertFalse(done.log.contains("4000x4000"), "the animation fits at its cell's size: \(done.log)")
        XCTAssertNotNil(done.frame, "a frame was drawn: \(done.log)")
    }

    func testAKilledWorkerIsReapedAtOnce() throws {
        try ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=10", "-t", "5", "-c:v", "libx264", "-pix_fmt",
                    "yuv420p", folder + "/a.mp4"])
        try ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=10", "-t", "5", "-c:v", "libx264", "-pix_fmt",
                    "yuv420p", folder + "/b.mp4"])
        // Left running (it ends after a minute, or when this test kills it).
        let started = Started()
        started.run(["--name", "Ada", "--no-cache", "--size", "1280x800", folder])
        var app: pid_t?
        XCTAssertTrue(poll(20) {
            app = self.app()
            guard let app else { return false }
            let commands = workers(of: app).filter { !$0.zombie }.map(\.command)
            return commands.contains { $0.contains(" service") } && commands.contains { $0.contains(" player") }
        }, "the service and a player run")
        guard let app else { return }
        defer {
            kill(app, SIGKILL)
            _ = started.finished.wait(timeout: .now() + 10)
        }
        // The service, idle once the posters are made, and a player, killed as the kernel's OOM killer would.
        let killing = workers(of: app).filter { !$0.zombie }
        for w in killing { kill(w.pid, SIGKILL) }
        XCTAssertTrue(poll(5) { killing.allSatisfy { kill($0.pid, 0) != 0 || Self.isZombie($0.pid) } }, "they died")
        // A zombie's command line is empty: any zombie child of the app counts (it starts no other children here).
        XCTAssertTrue(poll(5) { !Self.children(of: app).contains { $0.zombie } },
                      "no zombie left of \(killing.map(\.pid)): \(Self.children(of: app).filter(\.zombie).map(\.pid))")
    }
}

/// The app run on a thread of its own (`AppProcess.run` waits for it to exit), so the test can watch it meanwhile.
private final class Started: @unchecked Sendable {
    let finished = DispatchSemaphore(value: 0)
    /// Set before `finished` is signalled, read after.
    private(set) var result: Result<AppProcess.Run, Error> = .failure(CancellationError())

    func run(_ arguments: [String], environment: [String: String] = [:]) {
        Thread {
            self.result = Result { try AppProcess.run(arguments, environment: environment) }
            self.finished.signal()
        }.start()
    }
}
