import XCTest
@testable import PixelBands

/// The banded composer against a straightforward reference: each pixel worked out on its own, in `Double`, from the
/// contract (a blend is new·a + old·(1-a), a shade multiplies each channel by m/255, a stretch picks SDL's nearest
/// pixel at its middle).
final class BandComposerTests: XCTestCase {
    /// A plane of pseudo-random pixels that frees itself.
    final class Picture {
        let plane: PixelPlane
        init(width: Int, height: Int, pitch: Int? = nil, seed: UInt32) {
            let pitch = pitch ?? width
            let base = UnsafeMutablePointer<UInt32>.allocate(capacity: max(1, pitch * height))
            var v = seed | 1
            for i in 0..<pitch * height {
                v ^= v << 13; v ^= v >> 17; v ^= v << 5
                base[i] = v & 0x00ff_ffff | 0xff00_0000
            }
            plane = PixelPlane(base: base, width: width, height: height, pitch: pitch)
        }
        deinit { plane.base.deallocate() }
        subscript(x: Int, y: Int) -> UInt32 { plane.base[y * plane.pitch + x] }
        func copied() -> [UInt32] { (0..<plane.height).flatMap { y in (0..<plane.width).map { self[$0, y] } } }
    }

    /// The reference: every step, pixel by pixel.
    func reference(_ ops: [PixelOp], over start: [UInt32], width: Int, height: Int) -> [UInt32] {
        var out = start
        func channels(_ p: UInt32) -> [Double] { [Double(p >> 16 & 255), Double(p >> 8 & 255), Double(p & 255)] }
        func pixel(_ c: [Double]) -> UInt32 {
            c.reduce(UInt32(0xff)) { ($0 << 8) | UInt32(max(0, min(255, $1.rounded()))) }
        }
        for op in ops {
            switch op {
            case let .fill(r, colour, alpha):
                for y in max(0, r.y)..<min(height, r.maxY) where r.x < width {
                    for x in max(0, r.x)..<min(width, r.maxX) {
                        let a = Double(alpha) / 255, old = channels(out[y * width + x]), new = channels(colour)
                        out[y * width + x] = pixel(zip(new, old).map { $0 * a + $1 * (1 - a) })
                    }
                }
            case let .copy(source, from, to, alpha, shade):
                guard from.x >= 0, from.y >= 0, from.maxX <= source.width, from.maxY <= source.height else { continue }
                let incX = (from.width << 16) / to.width, incY = (from.height << 16) / to.height
                for y in max(0, to.y)..<min(height, to.maxY) where to.x < width {
                    for x in max(0, to.x)..<min(width, to.maxX) {
                        let sx = from.width == to.width && from.height == to.height ? from.x + x - to.x
                            : from.x + ((incX / 2 + (x - to.x) * incX) >> 16)
                        let sy = from.width == to.width && from.height == to.height ? from.y + y - to.y
                            : from.y + ((incY / 2 + (y - to.y) * incY) >> 16)
                        let a = Double(alpha) / 255, m = Double(shade) / 255
                        let new = channels(source.base[sy * source.pitch + sx]).map { $0 * m }
                        let old = channels(out[y * width + x])
                        out[y * width + x] = pixel(zip(new, old).map { $0 * a + $1 * (1 - a) })
                    }
                }
            }
        }
        return out
    }

    func assertClose(_ got: [UInt32], _ want: [UInt32], tolerance: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(got.count, want.count, file: file, line: line)
        var worst = 0, at = -1
        for (i, (g, w)) in zip(got, want).enumerated() {
            for shift in [0, 8, 16] {
                let d = abs(Int(g >> UInt32(shift) & 255) - Int(w >> UInt32(shift) & 255))
                if d > worst { worst = d; at = i }
            }
        }
        XCTAssertLessThanOrEqual(worst, tolerance, "pixel \(at): got \(String(got[max(0, at)], radix: 16)), "
                                 + "want \(String(want[max(0, at)], radix: 16))", file: file, line: line)
    }

    /// A slideshow's frames: the last photo copied, the next blended over it; black bars darkening a photo; a
    /// stretched photo (Ken Burns) blended; a matte filled and blended; steps reaching past the frame.
    func frameSteps(photoA: PixelPlane, photoB: PixelPlane) -> [[PixelOp]] {
        let all = { (p: PixelPlane) in PixelRect(x: 0, y: 0, width: p.width, height: p.height) }
        return [
            [.copy(photoA, from: all(photoA), to: PixelRect(x: 10, y: 0, width: photoA.width, height: photoA.height),
                   alpha: 255, shade: 255),
             .fill(PixelRect(x: 0, y: 0, width: 10, height: 70), colour: 0x102030, alpha: 255),
             .copy(photoB, from: all(photoB), to: PixelRect(x: 5, y: 3, width: photoB.width, height: photoB.height),
                   alpha: 77, shade: 255)],
            [.copy(photoA, from: PixelRect(x: 3, y: 2, width: 40, height: 30), to: PixelRect(x: 0, y: 0, width: 97, height: 70),
                   alpha: 255, shade: 255),
             .copy(photoB, from: PixelRect(x: 1, y: 1, width: 50, height: 41), to: PixelRect(x: 2, y: 1, width: 90, height: 61),
                   alpha: 200, shade: 255)],
            [.fill(PixelRect(x: 0, y: 0, width: 97, height: 70), colour: 0, alpha: 255),
             .copy(photoA, from: all(photoA), to: PixelRect(x: 0, y: 0, width: photoA.width, height: photoA.height),
                   alpha: 255, shade: 101),
             .copy(photoB, from: PixelRect(x: 0, y: 0, width: 20, height: 20), to: PixelRect(x: 50, y: 40, width: 60, height: 45),
                   alpha: 128, shade: 180),
             .fill(PixelRect(x: -5, y: 60, width: 200, height: 30), colour: 0x4080c0, alpha: 31)],
        ]
    }

    func testEveryFrameMatchesTheReference() {
        let a = Picture(width: 80, height: 60, pitch: 83, seed: 7), b = Picture(width: 64, height: 52, seed: 99)
        for (n, steps) in frameSteps(photoA: a.plane, photoB: b.plane).enumerated() {
            let frame = Picture(width: 97, height: 70, seed: UInt32(1000 + n))
            let want = reference(steps, over: frame.copied(), width: 97, height: 70)
            BandComposer(steps, into: frame.plane).composeInBands()
            assertClose(frame.copied(), want, tolerance: 1)
        }
    }

    func testBandsOnAllCoresDrawWhatOneThreadDraws() {
        let a = Picture(width: 640, height: 360, seed: 3), b = Picture(width: 500, height: 400, seed: 5)
        let steps: [PixelOp] = [
            .copy(a.plane, from: PixelRect(x: 11, y: 7, width: 600, height: 340), to: PixelRect(x: 0, y: 0, width: 700, height: 390),
                  alpha: 255, shade: 255),
            .copy(b.plane, from: PixelRect(x: 0, y: 0, width: 500, height: 400), to: PixelRect(x: 100, y: -10, width: 500, height: 400),
                  alpha: 90, shade: 255),
        ]
        let banded = Picture(width: 700, height: 390, seed: 1), single = Picture(width: 700, height: 390, seed: 1)
        BandComposer(steps, into: banded.plane).composeInBands()
        BandComposer(steps, into: single.plane).compose(rows: 0..<390)
        XCTAssertEqual(banded.copied(), single.copied())
    }

    func testOpaqueCopiesAreExactAndNothingBlendsAtZero() {
        let a = Picture(width: 40, height: 30, seed: 11), frame = Picture(width: 40, height: 30, seed: 12)
        let before = frame.copied(), whole = PixelRect(x: 0, y: 0, width: 40, height: 30)
        BandComposer([.copy(a.plane, from: whole, to: whole, alpha: 0, shade: 255),
                      .fill(whole, colour: 0xffffff, alpha: 0)], into: frame.plane).composeInBands()
        XCTAssertEqual(frame.copied(), before)
        BandComposer([.copy(a.plane, from: whole, to: whole, alpha: 255, shade: 255)], into: frame.plane).composeInBands()
        XCTAssertEqual(frame.copied(), a.copied())
    }

    func testAStepReadingOutsideItsSourceIsDropped() {
        let a = Picture(width: 20, height: 20, seed: 21), frame = Picture(width: 30, height: 30, seed: 22)
        let before = frame.copied()
        BandComposer([.copy(a.plane, from: PixelRect(x: 5, y: 5, width: 20, height: 20),
                            to: PixelRect(x: 0, y: 0, width: 30, height: 30), alpha: 255, shade: 255),
                      .copy(a.plane, from: PixelRect(x: 0, y: 0, width: 0, height: 20),
                            to: PixelRect(x: 0, y: 0, width: 30, height: 30), alpha: 255, shade: 255)],
                     into: frame.plane).composeInBands()
        XCTAssertEqual(frame.copied(), before)
    }

    /// The vector loops (eight pixels at a time in 16-bit lanes) give what one pixel at a time gives, to the bit, at
    /// every weight, over pixels whose X byte is anything, for rows that leave a tail; and write the X byte 0xff.
    func testTheRowLoopsGiveWhatOnePixelAtATimeGives() {
        let n = 45
        var v: UInt32 = 12345
        func next() -> UInt32 { v ^= v << 13; v ^= v >> 17; v ^= v << 5; return v }
        let source = (0..<n).map { _ in next() }, under = (0..<n).map { _ in next() }
        func run(_ body: (UnsafeMutablePointer<UInt32>, UnsafePointer<UInt32>) -> Void) -> [UInt32] {
            var d = under
            d.withUnsafeMutableBufferPointer { d in source.withUnsafeBufferPointer { body(d.baseAddress!, $0.baseAddress!) } }
            return d
        }
        for alpha: UInt8 in [0, 1, 77, 127, 128, 200, 254, 255] {
            let a = RowKernels.weight(alpha)
            XCTAssertEqual(run { RowKernels.blend($0, $1, n, a) }, zip(source, under).map { RowKernels.blend($0, $1, a) })
            XCTAssertEqual(run { RowKernels.shade($0, $1, n, a) }, source.map { RowKernels.shade($0, a) })
            XCTAssertEqual(run { RowKernels.shadeBlend($0, $1, n, a, 256 - a) },
                           zip(source, under).map { RowKernels.blend(RowKernels.shade($0, a), $1, 256 - a) })
            XCTAssertEqual(run { d, _ in RowKernels.blendFill(d, n, 0x4080c0, a) },
                           under.map { RowKernels.blend(0x4080c0, $0, a) })
        }
        XCTAssertEqual(run { RowKernels.copy($0, $1, n) }, source.map { $0 | 0xff00_0000 })
        XCTAssertTrue(run { RowKernels.blend($0, $1, n, 100) }.allSatisfy { $0 >> 24 == 0xff })
    }
}
