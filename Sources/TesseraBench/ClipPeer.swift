import Foundation
import Glibc

/// The clip benchmark's material and its peer, through the `ffmpeg` and `ffprobe` commands: the test clip made
/// from FFmpeg's `testsrc2` pattern (the same bytes on every machine with the same FFmpeg), the clip's length and
/// rate, and what `ffmpeg -threads 2 -i CLIP -f null -` spends decoding it, run as a child of this process once the
/// app has stopped or before it starts (never beside it), three times, each timed by its user and system time (the
/// median counts).
enum ClipPeer {
    /// The generated clip: 1920x1080, 30 fps, 20 s of `testsrc2` in H.264 (libx264, `veryfast`, yuv420p).
    static let width = 1920, height = 1080, rate = 30, seconds = 20

    static var generatedName: String { "testsrc2-\(width)x\(height)-\(rate)fps-\(seconds)s.mp4" }

    /// The ffmpeg command line that makes the clip (BENCHMARKS.md quotes it).
    static func generateArguments(into path: String) -> [String] {
        ["-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi",
         "-i", "testsrc2=size=\(width)x\(height):rate=\(rate)", "-t", "\(seconds)",
         "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-movflags", "+faststart", path]
    }

    /// A folder holding `copies` names (hard links) for the generated clip (the wall plays two): the clip is made once into the
    /// temporary folder (a file written aside, then renamed) and kept there for the next run.
    static func generatedFolder(copies: Int) throws -> String {
        let base = NSTemporaryDirectory() + "tessera-bench-clips"
        let clip = base + "/" + generatedName
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        if !FileManager.default.fileExists(atPath: clip) {
            let part = clip + ".part-\(getpid()).mp4"
            guard try run("ffmpeg", generateArguments(into: part)).status == 0 else {
                try? FileManager.default.removeItem(atPath: part)
                throw BenchSetupError("ffmpeg could not make the test clip (is the ffmpeg command installed?)")
            }
            guard rename(part, clip) == 0 else { throw BenchSetupError("cannot keep the test clip at \(clip)") }
        }
        let folder = base + "/play-\(copies)-\(getpid())"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Hard links: a folder source does not follow a link out of its folder.
        for i in 0..<copies { try FileManager.default.linkItem(atPath: clip, toPath: folder + "/clip-\(i + 1).mp4") }
        return folder
    }

    /// The first clip of a folder by name (the one the peer decodes).
    static func firstClip(in folder: String) -> String? {
        let kinds: Set<String> = ["mp4", "mov", "m4v", "webm", "mkv"]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.sorted().first { kinds.contains(($0 as NSString).pathExtension.lowercased()) }.map { folder + "/" + $0 }
    }

    /// Length in seconds and frames a second of the clip's first video stream (`ffprobe`).
    static func probe(_ clip: String) throws -> (seconds: Double, rate: Double) {
        let result = try run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                         "stream=avg_frame_rate:format=duration", "-of", "default=nw=1:nk=1", clip],
                             output: true)
        var seconds: Double?, rate: Double?
        for line in result.output.split(separator: "\n") {
            let parts = line.split(separator: "/")
            if parts.count == 2, let n = Double(parts[0]), let d = Double(parts[1]), d > 0 { rate = n / d }
            else if let value = Double(line) { seconds = value }
        }
        guard result.status == 0, let seconds, let rate, seconds > 0 else {
            throw BenchSetupError("ffprobe could not read \(clip)")
        }
        return (seconds, rate)
    }

    /// Runs of the peer whose median is its figure. One run's processor time moved between 0.15 and 0.21 s a second
    /// of clip on this shared machine (a 1.4 times spread, on the figure the app's is divided by), and three runs in a
    /// row move together (2.90-3.07 s in one bench run, 4.19-4.28 s in the next, 40 s later): the machine's state
    /// changes over a minute, so one run is made before the app starts and the others after it has ended, and the
    /// median counts (not the least: a lucky run would make the ratio worse than the app is).
    static let runs = 3

    /// `decode` run until `runs` runs are had with the `earlier` ones (made before the app): the median run's
    /// processor and wall seconds, and every run's processor seconds, the earlier first.
    static func decodeMedian(_ clip: String, earlier: [(cpuSeconds: Double, wallSeconds: Double)] = [])
        throws -> (cpuSeconds: Double, wallSeconds: Double, cpuRuns: [Double]) {
        var results = earlier
        while results.count < runs { results.append(try decode(clip)) }
        let sorted = results.sorted { $0.cpuSeconds < $1.cpuSeconds }
        let median = sorted[sorted.count / 2]
        return (median.cpuSeconds, median.wallSeconds, results.map(\.cpuSeconds))
    }

    /// `ffmpeg -threads 2 -i CLIP -f null -`: its processor seconds (user + system, from `getrusage(RUSAGE_CHILDREN)`
    /// before and after it is reaped) and wall seconds.
    static func decode(_ clip: String) throws -> (cpuSeconds: Double, wallSeconds: Double) {
        let before = ChildProcesses.reapedCPUSeconds()
        let start = Date()
        let result = try run("ffmpeg", ["-nostdin", "-hide_banner", "-loglevel", "error", "-threads", "2", "-i", clip,
                                        "-f", "null", "-"])
        let wall = Date().timeIntervalSince(start)
        guard result.status == 0 else { throw BenchSetupError("ffmpeg could not decode \(clip)") }
        return (ChildProcesses.reapedCPUSeconds() - before, wall)
    }

    /// Runs `command` (found on PATH) to its end; its standard output when asked, else nothing kept.
    private static func run(_ command: String, _ arguments: [String], output: Bool = false) throws
        -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [command] + arguments
        process.standardInput = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardOutput = output ? pipe : FileHandle.nullDevice
        do { try process.run() } catch { throw BenchSetupError("cannot run \(command): \(error)") }
        let data = output ? pipe.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// A benchmark that cannot be set up (no ffmpeg, no clip): said, not measured.
struct BenchSetupError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
