import FixtureServer
import Foundation
@testable import GalleryCore
@testable import NetworkSources
@testable import GalleryNet
import SDLKit
import XCTest

final class CurlHTTPClientTests: ClientTestCase {

    private func get(_ path: String, _ request: (inout HTTPRequest) -> Void = { _ in }) -> Result<HTTPResponse, HTTPError>? {
        var r = HTTPRequest(url: server.baseURL + path)
        request(&r)
        return wait { done in _ = client.get(r) { done($0) } }
    }

    func testFetchesAndDecodesAListPage() throws {
        let source = PicsumSource(baseURL: server.baseURL, http: client)
        let result: Result<PageContents, SourceError>? = wait { done in _ = source.fetchPage(2, limit: 30) { done($0) } }
        let page = try XCTUnwrap(try result?.get())
        XCTAssertEqual(page.photos.count, 30)
        XCTAssertEqual(page.photos.first?.id, "30")
        XCTAssertEqual(server.counters.pages, 1)
    }

    func testInRandomOrderAPassShowsEveryPhotoOnceAndTheNextPassAnotherOrder() throws {
        // The fixture holds fewer photos than Lorem Picsum: the guessed pages past its end come back empty and leave
        // the order; its short last page, somewhere in the middle, does not end the pass.
        let source = PicsumSource(baseURL: server.baseURL, http: client, shuffled: true)
        func pass() throws -> [String] {
            var ids: [String] = [], counts: [Int] = []
            for page in 1...200 {
                let result: Result<PageContents, SourceError>? = wait { done in _ = source.fetchPage(page, limit: 30) { done($0) } }
                let contents = try XCTUnwrap(try result?.get())
                if contents.rawCount == 0 { break }
                counts.append(contents.rawCount)
                ids += contents.photos.map(\.id)
            }
            // Full pages, or short ones padded so the pass goes on; only the pass's last may be short.
            XCTAssertTrue(counts.dropLast().allSatisfy { $0 == 30 }, "\(counts)")
            return ids
        }
        let first = try pass(), second = try pass()
        let all = Set((0..<server.catalog.entries.count).map(String.init))
        XCTAssertEqual(first.count, all.count)
        XCTAssertEqual(Set(first), all, "every photo once")
        XCTAssertEqual(Set(second), all)
        XCTAssertNotEqual(first, (0..<server.catalog.entries.count).map(String.init), "not the server's order")
        XCTAssertNotEqual(first, second, "a new order each pass")
    }

    func testListResponsesCarryALinkHeader() throws {
        let response = try XCTUnwrap(try get("/v2/list?page=1&limit=5")?.get())
        XCTAssertEqual(response.status, 200)
        XCTAssertTrue(response.headers["link"]?.contains("page=2&limit=5>; rel=\"next\"") == true)
    }

    func testPastTheEndIsAnEmptyPage() throws {
        let source = PicsumSource(baseURL: server.baseURL, http: client)
        let result: Result<PageContents, SourceError>? = wait { done in _ = source.fetchPage(99, limit: 100) { done($0) } }
        XCTAssertEqual(try result?.get(), PageContents(photos: []))
    }

    func testImagesFollowTheRedirectAndHaveExactlyTheAskedSize() throws {
        let source = PicsumSource(baseURL: server.baseURL, http: client)
        let p = Photo(id: "7", author: "", width: 3000, height: 2000, url: "", downloadURL: "")
        let result: Result<ImageAnswer, SourceError>? = wait { done in
            _ = source.fetchImage(p, size: PixelSize(width: 311, height: 207), priority: 0) { done($0) }
        }
        let data = try XCTUnwrap(try result?.get()).data
        XCTAssertEqual(data.prefix(2), Data([0xFF, 0xD8]), "a JPEG")
        let header = try ImageHeaderReader.read(data)
        XCTAssertEqual(header.width, 311)
        XCTAssertEqual(header.height, 207)
        XCTAssertEqual(server.counters.imageRedirects, 1)
        XCTAssertEqual(server.counters.images, 1)
    }

    func testHTTPErrorsKeepTheirStatusAndRetryAfter() throws {
        server.faults.pageStatus[3] = (429, 4)
        server.faults.failingPages = [4]
        let limited = try XCTUnwrap(try get("/v2/list?page=3")?.get())
        XCTAssertEqual(limited.status, 429)
        XCTAssertEqual(limited.retryAfter, 4)
        XCTAssertEqual(PicsumSource.page(from: .success(limited)), .failure(.http(.status(429, retryAfter: 4))))
        XCTAssertEqual(try get("/v2/list?page=4")?.get().status, 500)
    }

    func testMalformedJSONIsAMalformedPageError() {
        server.faults.malformedPages = [1]
        let source = PicsumSource(baseURL: server.baseURL, http: client)
        let result: Result<PageContents, SourceError>? = wait { done in _ = source.fetchPage(1, limit: 30) { done($0) } }
        guard case .failure(.malformed)? = result else { return XCTFail("expected malformed, got \(String(describing: result))") }
    }

    func testARedirectLoopStops() {
        guard case .failure(.tooManyRedirects)? = get("/loop") else { return XCTFail("a redirect loop must end") }
    }

    func testNobodyListeningIsUnreachable() {
        let port = server.port
        server.stop()
        let r: Result<HTTPResponse, HTTPError>? = wait { done in
            _ = client.get(HTTPRequest(url: "http://127.0.0.1:\(port)/v2/list")) { done($0) }
        }
        guard case .failure(let error)? = r, error.isNetworkFailure else {
            return XCTFail("expected a network failure, got \(String(describing: r))")
        }
    }

    func testASlowServerTimesOut() {
        server.faults.latencyMs = 3000
        let r = get("/v2/list") { $0.totalTimeout = 0.3 }
        XCTAssertEqual(r.map { result -> HTTPError? in if case .failure(let e) = result { return e } else { return nil } },
                       .some(.timedOut))
    }

    func testATruncatedBodyFails() throws {
        server.faults.truncatedImages = ["3"]
        guard case .failure? = get("/id/3/200/200") else { return XCTFail("a body cut short must fail") }
    }

    func testBodiesOverTheLimitAreRefused() {
        let r = get("/id/1/800/800") { $0.maxBodyBytes = 1000 }
        guard case .failure(.tooLarge)? = r else { return XCTFail("expected tooLarge, got \(String(describing: r))") }
    }

    func testProgressReportsTheShareOfTheBodyReceived() throws {
        server.faults.trickleImages = ["4"]
        server.faults.trickleBytesPerSecond = 150_000
        let shares = Box<[Double]>()
        shares.set([])
        var request = HTTPRequest(url: server.baseURL + "/id/4/1600/1600")
        request.progress = { share in shares.set(shares.value! + [share]) }
        let result: Result<HTTPResponse, HTTPError>? = wait { done in _ = client.get(request) { done($0) } }
        XCTAssertEqual(try result?.get().status, 200)
        let seen = shares.value!
        XCTAssertGreaterThan(seen.count, 2, "reported as it arrived: \(seen)")
        XCTAssertEqual(seen, seen.sorted(), "never backwards")
        XCTAssertEqual(seen.last, 1)
    }

    func testRequestHeadersAreSentAndInjectionIsRefused() throws {
        var request = HTTPRequest(url: server.baseURL + "/__headers")
        request.headers = [("Authorization", "Client-ID abc123"), ("Accept-Version", "v1"),
                           ("X-Evil", "a\r\nX-Injected: yes"), ("Bad:Name", "x")]
        let result: Result<HTTPResponse, HTTPError>? = wait { done in _ = client.get(request) { done($0) } }
        let echo = try XCTUnwrap(JSONSerialization.jsonObject(with: try XCTUnwrap(result?.get().body)) as? [String: String])
        XCTAssertEqual(echo["authorization"], "Client-ID abc123")
        XCTAssertEqual(echo["accept-version"], "v1")
        XCTAssertNil(echo["x-evil"], "a value with a line break is not sent")
        XCTAssertNil(echo["x-injected"])
        XCTAssertEqual(request.headerLines, ["Authorization: Client-ID abc123", "Accept-Version: v1"])
    }

    func testCancelWithdrawsAQueuedRequestButLetsASentOneFinish() throws {
        var settings = CurlHTTPClient.Settings()
        settings.maxConcurrent = 1
        let serial = try CurlHTTPClient(settings: settings)
        defer { serial.shutdown() }
        server.faults.latencyMs = 300
        let sentDone = expectation(description: "the sent request completes")
        let queuedRan = Box<Bool>()
        let sent = serial.get(HTTPRequest(url: server.baseURL + "/v2/list?page=1")) { _ in sentDone.fulfill() }
        // Until the server has the first request (it holds its answer 300 ms), nothing else can be sent.
        let deadline = Date().addingTimeInterval(10)
        while server.counters.pages == 0 && Date() < deadline { usleep(1000) }
        XCTAssertEqual(server.counters.pages, 1)
        // The only slot is taken: the second waits in the queue.
        let queued = serial.get(HTTPRequest(url: server.baseURL + "/v2/list?page=2")) { _ in queuedRan.set(true) }
        XCTAssertTrue(serial.cancel(queued), "withdrawn before it was sent")
        XCTAssertFalse(serial.cancel(sent), "a sent request is not stopped: it finishes (into the cache)")
        wait(for: [sentDone], timeout: 10)
        // A third request goes after the first; once it is answered the withdrawn one had every chance to run.
        let third: Result<HTTPResponse, HTTPError>? = wait { done in
            _ = serial.get(HTTPRequest(url: self.server.baseURL + "/v2/list?page=3")) { done($0) }
        }
        XCTAssertNotNil(third)
        XCTAssertNil(queuedRan.value)
        XCTAssertEqual(serial.statistics.cancelled, 1)
        XCTAssertEqual(server.counters.pages, 2, "pages 1 and 3; page 2 never reached the server")
    }

    func testTheMostUrgentWaitingRequestGoesFirst() throws {
        var settings = CurlHTTPClient.Settings()
        settings.maxConcurrent = 1
        let serial = try CurlHTTPClient(settings: settings)
        defer { serial.shutdown() }
        server.faults.latencyMs = 50
        let order = Box<[Int]>()
        order.set([])
        let all = expectation(description: "all done")
        all.expectedFulfillmentCount = 4
        for priority in [5, 9, 1, 3] {
            serial.get(HTTPRequest(url: server.baseURL + "/v2/list?page=\(priority)", priority: priority)) { _ in
                order.set(order.value! + [priority])
                all.fulfill()
            }
        }
        wait(for: [all], timeout: 10)
        // The first one may already be running when the others arrive; the rest follow by priority.
        XCTAssertEqual(Array(order.value!.dropFirst()), order.value!.dropFirst().sorted())
        XCTAssertEqual(order.value!.count, 4)
    }
}
