import DemoPhotos
import FixtureServer
import Foundation
import ImageSamples
@testable import GalleryCore
@testable import NetworkSources
@testable import GalleryNet
import XCTest

/// The Immich source through libcurl against the fixture answering as Immich v3 (`FixtureFaults.immichVersion`):
/// a search without `visibility` finds archived and hidden assets (Live Photos' own clips too), bodies are checked
/// strictly (a field or value v3 does not take is a 400 in Zod's words), durations are milliseconds, albums are
/// listed without their assets. Some assets are archived, one hidden, two are Live Photos with their hidden clips.
/// The same source must still work against v2 (`ImmichIntegrationTests` runs it there).
final class ImmichV3IntegrationTests: ClientTestCase {
    private let archived: Set<Int> = [2, 7, 11, 30]
    private let hidden: Set<Int> = [9]
    private let live: Set<Int> = [4, 12]
    private var timeline: [Int] { (0..<48).filter { !archived.contains($0) && !hidden.contains($0) } }
    private var logged: [String] = []
    private let logLock = NSLock()

    override func setUpWithError() throws {
        try super.setUpWithError()
        server.faults.immichVersion = 3
        server.faults.immichArchived = archived
        server.faults.immichHidden = hidden
        server.faults.immichLivePhotos = live
    }

    private func source(albums: [String] = [], favorites: Bool = false, random: Bool = false, people: [String] = [],
                        dates: PhotoDateFilter = PhotoDateFilter()) -> ImmichSource {
        ImmichSource(baseURL: server.baseURL, apiKey: "fixture-immich-key", http: client, albums: albums,
                     favorites: favorites, random: random, people: people, dates: dates) { [weak self] line in
            self?.logLock.withLock { self?.logged.append(line) }
        }
    }

    private func page(_ source: ImmichSource, _ n: Int, limit: Int = 20) -> Result<PageContents, SourceError>? {
        wait { done in _ = source.fetchPage(n, limit: limit) { done($0) } }
    }

    private func pass(_ source: ImmichSource, limit: Int = 20) throws -> [Photo] {
        var photos: [Photo] = []
        for n in 1...40 {
            let contents = try XCTUnwrap(try page(source, n, limit: limit)?.get())
            if contents.rawCount == 0 { return photos }
            photos += contents.photos
        }
        XCTFail("the pass never ended")
        return photos
    }

    private func indices(_ photos: [Photo]) -> [Int] { photos.map { DemoImmich.index(ofAsset: $0.id) ?? -1 } }

    /// What a v3 server must never show on the wall: the archived, the hidden, the clips of Live Photos.
    private func assertOnlyTheTimeline(_ photos: [Photo], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let shown = Set(indices(photos))
        XCTAssertTrue(shown.isDisjoint(with: archived.union(hidden)), "\(what): \(shown.intersection(archived.union(hidden)))",
                      file: file, line: line)
        XCTAssertFalse(photos.contains { $0.id.hasPrefix("d0000000-") }, "\(what): a Live Photo's own clip", file: file, line: line)
    }

    func testOnV3NoArchivedOrHiddenAssetIsListedAnywhereAndEveryBodyIsValid() throws {
        // The server really does hand them out to a search that does not say `visibility`.
        var bare = HTTPRequest(url: server.baseURL + "/api/search/metadata", priority: 0, maxBodyBytes: 4 << 20)
        bare.headers = [("x-api-key", "fixture-immich-key"), ("Content-Type", "application/json")]
        bare.body = Data(#"{"size":100}"#.utf8)
        let raw: Result<HTTPResponse, HTTPError>? = wait { done in _ = client.get(bare) { done($0) } }
        let rawText = String(decoding: try XCTUnwrap(try raw?.get()).body, as: UTF8.self)
        XCTAssertTrue(rawText.contains("\"archive\"") && rawText.contains(DemoImmich.liveClipID(4)), "v3 lists them all")

        let wall = try pass(source())
        XCTAssertEqual(indices(wall), timeline, "the wall newest first: the timeline, nothing else")
        XCTAssertEqual(wall.filter { $0.motion?.kind == .livePhoto }.count, 2, "Live Photos stay Live Photos")
        XCTAssertTrue(wall.allSatisfy { $0.motion?.kind != .clip }, "no Live Photo's moment as a video of its own")

        let favourites = try pass(source(favorites: true))
        XCTAssertEqual(indices(favourites), timeline.filter(DemoImmich.isFavorite))
        assertOnlyTheTimeline(favourites, "favourites")

        let album = try pass(source(albums: [DemoImmich.albumName]))
        XCTAssertEqual(indices(album), timeline.filter(DemoImmich.inAlbum), "the album, by its name")
        assertOnlyTheTimeline(album, "album")

        let ada = try pass(source(people: ["Ada"]))
        XCTAssertEqual(indices(ada), timeline.filter { $0 % 2 == 0 })
        assertOnlyTheTimeline(ada, "person")

        // The shuffle lists the whole search: the same timeline, in its own order.
        let shuffled = try pass(source(random: true))
        XCTAssertEqual(Set(indices(shuffled)), Set(timeline))
        XCTAssertEqual(shuffled.count, timeline.count)

        XCTAssertEqual(server.counters.immichRejected, [], "v3 took every body Tessera sent")
        XCTAssertFalse(server.counters.immichSearches.isEmpty)
        for body in server.counters.immichSearches where !body.contains("\"size\":100}") {
            XCTAssertTrue(body.contains("\"visibility\":\"timeline\""), body)
        }
    }

    func testOnV3MemoriesLeaveOutTheArchived() throws {
        server.stop()
        var faults = FixtureFaults()
        faults.immichVersion = 3
        faults.immichAssets = 300
        let today = PhotoDateFilter.Day(year: 2026, month: 6, day: 13)
        let all = (0..<300).filter { let t = DemoImmich.taken($0); return t.month == 6 && t.day == 13 && t.year < 2026 }
            .sorted { DemoImmich.taken($0).year > DemoImmich.taken($1).year }
        XCTAssertEqual(all.count, 5)
        faults.immichArchived = [all[0], all[3]]
        faults.immichHidden = [all[1]]
        server = FixtureServer(photos: 300, faults: faults)
        try server.start(port: 0)
        let memories = try pass(source(dates: PhotoDateFilter(onThisDay: today)), limit: 2)
        XCTAssertEqual(indices(memories), [all[2], all[4]], "this day's timeline photos in earlier years, newest first")
        let room: Result<[Photo], SourceError>? = wait { done in source(random: true).memories(on: today, limit: 10) { done($0) } }
        XCTAssertEqual(indices(try XCTUnwrap(room).get()), [all[2], all[4]], "the memories room too")
        XCTAssertEqual(server.counters.immichRejected, [])
    }

    func testOnV3AVideoHasItsLengthInMillisecondsAndNoDeviceAssetIDIsNeeded() throws {
        server.faults.immichVideos = [1]
        let photos = try pass(source())
        let video = try XCTUnwrap(photos.first { $0.id == DemoImmich.assetID(1) })
        XCTAssertEqual(try XCTUnwrap(video.motion?.duration), 12.345, accuracy: 1e-9, "12345 ms: the badge's 0:12")
        XCTAssertEqual(video.motion?.kind, .clip)
        XCTAssertNil(photos[0].motion?.duration, "a still's null is no length")
        // v2 still writes it as text.
        server.faults.immichVersion = 2
        let v2 = try XCTUnwrap(try pass(source()).first { $0.id == DemoImmich.assetID(1) })
        XCTAssertEqual(try XCTUnwrap(v2.motion?.duration), 12.345, accuracy: 1e-9)
    }

    func testAlbumsResolveByNameOnBothVersionsAndAnUnknownNameIsSaidWithoutASearch() throws {
        for version in [3, 2] {
            server.faults.immichVersion = version
            let before = server.counters.immichSearches.count
            let byName = try pass(source(albums: ["summer"]))
            XCTAssertEqual(indices(byName), timeline.filter(DemoImmich.inAlbum), "v\(version): any case")
            let searches = server.counters.immichSearches.dropFirst(before)
            XCTAssertTrue(searches.allSatisfy { $0.contains(DemoImmich.albumID) && !$0.contains("summer") }, "\(searches)")
            XCTAssertEqual(indices(try pass(source(albums: [DemoImmich.albumID]))), timeline.filter(DemoImmich.inAlbum),
                           "v\(version): an ID still works")
        }
        XCTAssertTrue(server.counters.immichPaths.contains("GET /api/albums"))
        let searches = server.counters.immichSearches.count
        let unknown = source(albums: ["Winter 2019"])
        XCTAssertEqual(try pass(unknown), [], "an empty wall, never a search Immich would refuse")
        XCTAssertTrue(unknown.emptyFeedText.contains("no album named “Winter 2019”"), unknown.emptyFeedText)
        XCTAssertEqual(server.counters.immichSearches.count, searches, "no search for an album nobody has")
        XCTAssertEqual(server.counters.immichRejected, [])
    }

    /// A 400 (here a v3 server that no longer takes a field, as v4 will drop the flat ones) is a set-up error in
    /// Immich's own words: refused, logged once, and the pager waits ten minutes instead of asking every second.
    func testA400IsSaidInImmichsWordsAndNotRetriedEverySecond() throws {
        server.faults.immichUnknownFields = ["withExif"]
        let s = source()
        guard case .failure(let error)? = page(s, 1) else { return XCTFail("the search must fail") }
        guard case .refused(let why) = error else { return XCTFail("a 400 is a refusal, not a network fault: \(error)") }
        XCTAssertTrue(why.contains("HTTP 400") && why.contains("Validation failed") && why.contains("withExif"), why)
        XCTAssertFalse(error.isRetryable)
        _ = page(s, 1)
        XCTAssertEqual(logLock.withLock { logged.filter { $0.contains("withExif") }.count }, 1, "logged once: \(logged)")
        var pager = FeedPager()
        var feed = Feed()
        let request = try XCTUnwrap(pager.nextRequest(wantsMore: true, now: 0, generation: feed.generation))
        XCTAssertEqual(pager.complete(request, with: .failure(error), into: &feed, now: 0), .willRetry(after: FeedPager.refusedRetry))
        XCTAssertNil(pager.nextRequest(wantsMore: true, now: 60, generation: feed.generation), "not asked again within a minute")
    }

    func testARefusedOriginalIsAskedOnceAndThePreviewAnswersFromThenOn() throws {
        server.faults.immichOriginalStatus = 403
        let s = source()
        let photos = try pass(s)
        let big = photos.filter { max($0.width, $0.height) > ImmichSource.previewSide }
        XCTAssertGreaterThanOrEqual(big.count, 2)
        let zoomed = PixelSize(width: 2880, height: 1920)
        for photo in big.prefix(2) {
            let answer: Result<ImageAnswer, SourceError>? = wait { done in
                _ = s.fetchImage(photo, size: zoomed, priority: 0, progress: nil) { done($0) }
            }
            let header = try ImageHeaderReader.read(try XCTUnwrap(try answer?.get()).data)
            XCTAssertEqual(max(header.width, header.height), 1440, "the preview stands in")
        }
        XCTAssertEqual(server.counters.immichThumbnails, ["\(big[0].id)?original", "\(big[0].id)?preview", "\(big[1].id)?preview"],
                       "one refusal: no original asked again, for that photo or another")
        XCTAssertEqual(logLock.withLock { logged.filter { $0.contains("asset.download") }.count }, 1, "\(logged)")
    }
}
