import Foundation
import XCTest
@testable import GalleryCore
@testable import NetworkSources

final class ImmichListTests: XCTestCase {
    private let hash = "aDkGXIyAh4d1iIeId4eGj8f3eA=="  // a 7:4 landscape (the reference encoder's)

    private func search(_ items: [[String: Any]], next: Any = NSNull()) throws -> ImmichList.Page {
        let body: [String: Any] = ["assets": ["items": items, "nextPage": next, "total": items.count, "count": items.count]]
        return try ImmichList.decodeSearch(try JSONSerialization.data(withJSONObject: body), base: "http://immich.local:2283")
    }

    private func asset(_ id: String, exif: [String: Any] = [:], extra: [String: Any] = [:]) -> [String: Any] {
        var a: [String: Any] = ["id": id, "type": "IMAGE", "originalFileName": "IMG_0001.HEIC", "thumbhash": hash,
                                "exifInfo": exif]
        for (k, v) in extra { a[k] = v }
        return a
    }

    func testSizesComeUprightFromExifElseFromTheThumbHash() throws {
        let page = try search([
            asset("a-1", exif: ["exifImageWidth": 4032, "exifImageHeight": 3024, "orientation": "6"]),
            asset("a-2", exif: ["exifImageWidth": 4032, "exifImageHeight": 3024, "orientation": 1]),
            asset("a-3"),
            asset("a-4", exif: ["exifImageWidth": 1, "exifImageHeight": 90000]),
        ], next: "2")
        XCTAssertTrue(page.hasNext)
        let sizes = page.contents.photos.map { [$0.width, $0.height] }
        XCTAssertEqual(sizes[0], [3024, 4032], "orientation 6: the camera was turned, the sides swap")
        XCTAssertEqual(sizes[1], [4032, 3024])
        XCTAssertEqual(sizes[2], [1000, 571], "no EXIF size: the ThumbHash's 7:4")
        XCTAssertEqual(sizes[3], [1000, 571], "an absurd one is not believed either")
        XCTAssertEqual(page.contents.photos[0].url, "http://immich.local:2283/photos/a-1", "its page in Immich's web UI")
        XCTAssertEqual(page.contents.photos[0].thumbHash, hash)
    }

    func testCaptionsComeFromExifAndTextIsCleaned() throws {
        let page = try search([asset("b-1", exif: [
            "exifImageWidth": 4000, "exifImageHeight": 3000, "dateTimeOriginal": "2023-06-01T14:03:22.000Z",
            "city": "Bergen\u{1B}[31m", "state": "Vestland", "country": "Norway", "make": "FUJIFILM", "model": "X-T5",
            "description": "Fjord \u{202E}at dusk",
        ])])
        XCTAssertFalse(page.hasNext)
        let photo = try XCTUnwrap(page.contents.photos.first)
        XCTAssertEqual(photo.facts?.place, "Bergen[31m, Vestland, Norway", "no escape reaches the screen")
        XCTAssertEqual(photo.facts?.camera, "FUJIFILM X-T5")
        XCTAssertEqual(photo.facts?.description, "Fjord at dusk")
        XCTAssertEqual(Caption.text(for: photo, fields: [.date, .place]), "1 June 2023 · Bergen[31m, Vestland, Norway")
        let credit = ImmichSource.credit(for: photo)
        XCTAssertEqual(credit.line, "Fjord at dusk")
        XCTAssertEqual(credit.details.first, "IMG_0001.HEIC")
        // localDateTime when the EXIF has no date.
        let local = try search([asset("b-2", exif: ["exifImageWidth": 10, "exifImageHeight": 10],
                                      extra: ["localDateTime": "2021-12-24T18:00:00.000Z"])])
        XCTAssertEqual(local.contents.photos.first.flatMap { Caption.text(for: $0, fields: [.date]) }, "24 December 2021")
    }

    func testAudioBadIDsAndUnsizedAssetsAreSkippedAndCounted() throws {
        var unsized = asset("c-3")
        unsized["thumbhash"] = NSNull()
        let page = try search([
            asset("c-1", extra: ["type": "AUDIO"]), asset("../etc/passwd"), unsized, asset("c-4"), ["id": 5],
        ])
        XCTAssertEqual(page.contents.photos.map(\.id), ["c-4"])
        XCTAssertEqual(page.contents.skipped, 4, "skipped, so a short page is not taken for the last")
        XCTAssertThrowsError(try ImmichList.decodeSearch(Data("<html>".utf8), base: ""))
        XCTAssertThrowsError(try ImmichList.decodeSearch(Data("[]".utf8), base: ""))
        // When each was uploaded, for a shuffle's late arrivals; a date that is not one is none.
        let created = try search([asset("d-1", extra: ["createdAt": "2024-03-02T10:00:00.000Z"]),
                                  asset("d-2", extra: ["createdAt": "yesterday"])])
        XCTAssertEqual(created.listed.map(\.arrived), [PhotoDateFilter.seconds(of: .init(year: 2024, month: 3, day: 2)) + 36_000, nil])
    }

    func testVideosAreClipsWithTheirDurationAndLivePhotosNameTheirClip() throws {
        let page = try search([
            asset("v-1", exif: ["exifImageWidth": 1920, "exifImageHeight": 1080, "orientation": "6"],
                  extra: ["type": "VIDEO", "duration": "0:00:12.345000"]),
            asset("v-2", extra: ["type": "VIDEO", "duration": "1:02:03.5"]),
            asset("v-3", extra: ["type": "VIDEO", "duration": "soon"]),
            asset("l-1", exif: ["exifImageWidth": 4032, "exifImageHeight": 3024],
                  extra: ["livePhotoVideoId": "0f0e0d0c-0000-4000-8000-000000000001", "duration": "0:00:00.00000"]),
            asset("l-2", extra: ["livePhotoVideoId": "../../api/users"]),
            asset("s-1", extra: ["livePhotoVideoId": NSNull()]),
        ])
        let photos = Dictionary(uniqueKeysWithValues: page.contents.photos.map { ($0.id, $0) })
        XCTAssertEqual(photos.count, 6)
        let clip = try XCTUnwrap(photos["v-1"])
        XCTAssertEqual(clip.motion?.kind, .clip)
        XCTAssertEqual(try XCTUnwrap(clip.motion?.duration), 12.345, accuracy: 1e-9)
        XCTAssertEqual([clip.width, clip.height], [1080, 1920], "a phone's portrait clip: its rotation as orientation 6")
        XCTAssertEqual(clip.motion?.badge, "0:12")
        XCTAssertEqual(photos["v-2"]?.motion?.duration, 3723.5)
        XCTAssertEqual(photos["v-3"]?.motion, PhotoMotion(kind: .clip), "a duration that is not one is not known")
        XCTAssertEqual(photos["l-1"]?.motion, PhotoMotion(kind: .livePhoto, clipID: "0f0e0d0c-0000-4000-8000-000000000001"))
        XCTAssertNil(photos["l-2"]?.motion, "a clip ID that is not one is not followed")
        XCTAssertNil(photos["s-1"]?.motion)
        XCTAssertEqual(ImmichList.seconds(duration: "0:00:00.00000"), nil)
        XCTAssertEqual(ImmichList.seconds(duration: "0:61:00.0"), nil)
        XCTAssertEqual(ImmichList.seconds(duration: "0:00:01.5"), 1.5)
    }

    func testTheSearchBodyCarriesTheFilters() throws {
        final class NoHTTP: HTTPClient {
            func get(_ request: HTTPRequest, completion: @escaping (Result<HTTPResponse, HTTPError>) -> Void) -> RequestID { RequestID(0) }
            func cancel(_ id: RequestID) -> Bool { false }
        }
        let source = ImmichSource(baseURL: "http://immich.local:2283/api/", apiKey: "k", http: NoHTTP(),
                                  albums: ["0f0e0d0c-0000-4000-8000-0000000000a1", "Summer 2024", "bad/../id"],
                                  favorites: true)
        XCTAssertEqual(source.baseURL, "http://immich.local:2283")
        let body = try XCTUnwrap(JSONSerialization.jsonObject(with: source.searchBody(page: 3, size: 40)) as? [String: Any])
        XCTAssertEqual(body["page"] as? Int, 3)
        XCTAssertEqual(body["size"] as? Int, 40)
        XCTAssertNil(body["type"], "images and videos")
        XCTAssertEqual(body["order"] as? String, "desc")
        XCTAssertEqual(body["withExif"] as? Bool, true)
        XCTAssertEqual(body["albumIds"] as? [String], ["0f0e0d0c-0000-4000-8000-0000000000a1"],
                       "a name (or anything else that is no UUID) is never sent as an ID: Immich answers 400")
        XCTAssertEqual(body["visibility"] as? String, "timeline", "never the archived, the hidden, Live Photos' clips")
        XCTAssertEqual(body["isFavorite"] as? Bool, true)
        let photo = Photo(id: "x", author: "", width: 4000, height: 3000, url: "", downloadURL: "")
        XCTAssertEqual(source.imagePath(for: photo, size: PixelSize(width: 240, height: 180)), "/api/assets/x/thumbnail?size=thumbnail")
        XCTAssertEqual(source.imagePath(for: photo, size: PixelSize(width: 622, height: 466)), "/api/assets/x/thumbnail?size=preview")
        XCTAssertEqual(source.imagePath(for: photo, size: PixelSize(width: 1440, height: 1080)), "/api/assets/x/thumbnail?size=preview")
        XCTAssertEqual(source.imagePath(for: photo, size: PixelSize(width: 2880, height: 2160)), "/api/assets/x/original",
                       "zoomed past the preview: the original, through the decoder")
        var video = Photo(id: "v", author: "", width: 3840, height: 2160, url: "", downloadURL: "")
        video.motion = PhotoMotion(kind: .clip)
        XCTAssertEqual(source.imagePath(for: video, size: PixelSize(width: 2880, height: 2160)), "/api/assets/v/thumbnail?size=preview",
                       "a video's original is the clip: its picture is always the preview")
        XCTAssertEqual(source.motionLocation(for: video),
                       MediaLocation(url: "http://immich.local:2283/api/assets/v/video/playback", headers: ["x-api-key: k"]))
        var live = Photo(id: "l", author: "", width: 4032, height: 3024, url: "", downloadURL: "")
        live.motion = PhotoMotion(kind: .livePhoto, clipID: "c-9")
        XCTAssertEqual(source.motionLocation(for: live)?.place, .url("http://immich.local:2283/api/assets/c-9/video/playback"))
        live.motion?.clipID = "../x"
        XCTAssertNil(source.motionLocation(for: live))
        XCTAssertNil(source.motionLocation(for: photo), "a still has nothing to play")
        let small = Photo(id: "y", author: "", width: 1200, height: 900, url: "", downloadURL: "")
        XCTAssertEqual(source.imagePath(for: small, size: PixelSize(width: 2400, height: 1800)), "/api/assets/y/thumbnail?size=preview",
                       "a photo no larger than its preview never needs the original")
    }

    func testADamagedNewestFirstPlaceIsNoPlace() {
        XCTAssertNil(ImmichNewestPlace(text: "n1 -9223372036854775808 abc"), "a time no calendar holds")
        XCTAssertNil(ImmichNewestPlace(text: "n1 999999999999999 abc"))
        XCTAssertNil(ImmichNewestPlace(text: "n1 12 a b"))
        XCTAssertEqual(ImmichNewestPlace(text: "n1 1700000000 abc")?.taken, 1_700_000_000)
    }

    /// A newest-first show carried on from a kept place: the photos above it, then the search's page from it down
    /// without the same second's photos listed above already; the wall stands at the place, the slideshow carries on
    /// after it; a place whose photo is gone stands at the first photo below.
    func testANewestFirstPlaceServesItsFirstPageWholeAndSaysWhereTheShowStood() throws {
        func photo(_ id: String) -> Photo { Photo(id: id, author: id, width: 4, height: 3, url: "", downloadURL: "") }
        let place = try XCTUnwrap(ImmichNewestPlace(text: "n1 1700000000 c"))
        // a and b newer, c the place, d taken in the same second after it (listed above too), e and f older.
        let above = ["a", "b", "c", "d"].map(photo)
        let below = PageContents(photos: ["c", "d", "e", "f"].map(photo), skipped: 1)
        let page = place.whole(above: above, below: below)
        XCTAssertEqual(page.photos.map(\.id), ["a", "b", "c", "d", "e", "f"], "each once, newest first")
        XCTAssertEqual(page.skipped, 1)
        XCTAssertEqual(page.resumed, ShowResume(stoodAt: "c", next: "d"))
        let gone = place.whole(above: ["a", "b"].map(photo), below: PageContents(photos: ["e", "f"].map(photo)))
        XCTAssertEqual(gone.photos.map(\.id), ["a", "b", "e", "f"])
        XCTAssertEqual(gone.resumed, ShowResume(stoodAt: "e", next: "e"), "the place's photo deleted: the first below")
        let last = place.whole(above: ["a", "c"].map(photo), below: PageContents(photos: ["c"].map(photo)))
        XCTAssertEqual(last.resumed, ShowResume(stoodAt: "c", next: nil), "the library's last photo: the pass starts over")
    }
    /// Immich v3 answers a search without `visibility` with archived and hidden assets too; whatever the server sends,
    /// only what is on the owner's timeline becomes a photo.
    func testOnlyAssetsOnTheTimelineBecomePhotos() throws {
        let page = try search([
            asset("on", exif: ["exifImageWidth": 400, "exifImageHeight": 300], extra: ["visibility": "timeline"]),
            asset("unsaid"),
            asset("archived", extra: ["visibility": "archive"]),
            asset("hidden-clip", extra: ["visibility": "hidden", "type": "VIDEO", "duration": 2500]),
            asset("locked", extra: ["visibility": "locked"]),
            asset("odd", extra: ["visibility": 3]),
            asset("v2-archived", extra: ["isArchived": true]),
            asset("trashed", extra: ["visibility": "timeline", "isTrashed": true]),
            asset("v2-kept", extra: ["isArchived": false, "visibility": "timeline"]),
        ])
        XCTAssertEqual(page.contents.photos.map(\.id), ["on", "unsaid", "v2-kept"])
        XCTAssertEqual(page.contents.skipped, 6, "counted as skipped, never shown")
    }

    func testDurationsAreV3MillisecondsOrV2Text() {
        XCTAssertEqual(ImmichList.seconds(duration: 12_345 as Any?), 12.345)
        XCTAssertEqual(ImmichList.seconds(duration: NSNumber(value: 1500.0) as Any?), 1.5)
        XCTAssertNil(ImmichList.seconds(duration: NSNull() as Any?), "a still's null")
        XCTAssertNil(ImmichList.seconds(duration: 0 as Any?))
        XCTAssertNil(ImmichList.seconds(duration: -5 as Any?))
        XCTAssertNil(ImmichList.seconds(duration: NSNumber(value: true) as Any?), "a boolean is no length")
        XCTAssertNil(ImmichList.seconds(duration: 1e300 as Any?))
        XCTAssertEqual(ImmichList.seconds(duration: "0:00:12.345000" as Any?), 12.345)
        XCTAssertEqual(ImmichList.seconds(duration: "00:00:08.475"), 8.475)
        XCTAssertEqual(ImmichList.seconds(duration: "0.98"), 0.98, "a GIF's plain seconds (v2)")
        XCTAssertNil(ImmichList.seconds(duration: "nan"))
        // Decoded from a v3 answer: the badge's length.
        let page = try? search([asset("v", exif: ["exifImageWidth": 1920, "exifImageHeight": 1080],
                                      extra: ["type": "VIDEO", "duration": 61_500, "visibility": "timeline"])])
        XCTAssertEqual(page?.contents.photos.first?.motion, PhotoMotion(kind: .clip, duration: 61.5))
    }

    /// Immich's error bodies, v3's (Zod's issues) and v2's (a message or a list of them), in words for the log.
    func testImmichsErrorsAreReadInBothShapes() {
        let v3 = #"{"message":"Validation failed","errors":[{"code":"invalid_format","path":["albumIds",0],"message":"Invalid UUID"},{"code":"unrecognized_keys","path":[],"message":"Unrecognized key: \"deviceAssetId\""}],"correlationId":"x"}"#
        XCTAssertEqual(ImmichAPI.message(in: Data(v3.utf8)),
                       "Validation failed: albumIds.0: Invalid UUID; Unrecognized key: \"deviceAssetId\"")
        let v2 = #"{"message":["each value in albumIds must be a UUID"],"error":"Bad Request","statusCode":400}"#
        XCTAssertEqual(ImmichAPI.message(in: Data(v2.utf8)), "each value in albumIds must be a UUID")
        XCTAssertEqual(ImmichAPI.message(in: Data(#"{"message":"Not found or no album.read access"}"#.utf8)),
                       "Not found or no album.read access")
        XCTAssertNil(ImmichAPI.message(in: Data("<html>".utf8)))
        XCTAssertNil(ImmichAPI.message(in: Data(#"{"message":7}"#.utf8)))
        let hostile = "{\"message\":\"" + String(repeating: "\u{202E}x", count: 5000) + "\"}"
        let said = ImmichAPI.message(in: Data(hostile.utf8)) ?? ""
        XCTAssertLessThanOrEqual(said.count, 300)
        XCTAssertFalse(said.unicodeScalars.contains("\u{202E}"), "no bidi override reaches the header")
    }

    /// Albums by name: whole, any case; two albums of one name are not guessed between.
    func testAlbumNamesAreMatchedWholeAndTwinsAreNotGuessed() throws {
        let albums: [[String: Any]] = [
            ["id": "0f0e0d0c-0000-4000-8000-0000000000a1", "albumName": "Summer"],
            ["id": "0f0e0d0c-0000-4000-8000-0000000000a2", "albumName": "Twins"],
            ["id": "0f0e0d0c-0000-4000-8000-0000000000a3", "albumName": "twins"],
            ["id": "0f0e0d0c-0000-4000-8000-0000000000a1", "albumName": "Summer"],  // listed again (shared)
        ]
        let data = try JSONSerialization.data(withJSONObject: albums)
        let found = try ImmichNames.named(["summer", "Twins", "Sum"], in: data, keys: ["albumName"], what: "album", unique: true)
        XCTAssertEqual(found.ids, ["0f0e0d0c-0000-4000-8000-0000000000a1"])
        XCTAssertEqual(found.problems, ["more than one album named “Twins” (give its ID)", "no album named “Sum”"])
        XCTAssertNil(ImmichNames.withoutLookUp(people: [], tags: [], albums: ["Summer"]))
        XCTAssertEqual(ImmichNames.withoutLookUp(people: [], tags: [], albums: ["0f0e0d0c-0000-4000-8000-0000000000a1"])?.albumIDs,
                       ["0f0e0d0c-0000-4000-8000-0000000000a1"])
    }
}
