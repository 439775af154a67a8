import Foundation
import DemoPhotos
import GalleryCore

/// The Unsplash API as a photo source (issue 9): pages from `GET /photos?page=&per_page=` with the access key in
/// `Authorization: Client-ID KEY` and `Accept-Version: v1`; images hotlinked from each photo's `urls.raw` with the
/// cell's size, so a cell never downloads a full-size photo. It remembers `X-Ratelimit-Remaining` so the pager can
/// slow down before the hourly limit. The key is never put in a URL, a log line or an error message.
///
/// `--sort random` is as fair as Unsplash's API allows, which is not a shuffle: `GET /photos/random?count=30` draws
/// 30 at a time, with replacement, from all of Unsplash (millions of photos; no list of them can be read, and the
/// editorial list `GET /photos` has no end), so there are no passes. What it can do: a photo drawn again within a run
/// is left out (`RepeatFilter`), and the last 1,000 photos shown are kept as the show's place (`RecentlyShown`), so a
/// restart does not show them again either.
public final class UnsplashSource: PhotoSource {
    public let name = "unsplash"
    public let baseURL: String
    private let accessKey: String
    private let http: HTTPClient
    private let lock = NSLock()
    private var remaining: Int?

    public static let defaultBaseURL = "https://api.unsplash.com"

    /// Unsplash serves at most 30 photos a page.
    public static let maxPageSize = 30
    public var traits: SourceTraits { SourceTraits(pageSizes: 1...UnsplashSource.maxPageSize) }

    /// `--sort random`: Unsplash's own random endpoint, an endless feed (repeats within a run and of the photos
    /// shown lately, even before a restart, are dropped).
    public let random: Bool
    private let repeats = RepeatFilter()
    private let recent = RecentlyShown()

    public init(baseURL: String = "https://api.unsplash.com", accessKey: String, http: HTTPClient, random: Bool = false) {
        self.random = random
        self.baseURL = baseURL.withoutTrailingSlashes
        self.accessKey = accessKey
        self.http = http
    }

    /// Requests left this hour, as the last answer said.
    public var rateLimitRemaining: Int? { lock.lock(); defer { lock.unlock() }; return remaining }

    /// Pages come slower as the hour's requests run out (demo keys allow 50 an hour): a minute apart under ten
    /// left, five minutes under three, so what remains lasts instead of ending in a 403.
    public var pageInterval: Double? {
        guard let left = rateLimitRemaining else { return nil }
        if left < 3 { return 300 }
        if left < 10 { return 60 }
        return nil
    }

    public func listURL(page: Int, limit: Int) -> String {
        let count = min(max(1, limit), UnsplashSource.maxPageSize)
        return random ? "\(baseURL)/photos/random?count=\(count)"
            : "\(baseURL)/photos?page=\(max(1, page))&per_page=\(count)"
    }

    /// The photo's `urls.raw` with the cell's size: `w`, `h`, `fit=crop`, `fm=jpg`, `q=80` (and `dpr` above 1)
    /// added to the query it already carries, any earlier values of those replaced.
    public static func imageURL(raw: String, size: PixelSize, dpr: Int = 1) -> String? {
        guard var parts = URLComponents(string: raw), ["https", "http"].contains(parts.scheme ?? "") else { return nil }
        let set: [String: String] = ["w": String(max(1, size.width)), "h": String(max(1, size.height)), "fit": "crop",
                                     "fm": "jpg", "q": "80"].merging(dpr > 1 ? ["dpr": String(dpr)] : [:]) { $1 }
        var items = (parts.queryItems ?? []).filter { set[$0.name] == nil }
        for name in ["w", "h", "fit", "fm", "q", "dpr"] { if let value = set[name] { items.append(URLQueryItem(name: name, value: value)) } }
        parts.queryItems = items
        return parts.string
    }

    private var apiHeaders: [(name: String, value: String)] {
        [("Authorization", "Client-ID \(accessKey)"), ("Accept-Version", "v1")]
    }

    /// One request for the smallest page, its photos not taken (a random feed's page 1 starts its repeat filter
    /// afresh).
    public func probe(_ answered: @escaping (Bool) -> Void) {
        var request = HTTPRequest(url: listURL(page: 1, limit: 1), priority: -1, maxBodyBytes: 4 << 20)
        request.headers = apiHeaders
        _ = http.get(request) { result in
            if case .failure(let error) = result, error.isNetworkFailure { answered(false) } else { answered(true) }
        }
    }

    @discardableResult
    public func fetchPage(_ page: Int, limit: Int,
                          completion: @escaping (Result<PageContents, SourceError>) -> Void) -> RequestID {
        var request = HTTPRequest(url: listURL(page: page, limit: limit), priority: -1, maxBodyBytes: 4 << 20)
        request.headers = apiHeaders
        return http.get(request) { [self] result in
            if case .success(let response) = result, let left = response.headers["x-ratelimit-remaining"].flatMap(Int.init) {
                lock.lock(); remaining = left; lock.unlock()
            }
            let answer = UnsplashSource.page(from: result)
            completion(random ? answer.map { repeats.fresh(recent.unseen($0), page: page) } : answer)
        }
    }

    /// In random order, the photos shown lately (the editorial list, newest first, keeps no place: it changes by
    /// the hour, so a page number would not find the same photos again).
    public func place(shown photo: Photo) -> String? { random ? recent.note(photo.id) : nil }

    public func resume(from place: String) { if random { recent.resume(from: place) } }

    static func page(from result: Result<HTTPResponse, HTTPError>) -> Result<PageContents, SourceError> {
        switch result {
        case .failure(let e): return .failure(.http(e))
        case .success(let response):
            guard (200..<300).contains(response.status) else {
                // Over the hourly limit Unsplash answers 403 "Rate Limit Exceeded": wait, do not hammer.
                let limited = response.status == 403
                    && String(decoding: response.body.prefix(200), as: UTF8.self).contains("Rate Limit Exceeded")
                return .failure(.http(.status(limited ? 429 : response.status,
                                              retryAfter: limited ? 600 : response.retryAfter)))
            }
            do { return .success(try UnsplashList.decode(response.body)) } catch { return .failure(.malformed("\(error)")) }
        }
    }

    @discardableResult
    public func fetchImage(_ photo: Photo, size: PixelSize, priority: Int, progress: ((Double) -> Void)?,
                           completion: @escaping (Result<ImageAnswer, SourceError>) -> Void) -> RequestID {
        guard let raw = photo.imageReference, let url = UnsplashSource.imageURL(raw: raw, size: size) else {
            completion(.failure(.malformed("no image address for photo \(photo.id)")))
            return RequestID(0)
        }
        var request = HTTPRequest(url: url, priority: priority, maxBodyBytes: 24 << 20)
        request.progress = progress
        return http.get(request) { completion($0.image()) }
    }

    @discardableResult
    public func cancel(_ id: RequestID) -> Bool { http.cancel(id) }

    /// Unsplash's guidelines: "Photo by NAME on Unsplash", and links back that say where the visit came from.
    public func credit(for photo: Photo) -> Credit {
        // Translators: Unsplash's own credit line, as its guidelines ask; {author} is the photographer.
        Credit(line: tr("Photo by {author} on Unsplash", ["author": photo.author]), page: UnsplashSource.referral(photo.url))
    }

    /// A link with `utm_source=tessera&utm_medium=referral` added (an empty or non-http link stays empty).
    public static func referral(_ link: String) -> String {
        guard !link.isEmpty, var parts = URLComponents(string: link) else { return "" }
        parts.queryItems = (parts.queryItems ?? []).filter { !$0.name.hasPrefix("utm_") }
            + [URLQueryItem(name: "utm_source", value: "tessera"), URLQueryItem(name: "utm_medium", value: "referral")]
        return parts.string ?? ""
    }
}

extension UnsplashSource {
    /// Unsplash's feed with the user's access key; without a key, or with one Unsplash refuses, Lorem Picsum.
    public static let kind = SourceKind(
        name: "unsplash", title: "Unsplash", summary: "Unsplash's feed (needs an access key)",
        options: [SourceOption(name: "unsplash-key", help: "The Unsplash access key", environment: "UNSPLASH_ACCESS_KEY",
                               configKey: "unsplash-key", secret: true)],
        defaultServer: defaultBaseURL,
        fallbacks: [
            SourceFallback(.setupFailed, to: "picsum", note: "{reason}"),
            SourceFallback(.status(401), to: "picsum", note: untranslated("Unsplash refused the access key: showing Lorem Picsum instead")),
            SourceFallback(.unreachableAtStart, to: "demo", note: untranslated("No network: showing the demo catalogue")),
        ],
        standIn: { DemoSource.installed($0, flavour: demoFlavour) }
    ) { context in
        guard let key = context.settings["unsplash-key"], !key.isEmpty else {
            // One clear line, and photos anyway: the key is not something a first run can have.
            throw SourceSetupError(tr("Unsplash needs an access key (UNSPLASH_ACCESS_KEY): showing Lorem Picsum instead"))
        }
        let base = context.api ?? defaultBaseURL
        return InstalledSource(UnsplashSource(baseURL: base, accessKey: key, http: context.http,
                                              random: context.folderSort == .random), key: "unsplash:" + base)
    }
}

extension UnsplashSource {
    /// The demo as Unsplash would describe it: each photo's colour and a hash of its picture (as Unsplash's
    /// `blur_hash` is), credited as Unsplash asks. The placeholder looks like the photo that follows it.
    static let demoFlavour = DemoFlavour(
        key: "demo-unsplash", pageSizes: 1...maxPageSize,
        photo: { entry in
            var photo = DemoFlavour.plainPhoto(entry)
            let c = DemoPictures.color(entry.id)
            photo?.color = String(format: "#%02X%02X%02X", c.r, c.g, c.b)
            photo?.thumbHash = DemoPictures.thumbHash(entry)
            return photo
        },
        credit: { Credit(line: tr("Photo by {author} on Unsplash", ["author": $0.author]), page: "",
                         details: DemoFlavour.demoDetails($0)) })
}
