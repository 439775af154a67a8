import XCTest
@testable import GalleryCore
@testable import NetworkSources

final class PicsumListTests: XCTestCase {
    func testDecodesARealPicsumPage() throws {
        let page = try PicsumList.decode(try Fixture.data("picsum-page.json"))
        XCTAssertEqual(page.skipped, 0)
        XCTAssertEqual(page.photos.map(\.id), ["0", "1", "10"])
        XCTAssertEqual(page.photos[2], Photo(id: "10", author: "Paul Jarvis", width: 2500, height: 1667,
                                             url: "https://unsplash.com/photos/6J--NXulQCs",
                                             downloadURL: "https://picsum.photos/id/10/2500/1667"))
    }

    func testSkipsHostileAndMalformedEntriesButKeepsGoodOnes() throws {
        let page = try PicsumList.decode(try Fixture.data("hostile-page.json"))
        XCTAssertEqual(page.photos.map(\.id), ["ok-1", "5", "17"])
        XCTAssertEqual(page.skipped, 11)
        XCTAssertEqual(page.photos[1].author, "Unknown", "a missing author reads as Unknown")
        XCTAssertEqual(page.rawCount, 14)
    }

    func testTruncatedJSONIsAClearError() {
        XCTAssertThrowsError(try PicsumList.decode(try Fixture.data("truncated-page.json"))) { error in
            XCTAssertEqual(error as? JSONList.Failure, .notJSON)
        }
        XCTAssertThrowsError(try PicsumList.decode(Data())) { error in
            XCTAssertEqual(error as? JSONList.Failure, .notJSON)
        }
    }

    func testAnObjectInsteadOfAListIsAClearError() {
        XCTAssertThrowsError(try PicsumList.decode(try Fixture.data("object-page.json"))) { error in
            XCTAssertEqual(error as? JSONList.Failure, .notAnArray)
        }
    }

    func testEmptyArrayIsAnEmptyPage() throws {
        XCTAssertEqual(try PicsumList.decode(Data("[]".utf8)), PageContents(photos: [], skipped: 0))
    }

    func testAcceptableIDs() {
        for good in ["0", "1084", "abc_DEF-9"] { XCTAssertTrue(Photo.isAcceptableID(good), good) }
        for bad in ["", "..", "a/b", "a b", "é", "a\u{0}", String(repeating: "x", count: 65), "a?b", "%2e"] {
            XCTAssertFalse(Photo.isAcceptableID(bad), bad)
        }
    }

    func testImageURLsAskForTheDrawnSizeClampedToPicsumLimits() {
        let source = PicsumSource(baseURL: "https://picsum.photos/", http: NeverClient())
        XCTAssertEqual(source.imageURL(for: photo("12"), size: PixelSize(width: 622, height: 415)),
                       "https://picsum.photos/id/12/622/415")
        XCTAssertEqual(source.imageURL(for: photo("12"), size: PixelSize(width: 9000, height: 0)),
                       "https://picsum.photos/id/12/5000/1")
        XCTAssertEqual(source.listURL(page: 3, limit: 500), "https://picsum.photos/v2/list?page=3&limit=100")
    }

    func testHTTPStatusBecomesASourceErrorWithRetryAfter() {
        let response = HTTPResponse(status: 429, headers: ["retry-after": "7"], body: Data("slow down".utf8))
        XCTAssertEqual(PicsumSource.page(from: .success(response)), .failure(.http(.status(429, retryAfter: 7))))
        let garbage = HTTPResponse(status: 200, body: Data("<html>".utf8))
        guard case .failure(.malformed) = PicsumSource.page(from: .success(garbage)) else {
            return XCTFail("HTML where JSON was expected must be a malformed-page error")
        }
    }
}

final class NeverClient: HTTPClient {
    func get(_ request: HTTPRequest, completion: @escaping (Result<HTTPResponse, HTTPError>) -> Void) -> RequestID {
        RequestID(0)
    }
    func cancel(_ id: RequestID) -> Bool { false }
}
