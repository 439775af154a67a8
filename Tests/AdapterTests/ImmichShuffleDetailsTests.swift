import DemoPhotos
import FixtureServer
import Foundation
@testable import GalleryCore
@testable import NetworkSources
@testable import GalleryNet
import XCTest

/// A shuffled Immich library keeps IDs and upload times alone (issue 43); a page's photos are fetched as it is
/// served (`GET /api/assets/{id}`), through libcurl against the fixture's stand-in (v2 and v3), and are the very
/// photos the search describes: sizes, ThumbHashes, clips, Live Photos, file names, dates, places, cameras.
final class ImmichShuffleDetailsTests: ClientTestCase {
    private func serve(version: Int) throws {
        server.stop()
        var faults = FixtureFaults()
        faults.immichAssets = 90
        faults.immichVersion = version
        faults.immichVideos = [4, 40]
        faults.immichLivePhotos = [6, 61]
        faults.immichArchived = [9]
        server = FixtureServer(photos: 100, faults: faults)
        try server.start(port: 0)
    }

    private func immich(random: Bool) -> ImmichSource {
        ImmichSource(baseURL: server.baseURL, apiKey: FixtureFaults().immichKey, http: client, random: random)
    }

    private func page(_ source: PhotoSource, _ n: Int, limit: Int) -> Result<PageContents, SourceError>? {
        wait { done in _ = source.fetchPage(n, limit: limit) { done($0) } }
    }

    /// Every page of a pass (or a newest-first show) until the empty one.
    private func pass(_ source: PhotoSource, limit: Int) throws -> [Photo] {
        var photos: [Photo] = []
        for n in 1...40 {
            let contents = try XCTUnwrap(page(source, n, limit: limit)).get()
            if contents.rawCount == 0 { break }
            photos += contents.photos
        }
        return photos
    }

    func testShuffledPhotosAreTheSearchsOwnInV2AndV3() throws {
        for version in [2, 3] {
            try serve(version: version)
            let newest = try pass(immich(random: false), limit: 25)
            let searchesBefore = server.counters.immichSearches.count
            let shuffled = try pass(immich(random: true), limit: 25)
            XCTAssertEqual(shuffled.count, newest.count, "v\(version): every photo of the timeline once")
            XCTAssertEqual(shuffled.count, 90 - 1, "v\(version): the archived one left out, the Live Photos' clips too")
            XCTAssertNotEqual(shuffled.map(\.id), newest.map(\.id), "v\(version): shuffled")
            let byID = Dictionary(uniqueKeysWithValues: newest.map { ($0.id, $0) })
            for photo in shuffled { XCTAssertEqual(photo, byID[photo.id], "v\(version): \(photo.id) as the search has it") }
            XCTAssertEqual(shuffled.first { $0.id == DemoImmich.assetID(4) }?.motion?.kind, .clip)
            XCTAssertEqual(shuffled.first { $0.id == DemoImmich.assetID(6) }?.motion?.clipID, DemoImmich.liveClipID(6))
            XCTAssertNotNil(shuffled.first { $0.id == DemoImmich.assetID(12) }?.facts?.place, "captions as before")
            XCTAssertEqual(server.counters.immichSearches.count - searchesBefore, 1, "one listing, one search of a thousand")
            let details = Set(server.counters.immichPaths.filter { $0.hasPrefix("GET /api/assets/") && $0.split(separator: "/").count == 4 })
            XCTAssertEqual(details, Set(shuffled.map { "GET /api/assets/\($0.id)" }), "each photo's details once, as served")
        }
    }

    func testAnAssetGoneOrArchivedSinceTheListingIsLeftOutOfItsPageAndThePassGoesOn() throws {
        try serve(version: 3)
        let source = immich(random: true)
        let first = try XCTUnwrap(page(source, 1, limit: 10)).get()
        XCTAssertEqual(first.photos.count, 10)
        // The rest of the pass, after two assets not yet served left the timeline (one deleted, one archived).
        let served = Set(first.photos.map(\.id))
        let unserved = (0..<90).filter { $0 != 9 && !served.contains(DemoImmich.assetID($0)) }
        server.faults.immichDeleted.insert(unserved[0])
        server.faults.immichArchived.insert(unserved[1])
        var rest: [Photo] = [], skipped = 0
        for n in 2...20 {
            let contents = try XCTUnwrap(page(source, n, limit: 10)).get()
            if contents.rawCount == 0 { break }
            rest += contents.photos
            skipped += contents.skipped
        }
        XCTAssertEqual(skipped, 2, "counted as skipped: a page short of them is not the last")
        XCTAssertEqual(Set(rest.map(\.id)), Set(unserved.dropFirst(2).map(DemoImmich.assetID)), "the rest of the pass, once")
        XCTAssertEqual(rest.count, unserved.count - 2)
    }

    func testAPageWhoseDetailsFailedIsServedAgainAsTheSamePhotos() throws {
        try serve(version: 3)
        let source = immich(random: true)
        let first = try XCTUnwrap(page(source, 1, limit: 10)).get()
        server.faults.immichDetailsStatus = 503
        guard case .failure = try XCTUnwrap(page(source, 2, limit: 10)) else { return XCTFail("the details failed: the page fails") }
        guard case .failure = try XCTUnwrap(page(source, 2, limit: 10)) else { return XCTFail("and again while they fail") }
        server.faults.immichDetailsStatus = nil
        let second = try XCTUnwrap(page(source, 2, limit: 10)).get()
        let third = try XCTUnwrap(page(source, 3, limit: 10)).get()
        XCTAssertEqual(second.photos.count, 10)
        let all = first.photos + second.photos + third.photos
        XCTAssertEqual(Set(all.map(\.id)).count, 30, "nothing lost to the failures, nothing twice")
        XCTAssertTrue(Set(first.photos.map(\.id)).isDisjoint(with: second.photos.map(\.id)))
    }
}
