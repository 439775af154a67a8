import DemoPhotos
import Foundation
import GalleryCore
@testable import NetworkSources
import GalleryNet
import LocalSources
import XCTest
@_spi(Bench) @testable import TesseraApp

/// A source the app has never heard of, installed through the registry alone (no edit of `SourceProvider`): chosen
/// by `--source`, made by its factory, and given up for another by its fallback rules, all as data.
final class SourceRegistryTests: XCTestCase {
    /// A source of three made-up photos.
    final class Throwaway: PhotoSource {
        let name = "throwaway"
        var traits: SourceTraits { SourceTraits(networked: false, cacheable: false, wrapsByDefault: false) }
        var started = 0, stopped = 0
        func start() { started += 1 }
        func stop() { stopped += 1 }
        func fetchPage(_ page: Int, limit: Int,
                       completion: @escaping (Result<PageContents, SourceError>) -> Void) -> RequestID {
            completion(.success(PageContents(photos: page == 1 ? (0..<3).map {
                Photo(id: "t\($0)", author: "T", width: 300, height: 200, url: "", downloadURL: "")
            } : [])))
            return RequestID(0)
        }
        func fetchImage(_ photo: Photo, size: PixelSize, priority: Int, progress: ((Double) -> Void)?,
                        completion: @escaping (Result<ImageAnswer, SourceError>) -> Void) -> RequestID {
            completion(.failure(.malformed("no pictures")))
            return RequestID(0)
        }
        func cancel(_ id: RequestID) -> Bool { false }
    }

    private func registry(failingSetup: Bool = false) -> SourceRegistry {
        var registry = SourceRegistry.installed
        registry.install(SourceKind(
            name: "throwaway", summary: "three made-up photos",
            options: [SourceOption(name: "throwaway-token", help: "a token", configKey: "throwaway-token", secret: true),
                      SourceOption(name: "throwaway-shade", help: "how dark", configKey: "throwaway-shade",
                                   argument: .value(name: "shade", valueName: "shade"))],
            fallbacks: [SourceFallback(.setupFailed, to: "demo", note: "throwaway: {reason}"),
                        SourceFallback(.status(403), to: "demo", note: "The throwaway server said no: the demo instead")]
        ) { context in
            guard !failingSetup else { throw SourceSetupError("no token") }
            XCTAssertEqual(context.settings["throwaway-token"], "secret", "its option came as a value")
            return InstalledSource(Throwaway(), key: "throwaway:1:" + (context.settings["throwaway-shade"] ?? "plain"))
        })
        return registry
    }

    private func options() -> AppOptions {
        var options = AppOptions()
        options.source = "throwaway"
        options.useCache = false
        options.sourceSettings = ["throwaway-token": "secret"]
        return options
    }

    func testASourceInstalledThroughTheRegistryIsChosenMadeAndKeyed() throws {
        let http = try CurlHTTPClient()
        let provider = try SourceProvider(options: options(), registry: registry(), http: http, report: { _ in })
        XCTAssertEqual(provider.source.name, "throwaway")
        XCTAssertEqual(provider.key, "throwaway:1:plain", "its cache and bookmarks key")
        XCTAssertEqual(provider.kind.name, "throwaway")
        XCTAssertFalse(provider.traits.networked)
        provider.start()
        XCTAssertEqual((provider.upstream as? Throwaway)?.started, 1)
        http.shutdown()
    }

    /// Its own command-line option, declared by the kind alone: taken from the arguments before the command line's
    /// parser sees them, handed to the kind as a setting, and listed in `--help`.
    func testItsOwnCommandLineOptionReachesItThroughTheRegistryAlone() throws {
        let registry = registry()
        let parsed = SourceArguments(["--source", "throwaway", "--shade", "dark", "--shade=deep", "~/Pictures"],
                                     options: registry.options)
        XCTAssertEqual(parsed.settings, ["throwaway-shade": "dark,deep"])
        XCTAssertEqual(parsed.rest, ["--source", "throwaway", "~/Pictures"], "the rest is left for the parser")
        XCTAssertTrue(SourceArguments.help(registry).contains("--shade <shade>  throwaway: how dark"))
        XCTAssertFalse(SourceArguments.help(registry).contains("token"), "a secret has no command-line form")
        var options = options()
        options.sourceSettings.merge(parsed.settings) { _, given in given }
        let http = try CurlHTTPClient()
        defer { http.shutdown() }
        let provider = try SourceProvider(options: options, registry: registry, http: http, report: { _ in })
        XCTAssertEqual(provider.key, "throwaway:1:dark,deep", "the kind was made with its option")
    }

    func testItsFallbackRulesAreFollowed() throws {
        let http = try CurlHTTPClient()
        let provider = try SourceProvider(options: options(), registry: registry(), http: http, report: { _ in })
        let throwaway = try XCTUnwrap(provider.upstream as? Throwaway)
        XCTAssertFalse(provider.switchedAway(after: .http(.status(500, retryAfter: nil)), feedIsEmpty: true),
                       "no rule for a 500")
        XCTAssertTrue(provider.switchedAway(after: .http(.status(403, retryAfter: nil)), feedIsEmpty: false))
        XCTAssertEqual(provider.kind.name, "demo")
        XCTAssertTrue(provider.upstream is DemoSource)
        XCTAssertEqual(provider.key, "demo:1000", "bookmarks made now belong to the demo")
        XCTAssertEqual(provider.note, "The throwaway server said no: the demo instead")
        XCTAssertEqual(throwaway.stopped, 1, "the source given up was stopped")
        http.shutdown()
    }

    func testASourceThatCannotBeMadeGivesWayAsItsRuleSays() throws {
        let http = try CurlHTTPClient()
        let provider = try SourceProvider(options: options(), registry: registry(failingSetup: true), http: http,
                                          report: { _ in })
        XCTAssertEqual(provider.kind.name, "demo")
        XCTAssertEqual(provider.note, "throwaway: no token")
        http.shutdown()
    }

    func testAServerUnreachableAtStartGivesWayToTheDemoOnlyWhileNothingIsShown() {
        let rule = PicsumSource.kind.fallbacks[0]
        let down = SourceError.http(.unreachable("connect"))
        XCTAssertTrue(rule.applies(to: down, feedIsEmpty: true))
        XCTAssertFalse(rule.applies(to: down, feedIsEmpty: false), "photos already shown")
        XCTAssertFalse(rule.applies(to: .http(.status(500, retryAfter: nil)), feedIsEmpty: true))
        XCTAssertEqual(rule.target, "demo")
    }

    /// A kiosk that boots before its network: the demo shows, the source is waited for, and when it answers it
    /// takes over again by itself.
    func testASourceUnreachableAtStartIsWaitedForAndComesBack() throws {
        let http = try CurlHTTPClient()
        defer { http.shutdown() }
        var registry = self.registry()
        registry.install(SourceKind(name: "throwaway", summary: "three made-up photos",
                                    fallbacks: [SourceFallback(.unreachableAtStart, to: "demo", note: "unused")]) { _ in
            InstalledSource(Throwaway(), key: "throwaway:1")
        })
        var options = self.options()
        options.api = "http://127.0.0.1:9"
        let provider = try SourceProvider(options: options, registry: registry, http: http, report: { _ in })
        XCTAssertFalse(provider.isAwaiting)
        XCTAssertTrue(provider.switchedAway(after: .http(.unreachable("connect")), feedIsEmpty: true))
        XCTAssertEqual(provider.kind.name, "demo")
        XCTAssertTrue(provider.isAwaiting)
        XCTAssertEqual(provider.note, "Waiting for 127.0.0.1:9: showing the demo")
        let answered = expectation(description: "probe")
        let box = Box<Bool>()
        provider.probeAwaited { box.set($0); answered.fulfill() }
        wait(for: [answered], timeout: 5)
        XCTAssertEqual(box.value, true, "the throwaway source answers")
        XCTAssertTrue(provider.returnToAwaited())
        XCTAssertEqual(provider.kind.name, "throwaway")
        XCTAssertEqual(provider.key, "throwaway:1", "bookmarks belong to it again")
        XCTAssertFalse(provider.isAwaiting)
        XCTAssertNil(provider.note)
    }

    func testAnEmptyFeedIsToldInItsSourcesOwnWords() throws {
        let http = try CurlHTTPClient()
        defer { http.shutdown() }
        XCTAssertEqual(PicsumSource(baseURL: "http://127.0.0.1:9", http: http, name: "picsum").emptyFeedText,
                       "picsum sent no photos. r asks again.")
        XCTAssertTrue(FolderSource(roots: ["/nonexistent"], cells: nil, indexStore: { nil }, log: { _ in }).emptyFeedText
            .hasPrefix("No photos here"))
    }

    func testTheShippedRegistryNamesEveryKindOnce() {
        XCTAssertEqual(SourceRegistry.installed.names, ["folder", "demo", "picsum", "unsplash", "immich"])
        XCTAssertEqual(SourceRegistry.installed.options.filter(\.secret).map(\.environment),
                       ["UNSPLASH_ACCESS_KEY", "IMMICH_API_KEY"])
    }

    func testImmichWithoutAnAddressOrAKeyShowsItsDemoLibrarySayingWhy() throws {
        let http = try CurlHTTPClient()
        defer { http.shutdown() }
        var options = AppOptions()
        options.source = "immich"
        options.useCache = false
        let noAddress = try SourceProvider(options: options, http: http, report: { _ in })
        XCTAssertEqual(noAddress.kind.name, "demo")
        XCTAssertTrue(noAddress.note?.contains("Immich needs its address") == true, noAddress.note ?? "")
        XCTAssertEqual((noAddress.upstream as? DemoSource)?.flavour.key, "demo-immich", "the demo of an Immich library")
        options.api = "http://127.0.0.1:9"
        let noKey = try SourceProvider(options: options, http: http, report: { _ in })
        XCTAssertTrue(noKey.note?.contains("IMMICH_API_KEY") == true, noKey.note ?? "")
        options.sourceSettings = ["immich-key": "k", "immich-album": "album-1, album-2"]
        let made = try SourceProvider(options: options, http: http, report: { _ in })
        let immich = try XCTUnwrap(made.upstream as? ImmichSource)
        XCTAssertEqual(immich.albums, ["album-1", "album-2"])
        XCTAssertEqual(made.key, "immich:http://127.0.0.1:9#album-1,album-2", "each album's feed cached apart")
        // People and tags from the command line, as Immich declares them.
        let parsed = SourceArguments(["--person", "Ada Lovelace", "--person=Grace Hopper", "--tag", "Travel/Japan", "--kiosk"],
                                     options: SourceRegistry.installed.options)
        XCTAssertEqual(parsed.rest, ["--kiosk"])
        options.sourceSettings = parsed.settings.merging(["immich-key": "k"]) { $1 }
        let filtered = try SourceProvider(options: options, http: http, report: { _ in })
        let withPeople = try XCTUnwrap(filtered.upstream as? ImmichSource)
        XCTAssertEqual(withPeople.people, ["Ada Lovelace", "Grace Hopper"])
        XCTAssertEqual(withPeople.tags, ["Travel/Japan"])
        XCTAssertEqual(filtered.key, "immich:http://127.0.0.1:9#all+people:Ada Lovelace,Grace Hopper+tags:Travel/Japan",
                       "each person's and tag's feed, and its place, kept apart")
        // A refused key gives way to the demo only while nothing is shown.
        let rule = try XCTUnwrap(ImmichSource.kind.fallbacks.first { $0.trigger == .refusedWhileEmpty })
        XCTAssertTrue(rule.applies(to: .refused("no"), feedIsEmpty: true))
        XCTAssertFalse(rule.applies(to: .refused("no"), feedIsEmpty: false), "the cached photos stay")
    }

    /// Only Immich's photos carry a file's name where an author would be (the remote tells them by that name); a
    /// folder's files say so by their path, picsum's and Unsplash's have authors.
    func testOnlyImmichNamesItsPhotosByFile() {
        XCTAssertTrue(ImmichSource.kind.authorIsFileName)
        for kind in SourceRegistry.installed.kinds where kind.name != "immich" {
            XCTAssertFalse(kind.authorIsFileName, kind.name)
        }
    }
}
