import Foundation
import GalleryCore

/// The Lorem Picsum API (and the fixture server, which speaks the same protocol) over any `HTTPClient`.
///
/// `--sort random`: Lorem Picsum's catalogue is fixed and small (about 1,100 photos), so its whole list is read
/// (`/v2/list`, 100 a page, at most `maxListedPages` pages) and shown in a fair shuffle (`ListedShuffle`): each photo
/// once a pass, in an order new each pass, carried across restarts by the place the app keeps. Picsum says nothing of
/// when a photo joined it: a photo first seen in a later listing of the same run counts as arriving then.
public final class PicsumSource: PhotoSource {
    public let name: String
    public let baseURL: String
    public let answersAtRequestedSize: Bool
    private let http: HTTPClient
    /// `--sort random`: a fair shuffle of the whole list (else the server's order).
    private let shuffled: Bool
    /// Set once, in `init`.
    private var shuffle: ListedShuffle!

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
        shuffle = ListedShuffle { [weak self] done in self?.listAll(from: 1, into: [], done) }
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
        return shuffle.fetchPage(page, limit: limit, completion: completion)
    }

    /// The list's smallest first page, straight from the server (a shuffle's page 1 would list everything again).
    public func probe(_ answered: @escaping (Bool) -> Void) {
        fetchServerPage(1, limit: 1) { result in
            if case .failure(let error) = result, error.isNetworkFailure { answered(false) } else { answered(true) }
        }
    }

    private func fetchServerPage(_ page: Int, limit: Int,
                                 completion: @escaping (Result<PageContents, SourceError>) -> Void) -> RequestID {
        let request = HTTPRequest(url: listURL(page: page, limit: limit), priority: -1, maxBodyBytes: 4 << 20)
        return http.get(request) { result in
            completion(PicsumSource.page(from: result))
        }
    }

    /// Pages of the list read for a shuffle at the most (10,000 photos): a server whose list never ends cannot make
    /// the listing endless.
    static let maxListedPages = 100

    /// The whole list, a page of 100 after another, up to the first short page.
    private func listAll(from page: Int, into listed: [ShuffledPass.Listed],
                         _ done: @escaping (ListedShuffle.Listing) -> Void) {
        let size = PicsumSource.maxPageSize
        fetchServerPage(page, limit: size) { [weak self] result in
            switch result {
            case .failure(let e): done(.failure(e))
            case .success(let contents):
                let all = listed + contents.photos.map { ShuffledPass.Listed($0) }
                guard let self, contents.rawCount >= size, page < PicsumSource.maxListedPages else { return done(.success(all)) }
                self.listAll(from: page + 1, into: all, done)
            }
        }
    }

    /// Where the show stands once `photo` has shown (a shuffle's place; the server's order keeps none).
    public func place(shown photo: Photo) -> String? { shuffled ? shuffle.place(shown: photo) : nil }

    public func resume(from place: String) { if shuffled { shuffle.resume(from: place) } }

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
        fallbacks: [SourceFallback(.unreachableAtStart, to: "demo", note: untranslated("No network: showing the demo catalogue"))]
    ) { context in
        let base = context.api ?? defaultBaseURL
        let name = context.api == nil ? "picsum" : (URL(string: base)?.host ?? base)
        let source = PicsumSource(baseURL: base, http: context.http, name: name,
                                  answersAtRequestedSize: !context.apiServesOriginals,
                                  shuffled: context.folderSort == .random)
        return InstalledSource(source, key: base)
    }
}
