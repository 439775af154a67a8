/// What the image layer loads, in what order, and when it tries again: the bookkeeping of every slot (what it holds,
/// what it waits for, how often it failed), with no textures, threads or sources in it. Each frame the layer hands
/// over what is wanted, most urgent first, and does what the returned `Plan` says; results come back through
/// `arrived`, `failed`, `uploaded` and `uploadFailed`, each under the token its load was started with, and a result
/// under any other token is stale (dropped). One `RetryPolicy` type times every retry: an image's own failures
/// (`imageRetry`, a few times, then it gives up) and a network's (`networkRetry`, for as long as it is wanted).
public struct LoadSchedule<Key: Hashable> {
    public enum State: Equatable { case empty, loading, ready, failed }

    /// One wanted image, in priority order (0 most urgent).
    public struct Want {
        public let key: Key
        public let size: PixelSize
        /// False when the cell will be gone before a load could finish: keep what it has, start nothing new.
        public let worthStarting: Bool
        public init(key: Key, size: PixelSize, worthStarting: Bool = true) {
            self.key = key; self.size = size; self.worthStarting = worthStarting
        }
    }

    /// What the layer does after `plan`: let go of slots no longer wanted (their textures freed, their loads, if
    /// any, cancelled), cancel the loads crowded out, and start the loads named (an index into the wants).
    public struct Plan: Equatable {
        public var released: [Key] = []
        /// Tokens of loads to cancel: those of released slots and those crowded out or of the wrong size.
        public var cancelled: [UInt64] = []
        public var started: [Start] = []
    }

    public struct Start: Equatable {
        /// Where the want stood in the list (its priority).
        public let index: Int
        public let token: UInt64
    }

    /// Why a load failed, as far as retrying goes.
    public enum Failure: Equatable {
        /// The server unreachable, or this image's transfer stalled: not the image's fault.
        case network
        /// May go better next time (a server error, a transfer cut short).
        case retryable
        /// Will never go better (refused from its header, bytes from a disk that do not decode).
        case final
    }

    /// What became of a failed load.
    public enum Outcome: Equatable {
        /// Not the slot's load (any more): nothing to do.
        case stale
        /// Tried again from this time on.
        case retryAt(Double)
        /// Given up for as long as the slot lives: it shows the failure, or keeps the picture it has.
        case gaveUp
    }

    private struct Loading {
        let token: UInt64
        let size: PixelSize
        let started: Double
    }

    private struct Entry {
        var loading: Loading?
        /// The size of the picture the slot holds (nil: none yet); a different wanted size (a resize) loads anew
        /// while this one is still drawn.
        var held: PixelSize?
        var failures = 0
        /// Network failures in a row: each waits longer.
        var networkFailures = 0
        var retryAt = 0.0
        var gaveUp = false
        /// Another size of what it holds failed for good (the original refused, by the server or the decoder): the
        /// picture it has stays, and no other size is asked for while the slot lives (not every frame of a zoom).
        var settled = false
        /// The picture is another size of the photo, shown offline; `refetch`: ask for its own size now.
        var standIn = false
        var refetch = false
    }

    /// Loads (download, decode, upload) in progress at once.
    public let maxLoads: Int
    /// An image's own failures: tried again after these delays, `imageRetries` times.
    public let imageRetry: RetryPolicy
    public let imageRetries: Int
    /// Failures of the network: tried again after these delays (5, 10, 20 … seconds, at most five minutes), and at
    /// once when the server is back (`retryNow`).
    public let networkRetry: RetryPolicy
    /// Whether the source's bytes can be different next time (a network's); a disk's or the process's are what
    /// they are, so only network failures are retried for them.
    public var networked: Bool

    private var entries: [Key: Entry] = [:]
    private var nextToken: UInt64 = 1
    /// Typical seconds from asking for an image to its picture (moving average), for judging what is worth starting.
    public private(set) var loadTime = 0.1

    public static var standardNetworkRetry: RetryPolicy { RetryPolicy(base: 5, factor: 2, cap: 300, jitter: 0) }

    public init(maxLoads: Int, imageRetry: RetryPolicy, imageRetries: Int,
                networkRetry: RetryPolicy = LoadSchedule.standardNetworkRetry, networked: Bool) {
        self.maxLoads = maxLoads; self.imageRetry = imageRetry; self.imageRetries = imageRetries
        self.networkRetry = networkRetry; self.networked = networked
    }

    /// The schedule a configuration asks for: twice the transfer slots keeps the network busy.
    public init(config: GalleryConfig, networked: Bool) {
        self.init(maxLoads: 2 * config.maxConcurrentDownloads,
                  imageRetry: RetryPolicy(base: config.imageRetryDelay, factor: 2, cap: config.imageRetryCap),
                  imageRetries: config.imageRetries, networked: networked)
    }

    /// Makes the held and loading set match `wanted`, most urgent first. At most `maxLoads` images load at once: the
    /// most urgent ones. A fast fling therefore never queues more than that, and a newly urgent cell takes the place
    /// of the least urgent load.
    public mutating func plan(_ wanted: [Want], now: Double) -> Plan {
        var plan = Plan()
        // A closure, not `\.key`: a key path into a generic type is made afresh each call (swift_getKeyPath, 2.5 % of
        // the app's processor time under a playing clip, where this runs every frame).
        let wantedKeys = Set(wanted.map { $0.key })
        for (key, entry) in entries where !wantedKeys.contains(key) {
            if let loading = entry.loading { plan.cancelled.append(loading.token) }
            plan.released.append(key)
            entries[key] = nil
        }
        var budget = maxLoads
        for (priority, want) in wanted.enumerated() {
            var entry = entries[want.key] ?? Entry()
            defer { entries[want.key] = entry }
            if entry.gaveUp || entry.settled || now < entry.retryAt || (entry.held == want.size && !entry.refetch) {
                continue
            }
            if let loading = entry.loading {
                if loading.size == want.size && budget > 0 {
                    budget -= 1
                    continue
                }
                plan.cancelled.append(loading.token)  // the wrong size (resized), or crowded out by more urgent cells
                entry.loading = nil
            }
            guard budget > 0, want.worthStarting else { continue }
            budget -= 1
            let token = newToken()
            entry.loading = Loading(token: token, size: want.size, started: now)
            plan.started.append(Start(index: priority, token: token))
        }
        return plan
    }

    /// A token no slot uses (loads outside the slots: the benchmark's prefetch pass).
    public mutating func newToken() -> UInt64 {
        defer { nextToken += 1 }
        return nextToken
    }

    /// Whether `token` is the load `key` waits for.
    public func isCurrent(_ key: Key, token: UInt64) -> Bool { entries[key]?.loading?.token == token }

    /// Whether `key` waits for a load.
    public func isLoading(_ key: Key) -> Bool { entries[key]?.loading != nil }

    public var loadingCount: Int { entries.values.reduce(0) { $0 + ($1.loading == nil ? 0 : 1) } }

    public func state(of key: Key) -> State {
        guard let entry = entries[key] else { return .empty }
        if entry.held != nil { return .ready }
        if entry.gaveUp { return .failed }
        return entry.loading != nil ? .loading : .empty
    }

    /// A load's picture was decoded and waits for its upload; false when it is stale. `standIn`: it is another size
    /// of the photo (served offline), asked for again at its own size once the server answers.
    public mutating func arrived(_ key: Key, token: UInt64, standIn: Bool) -> Bool {
        guard var entry = entries[key], entry.loading?.token == token else { return false }
        entry.standIn = standIn
        entry.refetch = false
        entries[key] = entry
        return true
    }

    /// A load failed before its upload. `unit`: a random number in [0, 1), spreading retries.
    public mutating func failed(_ key: Key, token: UInt64, _ failure: Failure, now: Double, unit: Double) -> Outcome {
        guard var entry = entries[key], entry.loading?.token == token else { return .stale }
        defer { entries[key] = entry }
        entry.loading = nil
        if failure == .network {
            // Not the image's fault: tried again later, and at once when the server is back (`retryNow`). One image
            // whose transfer stalls while the rest arrive is passed over meanwhile, each time for longer: nothing
            // else waits for it.
            entry.networkFailures += 1
            entry.retryAt = now + networkRetry.delay(afterFailures: entry.networkFailures, unit: unit)
            return .retryAt(entry.retryAt)
        }
        entry.failures += 1
        // Bytes from a disk or made in the process are what they are: a decode that failed fails again (a file being
        // written is seen again, as a new photo, when it is closed). Only a network's bytes are retried.
        if failure == .final || !networked || entry.failures > imageRetries {
            giveUp(&entry)
            return .gaveUp
        }
        entry.retryAt = now + imageRetry.delay(afterFailures: entry.failures, unit: unit)
        return .retryAt(entry.retryAt)
    }

    /// A load's picture is uploaded whole, at `size`: the slot holds it now.
    public mutating func uploaded(_ key: Key, token: UInt64, size: PixelSize, now: Double) {
        guard var entry = entries[key], let loading = entry.loading, loading.token == token else { return }
        entry.loading = nil
        entry.held = size
        entry.failures = 0
        entry.networkFailures = 0
        loadTime += 0.2 * (min(1, max(0.02, now - loading.started)) - loadTime)
        entries[key] = entry
    }

    /// A load's picture could not be uploaded (too large for the renderer): the same picture would not fit next
    /// frame either.
    public mutating func uploadFailed(_ key: Key, token: UInt64) {
        guard var entry = entries[key], entry.loading?.token == token else { return }
        entry.loading = nil
        entry.failures += 1
        giveUp(&entry)
        entries[key] = entry
    }

    private func giveUp(_ entry: inout Entry) {
        entry.gaveUp = entry.held == nil
        entry.settled = entry.held != nil
    }

    /// The server is reachable again: images waiting out a failure are tried on the next plan, and what was shown
    /// from another size is asked for at its own.
    public mutating func retryNow() {
        for (key, entry) in entries {
            if entry.retryAt > 0 && !entry.gaveUp {
                entries[key]?.retryAt = 0
                entries[key]?.networkFailures = 0
            }
            if entry.standIn { entries[key]?.refetch = true }
        }
    }

    /// Drops every slot (a new feed or source); returns the tokens of the loads to cancel.
    public mutating func reset() -> [UInt64] {
        defer { entries.removeAll() }
        return entries.values.compactMap { $0.loading?.token }
    }
}
