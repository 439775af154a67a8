import DemoPhotos
import FixtureServer
import Foundation
import ImageSamples
@testable import GalleryCore
@testable import NetworkSources
@testable import GalleryNet
import SDLKit
import XCTest

/// The Immich source through libcurl against the fixture's Immich stand-in (48 assets, an album of every third,
/// favourites every fifth, people and tags on some, dates over five years). Random order: `NetworkShuffleTests`.
final class ImmichIntegrationTests: ClientTestCase {
    private func source(key: String = "fixture-immich-key", albums: [String] = [], favorites: Bool = false) -> ImmichSource {
        ImmichSource(baseURL: server.baseURL, apiKey: key, http: client, albums: albums, favorites: favorites)
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

    /// Videos and Live Photos: a clip with its duration and upright size, a Live Photo naming its clip, posters
    /// from the thumbnail endpoint, and the clip played from `video/playback` with the key.
    func testVideosAndLivePhotosArriveWithTheirMotionAndPlayFromTheServer() throws {
        // A real MP4 when ffmpeg is there; the fixture serves whatever bytes it is given.
        let scratch = NSTemporaryDirectory() + "tessera-immich-clip-\(UUID().uuidString).mp4"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let clip: Data
        if (try? MediaSamples.clip(at: scratch)) != nil, let made = FileManager.default.contents(atPath: scratch) {
            clip = made
        } else {
            clip = MotionBytes.fakeMP4(count: 2000)
        }
        server.faults.immichVideos = [1, 2]
        server.faults.immichLivePhotos = [4]
        server.faults.immichClip = [UInt8](clip)
        let s = source()
        let photos = try pass(s)
        XCTAssertEqual(photos.count, 48, "videos are no longer skipped")
        let catalog = DemoCatalog(count: 48)
        let video = photos[1]
        XCTAssertEqual(video.motion, PhotoMotion(kind: .clip, duration: 12.345))
        XCTAssertEqual([video.width, video.height], [catalog.entries[1].width, catalog.entries[1].height],
                       "upright: Immich's orientation 6 for a turned clip swaps its stored sides back")
        XCTAssertEqual(photos[2].motion?.kind, .clip)
        let live = photos[4]
        XCTAssertEqual(live.motion, PhotoMotion(kind: .livePhoto, clipID: DemoImmich.liveClipID(4)))
        XCTAssertNil(photos[0].motion)
        XCTAssertNil(photos[3].motion)

        // The poster comes from the thumbnail endpoint, however large the cell: a video's original is the clip.
        let poster: Result<ImageAnswer, SourceError>? = wait { done in
            _ = s.fetchImage(video, size: PixelSize(width: 3000, height: 2000), priority: 0, progress: nil) { done($0) }
        }
        XCTAssertEqual(try ImageHeaderReader.read(try XCTUnwrap(try poster?.get()).data).format, .jpeg)
        XCTAssertEqual(server.counters.immichThumbnails, ["\(video.id)?preview"])

        let videoPlace = try XCTUnwrap(s.motionLocation(for: video))
        XCTAssertEqual(videoPlace, MediaLocation(url: server.baseURL + "/api/assets/\(video.id)/video/playback",
                                                 headers: ["x-api-key: fixture-immich-key"]))
        let livePlace = try XCTUnwrap(s.motionLocation(for: live))
        XCTAssertEqual(livePlace.place, .url(server.baseURL + "/api/assets/\(DemoImmich.liveClipID(4))/video/playback"))
        XCTAssertNil(s.motionLocation(for: photos[0]))
        // The key is in the location's headers only: a photo kept in the cache never holds it.
        let kept = String(decoding: try JSONEncoder().encode(live), as: UTF8.self)
        XCTAssertFalse(kept.contains("fixture-immich-key"))

        // What the media worker will ask: the clip's bytes, with the key; without it, refused.
        for place in [videoPlace, livePlace] {
            guard case .url(let url) = place.place else { return XCTFail() }
            var request = HTTPRequest(url: url, priority: 0, maxBodyBytes: 8 << 20)
            request.headers = place.headers.map { line in
                let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                return (name: parts[0], value: parts[1])
            }
            let answer: Result<HTTPResponse, HTTPError>? = wait { done in _ = client.get(request) { done($0) } }
            let response = try XCTUnwrap(try answer?.get())
            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(response.body, clip)
            let bare: Result<HTTPResponse, HTTPError>? = wait { done in
                _ = client.get(HTTPRequest(url: url, priority: 0, maxBodyBytes: 1 << 20)) { done($0) }
            }
            if case .success(let refused)? = bare { XCTAssertEqual(refused.status, 401) }
        }
        XCTAssertEqual(server.counters.immichPlaybacks, [video.id, DemoImmich.liveClipID(4)])
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

    func testNewestFirstARestartServesThePassWholeAndStandsAtTheLastPhotoShownThenTheNextPassStartsAtTheNewest() throws {
        let first = source()
        let page1 = try XCTUnwrap(try page(first, 1)?.get()).photos
        let page2 = try XCTUnwrap(try page(first, 2)?.get()).photos
        var kept: String?
        for photo in (page1 + page2).prefix(25) { kept = first.place(shown: photo) }
        // Killed: a new run keeps only the place's text.
        let second = source()
        second.resume(from: try XCTUnwrap(kept))
        // The pass whole from the newest (Home reaches it, nothing cut), its first page saying where the show stood
        // and where a slideshow carries on: nothing shown again.
        let opening = try XCTUnwrap(try page(second, 1)?.get())
        XCTAssertEqual(opening.resumed, ShowResume(stoodAt: DemoImmich.assetID(24), next: DemoImmich.assetID(25)))
        var whole = opening.photos
        for n in 2...6 {
            let contents = try XCTUnwrap(try page(second, n)?.get())
            if contents.rawCount == 0 { break }
            XCTAssertNil(contents.resumed)
            whole += contents.photos
        }
        XCTAssertEqual(whole.map { DemoImmich.index(ofAsset: $0.id)! }, Array(0..<48), "the whole pass, each once, in order")
        XCTAssertGreaterThan(opening.photos.count, 25, "the first page reaches past the place")
        // The part above the place in one search (a thousand at a time), then the pages from the place down.
        XCTAssertEqual(server.counters.immichSearches.count, 2 + 3)
        XCTAssertTrue(server.counters.immichSearches[2].contains("\"takenAfter\""), server.counters.immichSearches[2])
        XCTAssertEqual(try pass(second).count, 48, "the next pass starts at the newest")
        second.resume(from: "v1 1 1 0 0 - -")  // a shuffle's place is no place here
        XCTAssertEqual(try pass(second).count, 48)
    }

    func testPeopleAndTagsByNameOrIDAreFiltersOfTheSearch() throws {
        let s = ImmichSource(baseURL: server.baseURL, apiKey: "fixture-immich-key", http: client,
                             people: ["ada", DemoImmich.people[1].id], tags: ["travel/japan"])
        let photos = try pass(s)
        // Ada on every second, Grace on every third, Japan on every eighth: all three on every 24th.
        let expected = (0..<48).filter { i in
            Set([DemoImmich.people[0].id, DemoImmich.people[1].id]).isSubset(of: DemoImmich.people(on: i))
                && DemoImmich.tags(on: i).contains(DemoImmich.tags[1].id)
        }
        XCTAssertFalse(expected.isEmpty)
        XCTAssertEqual(photos.map { DemoImmich.index(ofAsset: $0.id)! }, expected)
        let search = try XCTUnwrap(server.counters.immichSearches.last)
        XCTAssertTrue(search.contains(DemoImmich.people[0].id) && search.contains(DemoImmich.people[1].id), search)
        XCTAssertTrue(search.contains(DemoImmich.tags[1].id), search)
    }

    func testANameThatMatchesNobodySaysSoInsteadOfShowingEverything() throws {
        let s = ImmichSource(baseURL: server.baseURL, apiKey: "fixture-immich-key", http: client,
                             people: ["Nobody", "a"], tags: ["Holidays"])
        XCTAssertEqual(try pass(s), [], "an empty wall, not every photo")
        XCTAssertTrue(s.emptyFeedText.contains("no person named “Nobody”"), s.emptyFeedText)
        XCTAssertTrue(s.emptyFeedText.contains("more than one person called “a” (Ada Lovelace, Alan Turing)"), s.emptyFeedText)
        XCTAssertTrue(s.emptyFeedText.contains("no tag named “Holidays”"), s.emptyFeedText)
        XCTAssertTrue(server.counters.immichSearches.isEmpty, "no search without the people asked for")
    }

    func testASpanOfDaysIsTakenAfterAndTakenBefore() throws {
        var dates = PhotoDateFilter()
        dates.from = PhotoDateFilter.seconds(of: .init(year: 2025, month: 6, day: 1))
        dates.to = PhotoDateFilter.seconds(of: .init(year: 2025, month: 8, day: 31)) + 86_399
        let s = ImmichSource(baseURL: server.baseURL, apiKey: "fixture-immich-key", http: client, dates: dates)
        let photos = try pass(s)
        let expected = (0..<48).filter { let t = DemoImmich.taken($0); return t.year == 2025 && (6...8).contains(t.month) }
        XCTAssertEqual(expected.count, 15)
        XCTAssertEqual(photos.map { DemoImmich.index(ofAsset: $0.id)! }, expected)
        XCTAssertTrue(server.counters.immichSearches.allSatisfy {
            $0.contains("\"takenAfter\":\"2025-06-01T00:00:00.000Z\"") && $0.contains("\"takenBefore\":\"2025-08-31T23:59:59.000Z\"")
        })
    }

    func testMemoriesAreThisDayInEachEarlierYearNewestFirst() throws {
        server.stop()
        var faults = FixtureFaults()
        faults.immichAssets = 300
        server = FixtureServer(photos: 300, faults: faults)
        try server.start(port: 0)
        let today = PhotoDateFilter.Day(year: 2026, month: 6, day: 13)
        let s = ImmichSource(baseURL: server.baseURL, apiKey: "fixture-immich-key", http: client,
                             dates: PhotoDateFilter(onThisDay: today))
        let photos = try pass(s, limit: 2)
        let expected = (0..<300).filter { let t = DemoImmich.taken($0); return t.month == 6 && t.day == 13 && t.year < 2026 }
            .sorted { DemoImmich.taken($0).year > DemoImmich.taken($1).year }
        XCTAssertEqual(expected.count, 5, "one a year, 2025 back to 2021")
        XCTAssertEqual(photos.map { DemoImmich.index(ofAsset: $0.id)! }, expected)
        XCTAssertEqual(photos.compactMap { $0.facts?.taken.map { PhotoDateFilter.day(of: $0).year } }, [2025, 2024, 2023, 2022, 2021])
        // The oldest photo's year first, then a search a year.
        XCTAssertEqual(server.counters.immichSearches.count, 1 + 5)
        // The memories room asks a show of any order for the same photos.
        let show = ImmichSource(baseURL: server.baseURL, apiKey: "fixture-immich-key", http: client, random: true)
        XCTAssertTrue(show.offersMemories)
        let room: Result<[Photo], SourceError>? = wait { done in show.memories(on: today, limit: 3) { done($0) } }
        XCTAssertEqual(try XCTUnwrap(room).get().map { DemoImmich.index(ofAsset: $0.id)! }, Array(expected.prefix(3)))
        let none = ImmichSource(baseURL: server.baseURL, apiKey: "fixture-immich-key", http: client,
                                dates: PhotoDateFilter(onThisDay: .init(year: 2026, month: 6, day: 14)))
        XCTAssertEqual(try pass(none), [])
        XCTAssertTrue(none.emptyFeedText.contains("on this day in earlier years"), none.emptyFeedText)
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
