import Foundation
import GalleryCore

/// The Lorem Picsum API (and the fixture server, which speaks the same protocol) over any `HTTPClient`.
public final class PicsumSource: PhotoSource {
    public let name: String
    public let baseURL: String
    public let answersAtRequestedSize: Bool
    private let http: HTTPClient
    /// `--sort random`: the pages in a shuffled order each pass (else the server's order).
    private let shuffled: Bool
    /// The pass's order, replaced from the network thread at a pass's start: guarded by `shuffleLock`.
    private var shuffle = PageShuffle(seed: 1, pageCount: 1)
    private let shuffleLock = NSLock()

    /// `baseURL` without a trailing slash, e.g. `https://picsum.photos`. `answersAtRequestedSize` is false only for
    /// a stand-in that serves originals (the benchmark's large-source case).
    /// `shuffled`: a random order each pass (`--sort random`).
    public init(baseURL: String, http: HTTPClient, name: String = "picsum", answersAtRequestedSize: Bool = true,
                shuffled: Bool = false) {
        self.shuffled = shuffled
        self.answersAtRequestedSize = answersAtRequestedSize
        self.baseURL = baseURL.withoutTrailingSlashes
        self.http = http
        self.name = name
    }

    public func listURL(page: Int, limit: Int) -> String {
        "\(baseURL)/v2/list?page=\(max(1, page))&limit=\(min(max(1, limit), PicsumSource.maxPageSize))"
    }

    /// `/id/{id}/{w}/{h}`: picsum centre-crops to exactly w×h. The ID was validated as URL-safe when decoded.
    public func imageURL(for photo: Photo, size: PixelSize) -> String {
        let w = min(max(1, size.width), PicsumSource.maxImageSide)
        let h = min(max(1, size.height), PicsumSource.maxImageSide)
        return "\(baseURL)/id/\(photo.id)/\(w)/\(h)"
    }

    /// Picsum caps `limit` at 100.
    public static let maxPageSize = 100
    /// Picsum refuses sides above 5000.
    public static let maxImageSide = 5000

    public func fetchPage(_ page: Int, limit: Int,
                          completion: @escaping (Result<PageContents, SourceError>) -> Void) -> RequestID {
        guard shuffled else { return fetchServerPage(page, limit: limit, completion: completion) }
        return fetchShuffled(page, limit: limit, completion: completion)
    }

    private func fetchServerPage(_ page: Int, limit: Int,
                                 completion: @escaping (Result<PageContents, SourceError>) -> Void) -> RequestID {
        let request = HTTPRequest(url: listURL(page: page, limit: limit), priority: -1, maxBodyBytes: 4 << 20)
        return http.get(request) { result in
            completion(PicsumSource.page(from: result))
        }
    }

    /// Lorem Picsum holds about 1,100 photos: the first guess of its page count.
    static let photosGuess = 1_100

    /// The feed's `page` from the shuffled order: a server page that turns out empty shrinks the order and the next
    /// one is asked; a short page that is not the pass's last is padded (as skipped entries) so the pass goes on.
    private func fetchShuffled(_ page: Int, limit: Int,
                               completion: @escaping (Result<PageContents, SourceError>) -> Void) -> RequestID {
        let server: Int? = shuffleLock.withLock {
            if page <= 1, shuffle.pageCount == 1 {
                shuffle = PageShuffle(seed: UInt64.random(in: 1...UInt64.max),
                                      pageCount: (PicsumSource.photosGuess + limit - 1) / max(1, limit))
            }
            return shuffle.serverPage(for: page)
        }
        guard let server else {
            // Past the pass's end: an empty page ends it (and the feed wraps into a new order).
            return PageContents.endOfPass(page: page, completion)
        }
        return fetchServerPage(server, limit: limit) { [weak self] result in
            guard let self, case .success(var contents) = result else { completion(result); return }
            let last: Bool? = self.shuffleLock.withLock {
                if contents.rawCount == 0 { self.shuffle.wasEmpty(feedPage: page); return nil }
                contents.photos = self.shuffle.shuffled(contents.photos)
                return self.shuffle.isLast(page)
            }
            guard let last else {
                _ = self.fetchShuffled(page, limit: limit, completion: completion)
                return
            }
            if !last { contents.skipped += max(0, limit - contents.rawCount) }
            completion(.success(contents))
        }
    }

    public func fetchImage(_ photo: Photo, size: PixelSize, priority: Int, progress: ((Double) -> Void)?,
                           completion: @escaping (Result<ImageAnswer, SourceError>) -> Void) -> RequestID {
        var request = HTTPRequest(url: imageURL(for: photo, size: size), priority: priority, maxBodyBytes: 24 << 20)
        request.progress = progress
        return http.get(request) { completion($0.image()) }
    }

    @discardableResult
    public func cancel(_ id: RequestID) -> Bool { http.cancel(id) }

    static func page(from result: Result<HTTPResponse, HTTPError>) -> Result<PageContents, SourceError> {
        switch result.body() {
        case .failure(let e): return .failure(e)
        case .success(let data):
            do {
                return .success(try PicsumList.decode(data))
            } catch {
                return .failure(.malformed("\(error)"))
            }
        }
    }
}

extension PicsumSource {
    public static let defaultBaseURL = "https://picsum.photos"

    /// Lorem Picsum, or any server that speaks its protocol (`--api`); unreachable before anything could be shown,
    /// it gives way to the demo and is asked again until it answers.
    public static let kind = SourceKind(
        name: "picsum", title: "Lorem Picsum", summary: "Lorem Picsum (or a server of the same protocol at --api)",
        defaultServer: defaultBaseURL,
        fallbacks: [SourceFallback(.unreachableAtStart, to: "demo", note: "No network: showing the demo catalogue")]
    ) { context in
        let base = context.api ?? defaultBaseURL
        let name = context.api == nil ? "picsum" : (URL(string: base)?.host ?? base)
        let source = PicsumSource(baseURL: base, http: context.http, name: name,
                                  answersAtRequestedSize: !context.apiServesOriginals,
                                  shuffled: context.folderSort == .random)
        return InstalledSource(source, key: base)
    }
}
