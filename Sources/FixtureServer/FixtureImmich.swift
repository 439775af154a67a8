import DemoPhotos
import Foundation
import GalleryCore

/// The fixture's Immich stand-in, speaking the part of Immich's API Tessera uses: `POST /api/search/metadata`
/// (page, size, albumIds, isFavorite → `assets.items`, `assets.nextPage`), `POST /api/search/random`,
/// `GET /api/albums/{id}`, `GET /api/assets/{id}/thumbnail?size=preview|thumbnail` and `GET /api/server/ping`
/// (the only call without the key). Every other call needs `x-api-key`; without it the answer is 401, as Immich's.
/// The library is `DemoImmich`'s: a few dozen assets with EXIF, ThumbHashes, HEIC file names, an album, favourites.
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
        let library = assets(count: faults.immichAssets, filter: request)
        switch (method, parts.first, parts.count) {
        case ("POST", "search", 2) where parts[1] == "metadata":
            counters.immichSearches.append(String(decoding: body.prefix(500), as: UTF8.self))
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
        case ("GET", "albums", 2):
            guard parts[1] == DemoImmich.albumID else { return json(["message": "Not found"], status: 400) }
            let album = assets(count: faults.immichAssets, filter: ["albumIds": [DemoImmich.albumID]])
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
        default:
            return json(["message": "Cannot \(method) /api/\(parts.joined(separator: "/"))"], status: 404)
        }
    }

    /// The library's assets, newest first, through a search's album and favourite filters.
    private func assets(count: Int, filter: [String: Any]) -> [(index: Int, asset: [String: Any])] {
        let albums = filter["albumIds"] as? [String] ?? []
        let favorites = filter["isFavorite"] as? Bool ?? false
        return catalog.entries.prefix(count).enumerated().compactMap { i, entry in
            if !albums.isEmpty, !(albums.contains(DemoImmich.albumID) && DemoImmich.inAlbum(i)) { return nil }
            if favorites, !DemoImmich.isFavorite(i) { return nil }
            return (i, DemoImmich.asset(entry, index: i))
        }
    }

    private func json(_ object: Any, status: Int = 200) -> FixtureResponse {
        FixtureResponse(status: status, headers: [("Content-Type", "application/json")],
                        body: (try? JSONSerialization.data(withJSONObject: object)) ?? Data())
    }
}
