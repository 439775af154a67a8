import Foundation
import GalleryCore
import MediaWorkers
import XCTest

/// A player asked for planes (`planes: true`, what `ClipPlayers` asks): a 4:2:0 clip comes as the decoder's I420
/// planes, at its own size copied and at a smaller one scaled as planes, with the colours the clip holds; a turned
/// clip, an odd size and an animation come as BGRA, as before.
final class MediaPlayerPlanesTests: XCTestCase {
    /// The first frame a player of `location` at `width`x`height` hands over, read by `read`, within 10 s.
    private func firstFrame<T>(_ location: MediaLocation, width: Int, height: Int,
                               _ read: (ClipFrame) -> T) throws -> T {
        let wakes = DispatchSemaphore(value: 0)
        let player = MediaPlayer(executable: MediaClips.worker, location: location, width: width, height: height,
                                 loops: true, planes: true, wake: { wakes.signal() })
        defer { player.stop() }
        let deadline = MediaClips.now() + 10
        var result: T?
        while result == nil, player.failure == nil, MediaClips.now() < deadline {
            if !player.takeFrame({ (frame: ClipFrame) in result = read(frame) }) {
                _ = wakes.wait(timeout: .now() + 0.05)
            }
        }
        XCTAssertNil(player.failure)
        return try XCTUnwrap(result, "a frame within 10 s")
    }

    /// Y, U and V at (x, y) of an I420 frame.
    private func yuv(_ frame: ClipFrame, x: Int, y: Int) -> [Int] {
        let p = frame.planes
        func byte(_ plane: Int, _ px: Int, _ py: Int) -> Int {
            Int(p[plane].pixels.load(fromByteOffset: py * p[plane].pitch + px, as: UInt8.self))
        }
        return [byte(0, x, y), byte(1, x / 2, y / 2), byte(2, x / 2, y / 2)]
    }

    private func assertNear(_ got: [Int], _ want: [Int], _ what: String, file: StaticString = #filePath,
                            line: UInt = #line) {
        XCTAssertTrue(zip(got, want).allSatisfy { abs($0 - $1) <= 5 }, "\(what): \(got), wanted about \(want)",
                      file: file, line: line)
    }

    func testA420ClipComesAsItsPlanesCopiedOrScaled() throws {
        let halves = MediaLocation(file: try MediaClips.halves())
        for (w, h) in [(320, 240), (160, 120)] {
            let (layout, red, blue) = try firstFrame(halves, width: w, height: h) {
                ($0.layout, yuv($0, x: w / 4, y: h / 2), yuv($0, x: 3 * w / 4, y: h / 2))
            }
            XCTAssertEqual(layout, .i420, "\(w)x\(h)")
            // BT.601, limited range: red is Y 81, U 90, V 240; blue Y 41, U 240, V 110.
            assertNear(red, [81, 90, 240], "red at \(w)x\(h)")
            assertNear(blue, [41, 240, 110], "blue at \(w)x\(h)")
        }
    }

    func testTurnedOddAndAnimatedFramesStayBGRA() throws {
        let turned = try firstFrame(MediaLocation(file: try MediaClips.turnedHalves()), width: 240, height: 320) {
            frame -> (FrameLayout, UInt32) in
            (frame.layout, frame.base.load(fromByteOffset: 300 * frame.width * 4 + 120 * 4, as: UInt32.self))
        }
        XCTAssertEqual(turned.0, .bgra, "a turned clip is turned by the worker")
        XCTAssertGreaterThan((turned.1 >> 16) & 0xFF, 200, "upright, the red half is at the bottom")
        let odd = try firstFrame(MediaLocation(file: try MediaClips.halves()), width: 161, height: 121) { $0.layout }
        XCTAssertEqual(odd, .bgra, "an odd size")
        let gif = try firstFrame(MediaLocation(file: try MediaClips.gif()), width: 64, height: 48) { $0.layout }
        XCTAssertEqual(gif, .bgra, "an animation's frames")
    }

    func testTheFrameTakenLastIsLeftAsItIsUntilANewerOneIsTaken() throws {
        // testsrc2 moves every frame: a slot written again would not read the same.
        let wakes = DispatchSemaphore(value: 0)
        let player = MediaPlayer(executable: MediaClips.worker, location: MediaLocation(file: try MediaClips.h264()),
                                 width: 160, height: 120, loops: true, planes: true, wake: { wakes.signal() })
        defer { player.stop() }
        func wait(_ condition: () -> Bool) -> Bool {
            let deadline = MediaClips.now() + 10
            while player.failure == nil, MediaClips.now() < deadline {
                if condition() { return true }
                _ = wakes.wait(timeout: .now() + 0.05)
            }
            return false
        }
        var taken: ClipFrame?
        XCTAssertTrue(wait { player.takeFrame { taken = $0 } })
        let frame = try XCTUnwrap(taken)
        XCTAssertEqual(frame.layout, .i420)
        let bytes = frame.layout.bytes(width: 160, height: 120)
        let first = Data(bytes: frame.base, count: bytes)
        // Nothing more is taken: the worker fills every other slot, then drops what finds none.
        XCTAssertTrue(wait { player.droppedFrames >= 5 }, "the other slots filled")
        XCTAssertEqual(Data(bytes: frame.base, count: bytes), first, "the slot taken last is not written while held")
        var newer: Data?
        XCTAssertTrue(player.takeFrame { newer = Data(bytes: $0.base, count: $0.layout.bytes(width: 160, height: 120)) })
        XCTAssertNotEqual(newer, first, "a newer frame")
    }
}
