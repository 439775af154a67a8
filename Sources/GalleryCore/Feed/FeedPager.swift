/// Decides which page to fetch next and when: the first page at start, the next one when the viewport nears the end
/// of what is loaded, never the same page twice, never two at once. A finite catalogue starts over as a new pass
/// (or ends, without wrapping). Failures wait with backoff; a page that keeps failing is skipped so it cannot block
/// the pages after it.
public struct FeedPager {
    public struct Settings: Equatable {
        public var pageSize: Int
        public var wraps: Bool
        /// Fetch the next page when fewer than this many viewport heights of content remain below the viewport.
        public var prefetchScreens: Double
        public var retry: RetryPolicy
        /// After this many failed attempts at one page, move past it.
        public var attemptsPerPage: Int
        /// At most one page request per this many seconds, whatever the user does (be a good API client).
        public var minInterval: Double
        /// After this many pages in a row that add no new photo (all duplicates or all invalid), stop asking: a
        /// server that repeats itself would otherwise be asked forever.
        public var barrenPagesToStop = 3
        /// A kiosk's feed never stops for want of something new: where a desktop's says "r reloads" (nobody is
        /// there to press it), it starts a new pass over what it has, after `barrenWrapDelay` seconds.
        public var keepsMoving = false

        public init(pageSize: Int = 30, wraps: Bool = true, prefetchScreens: Double = 3,
                    retry: RetryPolicy = RetryPolicy(), attemptsPerPage: Int = 4, minInterval: Double = 1) {
            self.minInterval = max(0, minInterval)
            self.pageSize = FeedPager.pageSizes.clamp(pageSize)
            self.wraps = wraps; self.prefetchScreens = prefetchScreens
            self.retry = retry; self.attemptsPerPage = max(1, attemptsPerPage)
        }
    }

    public struct Request: Equatable {
        public let page: Int
        public let pass: Int
        public let limit: Int
        /// Matches `Feed.generation` when it was made; a response for an older generation is ignored.
        public let generation: Int
    }

    public enum Phase: Equatable {
        case idle
        case loading(Request)
        case waiting(until: Double)
        /// The catalogue ended and the feed does not wrap (or the catalogue is empty), or the server kept sending
        /// nothing new (`stopReason`). Only a reload starts again.
        case ended
    }

    public enum StopReason: Equatable {
        /// The last page came: the catalogue is finished (and the feed does not wrap).
        case catalogueEnded
        /// This many pages in a row added no new photo.
        case nothingNew(pages: Int)
    }

    public private(set) var settings: Settings
    public private(set) var phase: Phase = .idle
    public private(set) var nextPage = 1
    public private(set) var pass = 0
    public private(set) var failures = 0
    private var serverFailures = 0
    /// The last failure, for the status line; cleared by the next success.
    public private(set) var lastError: SourceError?
    /// Seconds between asks of a server that refused us (`SourceError.refused`).
    public static let refusedRetry = 600.0
    public private(set) var pagesSkipped = 0
    private var itemsThisPass = 0
    private var barrenPages = 0
    /// Why the phase is `.ended`.
    public private(set) var stopReason: StopReason?
    private var lastRequestAt = -Double.infinity

    public init(settings: Settings = Settings()) { self.settings = settings }

    public var isLoading: Bool { if case .loading = phase { return true } else { return false } }

    /// Whether content below the viewport is short enough that the next page should be on its way.
    public func wantsMore(contentHeight: Int, viewportBottom: Int, viewportHeight: Int) -> Bool {
        Double(contentHeight - viewportBottom) < settings.prefetchScreens * Double(max(1, viewportHeight))
    }

    /// The request to send now, if any; the pager then counts it as in flight.
    public mutating func nextRequest(wantsMore: Bool, now: Double, generation: Int) -> Request? {
        switch phase {
        case .loading, .ended: return nil
        case .waiting(let until): if now < until { return nil }
        case .idle: break
        }
        guard wantsMore, now - lastRequestAt >= settings.minInterval else { return nil }
        lastRequestAt = now
        let request = Request(page: nextPage, pass: pass, limit: settings.pageSize, generation: generation)
        phase = .loading(request)
        return request
    }

    public enum Outcome: Equatable {
        case appended(Int)
        case stale
        case wrapped
        case ended
        case willRetry(after: Double)
        case skipped(page: Int)
        /// The page added nothing, again: the pager stopped asking.
        case stoppedNothingNew
    }

    /// Applies a response. `unit` is a random number in [0, 1) for retry jitter.
    public mutating func complete(_ request: Request, with result: Result<PageContents, SourceError>,
                                  into feed: inout Feed, now: Double, unit: Double = 0.5) -> Outcome {
        guard case .loading(let current) = phase, current == request, request.generation == feed.generation else {
            return .stale
        }
        switch result {
        case .success(let contents):
            failures = 0
            serverFailures = 0
            lastError = nil
            if contents.rawCount == 0 {
                return endOfCatalogue()
            }
            let added = feed.append(contents.photos, pass: pass)
            itemsThisPass += added
            nextPage += 1
            phase = .idle
            barrenPages = added == 0 ? barrenPages + 1 : 0
            if barrenPages >= settings.barrenPagesToStop, settings.keepsMoving, settings.wraps, itemsThisPass > 0 {
                barrenPages = 0
                _ = endOfCatalogue()
                phase = .waiting(until: now + FeedPager.barrenWrapDelay)
                return .wrapped
            }
            if barrenPages >= settings.barrenPagesToStop {
                phase = .ended
                stopReason = .nothingNew(pages: barrenPages)
                return .stoppedNothingNew
            }
            // A short page is the last one: starting the next pass now saves a request for the empty page.
            if contents.rawCount < request.limit {
                _ = endOfCatalogue()
            }
            return .appended(added)
        case .failure(let error):
            lastError = error
            if case .refused = error {
                // Asking again will not help until someone fixes the key: once every ten minutes, no page skipped.
                phase = .waiting(until: now + FeedPager.refusedRetry)
                return .willRetry(after: FeedPager.refusedRetry)
            }
            failures += 1
            // Skipping a page is for a page the server keeps failing on; with the network down every page would
            // fail, and skipping them would lose them.
            if !error.isNetworkFailure { serverFailures += 1 }
            if serverFailures >= settings.attemptsPerPage {
                failures = 0
                serverFailures = 0
                pagesSkipped += 1
                let skipped = nextPage
                nextPage += 1
                phase = .waiting(until: now + settings.retry.delay(afterFailures: 1, unit: unit))
                return .skipped(page: skipped)
            }
            let delay = settings.retry.delay(afterFailures: failures, retryAfter: error.retryAfter, unit: unit)
            phase = .waiting(until: now + delay)
            return .willRetry(after: delay)
        }
    }

    private mutating func endOfCatalogue() -> Outcome {
        // Wrapping a pass that produced nothing would loop on empty pages forever.
        guard settings.wraps, itemsThisPass > 0 else {
            phase = .ended
            stopReason = .catalogueEnded
            return .ended
        }
        pass += 1
        nextPage = 1
        itemsThisPass = 0
        phase = .idle
        return .wrapped
    }

    /// Starts again from the first page (reload). The caller resets the feed, which bumps its generation.
    public mutating func restart() {
        let last = lastRequestAt
        self = FeedPager(settings: settings)
        lastRequestAt = last  // a reload does not earn an extra request
    }

    /// Seconds a kiosk's feed waits before a new pass when the server kept sending nothing new.
    public static let barrenWrapDelay = 2.0

    /// Photos a page may hold, whatever the source: each source takes what it allows within this
    /// (`SourceTraits.pageSizes`), and the command line checks `--page-size` against it.
    public static let pageSizes = 1...1000

    /// Leaves at least `seconds` between requests from now on (a source near its rate limit asks for more).
    public mutating func pace(minInterval seconds: Double) {
        settings.minInterval = max(0, seconds)
    }

    /// Whether the feed starts again at its end (another source took over: a folder ends, a network feed wraps).
    public mutating func setWraps(_ wraps: Bool) { settings.wraps = wraps }

    /// Before anything is fetched, takes the page size stored pages were fetched with, so it continues them.
    public mutating func adopt(pageSize: Int) {
        guard phase == .idle, nextPage == 1, pass == 0 else { return }
        settings.pageSize = FeedPager.pageSizes.clamp(pageSize)
    }

    /// Pages 1…`lastPage` of pass 0 are already in the feed (restored from the cache): continue after them.
    public mutating func restored(lastPage: Int, itemCount: Int) {
        guard lastPage > 0 else { return }
        nextPage = lastPage + 1
        itemsThisPass = itemCount
    }

    /// The server is reachable again: a page waiting out a backoff is asked for at once.
    public mutating func retrySoon() {
        if case .waiting = phase {
            phase = .idle
            failures = 0
        }
    }
}
