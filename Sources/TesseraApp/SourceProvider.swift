import DemoPhotos
import Foundation
import GalleryCore
import GalleryNet
import GalleryStore
import LocalSources

/// Chooses and owns the photo source, the one place that names concrete sources (imv installs its backends at the
/// root the same way): the configured API (picsum or Unsplash), or the in-process demo catalogue (on `--demo`, or
/// when the default API cannot be reached at start and nothing is cached). Sources that declare themselves
/// cacheable sit behind the offline cache.
final class SourceProvider {
    private let http: CurlHTTPClient
    /// What the cache wraps: asked directly for reachability probes.
    private var upstream: PhotoSource
    /// The cache's name for the upstream (stable across runs).
    private var upstreamKey: String
    /// What the gallery reads from: the cache in front of the upstream, or the upstream itself.
    var source: PhotoSource { caching ?? upstream }
    /// The cache in front of `upstream`, when there is a store and the source is cacheable.
    private(set) var caching: CachingSource?
    private(set) var note: String?
    private(set) var isDemo = false
    /// The folder source, when local photos are shown (its scan starts with `start`).
    private(set) var folder: FolderSource?
    private let options: AppOptions
    /// The offline cache, if it opened (waits for it while it opens).
    var store: SQLiteStore? { opening.value }
    private let opening: StoreOpening
    private let report: (Delivery) -> Void

    /// `report` receives reachability and store problems, from any thread.
    init(options: AppOptions, http: CurlHTTPClient, report: @escaping (Delivery) -> Void) {
        self.options = options
        self.http = http
        self.report = report
        opening = StoreOpening(options: options)
        if !options.paths.isEmpty {
            // A folder starts scanning at once; the store (for its decoded cells) opens meanwhile.
            opening.start()
        } else {
            opening.wait()
            note = opening.message
        }
        upstream = PicsumSource(baseURL: options.api, http: http, name: SourceProvider.name(of: options.api),
                                answersAtRequestedSize: !options.apiServesOriginals)
        upstreamKey = options.api
        if !options.paths.isEmpty {
            var settings = FolderSource.Settings()
            settings.sort = options.sort
            settings.hidden = options.hidden
            let opening = self.opening
            let folder = FolderSource(roots: options.paths, settings: settings, cells: { opening.value },
                                      log: { Log.info($0) })
            folder.onEdits = { report(.edits($0)) }
            upstream = folder
            upstreamKey = "folder:" + options.paths.joined(separator: "\u{0}")
            self.folder = folder
            return
        }
        if options.demo {
            switchToDemo(note: "Demo catalogue (made in this process)")
            return
        }
        if options.source == .unsplash {
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
    }

    var traits: SourceTraits { upstream.traits }

    private func cache(_ upstream: PhotoSource, key: String) -> CachingSource? {
        guard let store, upstream.traits.cacheable else { return nil }
        let report = self.report
        return CachingSource(upstream: upstream, store: store, sourceKey: key,
                             networkReport: { report(.network(reachable: $0)) },
                             storeFailure: { report(.storeProblem($0)) })
    }

    /// Moves to another source when a page's failure says this one cannot work, and says why: the demo when the
    /// default API cannot be reached at start (rather than an empty window), picsum when Unsplash refuses the key.
    /// Returns whether the source changed (the caller starts the feed and images afresh).
    func switchedAway(after error: SourceError, feedIsEmpty: Bool) -> Bool {
        if !isDemo && traits.networked && options.apiIsDefault && feedIsEmpty && error.isNetworkFailure {
            // The header has room for the gist; the reason goes to the log.
            switchToDemo(note: "No network: showing the demo catalogue")
            Log.warn("\(options.api) unreachable (\(error)); showing the demo catalogue")
            return true
        }
        if upstream is UnsplashSource && error == .http(.status(401, retryAfter: nil)) {
            let message = "Unsplash refused the access key: showing Lorem Picsum instead"
            Log.warn(message)
            switchToPicsum(note: message)
            return true
        }
        return false
    }

    /// Unsplash refused the key: picsum from now on, saying why.
    private func switchToPicsum(note message: String) {
        upstream = PicsumSource(baseURL: AppOptions.defaultAPI, http: http, name: "picsum")
        upstreamKey = AppOptions.defaultAPI
        caching = cache(upstream, key: upstreamKey)
        note = message
    }

    /// The built-in catalogue from now on (it needs nothing outside the process, so this cannot fail).
    func switchToDemo(note: String) {
        let unsplash = options.source == .unsplash
        upstream = DemoSource(photos: options.demoPhotos, flavour: unsplash ? .unsplash : .picsum)
        upstreamKey = unsplash ? "demo-unsplash:\(options.demoPhotos)" : "demo:\(options.demoPhotos)"
        caching = nil
        isDemo = true
        self.note = note
    }

    /// Asks the server for the smallest page, bypassing the cache, to learn whether it is reachable again.
    /// Only networked sources have anything to probe.
    func probe() {
        guard traits.networked else { return }
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

    /// Starts background work the chosen source needs (a folder's scan and watcher).
    func start() { folder?.start() }

    func shutdown() { folder?.stop() }

    private static func name(of api: String) -> String {
        if api == AppOptions.defaultAPI { return "picsum" }
        return URL(string: api)?.host ?? api
    }
}

/// The offline cache's opening, on a thread of its own when asked (`start`): opening checks the whole file, which
/// takes a while for a large cache. `value` waits for it.
final class StoreOpening {
    private let options: AppOptions
    private let done = DispatchGroup()
    private var started = false
    private var outcome: (store: SQLiteStore?, message: String?) = (nil, nil)

    init(options: AppOptions) { self.options = options }

    /// Opens in the background (call once, from the main thread).
    func start() {
        guard !started else { return }
        started = true
        done.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            open()
            done.leave()
        }
    }

    func wait() {
        if !started {
            started = true
            open()
        }
        done.wait()
    }

    var value: SQLiteStore? { wait(); return outcome.store }
    var message: String? { wait(); return outcome.message }

    private func open() {
        guard options.useCache else { return }
        let opened = StoreOpener.open(directory: options.cacheDirectory ?? StoreOpener.defaultDirectory(),
                                      budgetBytes: options.cacheBytes)
        outcome = (opened.store, opened.message)
        if let message = opened.message { Log.warn(message) }
    }
}
