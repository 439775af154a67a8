import GalleryCore
import GalleryStore

/// Keeps the catalog fed, frame by frame: asks the source for the next page when the screen wants one (paced for
/// servers), shows what the cache held before the network answers and then refreshes it, follows a source's
/// fallback when a page says it cannot work, probes a server while offline, and composes the header's status.
/// Main thread only; the source's answers come back through the mailbox.
final class FeedDriver {
    private let sources: SourceProvider
    private let model: GalleryModel
    private let images: ImagePipeline
    private let mailbox: Mailbox<Delivery>
    private let config: GalleryConfig
    /// `--wrap` / `--no-wrap` as given (nil: each source's own default), for a source that takes over.
    private let wrapGiven: Bool?
    private var network: NetworkWatch
    /// The start-up refresh is still out (automation waits for it, so "settled" includes knowing whether online).
    private(set) var refreshing = false
    private var storeProblem: String?
    /// Probes of a source that could not be reached at start, backing off to 30 s.
    private var awaiting = Connectivity()
    private var probeOut = false

    init(sources: SourceProvider, model: GalleryModel, images: ImagePipeline, mailbox: Mailbox<Delivery>,
         config: GalleryConfig, wrapGiven: Bool? = nil) {
        self.sources = sources; self.model = model; self.images = images; self.mailbox = mailbox
        self.config = config; self.wrapGiven = wrapGiven
        network = NetworkWatch(serverName: sources.serverName)
        // A source that could not be made yet (a folder not there) is probed from the start.
        if sources.isAwaiting { awaiting.networkFailed(now: 0) }
    }

    var isOnline: Bool { network.isOnline }

    /// What the source, the cache and the network sent.
    func receive(_ delivery: FeedDelivery, now: Double) {
        switch delivery {
        case let .page(request, result): received(request, result, now: now)
        case .network(let reachable): self.reachable(reachable, now: now)
        case let .restored(limit, pages): restored(pages, pageSize: limit)
        case .refreshed: refreshing = false
        case .edits(let edits): DetailPane.follow(edits, in: model)  // an open pane keeps to its file
        case .storeProblem(let failure): storeFailed(failure)
        case .awaitedSource(let answered): awaitedSource(answered: answered, now: now)
        case .showFolders(let folders): show(folders: folders)
        }
    }

    /// The welcome screen's folders take over from the source shown; the feed starts again from them.
    private func show(folders: [String]) {
        guard sources.show(folders: folders) else { return }
        chosenSourceTookOver()
    }

    /// Files and folders opened (dropped on the window) take over, as on the command line (`OpenPaths`): the pane
    /// opens on a single file once its folder's page brings it; paths not there are said in a toast.
    func open(_ paths: [String]) {
        let (opened, shown) = sources.open(paths)
        if shown {
            chosenSourceTookOver()
            model.feed.opening = opened.photo.map(PhotoOpening.init(path:))
        }
        let names = paths.prefix(3).map(PathBytes.display).joined(separator: ", ")
        // Said in the frame's language, logged in English.
        let missing = { (book: any WordBook) -> String? in
            guard !shown, opened.missingText(in: book) == nil else { return opened.missingText(in: book) }
            // Translators: a toast; {paths} names up to three files or folders, separated by commas.
            return book.tr("{paths} cannot be shown", ["paths": names])
        }
        guard let words = missing(Words.book), let logged = missing(EnglishBook()) else { return }
        Log.warn(logged)
        model.toasts.show(words)
    }

    /// Another installed source takes over, of this album where it has albums (the remote's `source`); the feed
    /// starts again from it. Why not, when it cannot be made (the source shown stays).
    func show(source name: String, album: String?) -> CommandRefusal? {
        if case .failure(let refusal) = sources.switchTo(name, album: album) { return refusal }
        chosenSourceTookOver()
        return nil
    }

    /// A source the user chose took over: its server is watched from now on, and the feed starts again from it,
    /// wrapping as that source does (or as `--wrap` says; a kiosk's always).
    private func chosenSourceTookOver() {
        awaiting = Connectivity()
        network = NetworkWatch(serverName: sources.serverName)
        images.reset(source: sources.source)
        model.resetFeed(source: sources.key, wraps: model.kiosk != nil || (wrapGiven ?? sources.traits.wrapsByDefault))
        model.browse.dateHeadings = LocalDay.dateHeadings(for: sources.traits)
    }

    /// A page arrived (or failed). A failure that says the source cannot work moves to its fallback and starts over.
    func received(_ request: FeedPager.Request, _ result: Result<PageContents, SourceError>, now: Double) {
        if case .failure(let error) = result, sources.switchedAway(after: error, feedIsEmpty: model.catalog.isEmpty) {
            images.reset(source: sources.source)
            model.resetFeed(source: sources.key)
            model.browse.dateHeadings = LocalDay.dateHeadings(for: sources.traits)
            network = NetworkWatch(serverName: sources.serverName)
            if sources.isAwaiting { awaiting.networkFailed(now: now, unit: Double.random(in: 0..<1)) }
            return
        }
        // A wall of memories left running follows the calendar, as its feed does: tomorrow's pass under tomorrow's
        // headings (laid out again once a day).
        if let sections = model.browse.sections, case let today = LocalDay.today(), sections.today != today {
            model.browse.sections = WallSections(today: today)
        }
        if model.feed.receive(request, result, now: now, unit: Double.random(in: 0..<1)) == .stoppedNothingNew {
            Log.warn("page \(request.page) was the third in a row with nothing new; stopped asking (r reloads)")
        }
    }

    /// The pages the cache held: shown at once. Then the network is asked for the first page, which refreshes the
    /// stored one (the screen does not jump); the answer, or its absence, tells whether we are online.
    func restored(_ pages: [(page: Int, contents: PageContents)], pageSize: Int) {
        model.catalog.awaitingRestore = false
        guard !pages.isEmpty else { return }
        model.feed.restore(pages, pageSize: pageSize)
        Log.info("showing \(counted(model.catalog.count, "cached photo", "cached photos"))")
        refreshing = true
        let mailbox = self.mailbox
        sources.source.fetchPage(1, limit: model.catalog.pager.settings.pageSize) { _ in mailbox.post(.feed(.refreshed)) }
    }

    /// A request reached the server or did not; when it is back, what waited is asked for again.
    func reachable(_ reachable: Bool, now: Double) {
        guard network.report(reachable: reachable, now: now) else { return }
        model.catalog.retryPagesSoon()
        images.retryNow()
    }

    /// The cache could not do something; said once in the log (a full disk would say it on every write).
    /// The cache failed: the header says so in words, the log once with the detail.
    func storeFailed(_ failure: StoreFailure) {
        if storeProblem == nil { Log.warn(failure.detail) }
        storeProblem = failure.words
    }

    /// The source waited for answered a probe (it is shown again), or did not (the next probe waits longer).
    func awaitedSource(answered: Bool, now: Double) {
        probeOut = false
        guard answered else { return }
        guard sources.returnToAwaited() else { return }
        awaiting = Connectivity()
        network = NetworkWatch(serverName: sources.serverName)
        images.reset(source: sources.source)
        model.resetFeed(source: sources.key)
    }

    /// This frame's part: a probe while offline (or of a source waited for), and the next page if the screen wants
    /// one.
    func tick(now: Double) {
        if network.probeDue(now: now) { sources.probe() }
        if sources.isAwaiting, !probeOut, awaiting.shouldProbe(now: now) {
            awaiting.probeSent(now: now, unit: Double.random(in: 0..<1))
            probeOut = true
            let mailbox = self.mailbox
            sources.probeAwaited { mailbox.post(.feed(.awaitedSource(answered: $0))) }
        }
        // Pacing is for servers; a folder or the demo answers as fast as it is asked.
        let interval = sources.traits.networked ? max(config.pageInterval, sources.source.pageInterval ?? 0) : 0
        if model.catalog.pager.settings.minInterval != interval { model.catalog.pace(minInterval: interval) }
        guard let request = model.feed.nextPageRequest(now: now) else { return }
        let mailbox = self.mailbox
        sources.source.fetchPage(request.page, limit: request.limit) { result in mailbox.post(.feed(.page(request, result))) }
    }

    /// The header's status line.
    func status() -> HeaderStatus {
        // A public screen names its source, never a server's address ("127.0.0.1", a LAN host).
        let name = HeaderStatus.sourceLabel(kiosk: model.kiosk != nil, networked: sources.traits.networked,
                                            title: sources.kind.title, name: sources.source.name)
        return HeaderStatus.of(model, sourceName: name, sourceNote: sources.note, imagesLoading: images.loadingCount,
                           online: !sources.traits.networked || network.isOnline, storeProblem: storeProblem)
    }
}
