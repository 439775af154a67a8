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
                                  albums: ["album-1", "bad/../id"], favorites: true)
        XCTAssertEqual(source.baseURL, "http://immich.local:2283")
        let body = try XCTUnwrap(JSONSerialization.jsonObject(with: source.searchBody(page: 3, size: 40)) as? [String: Any])
        XCTAssertEqual(body["page"] as? Int, 3)
        XCTAssertEqual(body["size"] as? Int, 40)
        XCTAssertNil(body["type"], "images and videos")
        XCTAssertEqual(body["order"] as? String, "desc")
        XCTAssertEqual(body["withExif"] as? Bool, true)
        XCTAssertEqual(body["albumIds"] as? [String], ["album-1"], "an ID that is not one is not sent")
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
}
