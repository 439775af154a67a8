import Foundation
import GalleryCore
import MediaWorkers
import XCTest

/// Clips by URL: FFmpeg's own http with the source's headers, and nothing but http(s) (its protocol whitelist).
/// The server is a few lines of Python's http.server on 127.0.0.1 (python3 is a test dependency) that wants a key.
final class MediaURLTests: XCTestCase {
    private var server: Process?

    override func tearDown() {
        if let server, server.isRunning { server.terminate(); server.waitUntilExit() }
        server = nil
    }

    /// Serves `folder` on 127.0.0.1, answering 403 to a request without "X-Api-Key: secret"; its port.
    private func serve(_ folder: String) throws -> Int {
        let script = """
            import http.server, os, sys
            os.chdir(sys.argv[1])
            class Keyed(http.server.SimpleHTTPRequestHandler):
                def do_GET(self):
                    if self.headers.get("X-Api-Key") != "secret":
                        self.send_error(403); return
                    super().do_GET()
                def log_message(self, *args): pass
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Keyed)
            print(server.server_address[1], flush=True)
            server.serve_forever()
            """
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { throw XCTSkip("no python3: make test-deps") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, folder]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        server = process
        // The first line is the port (a blocking read: the server is listening once it has printed it).
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw MediaClips.Failure("the server ended before it listened") }
            line += chunk
        }
        return try XCTUnwrap(Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    func testAClipByURLWithItsHeaders() throws {
        let clip = try MediaClips.clip("served.mp4", ["-i", try MediaClips.h264(), "-c", "copy", "-movflags", "+faststart"])
        let port = try serve(MediaClips.folder)
        let url = "http://127.0.0.1:\(port)/\(URL(fileURLWithPath: clip).lastPathComponent)"
        let media = MediaService(executable: MediaClips.worker)

        let info = try media.probe(MediaLocation(url: url, headers: ["X-Api-Key: secret"])).get()
        XCTAssertEqual([info.width, info.height], [320, 240])
        XCTAssertEqual(info.codec, "h264")
        let poster = try media.poster(MediaLocation(url: url, headers: ["X-Api-Key: secret"]), width: 64, height: 48).get()
        XCTAssertEqual([poster.width, poster.height], [64, 48])

        guard case .failure = media.probe(MediaLocation(url: url)) else { return XCTFail("no key, no clip") }

        let wakes = DispatchSemaphore(value: 0)
        let player = MediaPlayer(executable: MediaClips.worker, location: MediaLocation(url: url, headers: ["X-Api-Key: secret"]),
                                 width: 64, height: 48, loops: false, wake: { wakes.signal() })
        let deadline = MediaClips.now() + 10
        var frames = 0
        while !player.hasEnded, player.failure == nil, MediaClips.now() < deadline {
            _ = wakes.wait(timeout: .now() + 0.05)
            if player.takeFrame({ _, _ in }) { frames += 1 }
        }
        XCTAssertNil(player.failure)
        XCTAssertTrue(player.hasEnded)
        XCTAssertGreaterThan(frames, 10)
    }

    /// A URL may name http(s) only: FFmpeg's file, pipe or subprocess-like protocols are not on the whitelist.
    func testOnlyHTTPIsOpened() throws {
        let media = MediaService(executable: MediaClips.worker)
        for url in ["file://\(try MediaClips.h264())", try MediaClips.h264(), "pipe:0", "concat:\(try MediaClips.h264())"] {
            guard case .failure = media.probe(MediaLocation(url: url)) else { return XCTFail("\(url) was opened") }
        }
    }
}
