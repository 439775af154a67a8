import DemoPhotos
import Foundation
import GalleryCore

/// The fixture's Immich stand-in, speaking the part of Immich's API Tessera uses: `POST /api/search/metadata`
/// (page, size, order, albumIds, isFavorite, personIds, tagIds, takenAfter, takenBefore, visibility → `assets.items`,
/// `assets.nextPage`), `POST /api/search/random`, `GET /api/search/person?name=`, `GET /api/tags`, `GET /api/albums`,
/// `GET /api/albums/{id}`, `GET /api/assets/{id}` (one asset's details), `GET /api/assets/{id}/thumbnail?size=preview|thumbnail`, `GET /api/assets/{id}/original`,
/// `GET /api/assets/{id}/video/playback` (the clip of a video or a Live Photo) and `GET /api/server/ping`
/// (the only call without the key). Every other call needs `x-api-key`; without it the answer is 401, as Immich's.
/// It answers as Immich v2.x or v3.x (`FixtureFaults.immichVersion`; what differs: `FixtureImmichVersion`).
/// The library is `DemoImmich`'s: a few dozen assets (or as many as `immichAssets` says) with EXIF, ThumbHashes, HEIC
/// file names, dates over five years, upload times, an album, favourites, people and tags; some archived or hidden
/// when a test says so, and each Live Photo's own clip a hidden video asset of its own, as Immich keeps it.
extension FixtureRouter {
    func immich(_ parts: [String], query: [String: String], base: String, headers: [String: String], method: String,
                body: Data, faults: FixtureFaults, counters: inout FixtureCounters) -> FixtureResponse {
        counters.immichRequests += 1
        if counters.immichPaths.count < 10_000 { counters.immichPaths.append("\(method) /api/\(parts.joined(separator: "/"))") }
        let version = FixtureImmichVersion(major: faults.immichVersion, dropped: faults.immichUnknownFields)
        if parts == ["server", "ping"] { return json(["res": "pong"]) }
        guard headers["x-api-key"] == faults.immichKey else {
            counters.immichWithoutKey += 1
            return json(version.error("Invalid API key", status: 401), status: 401)
        }
        /// A 400 in the version's words, counted.
        func rejected(_ issues: [FixtureImmichVersion.Issue]) -> FixtureResponse {
            let answer = version.rejection(issues)
            counters.immichRejected.append("\(method) /api/\(parts.joined(separator: "/")): " +
                                           issues.map { ($0.path.isEmpty ? "" : $0.path.joined(separator: ".") + ": ") + $0.message }
                                               .joined(separator: "; "))
            return json(answer, status: 400)
        }
        let request = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
        if method == "POST", parts.first == "search" {
            let issues = version.issues(searchBody: body)
            if !issues.isEmpty { return rejected(issues) }
        }
        let library = method == "POST" || parts.first == "albums" ? assets(faults: faults, filter: request, version: version) : []
        switch (method, parts.first, parts.count) {
        case ("POST", "search", 2) where parts[1] == "metadata":
            counters.immichSearches.append(String(decoding: body.prefix(500), as: UTF8.self))
            if faults.immichMalformed {
                return FixtureResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data("{\"assets\": [".utf8))
            }
            let page = max(1, request["page"] as? Int ?? 1), size = min(max(1, request["size"] as? Int ?? 250), 1000)
            let start = (page - 1) * size
            let items = start < library.count ? library[start..<min(library.count, start + size)].map {
                asset($0.index, clip: $0.clip, faults: faults, version: version)
            } : []
            let more = start + size < library.count
            return json(["albums": ["total": 0, "count": 0, "items": [], "facets": [], "nextPage": NSNull()],
                         "assets": ["total": items.count, "count": items.count, "items": items,
                                    "facets": [], "nextPage": more ? String(page + 1) : NSNull()]])
        case ("POST", "search", 2) where parts[1] == "random":
            counters.immichSearches.append(String(decoding: body.prefix(500), as: UTF8.self))
            let size = min(max(1, request["size"] as? Int ?? 250), 1000)
            return json(library.shuffled().prefix(size).map { asset($0.index, clip: $0.clip, faults: faults, version: version) })
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
        case ("GET", "albums", 1):
            // The albums the key may see (its own and those shared with it), without their assets.
            return json(FixtureRouter.albums.map { album -> [String: Any] in
                let count = album.id == DemoImmich.albumID
                    ? assets(faults: faults, filter: ["albumIds": [album.id], "visibility": "timeline"], version: version).count : 0
                return ["id": album.id, "albumName": album.name, "description": "", "assetCount": count, "shared": false,
                        "hasSharedLink": false, "isActivityEnabled": true, "albumUsers": [],
                        "createdAt": "2025-01-01T00:00:00.000Z", "updatedAt": "2025-01-01T00:00:00.000Z"]
            })
        case ("GET", "albums", 2):
            guard FixtureImmichVersion.isUUID(parts[1]) else {
                return version.isV3 ? rejected([.init(code: "invalid_format", path: ["id"], message: "Invalid UUID")])
                    : json(version.error("Validation failed (uuid is expected)", status: 400), status: 400)
            }
            guard let album = FixtureRouter.albums.first(where: { $0.id == parts[1] }) else {
                return json(version.error("Not found or no album.read access", status: 400), status: 400)
            }
            let inAlbum = album.id == DemoImmich.albumID
                ? assets(faults: faults, filter: ["albumIds": [album.id], "visibility": "timeline"], version: version) : []
            var answer: [String: Any] = ["id": album.id, "albumName": album.name, "assetCount": inAlbum.count]
            // v3 lists an album's assets through the search only.
            if !version.isV3 { answer["assets"] = inAlbum.map { asset($0.index, clip: $0.clip, faults: faults, version: version) } }
            return json(answer)
        case ("GET", "assets", 2):
            if let status = faults.immichDetailsStatus { return json(version.error("Unavailable", status: status), status: status) }
            return assetDetails(parts[1], faults: faults, version: version)
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
            if let status = faults.immichOriginalStatus {
                counters.immichThumbnails.append("\(parts[1])?original")
                return json(version.error(status == 403 ? "Missing required permission: asset.download" : "Refused",
                                          status: status), status: status)
            }
            guard let index = DemoImmich.index(ofAsset: parts[1]), index < faults.immichAssets,
                  let entry = catalog.entry(id: String(index)) else { return json(["message": "Not found"], status: 400) }
            counters.immichThumbnails.append("\(parts[1])?original")
            // The original at its own size (a JPEG here; a phone's would often be a HEIC).
            let f = min(1, Double(FixtureRouter.maxSide) / Double(max(entry.width, entry.height)))
            return FixtureResponse(status: 200, headers: [("Content-Type", "image/jpeg")],
                                   image: (entry.id, Int(Double(entry.width) * f), Int(Double(entry.height) * f)))
        case ("GET", "faces", 1):
            return immichFaces(of: query["id"] ?? "", faults: faults)
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

    /// The albums: the demo's (every third photo) and an empty one.
    static let albums = [(id: DemoImmich.albumID, name: DemoImmich.albumName),
                         (id: "a1b2c3d4-0000-4000-8000-00000000a1b1", name: "Empty shelf")]

    /// The library's assets, newest first (oldest first for `"order": "asc"`), through a search's filters: albums,
    /// favourites, every person and every tag named (as Immich, an asset needs them all), taken within a span, of one
    /// visibility (none named: the timeline in v2, every one in v3, the locked folder aside). A Live Photo's clip
    /// follows its photo, hidden. Found by index only: an asset's JSON is made for the page answered (`asset`), so a
    /// library of 200,000 is searched a page at a time without making every asset each time.
    private func assets(faults: FixtureFaults, filter: [String: Any],
                        version: FixtureImmichVersion) -> [(index: Int, clip: Bool)] {
        let visibility = filter["visibility"] as? String ?? (version.isV3 ? nil : "timeline")
        let albums = filter["albumIds"] as? [String] ?? []
        let favorites = filter["isFavorite"] as? Bool ?? false
        let people = filter["personIds"] as? [String] ?? [], tags = filter["tagIds"] as? [String] ?? []
        let after = (filter["takenAfter"] as? String).flatMap(FixtureRouter.seconds)
        let before = (filter["takenBefore"] as? String).flatMap(FixtureRouter.seconds)
        var found: [(index: Int, clip: Bool)] = []
        for i in 0..<min(faults.immichAssets, catalog.entries.count) {
            if faults.immichDeleted.contains(i) { continue }
            if !albums.isEmpty, !(albums.contains(DemoImmich.albumID) && DemoImmich.inAlbum(i)) { continue }
            if favorites, !DemoImmich.isFavorite(i) { continue }
            if !people.isEmpty, !Set(people).isSubset(of: DemoImmich.people(on: i)) { continue }
            if !tags.isEmpty, !Set(tags).isSubset(of: DemoImmich.tags(on: i)) { continue }
            if after != nil || before != nil {
                let taken = FixtureRouter.seconds(DemoImmich.takenText(i)) ?? 0
                if let after, taken < after { continue }
                if let before, taken > before { continue }
            }
            let own = faults.immichArchived.contains(i) ? "archive" : faults.immichHidden.contains(i) ? "hidden" : "timeline"
            if visibility.map({ own == $0 }) ?? true { found.append((i, false)) }
            // The Live Photo's own clip: a video asset Immich hides from the timeline.
            let clip = !faults.immichVideos.contains(i) && faults.immichLivePhotos.contains(i)
            if clip, visibility.map({ $0 == "hidden" }) ?? true { found.append((i, true)) }
        }
        return filter["order"] as? String == "asc" ? found.reversed() : found
    }

    /// Photo `i` as Immich's API describes it (`AssetResponseDto` with `exifInfo`), or its Live Photo's hidden clip.
    private func asset(_ i: Int, clip: Bool, faults: FixtureFaults, version: FixtureImmichVersion) -> [String: Any] {
        let entry = catalog.entries[i]
        var asset = DemoImmich.asset(entry, index: i, thumbHash: FixtureRouter.thumbHash(entry, index: i))
        let own = faults.immichArchived.contains(i) ? "archive" : faults.immichHidden.contains(i) ? "hidden" : "timeline"
        asset["visibility"] = own
        if !version.isV3 {
            asset["isArchived"] = own == "archive"
            asset["deviceAssetId"] = "IMG_\(1000 + i).HEIC-\(2_000_000 + i * 1_000)"
            asset["deviceId"] = "fixture-phone"
        }
        if let uploaded = faults.immichUploads[i] { asset["createdAt"] = DemoImmich.iso(uploaded) }
        if faults.immichVideos.contains(i) {
            asset["type"] = "VIDEO"
            asset["duration"] = version.duration(12.345)
            asset["originalFileName"] = String(format: "VID_%04d.MP4", 1000 + i)
        } else {
            asset["duration"] = version.duration(nil)
            if faults.immichLivePhotos.contains(i) {
                asset["livePhotoVideoId"] = DemoImmich.liveClipID(i)
                if clip {
                    asset["id"] = DemoImmich.liveClipID(i)
                    asset["type"] = "VIDEO"
                    asset["visibility"] = "hidden"
                    asset["duration"] = version.duration(2.5)
                    asset["originalFileName"] = String(format: "IMG_%04d.MOV", 1000 + i)
                    asset["livePhotoVideoId"] = nil
                    if !version.isV3 { asset["isArchived"] = false }
                }
            }
        }
        return asset
    }

    /// `GET /api/assets/{id}`: one asset, whatever its visibility (as Immich answers its owner); a deleted or unknown
    /// one is Immich's 400.
    private func assetDetails(_ id: String, faults: FixtureFaults, version: FixtureImmichVersion) -> FixtureResponse {
        var found: (index: Int, clip: Bool)?
        if let i = DemoImmich.index(ofAsset: id) {
            found = (i, false)
        } else if id.hasPrefix("d0000000-0000-4000-8000-"), id.utf8.count == 36, let i = Int(id.suffix(12)),
                  faults.immichLivePhotos.contains(i), !faults.immichVideos.contains(i) {
            found = (i, true)
        }
        guard let found, found.index < min(faults.immichAssets, catalog.entries.count),
              !faults.immichDeleted.contains(found.index) else {
            return json(version.error("Not found or no asset.read access", status: 400), status: 400)
        }
        return json(asset(found.index, clip: found.clip, faults: faults, version: version))
    }

    /// Asset `index`'s ThumbHash, drawn once: the first 10,000 assets each their own, the rest one for each of the
    /// catalogue's few shapes (drawing one per asset would make a 200,000-asset listing take minutes). Kept, not
    /// drawn again for each answer: a picture drawn for every asset of every search and every `GET /api/assets/{id}`
    /// cost 2 ms an asset in a debug build (a 300-asset search 0.6 s, most of `NetworkShuffleTests`' time).
    private static func thumbHash(_ entry: DemoCatalog.Entry, index: Int) -> String {
        thumbHashLock.withLock {
            let key = index < 10_000 ? "\(entry.id)/\(entry.width)x\(entry.height)" : "\(entry.width)x\(entry.height)"
            if let known = thumbHashes[key] { return known }
            let made = DemoImmich.thumbHash(entry)
            thumbHashes[key] = made
            return made
        }
    }

    private static let thumbHashLock = NSLock()
    nonisolated(unsafe) private static var thumbHashes: [String: String] = [:]

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
