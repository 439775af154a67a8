import CSDL2
import Foundation
import GalleryCore
import MediaWorkers
@testable import SDLKit
import XCTest

/// `YUVPlanes.convert` (CPlatform's `tessera_i420_to_xrgb`): within a level of BT.601/709 worked out in floating point,
/// every kernel the same bytes, any size, pitch and offset, nothing read or written outside the planes and rows.
final class YUVPlanesTests: XCTestCase {
    typealias Matrix = YUVPlanes.Matrix
    static let matrices = [Matrix(bt709: true, fullRange: false), Matrix(bt709: false, fullRange: false),
                           Matrix(bt709: true, fullRange: true), Matrix(bt709: false, fullRange: true)]

    /// R, G, B of Y, U, V in floating point, rounded and clamped: the reference.
    static func exact(_ y: Int, _ u: Int, _ v: Int, _ m: Matrix) -> [Int] {
        let kr = m.bt709 ? 0.2126 : 0.299, kb = m.bt709 ? 0.0722 : 0.114, kg = 1 - kr - kb
        let luma = m.fullRange ? Double(y) / 255 : Double(y - 16) / 219
        let pb = Double(u - 128) / (m.fullRange ? 255 : 224), pr = Double(v - 128) / (m.fullRange ? 255 : 224)
        let r = luma + 2 * (1 - kr) * pr, b = luma + 2 * (1 - kb) * pb, g = (luma - kr * r - kb * b) / kg
        return [r, g, b].map { min(255, max(0, Int(($0 * 255).rounded()))) }
    }

    /// Y, U, V of R, G, B (0...1), rounded: a saturated colour as a clip holds it.
    static func yuv(_ r: Double, _ g: Double, _ b: Double, _ m: Matrix) -> [Int] {
        let kr = m.bt709 ? 0.2126 : 0.299, kb = m.bt709 ? 0.0722 : 0.114
        let luma = kr * r + (1 - kr - kb) * g + kb * b
        let pb = (b - luma) / (2 * (1 - kb)), pr = (r - luma) / (2 * (1 - kr))
        let values = m.fullRange ? [255 * luma, 128 + 255 * pb, 128 + 255 * pr] : [16 + 219 * luma, 128 + 224 * pb, 128 + 224 * pr]
        return values.map { min(255, max(0, Int($0.rounded()))) }
    }

    /// Planes of `width` x `height` in memory of their own, each plane's last row ending where an unreadable page
    /// begins (a read past a plane ends the test process), with pitches `extra` bytes over each row.
    final class GuardedPlanes {
        let width: Int, height: Int, pitches: [Int]
        private var maps: [(UnsafeMutableRawPointer, Int)] = []
        private(set) var starts: [UnsafeMutableRawPointer] = []

        init(width: Int, height: Int, extra: Int) {
            (self.width, self.height) = (width, height)
            let cw = (width + 1) / 2, ch = (height + 1) / 2
            pitches = [width + extra, cw + extra, cw + extra]
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            for (plane, rows) in [height, ch, ch].enumerated() {
                let bytes = (rows - 1) * pitches[plane] + (plane == 0 ? width : cw)
                let size = (bytes + page - 1) / page * page + page
                let map = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)!
                mprotect(map + size - page, page, PROT_NONE)
                maps.append((map, size))
                starts.append(map + size - page - bytes)
            }
        }

        deinit { for (map, size) in maps { munmap(map, size) } }

        func set(_ plane: Int, x: Int, y: Int, _ value: Int) {
            starts[plane].storeBytes(of: UInt8(value), toByteOffset: y * pitches[plane] + x, as: UInt8.self)
        }

        func get(_ plane: Int, x: Int, y: Int) -> Int {
            Int(starts[plane].load(fromByteOffset: y * pitches[plane] + x, as: UInt8.self))
        }

        var planes: YUVPlanes {
            YUVPlanes(y: starts[0], yPitch: pitches[0], u: starts[1], uPitch: pitches[1], v: starts[2],
                      vPitch: pitches[2], width: width, height: height)!
        }
    }

    /// `planes` converted by `kernel` into rows of `pitch` bytes starting `offset` pixels into a buffer filled with
    /// 0xA5 (rows and the buffer's ends around the picture read back as 0xA5 or the test fails): the pixels, row
    /// after row, as [R, G, B].
    func convert(_ planes: YUVPlanes, _ m: Matrix, kernel: YUVPlanes.Kernel, offset: Int = 0, pad: Int = 3,
                 file: StaticString = #filePath, line: UInt = #line) -> [[Int]] {
        let pitch = 4 * (offset + planes.width + pad), canary: UInt8 = 0xA5
        var buffer = [UInt8](repeating: canary, count: pitch * (planes.height + 2))
        var out: [[Int]] = []
        buffer.withUnsafeMutableBytes { raw in
            planes.convert(m, into: raw.baseAddress! + pitch + 4 * offset, pitch: pitch, kernel: kernel)
        }
        for row in 0..<planes.height + 2 {
            for x in 0..<pitch / 4 {
                let p = (row * pitch) + 4 * x
                let inside = row >= 1 && row <= planes.height && x >= offset && x < offset + planes.width
                if inside {
                    if buffer[p + 3] != 255 { XCTFail("alpha \(buffer[p + 3]) at \(x - offset),\(row - 1)", file: file, line: line) }
                    out.append([Int(buffer[p + 2]), Int(buffer[p + 1]), Int(buffer[p])])
                } else if buffer[p..<p + 4].contains(where: { $0 != canary }) {
                    XCTFail("\(kernel) wrote outside the picture at \(x - offset),\(row - 1) (\(planes.width)x\(planes.height))",
                            file: file, line: line)
                    return out
                }
            }
        }
        return out
    }

    /// The largest difference between `got` and the reference for each pixel's Y, U, V.
    func worst(_ got: [[Int]], _ source: GuardedPlanes, _ m: Matrix) -> Int {
        guard got.count == source.width * source.height else { return 255 }  // convert said where it went wrong
        var worst = 0
        for y in 0..<source.height {
            for x in 0..<source.width {
                let want = Self.exact(source.get(0, x: x, y: y), source.get(1, x: x / 2, y: y / 2),
                                      source.get(2, x: x / 2, y: y / 2), m)
                worst = max(worst, zip(got[y * source.width + x], want).map { abs($0 - $1) }.max()!)
            }
        }
        return worst
    }

    func testSaturatedColoursAndRampsAreWithinALevelOfTheExactConversion() {
        let colours: [[Double]] = [[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 1, 1], [1, 0, 1], [1, 1, 0], [1, 1, 1], [0, 0, 0],
                                   [0.75, 0, 0], [0, 0.75, 0], [0, 0, 0.75], [0.75, 0.75, 0], [0.5, 0.5, 0.5]]
        for m in Self.matrices {
            // Saturated colours in 2x2 blocks, then every Y against ramps of U and of V, the out-of-gamut corners too.
            let frame = GuardedPlanes(width: 256, height: 2 * colours.count + 64, extra: 0)
            for (i, c) in colours.enumerated() {
                let yuv = Self.yuv(c[0], c[1], c[2], m)
                for x in 0..<256 {
                    for dy in 0..<2 { frame.set(0, x: x, y: 2 * i + dy, yuv[0]) }
                    if x % 2 == 0 { frame.set(1, x: x / 2, y: i, yuv[1]); frame.set(2, x: x / 2, y: i, yuv[2]) }
                }
            }
            for row in 0..<64 {
                let y = 2 * colours.count + row
                for x in 0..<256 {
                    frame.set(0, x: x, y: y, (x + 61 * row) % 256)
                    if x % 2 == 0, row % 2 == 0 {
                        frame.set(1, x: x / 2, y: y / 2, (x + 8 * row) % 256)
                        frame.set(2, x: x / 2, y: y / 2, 255 - (2 * x + 4 * row) % 256)
                    }
                }
            }
            let got = convert(frame.planes, m, kernel: .best)
            XCTAssertLessThanOrEqual(worst(got, frame, m), 1, "\(m)")
            for (i, c) in colours.enumerated() {
                let want = c.map { Int(($0 * 255).rounded()) }, pixel = got[2 * i * 256 + 17]
                XCTAssertTrue(zip(pixel, want).allSatisfy { abs($0 - $1) <= 2 }, "\(c) in \(m): \(pixel)")
            }
        }
    }

    func testEveryKernelMakesTheSameBytesAtAnySizePitchAndOffset() {
        var seed: UInt32 = 12345
        func noise() -> Int { seed = seed &* 1_103_515_245 &+ 12345; return Int(seed >> 16) & 255 }
        for (width, height) in [(1, 1), (2, 2), (3, 5), (15, 3), (17, 9), (31, 7), (33, 4), (47, 11), (64, 2), (77, 33), (130, 5)] {
            for extra in [0, 5] {
                let frame = GuardedPlanes(width: width, height: height, extra: extra)
                for plane in 0..<3 {
                    let w = plane == 0 ? width : (width + 1) / 2, h = plane == 0 ? height : (height + 1) / 2
                    for y in 0..<h { for x in 0..<w { frame.set(plane, x: x, y: y, noise()) } }
                }
                let m = Self.matrices[(width + extra) % 4]
                let plain = convert(frame.planes, m, kernel: .plain)
                XCTAssertLessThanOrEqual(worst(plain, frame, m), 1, "\(width)x\(height)")
                for kernel in YUVPlanes.Kernel.allCases where kernel.rawValue <= YUVPlanes.Kernel.best.rawValue {
                    for offset in 0..<9 {
                        XCTAssertEqual(convert(frame.planes, m, kernel: kernel, offset: offset), plain,
                                       "\(kernel) \(width)x\(height) pitch +\(extra) at pixel \(offset)")
                    }
                }
            }
        }
    }

    func testAPitchUnderARowOrAnEmptySideIsRefused() {
        let bytes = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
        defer { bytes.deallocate() }
        XCTAssertNil(YUVPlanes(y: bytes, yPitch: 7, u: bytes, uPitch: 4, v: bytes, vPitch: 4, width: 8, height: 2))
        XCTAssertNil(YUVPlanes(y: bytes, yPitch: 9, u: bytes, uPitch: 4, v: bytes, vPitch: 4, width: 9, height: 2),
                     "an odd width's chroma row is 5")
        XCTAssertNil(YUVPlanes(y: bytes, yPitch: 8, u: bytes, uPitch: 4, v: bytes, vPitch: 4, width: 0, height: 2))
        XCTAssertNil(YUVPlanes(packedI420: bytes, pitch: 8, width: 8, height: 0))
        XCTAssertNotNil(YUVPlanes(y: bytes, yPitch: 9, u: bytes, uPitch: 5, v: bytes, vPitch: 5, width: 9, height: 1))
    }

    /// SDL's own conversion and this one on the same 1080p frame, in this process (a debug build's C is unoptimised:
    /// `make bench`'s figures are the release build's).
    func testA1080pFrameAgainstSDLsConversion() {
        let (width, height) = (1920, 1080)
        var planes = [UInt8](repeating: 0, count: width * height * 3 / 2)
        // A picture's values (SDL's SSE2 overflows on some out-of-gamut corners: Y 225 and U 255 read blue 0).
        for i in planes.indices { planes[i] = UInt8(i < width * height ? 16 + (i % 1931) * 7 % 220 : 64 + i % 1933 % 128) }
        var ours = [UInt8](repeating: 0, count: width * height * 4), sdl = ours
        let m = Matrix.sdl(width: width, height: height)
        XCTAssertEqual(m, Matrix(bt709: SDL_GetYUVConversionModeForResolution(1920, 1080) == SDL_YUV_CONVERSION_BT709,
                                 fullRange: false), "SDL's own choice (SDL 2's default: BT.601 at any size)")
        var times: [String: Double] = [:]
        planes.withUnsafeBytes { p in
            let frame = YUVPlanes(packedI420: p.baseAddress!, pitch: width, width: width, height: height)!
            for _ in 0..<3 {
                var start = MediaClips.now()
                ours.withUnsafeMutableBytes { _ = frame.convert(m, into: $0.baseAddress!, pitch: width * 4) }
                times["ours", default: .infinity] = min(times["ours", default: .infinity], MediaClips.now() - start)
                start = MediaClips.now()
                sdl.withUnsafeMutableBytes {
                    _ = SDL_ConvertPixels(Int32(width), Int32(height), SDL_PIXELFORMAT_IYUV.rawValue, p.baseAddress!,
                                          Int32(width), SDL_PIXELFORMAT_RGB888.rawValue, $0.baseAddress!, Int32(width * 4))
                }
                times["sdl", default: .infinity] = min(times["sdl", default: .infinity], MediaClips.now() - start)
            }
        }
        var apart = 0
        for i in ours.indices where i % 4 != 3 { apart = max(apart, abs(Int(ours[i]) - Int(sdl[i]))) }
        XCTAssertLessThanOrEqual(apart, 3, "SDL is within 2 of the exact conversion, this within 1")
        print(String(format: "1080p frame: %@ %.2f ms, SDL_ConvertPixels %.2f ms", "\(YUVPlanes.Kernel.best)",
                     times["ours"]! * 1000, times["sdl"]! * 1000))
    }

    /// A testsrc2 clip's own frames, as the media worker hands them over: within a level of the exact conversion.
    func testAClipsOwnFramesAreWithinALevel() throws {
        let wakes = DispatchSemaphore(value: 0)
        let player = MediaPlayer(executable: MediaClips.worker, location: MediaLocation(file: try MediaClips.h264()),
                                 width: 320, height: 240, loops: true, planes: true, wake: { wakes.signal() })
        defer { player.stop() }
        var checked = 0
        let deadline = MediaClips.now() + 10
        while checked < 3, player.failure == nil, MediaClips.now() < deadline {
            let took = player.takeFrame { (frame: ClipFrame) in
                XCTAssertEqual(frame.layout, .i420)
                let planes = frame.planes
                let source = GuardedPlanes(width: frame.width, height: frame.height, extra: 0)
                for (i, plane) in planes.enumerated() {
                    let (w, h) = i == 0 ? (frame.width, frame.height) : ((frame.width + 1) / 2, (frame.height + 1) / 2)
                    for y in 0..<h { for x in 0..<w { source.set(i, x: x, y: y, Int(plane.pixels.load(fromByteOffset: y * plane.pitch + x, as: UInt8.self))) } }
                }
                let m = Matrix.sdl(width: frame.width, height: frame.height)
                XCTAssertLessThanOrEqual(worst(convert(source.planes, m, kernel: .best), source, m), 1, "frame \(checked)")
                checked += 1
            }
            if !took { _ = wakes.wait(timeout: .now() + 0.05) }
        }
        XCTAssertEqual(checked, 3, "three frames within 10 s")
    }

    /// A stream's held planes drawn one to one at every pixel offset of the window land as the converter makes them.
    func testHeldPlanesLandAtEveryOffsetOfTheWindowAsConverted() throws {
        XCTAssertNotNil(SharedSDL.system)
        let window = try Window(system: RenderingTests.video!, title: "offsets", width: 40, height: 12)
        let renderer = try Renderer(window: window, kind: .software, vsync: false)
        let (width, height) = (22, 6)
        var packed = [UInt8](repeating: 0, count: width * height * 3 / 2)
        for i in packed.indices { packed[i] = UInt8(truncatingIfNeeded: i &* 37 &+ 11) }
        let texture = try Texture(renderer: renderer, streamingWidth: width, height: height, yuv: .iyuv)
        try packed.withUnsafeBytes { p in
            let frame = YUVPlanes(packedI420: p.baseAddress!, pitch: width, width: width, height: height)!
            let want = convert(frame, .sdl(width: width, height: height), kernel: .best)
            for offset in 0..<9 {
                try texture.update(heldPlanes: p.baseAddress!, pitch: width, owner: nil)
                renderer.setColor(0, 0, 0)
                renderer.clear()
                renderer.copy(texture, to: 3 + offset, 5, width, height)
                XCTAssertEqual(texture.heldPlanes?.converted, false, "straight into the window")
                let shown = try renderer.readPixels()
                var got: [[Int]] = []
                for y in 0..<height {
                    for x in 0..<width {
                        let pixel = shown.pixel(x: 3 + offset + x, y: 5 + y)
                        got.append([Int(pixel.r), Int(pixel.g), Int(pixel.b)])
                    }
                }
                XCTAssertEqual(got, want, "at \(3 + offset),5")
            }
        }
    }
}
