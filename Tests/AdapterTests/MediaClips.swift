import Foundation
import GalleryCore
import XCTest

/// Clips made for the media worker tests at test time by the `ffmpeg` CLI (a test dependency: `make test-deps`),
/// and hostile files crafted byte by byte, in one temporary folder per test process. Made once, on first use.
enum MediaClips {
    /// The built `tessera` beside the test bundle: the worker executable.
    static var worker: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tessera").path
    }

    static let folder: String = {
        let path = NSTemporaryDirectory() + "tessera-media-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    private static let lock = NSLock()
    private static var made: [String: String] = [:]

    /// The clip `name` in the folder, made by `ffmpeg ARGUMENTS… path` the first time it is asked for.
    static func clip(_ name: String, _ arguments: [String]) throws -> String {
        lock.lock(); defer { lock.unlock() }
        if let path = made[name] { return path }
        let path = folder + "/" + name
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else {
            throw XCTSkip("no ffmpeg CLI: make test-deps installs it")
        }
        process.arguments = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y"] + arguments + [path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure("ffmpeg failed making \(name)") }
        made[name] = path
        return path
    }

    /// A file `name` with `bytes`, written once.
    static func file(_ name: String, _ bytes: () throws -> Data) throws -> String {
        lock.lock(); defer { lock.unlock() }
        if let path = made[name] { return path }
        let path = folder + "/" + name
        try bytes().write(to: URL(fileURLWithPath: path))
        made[name] = path
        return path
    }

    struct Failure: Error, CustomStringConvertible { let description: String; init(_ d: String) { description = d } }

    // MARK: - Clips

    /// testsrc2, 320x240, 30 fps, 2 s, H.264 (every frame differs).
    static func h264() throws -> String {
        try clip("testsrc.mp4", ["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-t", "2", "-c:v", "libx264",
                                 "-preset", "ultrafast", "-pix_fmt", "yuv420p"])
    }

    /// Left half red, right half blue, 320x240, 1 s.
    static func halves() throws -> String {
        try clip("halves.mp4", ["-f", "lavfi", "-i", "color=c=red:size=160x240:rate=10", "-f", "lavfi", "-i",
                                "color=c=blue:size=160x240:rate=10", "-filter_complex", "[0][1]hstack", "-t", "1",
                                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"])
    }

    /// `halves()` with the "rotate=90" tag: FFmpeg 5.1's muxer writes a display matrix that FFmpeg itself (its
    /// autorotate) shows turned a quarter counter-clockwise, i.e. 270° clockwise, so upright the red half is at
    /// the bottom.
    static func turnedHalves() throws -> String {
        try clip("halves-turned.mp4", ["-i", try halves(), "-c", "copy", "-metadata:s:v:0", "rotate=90"])
    }

    static func solid(_ colour: String, _ name: String, codec: [String]) throws -> String {
        try clip(name, ["-f", "lavfi", "-i", "color=c=\(colour):size=96x64:rate=10", "-t", "1"] + codec)
    }

    static func vp9() throws -> String {
        try clip("green.webm", ["-f", "lavfi", "-i", "color=c=lime:size=96x64:rate=10", "-t", "1", "-c:v", "libvpx-vp9",
                                "-deadline", "realtime", "-cpu-used", "8"])
    }

    /// An animated GIF, 10 frames of testsrc2 at 10 fps.
    static func gif() throws -> String {
        try clip("anim.gif", ["-f", "lavfi", "-i", "testsrc2=size=64x48:rate=10", "-t", "1", "-loop", "0"])
    }

    /// An animated WebP (FFmpeg's libwebp_anim encoder), 10 frames.
    static func webp() throws -> String {
        try clip("anim.webp", ["-f", "lavfi", "-i", "testsrc2=size=64x48:rate=10", "-t", "1", "-c:v", "libwebp_anim",
                               "-loop", "0"])
    }

    static func withSound() throws -> String {
        try clip("sound.mp4", ["-f", "lavfi", "-i", "testsrc2=size=64x48:rate=10", "-f", "lavfi", "-i",
                               "sine=frequency=440", "-t", "1", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac"])
    }

    /// A motion photo's shape: a JPEG with a green MP4 after it; the clip's byte range.
    static func motionPhoto() throws -> MediaLocation {
        let jpeg = try clip("still.jpg", ["-f", "lavfi", "-i", "color=c=white:size=64x48", "-frames:v", "1"])
        let clip = try solid("lime", "green.mp4", codec: ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
                                                          "-movflags", "+faststart"])
        let still = try Data(contentsOf: URL(fileURLWithPath: jpeg))
        let moving = try Data(contentsOf: URL(fileURLWithPath: clip))
        let path = try file("motion.jpg") { still + moving + Data("trailing".utf8) }
        return MediaLocation(file: path, offset: Int64(still.count), length: Int64(moving.count))
    }

    // MARK: - Hostile files

    static func zeroLength() throws -> String { try file("empty.mp4") { Data() } }

    static func text() throws -> String {
        try file("notes.mp4") { Data(String(repeating: "This is not a video, only words.\n", count: 200).utf8) }
    }

    /// The first half of an MP4 whose index (moov) is at its end: no index at all.
    static func truncated() throws -> String {
        let whole = try Data(contentsOf: URL(fileURLWithPath: try h264()))
        return try file("truncated.mp4") { whole.prefix(whole.count / 2) }
    }

    /// The same with its index first, cut after a third: an index of frames that are not there.
    static func truncatedAfterIndex() throws -> String {
        let faststart = try clip("faststart.mp4", ["-i", try h264(), "-c", "copy", "-movflags", "+faststart"])
        let whole = try Data(contentsOf: URL(fileURLWithPath: faststart))
        return try file("truncated-indexed.mp4") { whole.prefix(whole.count / 3) }
    }

    /// A real 64x48 H.264 MP4 whose sample entry (stsd's avc1: width and height 24 bytes after the type) is patched
    /// to claim 16384x16384; the stream itself is unchanged. Cheaper than encoding a frame that size, and exactly
    /// the lie a header can tell.
    static func claimsHuge() throws -> String {
        let small = try solid("gray", "small.mp4", codec: ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"])
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: small)))
        // The sample entry inside stsd (the brand list in ftyp names "avc1" too).
        guard let stsd = find(Array("stsd".utf8), in: bytes),
              let entry = find(Array("avc1".utf8), in: Array(bytes[stsd...])) else { throw Failure("no avc1 sample entry") }
        let at = stsd + entry
        bytes.replaceSubrange((at + 28)..<(at + 32), with: [0x40, 0x00, 0x40, 0x00])
        return try file("huge.mp4") { Data(bytes) }
    }

    /// Ten hours: one 16x16 frame every ten minutes (60 frames), so it is quick to make.
    static func tenHours() throws -> String {
        try clip("ten-hours.mp4", ["-f", "lavfi", "-i", "color=c=black:size=16x16:rate=1/600", "-t", "36000", "-c:v",
                                   "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"])
    }

    /// A GIF of a million 1x1 frames (23 bytes each, 1/100 s): refused for lasting longer than a frame plays, or
    /// with a longer limit for its frames (counted, not decoded).
    static func millionFrames() throws -> String {
        try file("million.gif") { gif(screen: (1, 1), frame: (1, 1), frames: 1_000_000) }
    }

    /// A GIF bomb: a logical screen of 65535x65535 and one frame that claims all of it, in a few bytes.
    static func gifBomb() throws -> String {
        try file("bomb.gif") { gif(screen: (65535, 65535), frame: (65535, 65535), frames: 1) }
    }

    /// A playable clip with garbage written over its middle third.
    static func corruptMiddle() throws -> String {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try h264())))
        var seed: UInt32 = 12345
        for i in (bytes.count / 3)..<(bytes.count * 2 / 3) {
            seed = seed &* 1_103_515_245 &+ 12345
            bytes[i] = UInt8(truncatingIfNeeded: seed >> 16)
        }
        return try file("corrupt.mp4") { Data(bytes) }
    }

    static func gif(screen: (Int, Int), frame: (Int, Int), frames: Int) -> Data {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        var out = Array("GIF89a".utf8) + le16(screen.0) + le16(screen.1) + [0x80, 0, 0, 0, 0, 0, 255, 255, 255]
        // Graphic control (1/100 s), image descriptor, then one pixel: clear, 0, end of information.
        let one: [UInt8] = [0x21, 0xF9, 4, 0, 1, 0, 0, 0, 0x2C, 0, 0, 0, 0] + le16(frame.0) + le16(frame.1)
            + [0, 2, 2, 0x44, 1, 0]
        out.reserveCapacity(out.count + one.count * frames + 1)
        for _ in 0..<frames { out += one }
        return Data(out + [0x3B])
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for i in 0...(haystack.count - needle.count) where haystack[i] == needle[0] {
            if Array(haystack[i..<(i + needle.count)]) == needle { return i }
        }
        return nil
    }

    // MARK: - Measuring

    /// The peak resident memory of a live process (VmHWM in /proc/PID/status), in MB.
    static func peakMB(of pid: pid_t) -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kb = Double(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kb / 1024
    }

    /// Whether `pid` is gone and reaped (no process, no zombie).
    static func isReaped(_ pid: pid_t) -> Bool { kill(pid, 0) != 0 && errno == ESRCH }

    /// Whether this is a ThreadSanitizer build (its runtime's symbol is there).
    static let sanitized = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil

    static func now() -> Double { ProcessInfo.processInfo.systemUptime }
}
