import DemoPhotos
import Foundation
import GalleryCore

/// The fixture's Immich stand-in, speaking the part of Immich's API Tessera uses: `POST /api/search/metadata`
/// (page, size, order, albumIds, isFavorite, personIds, tagIds, takenAfter, takenBefore → `assets.items`,
/// `assets.nextPage`), `POST /api/search/random`, `GET /api/search/person?name=`, `GET /api/tags`,
/// `GET /api/albums/{id}`, `GET /api/assets/{id}/thumbnail?size=preview|thumbnail`,
/// `GET /api/assets/{id}/video/playback` (the clip of a video or a Live Photo) and `GET /api/server/ping`
/// (the only call without the key). Every other call needs `x-api-key`; without it the answer is 401, as Immich's.
/// The library is `DemoImmich`'s: a few dozen assets (or as many as `immichAssets` says) with EXIF, ThumbHashes, HEIC
/// file names, dates over five years, upload times, an album, favourites, people and tags.
extension FixtureRouter {
    func immich(_ parts: [String], query: [String: String], base: String, headers: [String: String], method: String,
                body: Data, faults: FixtureFaults, counters: inout FixtureCounters) -> FixtureResponse {
        counters.immichRequests += 1
        if parts == ["server", "ping"] { return json(["res": "pong"]) }
        guard headers["x-api-key"] == faults.immichKey else {
            counters.immichWithoutKey += 1
            return json(["message": "Invalid API key", "error": "Unauthorized", "statusCode": 401], status: 401)
        }
        let request = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
        let library = assets(faults: faults, filter: request)
        switch (method, parts.first, parts.count) {
        case ("POST", "search", 2) where parts[1] == "metadata":
            counters.immichSearches.append(String(decoding: body.prefix(500), as: UTF8.self))
            if faults.immichMalformed {
                return FixtureResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data("{\"assets\": [".utf8))
            }
            let page = max(1, request["page"] as? Int ?? 1), size = min(max(1, request["size"] as? Int ?? 250), 1000)
            let start = (page - 1) * size
            let items = start < library.count ? Array(library[start..<min(library.count, start + size)]) : []
            let more = start + size < library.count
            return json(["albums": ["total": 0, "count": 0, "items": [], "facets": [], "nextPage": NSNull()],
                         "assets": ["total": items.count, "count": items.count, "items": items.map(\.asset),
                                    "facets": [], "nextPage": more ? String(page + 1) : NSNull()]])
        case ("POST", "search", 2) where parts[1] == "random":
            counters.immichSearches.append(String(decoding: body.prefix(500), as: UTF8.self))
            let size = min(max(1, request["size"] as? Int ?? 250), 1000)
            return json(library.shuffled().prefix(size).map(\.asset))
        case ("GET", "search", 2) where parts[1] == "person":
            // Immich matches the start of any word of a name, case folded.
            let name = (query["name"] ?? "").removingPercentEncoding?.lowercased() ?? ""
            let found = DemoImmich.people.filter { person in
                !name.isEmpty && person.name.lowercased().split(separator: " ").contains { $0.hasPrefix(name) }
                    || person.name.lowercased().hasPrefix(name)
            }
            return json(found.map { ["id": $0.id, "name": $0.name, "birthDate": NSNull(), "thumbnailPath": "",
                                     "isHidden": false, "updatedAt": "2025-01-01T00:00:00.000Z"] as [String: Any] })
        case ("GET", "tags", 1):
            return json(DemoImmich.tags.map { ["id": $0.id, "name": $0.name, "value": $0.value,
                                               "createdAt": "2025-01-01T00:00:00.000Z", "updatedAt": "2025-01-01T00:00:00.000Z"] })
        case ("GET", "albums", 2):
            guard parts[1] == DemoImmich.albumID else { return json(["message": "Not found"], status: 400) }
            let album = assets(faults: faults, filter: ["albumIds": [DemoImmich.albumID]])
            return json(["id": DemoImmich.albumID, "albumName": DemoImmich.albumName, "assetCount": album.count,
                         "assets": album.map(\.asset)])
        case ("GET", "assets", 3) where parts[2] == "thumbnail":
            guard let index = DemoImmich.index(ofAsset: parts[1]), index < faults.immichAssets,
                  let entry = catalog.entry(id: String(index)) else { return json(["message": "Not found"], status: 400) }
            counters.immichThumbnails.append("\(parts[1])?\(query["size"] ?? "")")
            // Previews are about 1440 px on their long side, thumbnails about 250, both upright.
            let long = query["size"] == "thumbnail" ? 250.0 : 1440.0
            let f = long / Double(max(entry.width, entry.height))
            return FixtureResponse(status: 200, headers: [("Content-Type", "image/jpeg")],
                                   image: (entry.id, max(1, Int((Double(entry.width) * f).rounded())),
                                           max(1, Int((Double(entry.height) * f).rounded()))),
                                   trickle: faults.trickleImages.contains(entry.id) ? max(1, faults.trickleBytesPerSecond) : nil)
        case ("GET", "assets", 3) where parts[2] == "original":
            guard let index = DemoImmich.index(ofAsset: parts[1]), index < faults.immichAssets,
                  let entry = catalog.entry(id: String(index)) else { return json(["message": "Not found"], status: 400) }
            counters.immichThumbnails.append("\(parts[1])?original")
            // The original at its own size (a JPEG here; a phone's would often be a HEIC).
            let f = min(1, Double(FixtureRouter.maxSide) / Double(max(entry.width, entry.height)))
            return FixtureResponse(status: 200, headers: [("Content-Type", "image/jpeg")],
                                   image: (entry.id, Int(Double(entry.width) * f), Int(Double(entry.height) * f)))
        case ("GET", "assets", 4) where parts[2] == "video" && parts[3] == "playback":
            let id = parts[1]
            let isVideo = DemoImmich.index(ofAsset: id).map { faults.immichVideos.contains($0) && $0 < faults.immichAssets }
            let isLiveClip = faults.immichLivePhotos.contains { DemoImmich.liveClipID($0) == id }
            guard isVideo == true || isLiveClip, let clip = faults.immichClip else {
                return json(["message": "Not found"], status: 404)
            }
            counters.immichPlaybacks.append(id)
            return FixtureResponse(status: 200, headers: [("Content-Type", "video/mp4")], body: Data(clip))
        default:
            return json(["message": "Cannot \(method) /api/\(parts.joined(separator: "/"))"], status: 404)
        }
    }

    /// The library's assets, newest first (oldest first for `"order": "asc"`), through a search's filters: albums,
    /// favourites, every person and every tag named (as Immich, an asset needs them all), taken within a span.
    private func assets(faults: FixtureFaults, filter: [String: Any]) -> [(index: Int, asset: [String: Any])] {
        let albums = filter["albumIds"] as? [String] ?? []
        let favorites = filter["isFavorite"] as? Bool ?? false
        let people = filter["personIds"] as? [String] ?? [], tags = filter["tagIds"] as? [String] ?? []
        let after = (filter["takenAfter"] as? String).flatMap(FixtureRouter.seconds)
        let before = (filter["takenBefore"] as? String).flatMap(FixtureRouter.seconds)
        let found: [(index: Int, asset: [String: Any])] = catalog.entries.prefix(faults.immichAssets).enumerated().compactMap { i, entry in
            if faults.immichDeleted.contains(i) { return nil }
            if !albums.isEmpty, !(albums.contains(DemoImmich.albumID) && DemoImmich.inAlbum(i)) { return nil }
            if favorites, !DemoImmich.isFavorite(i) { return nil }
            if !people.isEmpty, !Set(people).isSubset(of: DemoImmich.people(on: i)) { return nil }
            if !tags.isEmpty, !Set(tags).isSubset(of: DemoImmich.tags(on: i)) { return nil }
            let taken = FixtureRouter.seconds(DemoImmich.takenText(i)) ?? 0
            if let after, taken < after { return nil }
            if let before, taken > before { return nil }
            var asset = DemoImmich.asset(entry, index: i)
            if let uploaded = faults.immichUploads[i] { asset["createdAt"] = DemoImmich.iso(uploaded) }
            if faults.immichVideos.contains(i) {
                asset["type"] = "VIDEO"
                asset["duration"] = "0:00:12.345000"
                asset["originalFileName"] = String(format: "VID_%04d.MP4", 1000 + i)
            } else {
                asset["duration"] = "0:00:00.00000"
                if faults.immichLivePhotos.contains(i) { asset["livePhotoVideoId"] = DemoImmich.liveClipID(i) }
            }
            return (i, asset)
        }
        return filter["order"] as? String == "asc" ? found.reversed() : found
    }

    /// "2024-06-01T10:15:00.000Z" as seconds since 1970 (UTC).
    static func seconds(_ iso: String) -> Int64? {
        let u = Array(iso.utf8)
        guard u.count >= 19, let y = Int(String(decoding: u[0..<4], as: UTF8.self)),
              let mo = Int(String(decoding: u[5..<7], as: UTF8.self)), let d = Int(String(decoding: u[8..<10], as: UTF8.self)),
              let h = Int(String(decoding: u[11..<13], as: UTF8.self)), let mi = Int(String(decoding: u[14..<16], as: UTF8.self)),
              let s = Int(String(decoding: u[17..<19], as: UTF8.self)) else { return nil }
        return PhotoDateFilter.seconds(of: .init(year: y, month: mo, day: d)) + Int64(h * 3600 + mi * 60 + s)
    }

    private func json(_ object: Any, status: Int = 200) -> FixtureResponse {
        FixtureResponse(status: status, headers: [("Content-Type", "application/json")],
                        body: (try? JSONSerialization.data(withJSONObject: object)) ?? Data())
    }
}
