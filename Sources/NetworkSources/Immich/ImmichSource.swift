import Foundation
import DemoPhotos
import GalleryCore

/// An Immich server (the photo library people host themselves) as a feed: its photos, an album's (`--album`,
/// repeatable) or the favourites (`--favorites`), newest first through `POST /api/search/metadata` (following its
/// `nextPage`), or at random through `POST /api/search/random` (an endless feed without repeats). Cells, the pane and
/// the slideshow get `GET /api/assets/{id}/thumbnail?size=preview` (a JPEG about 1440 px on its long side, already
/// upright; `size=thumbnail`, about 250 px, for cells that small), never the original. Every request carries the
/// key in `x-api-key`; none follows a redirect (the key would go along), none puts the key in a URL.
public final class ImmichSource: PhotoSource {
    public let name: String
    /// The server's root (`http://immich.local:2283`), without `/api`.
    public let baseURL: String
    private let apiKey: String
    private let http: HTTPClient
    public let albums: [String]
    public let favorites: Bool
    public let random: Bool
    private let lock = NSLock()
    /// The random feed's repeats, left out.
    private let repeats = RepeatFilter()
    /// The page whose answer said there is none after it (this pass ends there).
    private var lastPage: Int?

    public init(baseURL: String, apiKey: String, http: HTTPClient, albums: [String] = [], favorites: Bool = false,
                random: Bool = false, name: String = "Immich") {
        self.baseURL = ImmichSource.root(baseURL)
        self.apiKey = apiKey
        self.http = http
        self.albums = albums.filter(Photo.isAcceptableID)
        self.favorites = favorites
        self.random = random
        self.name = name
    }

    /// `http://host:2283/api/` and `http://host:2283` name the same server.
    static func root(_ url: String) -> String {
        var base = url.withoutTrailingSlashes
        if base.hasSuffix("/api") { base.removeLast(4) }
        return base
    }

    /// Immich answers up to 1,000 assets a search; a wall asks for a screen or two at a time.
    /// Assets a page of `search/metadata` holds at the most (Immich takes up to 1,000; 250 keeps a page's JSON small).
    static let pageLimit = 250
    public var traits: SourceTraits { SourceTraits(pageSizes: 1...ImmichSource.pageLimit) }
    /// A preview is one size, whatever the cell: the decoder fits it.
    public var answersAtRequestedSize: Bool { false }

    public var emptyFeedText: String {
        if !albums.isEmpty { return "This Immich album has no photos yet. r asks again." }
        if favorites { return "No favourites in Immich yet: a heart on a photo there puts it here. r asks again." }
        return "\(name) has no photos yet. r asks again."
    }

    /// The search's JSON body: images only, with their EXIF, newest first, the album and favourite filters.
    public func searchBody(page: Int, size: Int) -> Data {
        var body: [String: Any] = ["size": size, "type": "IMAGE", "withExif": true]
        if !random { body["page"] = page; body["order"] = "desc" }
        if !albums.isEmpty { body["albumIds"] = albums }
        if favorites { body["isFavorite"] = true }
        return (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])) ?? Data("{}".utf8)
    }

    private func request(_ path: String, body: Data? = nil, priority: Int, maxBytes: Int) -> HTTPRequest {
        var request = HTTPRequest(url: baseURL + path, priority: priority, maxBodyBytes: maxBytes)
        request.headers = [("x-api-key", apiKey), ("Accept", "application/json")]
        request.body = body
        request.followsRedirects = false
        return request
    }

    @discardableResult
    public func fetchPage(_ page: Int, limit: Int,
                          completion: @escaping (Result<PageContents, SourceError>) -> Void) -> RequestID {
        let size = traits.pageSize(near: limit)
        if random {
            let r = request("/api/search/random", body: searchBody(page: page, size: size), priority: -1, maxBytes: 8 << 20)
            return http.get(r) { [self] result in
                completion(answer(result).flatMap { data in
                    Result { try ImmichList.decodeRandom(data, base: baseURL) }.mapError { .malformed("\($0)") }
                }.map { repeats.fresh($0, page: page) })
            }
        }
        let ended: Bool = lock.withLock {
            if page <= 1 { lastPage = nil }  // a new pass: photos uploaded since appear in it
            return lastPage.map { page > $0 } ?? false
        }
        if ended {
            // Past the page that said it was the last: an empty page ends the pass.
            return PageContents.endOfPass(page: page, completion)
        }
        let r = request("/api/search/metadata", body: searchBody(page: page, size: size), priority: -1, maxBytes: 8 << 20)
        return http.get(r) { [self] result in
            let decoded = answer(result).flatMap { data in
                Result { try ImmichList.decodeSearch(data, base: baseURL) }.mapError { SourceError.malformed("\($0)") }
            }
            completion(decoded.map { found in
                var contents = found.contents
                if found.hasNext {
                    // More follow: a page the server made shorter than asked must not end the pass.
                    contents.skipped += max(0, size - contents.rawCount)
                } else {
                    lock.withLock { lastPage = page }
                }
                return contents
            })
        }
    }

    /// A response's body, or what went wrong in Immich's terms: a refused key is said once and not retried.
    private func answer(_ result: Result<HTTPResponse, HTTPError>) -> Result<Data, SourceError> {
        switch result {
        case .failure(let e): return .failure(.http(e))
        case .success(let response):
            switch response.status {
            case 200..<300: return .success(response.body)
            case 401: return .failure(.refused("Immich refused the API key (make one in Immich under Account Settings → API Keys)"))
            case 403: return .failure(.refused("Immich's API key lacks a permission (asset.read, asset.view, album.read)"))
            case 300..<400: return .failure(.refused("\(baseURL) redirects elsewhere: give --api the server's own address"))
            default: return .failure(.http(.status(response.status, retryAfter: response.retryAfter)))
            }
        }
    }

    /// The preview (about 1440 px, upright) for cells, the pane and the slideshow; the small thumbnail (about
    /// 250 px, WebP) only for cells no larger than it; the original (often a HEIC of tens of MB, decoded by the one
    /// decoder within its budget) only for a photo zoomed in the pane past the preview's size.
    public func imagePath(for photo: Photo, size: PixelSize) -> String {
        let side = max(size.width, size.height)
        if side > ImmichSource.previewSide, max(photo.width, photo.height) > ImmichSource.previewSide {
            return "/api/assets/\(photo.id)/original"
        }
        let small = side <= ImmichSource.thumbnailSide
        return "/api/assets/\(photo.id)/thumbnail?size=\(small ? "thumbnail" : "preview")"
    }

    public static let thumbnailSide = 250, previewSide = 1440

    @discardableResult
    public func fetchImage(_ photo: Photo, size: PixelSize, priority: Int, progress: ((Double) -> Void)?,
                           completion: @escaping (Result<ImageAnswer, SourceError>) -> Void) -> RequestID {
        guard Photo.isAcceptableID(photo.id) else {
            completion(.failure(.malformed("no image address for photo \(photo.id)")))
            return RequestID(0)
        }
        let path = imagePath(for: photo, size: size)
        var r = request(path, priority: priority, maxBytes: path.hasSuffix("/original") ? 96 << 20 : 24 << 20)
        r.headers = [("x-api-key", apiKey)]
        r.progress = progress
        return http.get(r) { [self] result in completion(answer(result).map { ImageAnswer($0) }) }
    }

    @discardableResult
    public func cancel(_ id: RequestID) -> Bool { http.cancel(id) }

    /// Asks `GET /api/server/ping` (no key needed): whether an Immich server answers at the address at all, to tell
    /// "server down" from "key refused".
    public func ping(_ completion: @escaping (Bool) -> Void) {
        var r = HTTPRequest(url: baseURL + "/api/server/ping", priority: -2, maxBodyBytes: 4096)
        r.followsRedirects = false
        _ = http.get(r) { result in
            guard case .success(let response) = result, response.status == 200 else { return completion(false) }
            completion(String(decoding: response.body, as: UTF8.self).contains("pong"))
        }
    }

    public func credit(for photo: Photo) -> Credit { ImmichSource.credit(for: photo) }

    /// The owner's description, else the file's name; the pane's lines: the file, when and where, the camera.
    public static func credit(for photo: Photo) -> Credit {
        let facts = photo.facts
        // The file's name under a description; it is the line itself when there is none.
        var details = facts?.description == nil ? [] : [photo.author]
        if let taken = facts?.taken { details.append("Taken " + Caption.date(taken)) }
        if let place = facts?.place { details.append(place) }
        if let camera = facts?.camera { details.append(camera) }
        return Credit(line: facts?.description ?? photo.author, page: photo.url, details: details)
    }
}

extension ImmichSource {
    /// `--source immich`: the server from `--api` (or `immich-url` in the configuration file), the key from
    /// `IMMICH_API_KEY` (or `immich-key`); a missing one says so and shows the demo meanwhile.
    public static let kind = SourceKind(
        name: "immich", title: "Immich", summary: "an Immich server (needs --api and IMMICH_API_KEY)",
        options: [
            SourceOption(name: "immich-key", help: "The Immich API key (asset read and view, album read)",
                         environment: "IMMICH_API_KEY", configKey: "immich-key", secret: true),
            SourceOption(name: "immich-url", help: "The Immich server's address", environment: "IMMICH_URL",
                         configKey: "immich-url"),
            SourceOption(name: "immich-album",
                         help: "show this album (its ID, from the album's address in Immich); repeat for several",
                         configKey: "immich-album", argument: .value(name: "album", valueName: "id")),
            SourceOption(name: "immich-favorites", help: "show only the favourites", configKey: "immich-favorites",
                         argument: .flag(name: "favorites")),
        ],
        server: { $0.settings["immich-url"] ?? $0.api },
        fallbacks: [
            SourceFallback(.setupFailed, to: "demo", note: "{reason}"),
            SourceFallback(.unreachableAtStart, to: "demo", note: "Waiting for Immich: showing the demo"),
            SourceFallback(.refusedWhileEmpty, to: "demo", note: "Immich refused the API key: showing the demo"),
        ],
        standIn: { DemoSource.installed($0, flavour: demoFlavour) }
    ) { context in
        let url = context.settings["immich-url"] ?? context.api
        guard let url, let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme ?? "") else {
            throw SourceSetupError("Immich needs its address: --api http://immich.local:2283 (or immich-url in the configuration file)")
        }
        guard let key = context.settings["immich-key"], !key.isEmpty else {
            throw SourceSetupError("Immich needs an API key: set IMMICH_API_KEY (or immich-key in the configuration file)")
        }
        let albums = (context.settings["immich-album"] ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let favorites = ConfigText.truth(context.settings["immich-favorites"] ?? "") == true
        let source = ImmichSource(baseURL: url, apiKey: key, http: context.http, albums: albums, favorites: favorites,
                                  random: context.folderSort == .random, name: parsed.host.map { "Immich (\($0))" } ?? "Immich")
        // The cache keeps each album's (and the favourites') feed apart.
        let scope = albums.isEmpty ? (favorites ? "favorites" : "all") : albums.sorted().joined(separator: ",")
        return InstalledSource(source, key: "immich:" + ImmichSource.root(url) + "#" + scope)
    }
}

extension ImmichSource {
    /// The demo as Immich's API would describe it: file names, EXIF, ThumbHashes, an album and favourites.
    static let demoFlavour = DemoFlavour(
        key: "demo-immich", note: "A demo Immich library, drawn by Tessera: no server needed", pageSizes: 1...pageLimit,
        photo: { ImmichList.photo(DemoImmich.asset($0, index: Int($0.id) ?? 0), base: "") },
        credit: ImmichSource.credit(for:))
}
