import FixtureServer
import Foundation
@testable import FixtureServer
@testable import GalleryCore
@testable import NetworkSources
@testable import GalleryNet
@testable import GalleryStore
@_spi(Bench) @testable import TesseraApp
@testable import ImageLayer
import XCTest

/// The real pipeline, cache, libcurl client and fixture server, with a viewport sliding back and forth over the
/// same cells faster than the images arrive: every image is downloaded once.
final class OneRequestPerImageTests: FixtureTestCase {
    func testScrollingBackAndForthDownloadsEachImageOnce() throws {
        server.faults.latencyMs = 40
        let client = try CurlHTTPClient()
        defer { client.shutdown() }
        let dir = NSTemporaryDirectory() + "tessera-once-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = try SQLiteStore(directory: dir, budgetBytes: 256 << 20)
        let source = CachingSource(upstream: PicsumSource(baseURL: server.baseURL, http: client), store: store,
                                   sourceKey: "fixture", networkReport: { _ in }, storeFailure: { XCTFail("\($0)") })
        let live = LiveTokens()
        let frame = DispatchSemaphore(value: 0)
        let mailbox = Mailbox<Delivery> { frame.signal() }
        let pool = DecodePool(live: live)
        defer { pool.shutdown() }
        let pipeline = ImagePipeline(source: source, pool: pool, keeper: CellKeeper(cells: nil), live: live,
                                     mailbox: mailbox, config: GalleryConfig())
        let renderer = try TestVideo.renderer()

        let photos = (0..<60).map { Photo(id: String($0), author: "", width: 300, height: 200, url: "", downloadURL: "") }
        func wants(from start: Int) -> [ImageWant] {
            photos[start..<min(photos.count, start + 10)].map {
                ImageWant(key: ImageKey(item: ItemKey(pass: 0, photoID: $0.id), detail: false), photo: $0,
                          size: PixelSize(width: 150, height: 100))
            }
        }
        var now = 0.0
        func step(_ start: Int) {
            pipeline.update(wanted: wants(from: start), now: now)
            for case let .images(.image(key, token, result, standIn)) in mailbox.takeAll() {
                pipeline.receive(key, token: token, result, standIn: standIn, now: now)
            }
            pipeline.upload(to: renderer, count: 3, bytes: 4 << 20, now: now)
            _ = frame.wait(timeout: .now() + 0.016)  // a frame's time passes, or sooner if a result arrives
            now += 0.016
        }
        // Down, up, down again: three cells a frame, so cells leave the window while their images are on the way.
        let path = Array(stride(from: 0, through: 50, by: 3)) + Array(stride(from: 50, through: 0, by: -3))
            + Array(stride(from: 0, through: 50, by: 3))
        for start in path { step(start) }
        // Then rest at the top until the window's images are in.
        var settle = 0
        while !wants(from: 0).allSatisfy({ pipeline.state(of: $0.key) == .ready }) && settle < 2000 {
            step(0)
            settle += 1
        }
        XCTAssertTrue(wants(from: 0).allSatisfy { pipeline.state(of: $0.key) == .ready }, "the top cells loaded")
        // A request already sent for a cell scrolled away completes; one may still be between its redirect and the
        // image (under ThreadSanitizer, often). It is waited for, up to 10 s: one abandoned half-way never arrives.
        let deadline = Date().addingTimeInterval(10)
        while server.counters.imageRedirects != server.counters.images, Date() < deadline {
            _ = frame.wait(timeout: .now() + 0.01)
        }
        let paths = server.counters.imagePaths
        print("back and forth: \(paths.count) images downloaded, \(client.statistics.cancelled) requests withdrawn before sending")
        XCTAssertGreaterThan(paths.count, 10)
        let repeated = Dictionary(grouping: paths, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        XCTAssertEqual(repeated, [], "downloaded more than once")
        XCTAssertEqual(server.counters.imageRedirects, server.counters.images, "no request was abandoned half-way")
    }

    func testAnyQueryStringParsesAndTheServerStaysUp() throws {
        for raw in ["/?=", "/?&&", "/?=x", "/?a=b=c", "/v2/list?page=&limit=", "/?%", "?", "/v2/list?page=2&limit=5"] {
            _ = FixtureRouter.split(raw)
        }
        XCTAssertEqual(FixtureRouter.split("/v2/list?page=2&=x&limit").1, ["page": "2", "limit": ""])
        let client = try CurlHTTPClient()
        defer { client.shutdown() }
        let odd: Result<HTTPResponse, HTTPError>? = wait { done in
            _ = client.get(HTTPRequest(url: server.baseURL + "/?=")) { done($0) }
        }
        XCTAssertEqual(try odd?.get().status, 404)
        let next: Result<HTTPResponse, HTTPError>? = wait { done in
            _ = client.get(HTTPRequest(url: server.baseURL + "/v2/list?page=1&limit=2")) { done($0) }
        }
        XCTAssertEqual(try next?.get().status, 200, "still serving")
    }
}
