import Foundation
import GalleryCore
import MediaWorkers
import XCTest

/// Player workers through `MediaPlayer`: frames over time in shared memory, once and loop, pause, seek, drops,
/// refusals and crashes. Waits are on the player's wake-ups, each with a deadline.
final class MediaPlayerTests: XCTestCase {
    /// The player and a semaphore its wake-ups signal.
    private final class Watched {
        let wakes = DispatchSemaphore(value: 0)
        var player: MediaPlayer!

        init(_ location: MediaLocation, width: Int = 160, height: Int = 120, loops: Bool, start: Double = 0,
             hardware: String = "none", sound: Bool = false) {
            let wakes = wakes
            player = MediaPlayer(executable: MediaClips.worker, location: location, width: width, height: height,
                                 loops: loops, start: start, hardware: hardware, sound: sound, wake: { wakes.signal() })
        }

        /// Waits on wake-ups until `condition` holds or `seconds` pass; whether it held.
        @discardableResult
        func wait(_ seconds: Double, until condition: () -> Bool) -> Bool {
            let deadline = MediaClips.now() + seconds
            while !condition() {
                let left = deadline - MediaClips.now()
                guard left > 0 else { return false }
                _ = wakes.wait(timeout: .now() + min(left, 0.05))
            }
            return true
        }

        /// A checksum of the newest frame, if one came.
        func takeSum(width: Int = 160, height: Int = 120) -> UInt64? {
            var sum: UInt64?
            player.takeFrame { pixels, pitch in
                var s: UInt64 = 0
                for y in stride(from: 0, to: height, by: 4) {
                    let row = pixels.advanced(by: y * pitch).assumingMemoryBound(to: UInt32.self)
                    for x in stride(from: 0, to: width, by: 4) { s = s &* 31 &+ UInt64(row[x]) }
                }
                sum = s
            }
            return sum
        }
    }

    func testFramesChangeOverTimeAndAClipPlayedOnceEnds() throws {
        let watched = Watched(MediaLocation(file: try MediaClips.h264()), loops: false)
        var sums = Set<UInt64>()
        XCTAssertTrue(watched.wait(10) {
            if let sum = watched.takeSum() { sums.insert(sum) }
            return watched.player.hasEnded || watched.player.failure != nil
        }, "ends")
        XCTAssertNil(watched.player.failure)
        XCTAssertTrue(watched.player.hasEnded)
        XCTAssertGreaterThanOrEqual(sums.count, 10, "frames change over time")
        XCTAssertEqual(watched.player.duration ?? 0, 2, accuracy: 0.05)
        XCTAssertEqual(watched.player.info?.codec, "h264")
        XCTAssertGreaterThan(watched.player.position, 1.8)
        XCTAssertGreaterThan(watched.player.shownFrames, 10)
    }

    func testALoopingClipStartsAgain() throws {
        let clip = try MediaClips.clip("short.mp4", ["-f", "lavfi", "-i", "testsrc2=size=64x48:rate=20", "-t", "0.5",
                                                      "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"])
        let watched = Watched(MediaLocation(file: clip), loops: true)
        var furthest = 0.0
        var wrapped = false
        XCTAssertTrue(watched.wait(6) {
            _ = watched.takeSum()
            let position = watched.player.position
            if furthest > 0.3, position < 0.2 { wrapped = true }
            furthest = max(furthest, position)
            return wrapped
        }, "position went back to the start")
        XCTAssertFalse(watched.player.hasEnded)
        XCTAssertNil(watched.player.failure)
    }

    /// A one-frame animation on a loop goes round at its frame's pace, not as fast as it decodes.
    func testAOneFrameLoopDoesNotSpin() throws {
        let still = try MediaClips.file("one-frame.gif") { MediaClips.gif(screen: (1, 1), frame: (1, 1), frames: 1) }
        let watched = Watched(MediaLocation(file: still), width: 8, height: 8, loops: true)
        XCTAssertTrue(watched.wait(5) { watched.takeSum(width: 8, height: 8) != nil })
        let started = MediaClips.now()
        watched.wait(1.5) { _ = watched.takeSum(width: 8, height: 8); return false }
        let frames = watched.player.shownFrames + watched.player.droppedFrames
        XCTAssertNil(watched.player.failure)
        XCTAssertGreaterThan(frames, 1, "it goes round")
        XCTAssertLessThan(Double(frames) / (MediaClips.now() - started), 120, "at most a frame a hundredth of a second")
    }

    func testAnimationsPlay() throws {
        for path in [try MediaClips.gif(), try MediaClips.webp()] {
            let watched = Watched(MediaLocation(file: path), width: 64, height: 48, loops: true)
            var sums = Set<UInt64>()
            XCTAssertTrue(watched.wait(6) {
                if let sum = watched.takeSum(width: 64, height: 48) { sums.insert(sum) }
                return sums.count >= 5 || watched.player.failure != nil
            }, path)
            XCTAssertNil(watched.player.failure, path)
        }
    }

    /// Sound through SDL's "disk" audio driver (it writes what it plays to a file, at the pace of a real device):
    /// the clip's sine is heard, the frames keep coming by its clock, and the clip ends.
    func testSoundIsPlayedAndPacesTheFrames() throws {
        let heard = MediaClips.folder + "/heard-\(UUID().uuidString).raw"
        setenv("SDL_AUDIODRIVER", "disk", 1)
        setenv("SDL_DISKAUDIOFILE", heard, 1)
        defer { unsetenv("SDL_AUDIODRIVER"); unsetenv("SDL_DISKAUDIOFILE"); try? FileManager.default.removeItem(atPath: heard) }
        let watched = Watched(MediaLocation(file: try MediaClips.withSound()), loops: false, sound: true)
        var frames = 0
        XCTAssertTrue(watched.wait(10) {
            if watched.takeSum() != nil { frames += 1 }
            return watched.player.hasEnded || watched.player.failure != nil
        })
        XCTAssertNil(watched.player.failure)
        XCTAssertGreaterThanOrEqual(frames, 5)
        let samples = try Data(contentsOf: URL(fileURLWithPath: heard))
        XCTAssertGreaterThan(samples.count, 48000 * 4 / 2, "half a second of 48 kHz stereo at least")
        let loudest = samples.withUnsafeBytes { $0.bindMemory(to: Int16.self).map { abs(Int($0)) }.max() ?? 0 }
        XCTAssertGreaterThan(loudest, 1000, "the sine, not silence")
    }

    /// Hardware decoding asked for where there is none (no VA-API device, no V4L2 decoder here): software plays.
    func testHardwareDecodingFallsBackToSoftware() throws {
        for hardware in ["vaapi", "v4l2m2m"] {
            let watched = Watched(MediaLocation(file: try MediaClips.h264()), loops: true, hardware: hardware)
            var sums = Set<UInt64>()
            XCTAssertTrue(watched.wait(6) {
                if let sum = watched.takeSum() { sums.insert(sum) }
                return sums.count >= 3 || watched.player.failure != nil
            }, hardware)
            XCTAssertNil(watched.player.failure, hardware)
        }
    }

    func testPauseStopsFramesAndPlayResumes() throws {
        let watched = Watched(MediaLocation(file: try MediaClips.h264()), loops: true)
        XCTAssertTrue(watched.wait(5) { watched.takeSum() != nil })
        watched.player.pause()
        XCTAssertTrue(watched.player.isPaused)
        // A frame already on its way when the pause came may still arrive: taken for half a second, then none may.
        watched.wait(0.5) { _ = watched.takeSum(); return false }
        let shown = watched.player.shownFrames
        XCTAssertFalse(watched.wait(1.2) { watched.takeSum() != nil }, "no frame while paused")
        XCTAssertEqual(watched.player.shownFrames, shown)
        watched.player.play()
        XCTAssertTrue(watched.wait(5) { watched.takeSum() != nil }, "frames again after play")
    }

    func testSeekMovesThePosition() throws {
        let long = try MediaClips.clip("four.mp4", ["-f", "lavfi", "-i", "testsrc2=size=64x48:rate=10", "-t", "4",
                                                     "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"])
        let watched = Watched(MediaLocation(file: long), loops: false)
        XCTAssertTrue(watched.wait(5) { watched.takeSum() != nil })
        watched.player.seek(to: 3)
        XCTAssertTrue(watched.wait(5) { watched.takeSum() != nil && watched.player.position >= 2.95 }, "a frame at 3 s")
        XCTAssertTrue(watched.wait(5) { _ = watched.takeSum(); return watched.player.hasEnded }, "and on to the end")
        XCTAssertLessThan(watched.player.position, 4.01)

        let late = Watched(MediaLocation(file: long), loops: false, start: 2.5)
        XCTAssertTrue(late.wait(5) { late.takeSum() != nil })
        XCTAssertGreaterThanOrEqual(late.player.position, 2.5, "started where asked")
    }

    func testFramesAreDroppedWhenTheAppKeepsEverySlot() throws {
        let watched = Watched(MediaLocation(file: try MediaClips.h264()), loops: false)
        // Nothing is taken: three slots fill, the rest of the two seconds is dropped, and the worker never waits.
        XCTAssertTrue(watched.wait(10) { watched.player.hasEnded && watched.player.droppedFrames > 0 })
        XCTAssertTrue(watched.wait(2) { watched.player.shownFrames + watched.player.droppedFrames >= 55 })
        XCTAssertEqual(watched.player.shownFrames, MediaPlayer.slotCount)
        XCTAssertGreaterThanOrEqual(watched.player.droppedFrames, 50)
        XCTAssertNotNil(watched.takeSum(), "the newest of the held frames is there to take")
    }

    func testRefusedAndBrokenClipsAreFailuresNotCrashes() throws {
        let huge = Watched(MediaLocation(file: try MediaClips.claimsHuge()), loops: true)
        XCTAssertTrue(huge.wait(5) { huge.player.failure != nil })
        XCTAssertEqual(huge.player.failure, .tooLarge(width: 16384, height: 16384))

        let text = Watched(MediaLocation(file: try MediaClips.text()), loops: true)
        XCTAssertTrue(text.wait(5) { text.player.failure != nil })
        if case .unknownFormat = text.player.failure {} else { XCTFail("\(String(describing: text.player.failure))") }

        let corrupt = Watched(MediaLocation(file: try MediaClips.corruptMiddle()), loops: false)
        XCTAssertTrue(corrupt.wait(10) {
            _ = corrupt.takeSum()
            return corrupt.player.hasEnded || corrupt.player.failure != nil
        }, "a corrupt middle ends the clip (or fails it), it does not hang it")
        if let pid = corrupt.player.workerProcessID, let peak = MediaClips.peakMB(of: pid) {
            XCTAssertLessThanOrEqual(peak, 250)
        }
    }

    func testAKilledWorkerIsAFailureAndStopReapsIt() throws {
        let watched = Watched(MediaLocation(file: try MediaClips.h264()), loops: true)
        XCTAssertTrue(watched.wait(5) { watched.takeSum() != nil })
        let pid = try XCTUnwrap(watched.player.workerProcessID)
        kill(pid, SIGKILL)
        XCTAssertTrue(watched.wait(5) { watched.player.failure != nil })
        XCTAssertEqual(watched.player.failure, .cannotPlay("the decoder crashed"))
        watched.player.stop()
        XCTAssertTrue(MediaClips.isReaped(pid))

        let stopped = Watched(MediaLocation(file: try MediaClips.h264()), loops: true)
        XCTAssertTrue(stopped.wait(5) { stopped.takeSum() != nil })
        let other = try XCTUnwrap(stopped.player.workerProcessID)
        let started = MediaClips.now()
        stopped.player.stop()
        XCTAssertLessThan(MediaClips.now() - started, 1, "quit is quick")
        XCTAssertTrue(MediaClips.isReaped(other))
        XCTAssertNil(stopped.player.failure, "a stop is no crash")
    }
}
