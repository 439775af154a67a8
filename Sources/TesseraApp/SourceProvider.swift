import FixtureServer
import Foundation
import GalleryCore
import GalleryNet
import GalleryStore

/// Chooses and owns the photo source: the configured API, or the in-process demo catalogue (on `--demo`, or when
/// the default API cannot be reached at start and nothing is cached), each behind the offline cache.
final class SourceProvider {
    private let http: CurlHTTPClient
    /// The in-process server when the demo catalogue is shown.
    private(set) var demoServer: FixtureServer?
    /// What the cache wraps: asked directly for reachability probes.
    private var upstream: PhotoSource
    /// The cache's name for the upstream (stable across runs).
    private var upstreamKey: String
    /// What the gallery reads from: the cache in front of the upstream, or the upstream itself without a store.
    var source: PhotoSource { caching ?? upstream }
    /// The cache in front of `upstream`, when there is a store.
    private(set) var caching: CachingSource?
    private(set) var note: String?
    private let options: AppOptions
    private let store: SQLiteStore?
    private let report: (Delivery) -> Void

    /// `report` receives reachability and store problems, from any thread.
    init(options: AppOptions, http: CurlHTTPClient, report: @escaping (Delivery) -> Void) throws {
        self.options = options
        self.http = http
        self.report = report
        if options.useCache {
            let outcome = StoreOpener.open(directory: options.cacheDirectory ?? StoreOpener.defaultDirectory(),
                                           budgetBytes: options.cacheBytes)
            store = outcome.store
            if let message = outcome.message { Log.warn(message); note = message }
        } else {
            store = nil
        }
        upstream = PicsumSource(baseURL: options.api, http: http, name: SourceProvider.name(of: options.api))
        upstreamKey = options.api
        if options.source == .unsplash && !options.demo {
            if let key = options.unsplashKey, !key.isEmpty {
                let base = options.apiIsDefault ? UnsplashSource.defaultBaseURL : options.api
                upstream = UnsplashSource(baseURL: base, accessKey: key, http: http)
                upstreamKey = "unsplash:" + base
            } else {
                // One clear line, and photos anyway: the key is not something a first run can have.
                let message = "Unsplash needs an access key (UNSPLASH_ACCESS_KEY): showing Lorem Picsum instead"
                Log.warn(message)
                note = message
            }
        }
        caching = cache(upstream, key: upstreamKey)
        if options.demo { try switchToDemo(note: "Demo catalogue (local)") }
    }

    private func cache(_ upstream: PhotoSource, key: String) -> CachingSource? {
        guard let store else { return nil }
        let report = self.report
        return CachingSource(upstream: upstream, store: store, sourceKey: key,
                             networkReport: { report(.network(reachable: $0)) },
                             storeFailure: { report(.storeProblem($0)) })
    }

    /// Whether a failure of the first page should send the user to the demo instead of an empty window.
    func shouldFallBack(after error: SourceError, feedIsEmpty: Bool) -> Bool {
        demoServer == nil && options.apiIsDefault && feedIsEmpty && error.isNetworkFailure
    }

    /// Whether the answer says the Unsplash key was refused: the user is told and picsum shown instead.
    func keyRejected(_ error: SourceError) -> Bool {
        upstream is UnsplashSource && error == .http(.status(401, retryAfter: nil))
    }

    /// Unsplash refused the key: picsum from now on, saying why.
    func switchToPicsum(note message: String) {
        upstream = PicsumSource(baseURL: AppOptions.defaultAPI, http: http, name: "picsum")
        upstreamKey = AppOptions.defaultAPI
        caching = cache(upstream, key: upstreamKey)
        note = message
    }

    func switchToDemo(note: String) throws {
        var faults = FixtureFaults()
        faults.latencyMs = options.demoLatencyMs
        faults.sourceSize = options.demoSourceSize.map { ($0.width, $0.height) }
        // Large originals are slow to draw: keep all twelve of them.
        let server = FixtureServer(photos: options.demoPhotos, faults: faults,
                                   imageCacheBytes: options.demoSourceSize == nil ? 2 << 20 : 64 << 20)
        try server.start(port: 0)
        demoServer = server
        if options.source == .unsplash {
            upstream = UnsplashSource(baseURL: server.baseURL, accessKey: FixtureFaults().unsplashKey, http: http)
        } else {
            upstream = PicsumSource(baseURL: server.baseURL, http: http, name: "demo",
                                    answersAtRequestedSize: options.demoSourceSize == nil)
        }
        // The demo's port changes every run; its catalogue does not, so it is cached under a stable name.
        upstreamKey = options.source == .unsplash ? "demo-unsplash:\(options.demoPhotos)" : "demo:\(options.demoPhotos)"
        caching = cache(upstream, key: upstreamKey)
        self.note = note
    }

    /// Asks the server for the smallest page, bypassing the cache, to learn whether it is reachable again.
    func probe() {
        let report = self.report
        upstream.fetchPage(1, limit: 1) { result in
            if case .failure(let error) = result, error.isNetworkFailure {
                report(.network(reachable: false))
            } else {
                report(.network(reachable: true))
            }
        }
    }

    /// What bookmarks made now are filed under: the cache's name for the source (stable across runs).
    var bookmarkSource: String { upstreamKey }

    func shutdown() {
        demoServer?.shutdown()
    }

    private static func name(of api: String) -> String {
        if api == AppOptions.defaultAPI { return "picsum" }
        return URL(string: api)?.host ?? api
    }
}
