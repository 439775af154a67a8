import Foundation
import GalleryCore
@testable import MediaWorkers
import XCTest

/// The service worker through `MediaService`, the real `tessera media-worker` process and FFmpeg/libwebp in it.
final class MediaServiceTests: XCTestCase {
    private func service(timeout: Double? = nil) -> MediaService {
        var limits = MediaLimits.standard
        if let timeout { limits.workerTimeout = timeout }
        return MediaService(executable: MediaClips.worker, limits: limits)
    }

    private func info(_ result: Result<MediaInfo, MediaRefusal>, file: StaticString = #filePath, line: UInt = #line) throws -> MediaInfo {
        switch result {
        case .success(let info): return info
        case .failure(let refusal): XCTFail("refused: \(refusal)", file: file, line: line); throw refusal
        }
    }

    func testProbeReadsSizeRotationDurationFramesAndCodec() throws {
        let media = service()
        let h264 = try info(media.probe(MediaLocation(file: try MediaClips.h264())))
        XCTAssertEqual([h264.width, h264.height, h264.rotation], [320, 240, 0])
        XCTAssertEqual(h264.codec, "h264")
        XCTAssertEqual(h264.duration ?? 0, 2, accuracy: 0.05)
        XCTAssertEqual(h264.frameRate ?? 0, 30, accuracy: 0.01)
        XCTAssertEqual(h264.frameCount, 60)
        XCTAssertFalse(h264.hasSound)

        let turned = try info(media.probe(MediaLocation(file: try MediaClips.turnedHalves())))
        XCTAssertEqual([turned.width, turned.height, turned.rotation], [240, 320, 270], "drawn size is the turned one")

        let vp9 = try info(media.probe(MediaLocation(file: try MediaClips.vp9())))
        XCTAssertEqual([vp9.width, vp9.height], [96, 64])
        XCTAssertEqual(vp9.codec, "vp9")

        let gif = try info(media.probe(MediaLocation(file: try MediaClips.gif())))
        XCTAssertEqual(gif.codec, "gif")
        XCTAssertEqual(gif.frameCount, 10, "a GIF's frames are counted")
        XCTAssertEqual([gif.width, gif.height], [64, 48])

        let webp = try info(media.probe(MediaLocation(file: try MediaClips.webp())))
        XCTAssertEqual(webp.codec, "webp")
        XCTAssertEqual(webp.frameCount, 10)
        XCTAssertEqual(webp.duration ?? 0, 1, accuracy: 0.05)
        XCTAssertEqual([webp.width, webp.height], [64, 48])

        let motion = try info(media.probe(try MediaClips.motionPhoto()))
        XCTAssertEqual([motion.width, motion.height], [96, 64], "the MP4 inside the JPEG, by its byte range")
        XCTAssertEqual(motion.codec, "h264")

        XCTAssertTrue(try info(media.probe(MediaLocation(file: try MediaClips.withSound()))).hasSound)
    }

    func testPosterIsUprightBGRAOfTheSizeAsked() throws {
        let media = service()
        let red = try media.poster(MediaLocation(file: try MediaClips.solid("red", "red.mp4", codec: [
            "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"])), width: 50, height: 30).get()
        XCTAssertEqual([red.width, red.height, red.pitch, red.pixels.count], [50, 30, 200, 6000])
        assertColour(red, x: 25, y: 15, near: 0xFFFF_0000)
        assertColour(red, x: 0, y: 0, near: 0xFFFF_0000)
        XCTAssertEqual(red.pixels[0..<4].map { $0 }[0], red.pixels[0], "B first in memory")
        XCTAssertLessThan(red.pixels[0], 40, "blue byte first: BGRA")
        XCTAssertGreaterThan(red.pixels[2], 200, "red byte third: BGRA")

        let stored = try media.poster(MediaLocation(file: try MediaClips.halves()), width: 64, height: 48).get()
        assertColour(stored, x: 8, y: 24, near: 0xFFFF_0000)
        assertColour(stored, x: 56, y: 24, near: 0xFF00_00FF)

        // Stored on its side: drawn 240x320 upright, FFmpeg's own display turns its left (red) half to the bottom.
        let upright = try media.poster(MediaLocation(file: try MediaClips.turnedHalves()), width: 48, height: 64).get()
        XCTAssertEqual([upright.width, upright.height], [48, 64])
        assertColour(upright, x: 24, y: 8, near: 0xFF00_00FF)
        assertColour(upright, x: 24, y: 56, near: 0xFFFF_0000)

        assertColour(try media.poster(MediaLocation(file: try MediaClips.vp9()), width: 20, height: 10).get(), x: 10, y: 5,
                     near: 0xFF00_FF00)
        assertColour(try media.poster(try MediaClips.motionPhoto(), width: 20, height: 10).get(), x: 10, y: 5,
                     near: 0xFF00_FF00)
        let gif = try media.poster(MediaLocation(file: try MediaClips.gif()), width: 32, height: 24).get()
        XCTAssertEqual([gif.width, gif.height], [32, 24])
        let webp = try media.poster(MediaLocation(file: try MediaClips.webp()), width: 32, height: 24).get()
        XCTAssertEqual([webp.width, webp.height], [32, 24])
        XCTAssertTrue(webp.pixels.contains { $0 > 50 }, "a picture, not an empty canvas")
    }

    /// Each hostile file is refused from its header or answered "cannot play"; the worker stays within 250 MB and
    /// answers the next request.
    func testHostileFilesAreRefusedWithBoundedMemory() throws {
        let media = service()
        let fifo = MediaClips.folder + "/fifo.mp4"
        mkfifo(fifo, 0o600)
        let cases: [(String, String, (MediaRefusal) -> Bool)] = [
            ("zero-length", try MediaClips.zeroLength(), { if case .unknownFormat = $0 { true } else { false } }),
            ("text named .mp4", try MediaClips.text(), { if case .unknownFormat = $0 { true } else { false } }),
            ("a FIFO named .mp4", fifo, { $0 == .unknownFormat("not a regular file") }),
            ("truncated", try MediaClips.truncated(), { _ in true }),
            ("header claims 16384x16384", try MediaClips.claimsHuge(), { $0 == .tooLarge(width: 16384, height: 16384) }),
            ("ten hours", try MediaClips.tenHours(), { if case .tooLong(let s) = $0 { s >= 35999 } else { false } }),
            ("a million frames", try MediaClips.millionFrames(), {
                switch $0 { case .tooManyFrames, .tooLong: true; default: false }
            }),
            ("GIF bomb", try MediaClips.gifBomb(), { $0 == .tooLarge(width: 65535, height: 65535) }),
        ]
        for (name, path, expected) in cases {
            let started = MediaClips.now()
            switch media.probe(MediaLocation(file: path)) {
            case .success(let info): XCTFail("\(name): probed as \(info)")
            case .failure(let refusal): XCTAssertTrue(expected(refusal), "\(name): \(refusal)")
            }
            switch media.poster(MediaLocation(file: path), width: 320, height: 240) {
            case .success: XCTFail("\(name): a poster")
            case .failure(let refusal): XCTAssertTrue(expected(refusal), "\(name): \(refusal)")
            }
            let pid = try XCTUnwrap(media.workerProcessID, name)
            let peak = try XCTUnwrap(MediaClips.peakMB(of: pid), name)
            XCTAssertLessThanOrEqual(peak, 250, "\(name): the worker's peak memory")
            print("hostile \(name): \(Int((MediaClips.now() - started) * 1000)) ms, worker peak \(Int(peak)) MB")
        }
        // At the limits, not past them: an 8000x4000 GIF (32 MP) of one-pixel frames, and of frames that fill it.
        for (name, frame) in [("big-canvas.gif", (1, 1)), ("big-frames.gif", (8000, 4000))] {
            let path = try MediaClips.file(name) { MediaClips.gif(screen: (8000, 4000), frame: frame, frames: 3) }
            let started = MediaClips.now()
            let poster = try media.poster(MediaLocation(file: path), width: 320, height: 160).get()
            XCTAssertEqual([poster.width, poster.height], [320, 160])
            let peak = try XCTUnwrap(MediaClips.peakMB(of: try XCTUnwrap(media.workerProcessID)))
            XCTAssertLessThanOrEqual(peak, 250, "\(name): the worker's peak memory")
            print("\(name): poster in \(Int((MediaClips.now() - started) * 1000)) ms, worker peak \(Int(peak)) MB")
        }
        // Damaged but with a picture: played as far as it goes, or refused; never a crash of anything but the worker.
        for path in [try MediaClips.corruptMiddle(), try MediaClips.truncatedAfterIndex()] {
            if case .success(let poster) = media.poster(MediaLocation(file: path), width: 64, height: 48) {
                XCTAssertEqual([poster.width, poster.height], [64, 48])
            }
            if let pid = media.workerProcessID { XCTAssertLessThanOrEqual(MediaClips.peakMB(of: pid) ?? 0, 250) }
        }
        XCTAssertNoThrow(try media.probe(MediaLocation(file: try MediaClips.h264())).get(), "the worker still answers")
        // The worker's own limit, where a bomb's allocation fails (not set in a sanitizer's build).
        let limits = try String(contentsOfFile: "/proc/\(try XCTUnwrap(media.workerProcessID))/limits", encoding: .utf8)
        let addressSpace = limits.split(separator: "\n").first { $0.hasPrefix("Max address space") }
        if !MediaClips.sanitized {
            XCTAssertEqual(addressSpace?.split(separator: " ", omittingEmptySubsequences: true).dropFirst(3).first,
                           Substring(String(MediaLimits.standard.workerAddressSpace)))
        }

        // Frames counted, not decoded: a million, judged by the frame limit when the duration is allowed.
        var counting = MediaLimits.standard
        counting.maxDuration = 1e9
        let counted = MediaService(executable: MediaClips.worker, limits: counting)
        let started = MediaClips.now()
        guard case .tooManyFrames(let frames) = counted.probe(MediaLocation(file: try MediaClips.millionFrames())).failure
        else { return XCTFail("a million frames were not refused for their number") }
        XCTAssertGreaterThan(frames, counting.maxFrames)
        print("a million frames counted to the limit in \(Int((MediaClips.now() - started) * 1000)) ms")
        XCTAssertLessThanOrEqual(MediaClips.peakMB(of: try XCTUnwrap(counted.workerProcessID)) ?? 0, 250)
    }

    func testAWorkerKilledMidRequestIsAFailureAndTheNextRequestGetsAFreshOne() throws {
        setenv("TESSERA_MEDIA_TEST_HOOKS", "1", 1)
        let media = service()
        let clip = MediaLocation(file: try MediaClips.h264())
        for signal in [SIGKILL, SIGSEGV] {
            XCTAssertNoThrow(try media.probe(clip).get())
            let pid = try XCTUnwrap(media.workerProcessID)
            let answered = expectation(description: "answer")
            let answer = Box<Result<MediaWireMessage, MediaRefusal>>()
            Thread.detachNewThread {
                answer.set(media.request(.stall))
                answered.fulfill()
            }
            // Whether the signal comes before or after the worker read the request, it is a crash mid-request.
            kill(pid, signal)
            wait(for: [answered], timeout: 5)
            XCTAssertEqual(answer.value.flatMap { if case .failure(let r) = $0 { r } else { nil } },
                           .cannotPlay("the decoder crashed"))
            XCTAssertTrue(MediaClips.isReaped(pid), "no zombie")
            XCTAssertNoThrow(try media.probe(clip).get(), "a fresh worker")
            XCTAssertNotEqual(media.workerProcessID, pid)
        }
    }

    func testAHungWorkerTimesOutAndIsKilled() throws {
        setenv("TESSERA_MEDIA_TEST_HOOKS", "1", 1)
        let media = service(timeout: 1.5)
        XCTAssertNoThrow(try media.probe(MediaLocation(file: try MediaClips.h264())).get())
        let pid = try XCTUnwrap(media.workerProcessID)
        let started = MediaClips.now()
        guard case .failure(let refusal) = media.request(.stall) else { return XCTFail("a stalled worker answered") }
        let took = MediaClips.now() - started
        XCTAssertEqual(refusal, .cannotPlay("timed out"))
        XCTAssertGreaterThanOrEqual(took, 1.4)
        XCTAssertLessThan(took, 5)
        XCTAssertTrue(MediaClips.isReaped(pid))
        XCTAssertNoThrow(try media.probe(MediaLocation(file: try MediaClips.h264())).get())
    }

    /// Not a limit, a measurement for the report: a worker's start and a 1080p H.264 poster.
    func testTimings() throws {
        let big = try MediaClips.clip("1080p.mp4", ["-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=30", "-t", "1",
                                                     "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"])
        let media = service()
        var started = MediaClips.now()
        XCTAssertNoThrow(try media.probe(MediaLocation(file: big)).get())
        let firstProbe = MediaClips.now() - started
        started = MediaClips.now()
        XCTAssertNoThrow(try media.probe(MediaLocation(file: big)).get())
        let probe = MediaClips.now() - started
        started = MediaClips.now()
        XCTAssertNoThrow(try media.poster(MediaLocation(file: big), width: 960, height: 540).get())
        let poster = MediaClips.now() - started
        print(String(format: "media timings: spawn+probe %.0f ms, probe %.0f ms, 1080p H.264 poster at 960x540 %.0f ms",
                     firstProbe * 1000, probe * 1000, poster * 1000))
        XCTAssertLessThan(poster, 5)
    }

    private func assertColour(_ frame: PosterFrame, x: Int, y: Int, near expected: UInt32, file: StaticString = #filePath,
                              line: UInt = #line) {
        let got = frame.argb(x: x, y: y)
        for shift in [0, 8, 16, 24] as [UInt32] {
            let a = Int(got >> shift & 0xFF), b = Int(expected >> shift & 0xFF)
            XCTAssertLessThan(abs(a - b), 40, String(format: "(%d,%d) is %08X, not near %08X", x, y, got, expected),
                              file: file, line: line)
        }
    }
}

extension Result {
    var failure: Failure? { if case .failure(let f) = self { f } else { nil } }
}
