import DemoPhotos
import FixtureServer
import Foundation
@testable import GalleryCore
@testable import NetworkSources
@testable import GalleryNet
import SDLKit
import XCTest

/// The Immich source through libcurl against the fixture's Immich stand-in (48 assets, an album of every third,
/// favourites every fifth).
final class ImmichIntegrationTests: ClientTestCase {
    private func source(key: String = "fixture-immich-key", albums: [String] = [], favorites: Bool = false,
                        random: Bool = false) -> ImmichSource {
        ImmichSource(baseURL: server.baseURL, apiKey: key, http: client, albums: albums, favorites: favorites, random: random)
    }

    private func page(_ source: ImmichSource, _ n: Int, limit: Int = 20) -> Result<PageContents, SourceError>? {
        wait { done in _ = source.fetchPage(n, limit: limit) { done($0) } }
    }

    /// Pages until the empty one that ends the pass; the photos in order.
    private func pass(_ source: ImmichSource, limit: Int = 20) throws -> [Photo] {
        var photos: [Photo] = []
        for n in 1...20 {
            let contents = try XCTUnwrap(try page(source, n, limit: limit)?.get())
            if contents.rawCount == 0 { return photos }
            photos += contents.photos
        }
        XCTFail("the pass never ended")
        return photos
    }

    func testPagesFollowNextPageToTheEndAndEveryRequestCarriesTheKey() throws {
        let s = source()
        let photos = try pass(s)
        XCTAssertEqual(photos.count, 48)
        XCTAssertEqual(Set(photos.map(\.id)).count, 48)
        XCTAssertEqual(server.counters.immichSearches.count, 3, "20, 20 and 8: the third said there was no next page")
        let first = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(server.counters.immichSearches[0].utf8)) as? [String: Any])
        XCTAssertEqual(first["page"] as? Int, 1)
        XCTAssertEqual(first["withExif"] as? Bool, true)
        // Sizes before any pixel: index 1 has orientation 6 (its EXIF sides swapped back), index 3 no EXIF size.
        let catalog = DemoCatalog(count: 48)
        XCTAssertEqual([photos[1].width, photos[1].height], [catalog.entries[1].width, catalog.entries[1].height])
        let ratio = try XCTUnwrap(ThumbHash.aspectRatio(base64: try XCTUnwrap(photos[3].thumbHash)))
        XCTAssertEqual(Double(photos[3].width) / Double(photos[3].height), ratio, accuracy: 0.01)
        // A cell's image and the pane's, with the key too.
        let small: Result<ImageAnswer, SourceError>? = wait { done in
            _ = s.fetchImage(photos[0], size: PixelSize(width: 200, height: 133), priority: 0, progress: nil) { done($0) }
        }
        let large: Result<ImageAnswer, SourceError>? = wait { done in
            _ = s.fetchImage(photos[0], size: PixelSize(width: 1200, height: 800), priority: 0, progress: nil) { done($0) }
        }
        XCTAssertEqual(try ImageHeaderReader.read(try XCTUnwrap(try small?.get()).data).width, 250, "the small thumbnail")
        XCTAssertEqual(try ImageHeaderReader.read(try XCTUnwrap(try large?.get()).data).width, 1440, "the preview")
        XCTAssertEqual(server.counters.immichThumbnails.count, 2)
        XCTAssertEqual(server.counters.immichWithoutKey, 0, "no request went without the key")
        // A new pass starts over (photos uploaded since show in it).
        XCTAssertEqual(try pass(s).count, 48)
    }

    func testAnAlbumAndTheFavouritesAreFiltersOfTheSearch() throws {
        let album = try pass(source(albums: [DemoImmich.albumID]))
        XCTAssertEqual(album.count, 16)
        XCTAssertTrue(album.allSatisfy { DemoImmich.inAlbum(DemoImmich.index(ofAsset: $0.id)!) })
        let favourites = try pass(source(favorites: true))
        XCTAssertEqual(favourites.map { DemoImmich.index(ofAsset: $0.id)! }, Array(stride(from: 0, to: 48, by: 5)))
        XCTAssertTrue(server.counters.immichSearches.contains { $0.contains(DemoImmich.albumID) })
        XCTAssertTrue(server.counters.immichSearches.contains { $0.contains("\"isFavorite\":true") })
    }

    func testRandomOrderIsAnEndlessFeedWithoutRepeats() throws {
        let s = source(random: true)
        var ids: [String] = []
        for n in 1...4 {
            let contents = try XCTUnwrap(try page(s, n, limit: 20)?.get())
            XCTAssertEqual(contents.rawCount, 20, "never short: the random feed does not end")
            ids += contents.photos.map(\.id)
        }
        XCTAssertEqual(Set(ids).count, ids.count, "no photo twice")
        XCTAssertNotEqual(Array(ids.prefix(20)), (0..<20).map(DemoImmich.assetID), "not the library's order")
        XCTAssertEqual(server.counters.immichSearches.count, 4)
    }

    func testARefusedKeyIsSaidOnceInImmichsWordsAndPingWorksWithout() throws {
        let s = source(key: "wrong")
        guard case .failure(.refused(let why))? = page(s, 1) else { return XCTFail("a wrong key must be refused") }
        XCTAssertTrue(why.contains("Immich refused the API key"), why)
        XCTAssertFalse(SourceError.refused(why).isRetryable)
        let answered: Bool? = wait { done in s.ping { done($0) } }
        XCTAssertEqual(answered, true, "the server is up: it is the key")
        let nobody = ImmichSource(baseURL: "http://127.0.0.1:9", apiKey: "k", http: client)
        let down: Bool? = wait { done in nobody.ping { done($0) } }
        XCTAssertEqual(down, false)
    }
}
