import Foundation
import XCTest
@testable import GalleryCore
@testable import NetworkSources

/// Records requests and answers them as told, on the caller's thread.
final class ScriptedHTTP: HTTPClient {
    var requests: [HTTPRequest] = []
    var answer: (HTTPRequest) -> Result<HTTPResponse, HTTPError> = { _ in .failure(.timedOut) }
    func get(_ request: HTTPRequest, completion: @escaping (Result<HTTPResponse, HTTPError>) -> Void) -> RequestID {
        requests.append(request)
        completion(answer(request))
        return RequestID(UInt64(requests.count))
    }
    func cancel(_ id: RequestID) -> Bool { false }
}

final class UnsplashSourceTests: XCTestCase {
    private let page = ##"[{"id":"a1","width":4000,"height":3000,"color":"#112233","user":{"name":"Ada"},"links":{"html":"https://unsplash.com/photos/a1"},"urls":{"raw":"https://images.unsplash.com/photo-1?ixid=x&w=9999"}}]"##

    func testPagesAreAskedWithTheKeyInAHeaderAndTheLimitRead() throws {
        let http = ScriptedHTTP()
        http.answer = { _ in .success(HTTPResponse(status: 200, headers: ["x-ratelimit-remaining": "41"], body: Data(self.page.utf8))) }
        let source = UnsplashSource(baseURL: "http://127.0.0.1:9", accessKey: "SECRET", http: http)
        var got: PageContents?
        source.fetchPage(2, limit: 100) { got = try? $0.get() }
        let request = try XCTUnwrap(http.requests.first)
        XCTAssertEqual(request.url, "http://127.0.0.1:9/photos?page=2&per_page=30", "at most 30 a page")
        XCTAssertFalse(request.url.contains("SECRET"), "the key is never in a URL")
        XCTAssertEqual(request.headerLines, ["Authorization: Client-ID SECRET", "Accept-Version: v1"])
        XCTAssertEqual(got?.photos.map(\.id), ["a1"])
        XCTAssertEqual(source.rateLimitRemaining, 41)
    }

    func testImagesAreHotlinkedAtTheCellSize() throws {
        let url = try XCTUnwrap(UnsplashSource.imageURL(raw: "https://images.unsplash.com/photo-1?ixid=x&w=9999",
                                                        size: PixelSize(width: 622, height: 415), dpr: 2))
        let items = Dictionary(uniqueKeysWithValues: (URLComponents(string: url)?.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        XCTAssertEqual(items, ["ixid": "x", "w": "622", "h": "415", "fit": "crop", "fm": "jpg", "q": "80", "dpr": "2"])
        XCTAssertNil(UnsplashSource.imageURL(raw: "file:///etc/passwd", size: PixelSize(width: 1, height: 1)))
    }

    func testTheRateLimitAndABadKeyAreErrorsThatWait() {
        let http = ScriptedHTTP()
        let source = UnsplashSource(accessKey: "K", http: http)
        http.answer = { _ in .success(HTTPResponse(status: 403, body: Data("Rate Limit Exceeded".utf8))) }
        var error: SourceError?
        source.fetchPage(1, limit: 30) { if case .failure(let e) = $0 { error = e } }
        XCTAssertEqual(error?.retryAfter, 600, "waits instead of hammering")
        http.answer = { _ in .success(HTTPResponse(status: 401, body: Data(#"{"errors":["OAuth error: The access token is invalid"]}"#.utf8))) }
        source.fetchPage(1, limit: 30) { if case .failure(let e) = $0 { error = e } }
        XCTAssertEqual(error, .http(.status(401, retryAfter: nil)))
        XCTAssertFalse(error?.description.contains("K") ?? true)
    }
}

final class RateLimitPacingTests: XCTestCase {
    func testPagesSlowDownAsTheHourRunsOut() {
        let http = ScriptedHTTP()
        let source = UnsplashSource(accessKey: "K", http: http)
        XCTAssertNil(source.pageInterval, "nothing known yet")
        for (left, interval) in [(40, nil), (9, 60.0), (2, 300.0)] as [(Int, Double?)] {
            http.answer = { _ in .success(HTTPResponse(status: 200, headers: ["x-ratelimit-remaining": String(left)],
                                                       body: Data("[]".utf8))) }
            source.fetchPage(1, limit: 30) { _ in }
            XCTAssertEqual(source.pageInterval, interval, "\(left) left")
        }
        // The pager keeps to the interval it is given.
        let model = GalleryModel(pager: .init(pageSize: 30, minInterval: 0))
        model.catalog.pace(minInterval: 60)
        let first = model.feed.nextPageRequest(now: 0)!
        model.feed.receive(first, .success(PageContents(photos: photos(0..<30))), now: 0)
        model.browse.setScroll(offset: Double(model.browse.layout.contentHeight))
        XCTAssertNil(model.feed.nextPageRequest(now: 59))
        XCTAssertEqual(model.feed.nextPageRequest(now: 60)?.page, 2)
    }
}

/// Unsplash's random feed has no passes (it draws with replacement from all of Unsplash): what it can keep is the
/// photos shown lately, so a restart does not show them again.
final class UnsplashRecentlyShownTests: XCTestCase {
    private func page(_ ids: [String]) -> String {
        "[" + ids.map { #"{"id":"\#($0)","width":400,"height":300,"user":{"name":"A"},"urls":{"raw":"https://images.unsplash.com/\#($0)"}}"# }
            .joined(separator: ",") + "]"
    }

    func testPhotosShownBeforeARestartAreLeftOutAfterIt() throws {
        let http = ScriptedHTTP()
        http.answer = { _ in .success(HTTPResponse(status: 200, body: Data(self.page(["a", "b", "c", "d"]).utf8))) }
        let first = UnsplashSource(accessKey: "K", http: http, random: true)
        var got: PageContents?
        first.fetchPage(1, limit: 30) { got = try? $0.get() }
        var kept: String?
        for photo in try XCTUnwrap(got).photos.prefix(2) { kept = first.place(shown: photo) }
        // A new run, the same draw from Unsplash: the two shown are left out, and counted so the feed goes on.
        let second = UnsplashSource(accessKey: "K", http: http, random: true)
        second.resume(from: try XCTUnwrap(kept))
        second.fetchPage(1, limit: 30) { got = try? $0.get() }
        XCTAssertEqual(got?.photos.map(\.id), ["c", "d"])
        XCTAssertEqual(got?.skipped, 2)
        XCTAssertNil(UnsplashSource(accessKey: "K", http: http).place(shown: try XCTUnwrap(got?.photos.first)),
                     "the editorial list keeps no place")
    }

    func testTheMemoryIsBoundedAndADamagedPlaceIsIgnored() {
        let recent = RecentlyShown(limit: 3)
        var text: String?
        for id in ["a", "b", "c", "d", "b"] { text = recent.note(id) }
        XCTAssertEqual(text, "r1 c,d,b", "the newest three, the one shown again last")
        let photos = ["a", "b", "c", "d", "e"].map { Photo(id: $0, author: "", width: 1, height: 1, url: "", downloadURL: "") }
        XCTAssertEqual(recent.unseen(PageContents(photos: photos)).photos.map(\.id), ["a", "e"])
        let other = RecentlyShown()
        other.resume(from: "v1 1 1 0 0 - -")
        other.resume(from: String(repeating: "x", count: 300_000))
        XCTAssertEqual(other.unseen(PageContents(photos: photos)).photos.count, 5, "nothing taken from text that is not a place")
    }

    func testAKeptListWithRepeatsKeepsEachPhotoOnceAtItsLastShowing() {
        let recent = RecentlyShown(limit: 3)
        recent.resume(from: "r1 a,b,a,c,d,c")
        let photos = ["a", "b", "c", "d"].map { Photo(id: $0, author: "", width: 1, height: 1, url: "", downloadURL: "") }
        let page = recent.unseen(PageContents(photos: photos))
        XCTAssertEqual(page.photos.map(\.id), ["b"], "the last three shown, each once: a, d, c")
    }
}
