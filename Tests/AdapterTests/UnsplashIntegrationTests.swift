import FixtureServer
import Foundation
@testable import GalleryCore
@testable import NetworkSources
@testable import GalleryNet
import SDLKit
@_spi(Bench) @testable import TesseraApp
import XCTest

/// The Unsplash source through libcurl against the fixture's Unsplash stand-in.
final class UnsplashIntegrationTests: ClientTestCase {

    private func page(_ source: UnsplashSource, _ n: Int) -> Result<PageContents, SourceError>? {
        wait { done in _ = source.fetchPage(n, limit: 30) { done($0) } }
    }

    func testPagesCarryTheKeyImagesTheCellSizeAndTheLimitIsKept() throws {
        server.faults.unsplashLimit = 2
        let source = UnsplashSource(baseURL: server.baseURL, accessKey: "fixture-key", http: client)
        let photos = try XCTUnwrap(try page(source, 1)?.get()).photos
        XCTAssertEqual(photos.count, 30)
        XCTAssertEqual(server.counters.lastUnsplashHeaders["authorization"], "Client-ID fixture-key")
        XCTAssertEqual(server.counters.lastUnsplashHeaders["accept-version"], "v1")
        XCTAssertNotNil(photos[0].blurHash)
        XCTAssertNotNil(photos[0].placeholderColor)
        XCTAssertEqual(source.rateLimitRemaining, 1)
        let image: Result<ImageAnswer, SourceError>? = wait { done in
            _ = source.fetchImage(photos[0], size: PixelSize(width: 311, height: 207), priority: 0) { done($0) }
        }
        let header = try ImageHeaderReader.read(try XCTUnwrap(try image?.get()).data)
        XCTAssertEqual([header.width, header.height], [311, 207], "asked at the cell's size through urls.raw")
        _ = page(source, 2)
        guard case .failure(let limited)? = page(source, 3) else { return XCTFail("over the limit") }
        XCTAssertEqual(limited.retryAfter, 600, "rate limited: waits instead of hammering")
    }

    func testInRandomOrderTheRandomEndpointFeedsWithoutRepeats() throws {
        let source = UnsplashSource(baseURL: server.baseURL, accessKey: "fixture-key", http: client, random: true)
        var ids: [String] = []
        for n in 1...4 {
            let contents = try XCTUnwrap(try page(source, n)?.get())
            XCTAssertEqual(contents.rawCount, 30, "never a short page: the random feed does not end")
            ids += contents.photos.map(\.id)
        }
        XCTAssertEqual(Set(ids).count, ids.count, "no photo twice")
        XCTAssertEqual(server.counters.lastUnsplashHeaders["authorization"], "Client-ID fixture-key")
        XCTAssertEqual(source.listURL(page: 3, limit: 30), server.baseURL + "/photos/random?count=30")
    }

    func testARejectedKeyIsAClearError() {
        let source = UnsplashSource(baseURL: server.baseURL, accessKey: "wrong", http: client)
        guard case .failure(let error)? = page(source, 1) else { return XCTFail("a wrong key must fail") }
        XCTAssertEqual(error, .http(.status(401, retryAfter: nil)))
    }

    func testTheBlurHashPlaceholderHasThePhotosColour() throws {
        let renderer = try TestVideo.renderer()
        let placeholders = Placeholders(renderer: renderer)
        // A one-component hash of #3366CC, as the fixture makes them.
        let photo = Photo(id: "1", author: "A", width: 300, height: 200, url: "", downloadURL: "", blurHash: "005?~E")
        let checked = try XCTUnwrap(photo.validated())
        let texture = try XCTUnwrap(placeholders.texture(for: checked))
        renderer.copy(texture, to: 0, 0, 64, 64)
        let p = try renderer.readPixels().pixel(x: 30, y: 30)
        XCTAssertEqual([Int(p.r), Int(p.g), Int(p.b)], [0x33, 0x66, 0xCC])
        XCTAssertTrue(placeholders.texture(for: checked) === texture, "made once")
    }
}
