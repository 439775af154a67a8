import Foundation
import GalleryCore
import XCTest

/// Real clips for end-to-end tests, made with the `ffmpeg` CLI (a test that needs one is skipped where it is not
/// installed), and a prober that asks `ffprobe` what the media worker would: size as drawn, duration, sound.
enum MediaSamples {
    static func tool(_ name: String) -> String? {
        ["/usr/bin/", "/usr/local/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a tool to its end (a wait on the process, not a sleep); its standard output.
    @discardableResult
    static func run(_ path: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(domain: "MediaSamples", code: Int(process.terminationStatus),
                          userInfo: [NSLocalizedDescriptionKey: "\(path) \(arguments) failed"])
        }
        return data
    }

    /// A one-second clip of 64x48 with a sine tone, stored turned 90° when `rotated` (as a phone's portrait clip),
    /// at `path` (its container from the extension: .mp4, .mov).
    static func clip(at path: String, rotated: Bool = false, seconds: Double = 1) throws {
        guard let ffmpeg = tool("ffmpeg") else { throw XCTSkip("ffmpeg is not installed") }
        let plain = rotated ? path + ".plain." + (path as NSString).pathExtension : path
        try run(ffmpeg, ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=10",
                         "-f", "lavfi", "-i", "sine=frequency=440", "-t", "\(seconds)", "-c:v", "mpeg4", "-c:a", "aac",
                         plain])
        if rotated {
            // ffmpeg 5 writes the display matrix only when remuxing with the tag.
            try run(ffmpeg, ["-hide_banner", "-loglevel", "error", "-y", "-i", plain, "-c", "copy",
                             "-metadata:s:v:0", "rotate=90", path])
            try? FileManager.default.removeItem(atPath: plain)
        }
    }
}

/// `ffprobe` as the media worker's probe: what a test compares the folder's entries against. A byte range is copied
/// out to a file of its own first (what the worker reads through its own I/O).
final class FFprobeProber: MediaProber {
    func probe(_ location: MediaLocation) -> Result<MediaInfo, MediaRefusal> {
        guard let ffprobe = MediaSamples.tool("ffprobe") else { return .failure(.cannotPlay("no ffprobe")) }
        guard case .file(var path) = location.place else { return .failure(.cannotPlay("not a file")) }
        var scratch: String?
        if location.offset > 0 || location.length != nil {
            guard let all = FileManager.default.contents(atPath: path) else { return .failure(.cannotPlay("unreadable")) }
            let start = Int(location.offset), end = location.length.map { start + Int($0) } ?? all.count
            guard start >= 0, end <= all.count, start < end else { return .failure(.cannotPlay("range outside")) }
            let out = NSTemporaryDirectory() + "tessera-range-\(UUID().uuidString).mp4"
            FileManager.default.createFile(atPath: out, contents: all.subdata(in: start..<end))
            scratch = out
            path = out
        }
        defer { if let scratch { try? FileManager.default.removeItem(atPath: scratch) } }
        guard let data = try? MediaSamples.run(ffprobe, ["-v", "error", "-show_streams", "-show_format", "-of", "json", path]),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let streams = root["streams"] as? [[String: Any]],
              let video = streams.first(where: { $0["codec_type"] as? String == "video" }),
              let w = video["width"] as? Int, let h = video["height"] as? Int else {
            return .failure(.unknownFormat("ffprobe found no picture"))
        }
        let side = (video["side_data_list"] as? [[String: Any]])?.compactMap { $0["rotation"] as? Int }.first ?? 0
        let rotation = ((-side % 360) + 360) % 360
        let duration = ((root["format"] as? [String: Any])?["duration"] as? String).flatMap(Double.init)
        let sound = streams.contains { $0["codec_type"] as? String == "audio" }
        let turned = rotation % 180 != 0
        return .success(MediaInfo(width: turned ? h : w, height: turned ? w : h, rotation: rotation, duration: duration,
                                  codec: video["codec_name"] as? String ?? "", hasSound: sound))
    }
}
