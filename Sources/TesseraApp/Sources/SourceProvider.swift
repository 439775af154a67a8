import Foundation
import GalleryCore
import GalleryNet
import GalleryStore
import LocalSources

/// Makes and owns the photo source the registry's kinds say, and follows their fallback rules when one cannot work
/// (the demo when the default server cannot be reached at start, picsum when Unsplash refuses its key). Sources
/// that declare themselves cacheable sit behind the offline cache.
@_spi(Bench) public final class SourceProvider {
    private let registry: SourceRegistry
    private var context: SourceContext
    /// The kind shown now.
    private(set) var kind: SourceKind
    /// What the cache wraps: asked directly for reachability probes.
    @_spi(Bench) public private(set) var upstream: PhotoSource
    /// The source's key (stable across runs): its cache name, and what its bookmarks belong to.
    private(set) var key: String
    /// What the gallery reads from: the cache in front of the upstream, or the upstream itself.
    var source: PhotoSource { caching ?? upstream }
    /// The cache in front of `upstream`, when there is a store and the source is cacheable.
    private(set) var caching: CachingSource?
    /// What the header says of the source: why another shows, or what opening the cache found (once it has opened:
    /// a folder's cache opens while the first screen is drawn, and the header must not wait for it).
    var note: String? { sourceNote ?? opening.wordsIfOpened }
    private var sourceNote: String?
    /// Why the source asked for is not shown, in words for the person at the screen (a folder not found).
    private(set) var setupExplanation: String?
    /// The source given up because it could not be reached at start (or made: a folder not there yet): probed until
    /// it answers, then shown again. `probe` says whether it answers now, from any thread.
    private var awaited: (kind: SourceKind, context: SourceContext, probe: (@escaping (Bool) -> Void) -> Void)?
    /// Whether a source is being waited for (the fallback shows meanwhile).
    var isAwaiting: Bool { awaited != nil }
    /// The offline cache, if it opened (waits for it while it opens).
    @_spi(Bench) public var store: SQLiteStore? { opening.value }
    private let opening: StoreOpening
    /// Where decoded cells are kept for the next start, for every source whose answers name a cell key: the image
    /// layer's door to them (the sources ask it for kept cells), and the store behind it (written at shutdown).
    let cells: CellShelf?
    private let storedCells: StoredCells?
    /// The offline cache's images found in the store and not, across the sources shown this run.
    let imageTally = CacheTally()
    /// Bytes the offline cache holds, 0 while it opens or without one (never waits).
    var cacheBytes: Int { opening.valueIfOpened?.storedBytes ?? 0 }
    /// Both caches' tallies (the offline cache's images, the decoded cells), for the health's hit rate.
    var cacheTallies: [CacheTally] { [imageTally] + (storedCells.map { [$0.tally] } ?? []) }
    private let report: (FeedDelivery) -> Void
    private let places: (String) -> String?
    /// `--memories-first`: every pass opens with today's memories.
    private var memoriesFirst = false
    /// What the paths named on the command line asked to see (`OpenPaths`; nil: none named, or a kiosk's, which
    /// shows what its owner named as named).
    private(set) var opened: OpenPaths?
    /// Whether the source shown carries on from a place an earlier run kept: its cached pages are an earlier order's
    /// (a shuffle's), which would show again what the place says was shown, so they are not shown before the network
    /// answers (offline, `CachingSource` still answers each page from the store).
    private(set) var resumesFromPlace = false

    /// `report` receives reachability, edits and store problems, from any thread.
    /// `media`: reads clips' headers for the sources that list them (folders).
    /// `places`: where each source's show stood when the last run ended (its `ShowPlace` text, by source key).
    init(options: AppOptions, registry: SourceRegistry = .installed, http: CurlHTTPClient,
         places: @escaping (String) -> String? = { _ in nil }, media: MediaProber? = nil,
         report: @escaping (FeedDelivery) -> Void) throws {
        self.registry = registry
        self.places = places
        self.report = report
        let opening = StoreOpening(options: options)
        self.opening = opening
        let stored = options.useCache ? StoredCells(store: { opening.value }, log: { Log.warn($0) }) : nil
        let cells = stored.map(CellShelf.init(cache:))
        self.cells = cells
        storedCells = stored
        context = SourceContext(
            requested: options.source, http: http, paths: options.paths, demo: options.demo,
            demoPhotos: options.demoPhotos, api: options.api,
            apiServesOriginals: options.apiServesOriginals, settings: options.sourceSettings,
            folderSort: options.sort, hidden: options.hidden, cells: cells, indexStore: { opening.value },
            edits: { report(.edits($0)) }, log: { Log.info($0) })
        context.followLinks = options.followLinks
        context.dates = options.dates
        if !options.paths.isEmpty, options.kiosk == nil {
            let opened = FolderSource.open(options.paths)
            self.opened = opened
            context.paths = opened.roots
            context.onlyTopFolders = opened.onlyTopFolders
            if let missing = opened.missingEnglish { Log.warn(missing) }
        }
        context.mediaProber = media
        context = registry.completed(context)
        guard let wanted = registry.chosen(for: context) else {
            // Translators: printed on the command line; {name} is the source asked for, {names} the sources there are.
            throw SourceSetupError(tr("no source called {name} (there are: {names})",
                                      ["name": options.source, "names": registry.names.joined(separator: ", ")]))
        }
        var later: SourceKind?, explanation: String?
        let made = try SourceProvider.make(wanted, registry: registry, context: context, note: nil, comesLater: &later,
                                           explanation: &explanation)
        setupExplanation = explanation
        (kind, upstream, key) = (made.kind, made.installed.source, made.installed.key)
        memoriesFirst = options.memoriesFirst
        adopt(made.installed, kind: made.kind, note: made.note)
        if let later { awaitMaking(later) }
    }

    /// Waits for a kind that could not be made yet: made again at each probe.
    private func awaitMaking(_ later: SourceKind) {
        let context = self.context
        awaited = (later, context, { done in done((try? later.make(context)) != nil) })
    }

    var traits: SourceTraits { upstream.traits }

    /// Makes a kind's source, following its setup fallback (to another kind) if it cannot be made.
    /// `comesLater` hears the kind that failed with what may come later (then waited for).
    private static func make(_ wanted: SourceKind, registry: SourceRegistry, context: SourceContext, note: String?,
                             comesLater: inout SourceKind?, explanation: inout String?)
        throws -> (kind: SourceKind, installed: InstalledSource, note: String?) {
        do {
            return (wanted, try wanted.make(context), note)
        } catch {
            if (error as? SourceSetupError)?.mayComeLater == true, comesLater == nil { comesLater = wanted }
            if explanation == nil { explanation = (error as? SourceSetupError)?.explanation }
            guard let rule = wanted.fallbacks.first(where: { $0.trigger == .setupFailed }),
                  let target = registry.kind(named: rule.target) else { throw error }
            Log.warn(WordTemplate.fill(rule.note, ["reason": "\(error)"]))
            // The notes are marked with untranslated("…") where the kinds are written.
            let message = tr(rule.note, ["reason": "\(error)"])
            return try make(target, registry: registry, context: context, note: message, comesLater: &comesLater,
                            explanation: &explanation)
        }
    }

    /// Shows a source just made: today's memories in front of it (`--memories-first`), the cache in front of
    /// that. A network source needs the cache before its first page; a folder scans while the cache opens.
    private func adopt(_ made: InstalledSource, kind: SourceKind, note forced: String?) {
        self.kind = kind
        key = made.key
        upstream = memoriesFirst && made.source.offersMemories
            ? MemoriesFirstSource(made.source, today: LocalDay.today) : made.source
        // Before its first page: the show carries on where it stood.
        resumesFromPlace = false
        if let kept = places(made.key) {
            upstream.resume(from: kept)
            resumesFromPlace = true
        }
        if made.source.traits.cacheable { opening.wait() } else { opening.start() }
        // An installed source's note is marked with untranslated("…") where it is written.
        sourceNote = forced ?? made.note.map { tr($0) }
        // Pages that open with the memories are cached apart from the show's own (its place stays the source's).
        caching = cache(upstream, key: upstream is MemoriesFirstSource ? made.key + "#memories-first" : made.key)
    }

    private func cache(_ upstream: PhotoSource, key: String) -> CachingSource? {
        guard upstream.traits.cacheable, let store else { return nil }
        let report = self.report
        return CachingSource(upstream: upstream, store: store, sourceKey: key,
                             networkReport: { report(.network(reachable: $0)) },
                             storeFailure: { report(.storeProblem($0)) }, tally: imageTally)
    }

    /// Moves to another source when a page's failure says this one cannot work, as the kind's fallback rules say.
    /// Returns whether the source changed (the caller starts the feed and images afresh).
    func switchedAway(after error: SourceError, feedIsEmpty: Bool) -> Bool {
        guard let rule = kind.fallbacks.first(where: {
            $0.applies(to: error, feedIsEmpty: feedIsEmpty)
        }), let target = registry.kind(named: rule.target) else { return false }
        // The header has room for the gist; the reason goes to the log.
        let failing = upstream
        // `{reason}`: what the source said (a refused key, a rejected search), in its words.
        var note = tr(rule.note, ["reason": "\(error)"])
        if rule.trigger == .unreachableAtStart {
            // Not for good: the source is asked again until it answers (`probeAwaited`).
            awaited = (kind, context, { done in failing.probe(done) })
            let server = kind.serverName(in: context)
            note = SourceProvider.waitingNote(server: server, showing: target)
            Log.warn("\(server) cannot be reached (\(error)); showing \(target.title) until it answers")
        } else {
            let said = WordTemplate.fill(rule.note, ["reason": "\(error)"])
            Log.warn(rule.note.contains("{reason}") ? "\(upstream.name): \(said)" : "\(upstream.name): \(error); \(said)")
        }
        // `--api` was the failing source's server; what takes over uses its own.
        context.api = nil
        do {
            var later: SourceKind?, ignored: String?
            let made = try SourceProvider.make(target, registry: registry, context: context, note: note, comesLater: &later,
                                               explanation: &ignored)
            upstream.stop()
            adopt(made.installed, kind: made.kind, note: made.note)
            upstream.start()
            return true
        } catch {
            Log.warn("\(target.name) cannot take over: \(error)")
            return false
        }
    }

    /// Asks the source waited for for its smallest page; `answered` hears whether it did (from any thread).
    func probeAwaited(answered: @escaping (Bool) -> Void) {
        awaited?.probe(answered)
    }

    /// The source waited for answered: it is shown again (behind the cache) instead of the fallback. Returns whether
    /// the source changed (the caller starts the feed and images afresh).
    func returnToAwaited() -> Bool {
        guard let awaited else { return false }
        self.awaited = nil
        context = awaited.context
        upstream.stop()
        do {
            var later: SourceKind?, ignored: String?
            let made = try SourceProvider.make(awaited.kind, registry: registry, context: context, note: nil,
                                               comesLater: &later, explanation: &ignored)
            adopt(made.installed, kind: made.kind, note: made.note)
            upstream.start()
            Log.info(upstream.traits.networked ? "\(kind.serverName(in: context)) answers: showing it"
                     : "\(upstream.name) is there: showing it")
            return true
        } catch {
            Log.warn("\(awaited.kind.name) cannot take over again: \(error)")
            return false
        }
    }

    /// Shows these folders in place of the source shown (the welcome screen's choice). Returns whether it could.
    func show(folders: [String], onlyTop: Bool = false, why: String = "chosen on the welcome screen") -> Bool {
        guard let folderKind = registry.kind(named: "folder") else { return false }
        var next = context
        next.paths = folders
        next.onlyTopFolders = onlyTop
        do {
            try replace(with: folderKind, in: next)
            Log.info("showing \(folders.joined(separator: ", ")), \(why)")
            return true
        } catch {
            Log.warn("cannot show \(folders.joined(separator: ", ")): \(error)")
            return false
        }
    }

    /// Shows files and folders opened (dropped on the window) as the command line would (`OpenPaths`), and
    /// whether it could (when none is there, or none can be shown, the source shown stays).
    func open(_ paths: [String]) -> (opened: OpenPaths, shown: Bool) {
        let opened = FolderSource.open(paths)
        let shown = opened.roots != opened.missing
            && show(folders: opened.roots, onlyTop: opened.onlyTopFolders, why: "dropped on the window")
        return (opened, shown)
    }

    /// Makes `kind` in `next` and shows it in place of the source shown (which stops); throws, changing nothing,
    /// when it cannot be made.
    private func replace(with kind: SourceKind, in next: SourceContext) throws {
        let made = try kind.make(next)
        upstream.stop()
        awaited = nil
        context = next
        adopt(made, kind: kind, note: nil)
        upstream.start()
    }

    /// Shows another installed source's photos (the remote's `source`), of `album` where the kind has an album
    /// option (`--album`). The kind is made as at start, with its own settings; one that cannot be made is refused
    /// and the source shown stays.
    func switchTo(_ name: String, album: String?) -> Result<Void, CommandRefusal> {
        guard let wanted = registry.kind(named: name) else {
            let names = registry.names
            return .failure(CommandRefusal("no source called \(ExternalText.clean(name, maxCharacters: 40)) "
                                           + "(there are: \(names.joined(separator: ", ")))"))
        }
        var next = context
        next.requested = wanted.name
        next.demo = wanted.name == "demo"
        if let album {
            guard let option = wanted.options.first(where: { $0.argument?.name == "album" }) else {
                return .failure(CommandRefusal("\(wanted.title) has no albums"))
            }
            next.settings[option.name] = album
        }
        do {
            try replace(with: wanted, in: next)
            Log.info("showing \(wanted.title)\(album.map { ", album \($0)" } ?? ""), asked by the remote")
            return .success(())
        } catch {
            return .failure(CommandRefusal("\(wanted.title) cannot show: \(error)"))
        }
    }

    /// The source shown, as the remote names it.
    var shown: FrameState.SourceShown {
        let album = kind.options.first { $0.argument?.name == "album" }.flatMap { context.settings[$0.name] }
        return FrameState.SourceShown(name: kind.name, title: kind.title, album: album)
    }

    /// What the header calls the shown source's server: "picsum.photos", "127.0.0.1:8321".
    var serverName: String { kind.serverName(in: context) }

    /// Asks the server for the smallest page, bypassing the cache, to learn whether it is reachable again.
    /// Only networked sources have anything to probe.
    func probe() {
        guard traits.networked else { return }
        let report = self.report
        upstream.probe { report(.network(reachable: $0)) }
    }

    /// Starts background work the chosen source needs (a folder's scan and watcher).
    func start() { upstream.start() }

    /// Stops the source; the cells decoded so far are written for the next start.
    func shutdown() {
        upstream.stop()
        storedCells?.flush()
        if caching?.finishSaving(within: 3) == false {
            Log.warn("quitting before the cache had kept every photo fetched (its writes took over 3 s)")
        }
    }

    /// The header's note while the source asked for is awaited: one whole sentence per source shown instead, so a
    /// language that declines can (the demo, the folders); a source named by a proper name fills `{source}`.
    static func waitingNote(server: String, showing target: SourceKind) -> String {
        switch target.name {
        // Translators: the header's note; {server} is a server's name or address.
        case "demo": return tr("Waiting for {server}: showing the demo", ["server": server])
        // Translators: the header's note; {server} is a server's name or address.
        case "folder": return tr("Waiting for {server}: showing the folders", ["server": server])
        default:
            // Translators: the header's note; {server} is a server's name or address, {source} a source's name
            // ("Lorem Picsum").
            return tr("Waiting for {server}: showing {source}", ["server": server, "source": tr(target.title)])
        }
    }
}

/// The offline cache's opening, on a thread of its own when asked (`start`): opening checks the whole file, which
/// takes a while for a large cache. `value` waits for it, from any thread; whoever asks first opens it, once.
final class StoreOpening {
    private let options: AppOptions
    private let done = DispatchGroup()
    private let lock = NSLock()
    /// Whether the opening was claimed (guarded by `lock`).
    private var claimed = false
    /// Written once, before `done` is left; read only after it.
    private var outcome: (store: SQLiteStore?, words: String?) = (nil, nil)

    init(options: AppOptions) {
        self.options = options
        done.enter()
    }

    /// Opens in the background.
    func start() {
        guard claim() else { return }
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            open()
            done.leave()
        }
    }

    /// Returns once the store has opened (opening it on this thread if nobody has started).
    func wait() {
        if claim() {
            open()
            done.leave()
        }
        done.wait()
    }

    private func claim() -> Bool { lock.withLock { defer { claimed = true }; return !claimed } }

    var value: SQLiteStore? { wait(); return outcome.store }
    /// The store if it has opened by now (never waits).
    var valueIfOpened: SQLiteStore? { done.wait(timeout: .now()) == .success ? outcome.store : nil }
    /// What opening it found, in the frame's language, if the store has opened by now (never waits).
    var wordsIfOpened: String? {
        guard done.wait(timeout: .now()) == .success else { return nil }
        return outcome.words
    }

    private func open() {
        guard options.useCache else { return }
        let opened = StoreOpener.open(directory: options.cacheDirectory ?? StoreOpener.defaultDirectory(),
                                      budgetBytes: options.cacheBytes, ownsDirectory: options.cacheDirectory == nil)
        outcome = (opened.store, opened.words)
        if let message = opened.message { Log.warn(message) }
    }
}
