import Foundation
import GalleryCore
import ImageSamples
import SDLKit
@_spi(Bench) @testable import TesseraApp
@testable import ImageLayer
import XCTest

/// The one decoder: what it refuses from the header alone, how it scales JPEGs, how it turns them upright.
final class ImageDecoderTests: XCTestCase {
    private let decoder = ImageDecoder()

    override func setUp() { XCTAssertNotNil(SharedSDL.system) }

    /// A JPEG whose left half is red and right half blue.
    private func halves(_ w: Int, _ h: Int) throws -> Data {
        let s = try Surface(width: w, height: h)
        s.fill(x: 0, y: 0, width: w / 2, height: h, r: 220, g: 20, b: 20)
        s.fill(x: w / 2, y: 0, width: w - w / 2, height: h, r: 20, g: 20, b: 220)
        return try s.jpegData(quality: 92)
    }

    private func isRed(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.r > 150 && p.b < 90 }
    private func isBlue(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.b > 150 && p.r < 90 }

    func testALargeJPEGDecodesAtReducedScaleToExactlyTheCell() throws {
        let data = try halves(4000, 3000)
        let target = PixelSize(width: 480, height: 360)
        let plan = try decoder.plan(data, target: target, requested: nil)
        XCTAssertEqual(plan.scale, ScalingFactor(1, 8))
        XCTAssertEqual([plan.decodedWidth, plan.decodedHeight], [500, 375])
        let out = try decoder.decode(data, plan: plan, target: target)
        XCTAssertEqual([out.surface.width, out.surface.height], [480, 360])
        XCTAssertEqual(out.peakBytes, 500 * 375 * 4, "the scaled picture, not 48 MB of full-size pixels")
        XCTAssertTrue(isRed(out.surface.pixel(x: 100, y: 180)))
        XCTAssertTrue(isBlue(out.surface.pixel(x: 380, y: 180)))
    }

    func testEXIFOrientationIsHonoured() throws {
        let stored = try halves(64, 32)  // red left, blue right
        // Upright, where is the stored left (red) half? 6: a quarter turn clockwise puts it on top; 8 at the
        // bottom; 3 on the right; 2 (mirrored) on the right too.
        let cases: [(Int, PixelSize, (x: Int, y: Int), (x: Int, y: Int))] = [
            (1, PixelSize(width: 64, height: 32), (10, 16), (54, 16)),
            (6, PixelSize(width: 32, height: 64), (16, 10), (16, 54)),
            (8, PixelSize(width: 32, height: 64), (16, 54), (16, 10)),
            (3, PixelSize(width: 64, height: 32), (54, 16), (10, 16)),
            (2, PixelSize(width: 64, height: 32), (54, 16), (10, 16)),
        ]
        for (orientation, upright, red, blue) in cases {
            let data = HeaderBytes.withOrientation(stored, orientation)
            let out = try decoder.decode(data, target: upright).surface
            XCTAssertEqual([out.width, out.height], [upright.width, upright.height], "orientation \(orientation)")
            XCTAssertTrue(isRed(out.pixel(x: red.x, y: red.y)), "orientation \(orientation): red at \(red)")
            XCTAssertTrue(isBlue(out.pixel(x: blue.x, y: blue.y)), "orientation \(orientation): blue at \(blue)")
        }
    }

    func testPNGAndWebPDecodeThroughTheirOwnLoaders() throws {
        let webp = try decoder.decode(SampleWebP.lossless, target: PixelSize(width: 32, height: 16)).surface
        XCTAssertEqual([webp.width, webp.height], [32, 16])
        XCTAssertTrue(isRed(webp.pixel(x: 4, y: 8)))
        let s = try Surface(width: 20, height: 10)
        s.fill(x: 0, y: 0, width: 20, height: 10, r: 10, g: 200, b: 10)
        let path = NSTemporaryDirectory() + "tessera-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try s.savePNG(to: path)
        let png = try decoder.decode(try Data(contentsOf: URL(fileURLWithPath: path)), target: PixelSize(width: 10, height: 5))
        XCTAssertEqual(png.surface.pixel(x: 5, y: 2).g, 200)
    }

    func testHostileHeadersAreRefusedBeforeAnyPixelBuffer() throws {
        let target = PixelSize(width: 600, height: 400)
        let bombs: [(String, Data)] = [
            ("PNG 60000²", HeaderBytes.png(width: 60000, height: 60000)),
            ("PNG of zeros", Bombs.png(compressedBytes: 1 << 20)),
            ("progressive JPEG 60000²", HeaderBytes.jpeg(width: 60000, height: 60000, progressive: true)),
            ("WebP 60000²", HeaderBytes.webpExtended(width: 60000, height: 60000)),
            ("GIF", Bombs.gif), ("TIFF", Bombs.tiff), ("SVG", Bombs.svg),
        ]
        for (name, data) in bombs {
            XCTAssertThrowsError(try decoder.plan(data, target: target, requested: nil), name) { error in
                XCTAssertNotNil(error as? ImageRefusal, "\(name): \(error)")
            }
            // The whole decode refuses the same way (it plans first).
            XCTAssertThrowsError(try decoder.decode(data, target: target), name)
        }
    }

    func testANetworkImageFarLargerThanAskedIsRefused() throws {
        let data = try halves(1300, 400)
        let asked = PixelSize(width: 622, height: 400)
        XCTAssertThrowsError(try decoder.decode(data, target: asked, requested: asked)) { error in
            XCTAssertEqual(error as? ImageRefusal, .notAsRequested(width: 1300, height: 400, requested: asked))
        }
        XCTAssertNoThrow(try decoder.decode(data, target: asked), "a source of originals may send it")
    }

    func testATruncatedJPEGFailsButAHarmlessWarningDoesNot() throws {
        let data = try halves(64, 48)
        XCTAssertThrowsError(try decoder.decode(data.prefix(data.count * 2 / 3), target: PixelSize(width: 64, height: 48)))
        // Two stray bytes before the scan: libjpeg warns ("extraneous bytes before marker"), the picture is whole.
        var bytes = Array(data)
        let sos = (0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }!
        bytes.insert(contentsOf: [0x00, 0x00], at: sos)
        let out = try decoder.decode(Data(bytes), target: PixelSize(width: 64, height: 48)).surface
        XCTAssertTrue(isRed(out.pixel(x: 5, y: 20)))
    }
}

/// The pool's scheduling: refusals never queue, cancelled jobs leave the queue at once, one large decode at a time.
final class DecodePoolTests: XCTestCase {
    override func setUp() { XCTAssertNotNil(SharedSDL.system) }

    private func jpeg(_ w: Int, _ h: Int) throws -> Data {
        let s = try Surface(width: w, height: h)
        s.fill(x: 0, y: 0, width: w, height: h, r: 90, g: 90, b: 90)
        return try s.jpegData()
    }

    private func job(_ live: LiveTokens, _ token: UInt64, _ data: Data, _ size: Int, priority: Int = 0,
                     done: @escaping (Result<Surface, Error>) -> Void) -> DecodePool.Job {
        live.insert(token)
        return DecodePool.Job(token: token, priority: priority, answer: ImageAnswer(data),
                              target: PixelSize(width: size, height: size), requested: nil, done: done)
    }

    func testARefusedImageNeverWaitsInTheQueue() throws {
        let live = LiveTokens()
        let pool = DecodePool(live: live, workers: 1)
        defer { pool.shutdown() }
        var refusal: Error?
        pool.submit(job(live, 1, Bombs.gif, 10) { if case .failure(let e) = $0 { refusal = e } })
        // `done` ran on this thread, inside submit: nothing was queued.
        XCTAssertEqual(refusal as? ImageRefusal, .unsupportedFormat("GIF"))
        XCTAssertEqual(pool.refusedCount, 1)
        XCTAssertEqual(pool.queuedCount, 0)
    }

    func testCancelledJobsLeaveTheQueueAtOnce() throws {
        let live = LiveTokens()
        let pool = DecodePool(live: live, workers: 1)
        defer { pool.shutdown() }
        let busy = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let data = try jpeg(16, 16)
        pool.submit(job(live, 1, data, 8) { _ in busy.signal(); release.wait() })
        busy.wait()  // the only worker is held inside job 1's completion
        pool.submit(job(live, 2, data, 8) { _ in XCTFail("cancelled job ran") })
        pool.submit(job(live, 3, data, 8) { _ in })
        XCTAssertEqual(pool.queuedCount, 2)
        pool.cancel(token: 2)
        XCTAssertEqual(pool.queuedCount, 1, "dropped when cancelled, not when a worker reaches it")
        release.signal()
    }

    func testOneLargeDecodeAtATimeAndSmallCellsGoPastIt() throws {
        let live = LiveTokens()
        var decoder = ImageDecoder()
        decoder.limits.largeDecodeBytes = 100 * 100 * 4  // anything over 100×100 is "large" here
        let pool = DecodePool(live: live, decoder: decoder, workers: 2)
        defer { pool.shutdown() }
        let large = try jpeg(400, 400), small = try jpeg(32, 32)
        let firstLargeRunning = DispatchSemaphore(value: 0), releaseLarge = DispatchSemaphore(value: 0)
        let smallDone = DispatchSemaphore(value: 0), secondLargeDone = DispatchSemaphore(value: 0)
        pool.submit(job(live, 1, large, 400) { _ in firstLargeRunning.signal(); releaseLarge.wait() })
        firstLargeRunning.wait()
        pool.submit(job(live, 2, large, 400, priority: 0) { _ in secondLargeDone.signal() })
        pool.submit(job(live, 3, small, 32, priority: 5) { _ in smallDone.signal() })
        // The free worker passes over the more urgent large job and takes the small one.
        XCTAssertEqual(smallDone.wait(timeout: .now() + 10), .success, "a small cell waited behind a large decode")
        XCTAssertEqual(pool.queuedCount, 1, "the second large decode waits for the first")
        releaseLarge.signal()
        XCTAssertEqual(secondLargeDone.wait(timeout: .now() + 10), .success)
    }
}
