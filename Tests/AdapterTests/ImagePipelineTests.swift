import Foundation
@testable import GalleryCore
import SDLKit
@_spi(Bench) @testable import TesseraApp
@testable import ImageLayer
import XCTest

/// A photo source whose requests the test answers by hand, from another thread, as the network thread would.
final class ManualSource: PhotoSource {
    struct Call { let id: RequestID; let photo: Photo; let size: PixelSize; let priority: Int
        let completion: (Result<Data, SourceError>) -> Void }
    let name = "manual"
    private let lock = NSLock()
    private var next: UInt64 = 1
    private(set) var calls: [Call] = []
    private(set) var cancelled: Set<RequestID> = []

    func fetchPage(_ page: Int, limit: Int, completion: @escaping (Result<PageContents, SourceError>) -> Void) -> RequestID {
        RequestID(0)
    }

    func fetchImage(_ photo: Photo, size: PixelSize, priority: Int, progress: ((Double) -> Void)?,
                    completion: @escaping (Result<ImageAnswer, SourceError>) -> Void) -> RequestID {
        lock.lock(); defer { lock.unlock() }
        let id = RequestID(next)
        next += 1
        calls.append(Call(id: id, photo: photo, size: size, priority: priority,
                          completion: { completion($0.map { ImageAnswer($0) }) }))
        return id
    }

    /// Whether a cancel withdraws the request (it was still queued) or it was already sent and will complete.
    var sent = false

    func cancel(_ id: RequestID) -> Bool {
        lock.lock(); defer { lock.unlock() }
        cancelled.insert(id)
        return !sent
    }

    /// Answers a call from a background thread.
    func answer(_ call: Call, _ result: Result<Data, SourceError>) {
        Thread.detachNewThread { call.completion(result) }
    }
}

final class ImagePipelineTests: XCTestCase {
    private var renderer: Renderer!
    private var source: ManualSource!
    private var pipeline: ImagePipeline!
    private var mailbox: Mailbox<Delivery>!
    private var pool: DecodePool!
    private let woken = DispatchSemaphore(value: 0)
    private var config = GalleryConfig()

    override func setUpWithError() throws {
        renderer = try TestVideo.renderer()
        source = ManualSource()
        let live = LiveTokens()
        let woken = self.woken
        mailbox = Mailbox { woken.signal() }
        pool = DecodePool(live: live, workers: 1)
        pipeline = ImagePipeline(source: source, pool: pool, keeper: CellKeeper(cells: nil), live: live,
                                 mailbox: mailbox, config: config)
    }

    override func tearDown() {
        pool.shutdown()
    }

    private func want(_ id: String, _ w: Int = 64, _ h: Int = 48, worth: Bool = true) -> ImageWant {
        let p = Photo(id: id, author: "", width: w * 10, height: h * 10, url: "", downloadURL: "")
        return ImageWant(key: ImageKey(item: ItemKey(pass: 0, photoID: id), detail: false), photo: p,
                         size: PixelSize(width: w, height: h), worthStarting: worth)
    }

    private func jpeg(_ w: Int, _ h: Int) throws -> Data {
        let s = try Surface(width: w, height: h)
        s.fill(x: 0, y: 0, width: w, height: h, r: 200, g: 120, b: 40)
        return try s.jpegData()
    }

    /// Takes results as the main loop does, until `count` have arrived.
    private func deliver(_ count: Int, now: Double = 0) {
        var received = 0
        while received < count {
            let messages = mailbox.takeAll()
            if messages.isEmpty {
                XCTAssertEqual(woken.wait(timeout: .now() + 10), .success, "a worker result never arrived")
                continue
            }
            for case let .images(.image(key, token, result, standIn)) in messages {
                pipeline.receive(key, token: token, result, standIn: standIn, now: now)
                received += 1
            }
        }
    }

    func testDecodesOffTheMainThreadAndUploadsABoundedNumberPerFrame() throws {
        let before = RenderThreadGuard.violations.count
        let wants = ["a", "b", "c"].map { want($0) }
        pipeline.update(wanted: wants, now: 0)
        XCTAssertEqual(source.calls.map(\.photo.id), ["a", "b", "c"])
        XCTAssertEqual(source.calls.map(\.priority), [0, 1, 2], "most urgent first")
        for call in source.calls { source.answer(call, .success(try jpeg(64, 48))) }
        deliver(3)
        XCTAssertTrue(pipeline.hasUploads)
        XCTAssertGreaterThan(pipeline.pixelBytes, 0, "decoded pixels wait for upload")
        pipeline.upload(to: renderer, count: 2, bytes: .max, now: 0)
        XCTAssertEqual(pipeline.textureCount, 2, "no more than the per-frame count")
        pipeline.upload(to: renderer, count: 2, bytes: .max, now: 0)
        XCTAssertEqual(pipeline.textureCount, 3)
        XCTAssertEqual(pipeline.textureBytes, 3 * 64 * 48 * 4)
        XCTAssertEqual(pipeline.texture(for: wants[0].key)?.width, 64)
        XCTAssertEqual(RenderThreadGuard.violations.count, before, "decode workers never touched the renderer")

        // The guard does catch a renderer call from another thread.
        let done = expectation(description: "background call")
        let r = renderer!
        Thread.detachNewThread { r.setColor(1, 2, 3); done.fulfill() }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(RenderThreadGuard.violations.count, before + 1)
    }

    func testResultsForCellsNoLongerWantedAreDropped() throws {
        pipeline.update(wanted: [want("a")], now: 0)
        let call = try XCTUnwrap(source.calls.first)
        pipeline.update(wanted: [], now: 0)
        XCTAssertTrue(source.cancelled.contains(call.id), "the download is cancelled")
        // The answer comes anyway (the request was already sent), here on this thread: its token is dead, so it is
        // dropped before it reaches the decoder, and nothing is delivered.
        call.completion(.success(try jpeg(64, 48)))
        XCTAssertEqual(pool.queuedCount, 0, "never queued for decoding")
        XCTAssertTrue(mailbox.takeAll().isEmpty, "nothing delivered")
        pipeline.upload(to: renderer, count: 10, bytes: .max, now: 0)
        XCTAssertEqual(pipeline.textureCount, 0)
        XCTAssertEqual(pipeline.state(of: want("a").key), .empty)
    }

    func testCellsThatWouldArriveStaleAreNotStarted() {
        pipeline.update(wanted: (0..<10).map { want("f\($0)", worth: false) }, now: 0)
        XCTAssertTrue(source.calls.isEmpty)
        XCTAssertEqual(pipeline.loadingCount, 0)
    }

    func testOnlyTheMostUrgentLoadsRunAndNewUrgentCellsTakeOver() {
        let cap = 2 * config.maxConcurrentDownloads
        let many = (0..<40).map { want("m\($0)") }
        pipeline.update(wanted: many, now: 0)
        XCTAssertEqual(source.calls.count, cap)
        XCTAssertEqual(source.calls.map(\.photo.id), many.prefix(cap).map { $0.photo.id })
        let urgent = want("urgent")
        pipeline.update(wanted: [urgent] + many, now: 0)
        XCTAssertEqual(source.calls.last?.photo.id, "urgent")
        XCTAssertEqual(source.cancelled, [source.calls[cap - 1].id], "the least urgent load made room")
        XCTAssertEqual(pipeline.loadingCount, cap)
    }

    func testAResizedCellKeepsItsOldTextureUntilTheNewOneArrives() throws {
        pipeline.update(wanted: [want("r", 64, 48)], now: 0)
        source.answer(source.calls[0], .success(try jpeg(64, 48)))
        deliver(1)
        pipeline.upload(to: renderer, count: 1, bytes: .max, now: 0)
        pipeline.update(wanted: [want("r", 96, 72)], now: 1)
        XCTAssertEqual(source.calls.count, 2)
        XCTAssertEqual(source.calls[1].size, PixelSize(width: 96, height: 72))
        XCTAssertEqual(pipeline.state(of: want("r").key), .ready, "never blanked")
        XCTAssertEqual(pipeline.texture(for: want("r").key)?.width, 64)
        source.answer(source.calls[1], .success(try jpeg(96, 72)))
        deliver(1)
        pipeline.upload(to: renderer, count: 1, bytes: .max, now: 1)
        XCTAssertEqual(pipeline.texture(for: want("r").key)?.width, 96)
        XCTAssertEqual(pipeline.textureBytes, 96 * 72 * 4)
    }

    func testFailuresRetryWithBackoffThenShowTheFailure() throws {
        let key = want("x").key
        var now = 0.0
        for attempt in 0...config.imageRetries {
            pipeline.update(wanted: [want("x")], now: now)
            XCTAssertEqual(source.calls.count, attempt + 1, "attempt \(attempt + 1) started")
            source.answer(source.calls[attempt], .failure(.http(.status(500, retryAfter: nil))))
            deliver(1, now: now)
            pipeline.update(wanted: [want("x")], now: now + 0.01)
            XCTAssertEqual(source.calls.count, attempt + 1, "no retry before the backoff")
            now += 100
        }
        XCTAssertEqual(pipeline.state(of: key), .failed)
        pipeline.update(wanted: [want("x")], now: now + 1000)
        XCTAssertEqual(source.calls.count, config.imageRetries + 1, "gave up")
    }

    func testCorruptBytesFailAsADecodeErrorAndAreRetried() throws {
        pipeline.update(wanted: [want("c")], now: 0)
        let whole = try jpeg(64, 48)
        source.answer(source.calls[0], .success(whole.prefix(whole.count / 2)))
        deliver(1)
        XCTAssertFalse(pipeline.hasUploads)
        XCTAssertTrue(pipeline.lastFailure?.contains("decoded") == true, pipeline.lastFailure ?? "nil")
        XCTAssertNotEqual(pipeline.state(of: want("c").key), .failed, "a damaged transfer is worth another try")
    }

    func testARefusedImageFailsAtOnceWithoutRetriesOrQueueing() throws {
        pipeline.update(wanted: [want("g")], now: 0)
        source.answer(source.calls[0], .success(Data("<svg width='60000' height='60000'/>".utf8)))
        deliver(1)
        XCTAssertEqual(pipeline.state(of: want("g").key), .failed)
        XCTAssertTrue(pipeline.lastFailure?.contains("refused before decoding: SVG") == true, pipeline.lastFailure ?? "nil")
        XCTAssertEqual(pool.refusedCount, 1)
        pipeline.update(wanted: [want("g")], now: 1000)
        XCTAssertEqual(source.calls.count, 1, "never asked again")
    }

    /// Zoomed past the preview, the original is refused (a key without `asset.download`, a HEIC the decoder will not
    /// take): asked once, never every frame, the preview staying on screen and nothing left "loading".
    func testARefusedSharperCopyIsAskedOnceAndThePictureItHasStays() throws {
        for refusal in [Result<Data, SourceError>.failure(.refused("Immich's API key lacks a permission")),
                        .success(Data("<svg width='60000' height='60000'/>".utf8))] {
            let id = "z\(source.calls.count)"
            pipeline.update(wanted: [want(id, 64, 48)], now: 0)
            source.answer(try XCTUnwrap(source.calls.last), .success(try jpeg(64, 48)))
            deliver(1)
            pipeline.upload(to: renderer, count: 1, bytes: .max, now: 0)
            let asked = source.calls.count
            pipeline.update(wanted: [want(id, 128, 96)], now: 1)
            XCTAssertEqual(source.calls.count, asked + 1, "the sharper copy is asked for")
            source.answer(try XCTUnwrap(source.calls.last), refusal)
            deliver(1, now: 1)
            // A zoom's frames: each wants the sharper copy again, for a while.
            for frame in 0..<300 { pipeline.update(wanted: [want(id, 128, 96)], now: 1 + Double(frame) / 60) }
            pipeline.update(wanted: [want(id, 256, 192)], now: 1000)
            XCTAssertEqual(source.calls.count, asked + 1, "one refusal is final for that photo: \(refusal)")
            XCTAssertEqual(pipeline.state(of: want(id).key), .ready)
            XCTAssertEqual(pipeline.texture(for: want(id).key)?.width, 64, "the preview stays")
            XCTAssertEqual(pipeline.loadingCount, 0, "nothing is left loading")
            pipeline.update(wanted: [], now: 1001)
        }
    }
}

/// A folder-like source: it answers (from another thread) with a photo to decode, named by a cell key.
final class KeepingSource: PhotoSource {
    let name = "keeping"
    private let lock = NSLock()
    private let bytes: Data
    private(set) var fetches = 0

    /// Answers held until `release` (so a burst of decodes arrives at once), then given at once.
    private var held: [(Result<ImageAnswer, SourceError>) -> Void] = []
    private var released = false

    init(bytes: Data) { self.bytes = bytes }

    func release() {
        let waiting = lock.withLock { released = true; defer { held = [] }; return held }
        let bytes = self.bytes
        // Each held completion answers with its own photo's cell key.
        Thread.detachNewThread { for completion in waiting { completion(.success(ImageAnswer(bytes))) } }
    }

    func fetchPage(_ page: Int, limit: Int, completion: @escaping (Result<PageContents, SourceError>) -> Void) -> RequestID { RequestID(0) }
    func fetchImage(_ photo: Photo, size: PixelSize, priority: Int, progress: ((Double) -> Void)?,
                    completion: @escaping (Result<ImageAnswer, SourceError>) -> Void) -> RequestID {
        let answer = ImageAnswer(bytes, cellKey: "cell:" + photo.id)
        let now: Bool = lock.withLock {
            fetches += 1
            if !released { held.append { completion($0.map { _ in answer }) } }
            return released
        }
        if now { Thread.detachNewThread { completion(.success(answer)) } }
        return RequestID(0)
    }
    func cancel(_ id: RequestID) -> Bool { false }
    var fetchCount: Int { lock.withLock { fetches } }
}

/// A cell cache in memory that counts what it keeps.
final class CountingCells: CellCache {
    private let lock = NSLock()
    private(set) var kept: [String: Int] = [:]
    var onKeep: ((Int) -> Void)?

    func cell(forKey key: String) -> Data? { nil }
    func wants(_ key: String) -> Bool { lock.withLock { kept[key] == nil } }
    func keep(_ encoded: Data, forKey key: String) {
        let count: Int = lock.withLock { kept[key, default: 0] += 1; return kept.count }
        onKeep?(count)
    }
    func forget(_ key: String) { lock.withLock { _ = kept.removeValue(forKey: key) } }
    var snapshot: [String: Int] { lock.withLock { kept } }
}

final class CellKeepingTests: XCTestCase {
    func testCellsAreKeptWhenNoDecodeWaitsAndThoseLetGoAreDecodedAgainThen() throws {
        XCTAssertNotNil(SharedSDL.system)
        // 1200x900 photos for 1000x750 cells: about 3 MB a cell, so the bounded wait (24 MB) cannot hold 20.
        let photoBytes = try { () throws -> Data in
            let s = try Surface(width: 1200, height: 900)
            s.fill(x: 0, y: 0, width: 1200, height: 900, r: 30, g: 160, b: 90)
            return try s.jpegData()
        }()
        let source = KeepingSource(bytes: photoBytes)
        let cells = CountingCells()
        let keeper = CellKeeper(cells: CellShelf(cache: cells))
        let live = LiveTokens()
        let pool = DecodePool(live: live, workers: 2, idle: keeper.nextIdleWork)
        defer { pool.shutdown() }
        let pipeline = ImagePipeline(source: source, pool: pool, keeper: keeper, live: live, mailbox: Mailbox {},
                                     config: GalleryConfig())
        let count = 20
        let allKept = expectation(description: "every cell kept")
        cells.onKeep = { if $0 == count { allKept.fulfill() } }
        let decoded = expectation(description: "every cell decoded")
        decoded.expectedFulfillmentCount = count
        for i in 0..<count {
            let photo = Photo(id: "p\(i)", author: "", width: 1200, height: 900, url: "", downloadURL: "")
            pipeline.load(photo, size: PixelSize(width: 1000, height: 750), cell: true, priority: i,
                          token: pipeline.newToken()) { _, _ in decoded.fulfill() }
        }
        source.release()  // twenty decodes arrive at once: the wait for an idle worker fills
        wait(for: [decoded, allKept], timeout: 60)
        let fetches = source.fetchCount, kept = cells.snapshot
        XCTAssertEqual(kept.count, count)
        XCTAssertTrue(kept.values.allSatisfy { $0 == 1 }, "each kept once")
        XCTAssertGreaterThan(fetches, count, "cells let go while decodes waited were read and decoded again to be kept")
        pool.shutdown()  // the last keep's work returns
        XCTAssertEqual(pipeline.cellsWaitingToBeKept, 0)
    }

    func testTheWaitForAnIdleWorkerIsBounded() {
        let pool = DecodePool(live: LiveTokens(), workers: 1)
        defer { pool.shutdown() }
        XCTAssertFalse(pool.whenIdle(bytes: DecodePool.idleLimitBytes + 1) {}, "more than it may hold is let go")
        let ran = expectation(description: "idle work ran")
        XCTAssertTrue(pool.whenIdle(bytes: 1) { ran.fulfill() })
        wait(for: [ran], timeout: 10)
    }
}
