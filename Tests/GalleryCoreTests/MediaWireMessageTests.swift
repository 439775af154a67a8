import GalleryCore
import XCTest

final class MediaWireMessageTests: XCTestCase {
    private func roundTrip(_ message: MediaWireMessage, file: StaticString = #filePath, line: UInt = #line) {
        let text = message.line
        XCTAssertTrue(text.hasSuffix("\n"), file: file, line: line)
        XCTAssertEqual(text.filter { $0 == "\n" }.count, 1, "one line", file: file, line: line)
        XCTAssertEqual(MediaWireMessage(line: text), message, text, file: file, line: line)
    }

    func testEveryMessageSurvivesItsLine() {
        let file = MediaLocation(file: "/photos/a clip %20 ünï\ncode.mp4", offset: 12345, length: 678)
        let url = MediaLocation(url: "https://immich.local/api/assets/x/video/playback?a=b c",
                                headers: ["x-api-key: secret key", "Accept: */*"])
        for message: MediaWireMessage in [
            .probe(file), .probe(MediaLocation(file: "/a")), .probe(url), .poster(file, width: 320, height: 240),
            .pause, .play, .quit, .stall, .seek(12.5), .release(slot: 2),
            .info(MediaInfo(width: 1080, height: 1920, rotation: 90, duration: 12.25, frameRate: 29.97, frameCount: 367,
                            codec: "h264", hasSound: true)),
            .info(MediaInfo(width: 1, height: 1, codec: "gif")),
            .refused(.noPicture), .refused(.tooLarge(width: 16384, height: 16384)), .refused(.tooLong(seconds: 36000)),
            .refused(.tooManyFrames(1_000_000)), .refused(.unknownFormat("Invalid data found")),
            .refused(.cannotPlay("")), .posterReady(width: 320, height: 240, pitch: 1280), .frame(slot: 1, pts: 0.033),
            .state(position: 1.5, duration: nil, ended: false), .state(position: 2, duration: 2, ended: true),
            .stats(shown: 10, dropped: 3),
        ] {
            roundTrip(message)
        }
    }

    func testGarbageIsNoMessage() {
        for text in [
            "", "\n", " ", "probe", "probe file", "probe file /a 0", "probe file /a -1 -", "probe file /a 0 0",
            "probe ftp /a", "poster 0 10 file /a 0 -", "poster 10 99999 file /a 0 -", "poster x 10 file /a 0 -",
            "seek -1", "seek nan", "seek inf", "seek 1e999", "release", "release -1", "release 1 2", "pause now",
            "info 1 2 45 - - - h264 silent", "info 1 2 0 - - - h264", "info 1 2 0 - - - % silent",
            "refused", "refused maybe", "refused too-large 1", "poster-ready 10 10 39", "frame 0", "frame a 1",
            "state 1 - maybe", "stats 1", "PROBE file /a 0 -", "probe  file /a 0 -", "probe file /a 0 - ",
            "probe file /a%ZZ 0 -", "probe file /a%4 0 -", "probe file /a%FF 0 -", "probe\tfile /a 0 -",
            "probe url http://x bad-header", "probe url http://x a:%0D%0AHost: evil", "release 99999999999999999999",
            String(repeating: "x", count: MediaWireMessage.maxLineBytes + 1),
        ] {
            XCTAssertNil(MediaWireMessage(line: text), text)
        }
        // Random bytes never crash the parser.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0..<64, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = MediaWireMessage(line: String(decoding: bytes, as: UTF8.self))
        }
    }

    func testBufferCutsLinesAndRefusesEndlessOnes() {
        var buffer = MediaWireBuffer()
        buffer.append(Array("pause\npl".utf8))
        XCTAssertEqual(buffer.nextLine(), "pause")
        XCTAssertNil(buffer.nextLine())
        buffer.append(Array("ay\n".utf8))
        XCTAssertEqual(buffer.nextLine(), "play")
        XCTAssertNil(buffer.nextLine())

        var endless = MediaWireBuffer()
        for _ in 0..<20 { endless.append([UInt8](repeating: 0x41, count: 1024)) }
        XCTAssertTrue(endless.overflowed)
        endless.append([0x0A])
        XCTAssertNil(endless.nextLine())
    }

    func testWorkerLaunchSurvivesItsArguments() {
        var limits = MediaLimits()
        limits.maxFrames = 500
        limits.maxDuration = 60
        let service = MediaWorkerLaunch(playback: nil, limits: limits)
        XCTAssertEqual(MediaWorkerLaunch(arguments: service.arguments), service)
        let player = MediaWorkerLaunch(
            playback: .init(location: MediaLocation(file: "/a b.jpg", offset: 100, length: 50), width: 320, height: 240,
                            loops: false, start: 1.5, hardware: "vaapi"), limits: .standard)
        XCTAssertEqual(player.arguments.first, "media-worker")
        XCTAssertEqual(MediaWorkerLaunch(arguments: player.arguments), player)
        let url = MediaWorkerLaunch(playback: .init(location: MediaLocation(url: "https://x/v", headers: ["k: v"]), width: 1,
                                                    height: 1, loops: true), limits: .standard)
        // A URL's headers (an Immich key) are never in the arguments (`ps` shows them to every user): they go
        // through the worker's environment, one a line, a carriage return refused.
        XCTAssertFalse(url.arguments.contains { $0.contains("k: v") })
        var carried = MediaWorkerLaunch(arguments: url.arguments)
        XCTAssertEqual(carried?.playback?.location.headers, [])
        carried?.playback?.location.headers = MediaWorkerLaunch.headers(
            fromEnvironment: url.environment[MediaWorkerLaunch.headersVariable] ?? "")
        XCTAssertEqual(carried, url)
        XCTAssertEqual(MediaWorkerLaunch.headers(fromEnvironment: "a: 1\nb: 2\rEvil: 3\n"), ["a: 1"])
        for bad: [String] in [
            [], ["media-worker"], ["media-worker", "nothing"], ["other", "service"], ["media-worker", "service", "side=0"],
            ["media-worker", "service", "side=1", "side=2"], ["media-worker", "service", "colour=red"],
            ["media-worker", "service", "duration=nan"], ["media-worker", "service", "--", "file", "/a", "0", "-"],
            ["media-worker", "player", "width=1", "height=1", "play=once", "start=0", "hwdec=none", "sound=no"],
            ["media-worker", "player", "width=1", "height=1", "play=twice", "start=0", "hwdec=none", "sound=no", "--",
             "file", "/a", "0", "-"],
            ["media-worker", "player", "width=1", "height=1", "play=once", "start=0", "hwdec=cuda", "sound=no", "--",
             "file", "/a", "0", "-"],
        ] {
            XCTAssertNil(MediaWorkerLaunch(arguments: bad), bad.joined(separator: " "))
        }
    }
}
