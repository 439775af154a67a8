import FixtureServer
import Foundation
import GalleryCore
import GalleryNet

/// Chooses and owns the photo source: the configured API, or the in-process demo catalogue (on `--demo`, or when
/// the default API cannot be reached at start).
final class SourceProvider {
    private let http: CurlHTTPClient
    /// The in-process server when the demo catalogue is shown.
    private(set) var demoServer: FixtureServer?
    private(set) var source: PhotoSource
    private(set) var note: String?
    private let options: AppOptions

    init(options: AppOptions, http: CurlHTTPClient) throws {
        self.options = options
        self.http = http
        source = PicsumSource(baseURL: options.api, http: http, name: SourceProvider.name(of: options.api))
        if options.demo { try switchToDemo(note: "Demo catalogue (local)") }
    }

    /// Whether a failure of the first page should send the user to the demo instead of an empty window.
    func shouldFallBack(after error: SourceError, feedIsEmpty: Bool) -> Bool {
        demoServer == nil && options.apiIsDefault && feedIsEmpty && error.isNetworkFailure
    }

    func switchToDemo(note: String) throws {
        var faults = FixtureFaults()
        faults.latencyMs = options.demoLatencyMs
        let server = FixtureServer(photos: options.demoPhotos, faults: faults)
        try server.start(port: 0)
        demoServer = server
        source = PicsumSource(baseURL: server.baseURL, http: http, name: "demo")
        self.note = note
    }

    func shutdown() {
        demoServer?.shutdown()
    }

    private static func name(of api: String) -> String {
        if api == AppOptions.defaultAPI { return "picsum" }
        return URL(string: api)?.host ?? api
    }
}
