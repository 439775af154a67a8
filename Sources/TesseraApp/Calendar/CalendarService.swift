import Foundation
import GalleryCore
import GalleryNet
import ICalKit

/// The calendar overlay's feed: its sources fetched and read off the main thread, on one serial queue (libical is
/// used from that queue alone), each again every 15 minutes of the wall clock and sooner after a failure (backing
/// off). A source that fails (unreachable, too large, garbage) keeps its last good reading, with a line in the log;
/// the photos never wait for it. The last good copy of each is kept in the cache folder, and read first at start.
/// The main thread reads what was found through `latest()` (a lock and a copy).
final class CalendarService: CalendarFeed {
    private let settings: CalendarSettings
    private let timeZone: TimeZone
    private let queue = DispatchQueue(label: "tessera-calendar", qos: .utility)
    private let lock = NSLock()
    private var snapshot = CalendarSnapshot()  // guarded by `lock`
    // The queue's alone:
    private let fetch: CalendarFetch
    private let copies: CalendarCopies
    private var lastGood: [Data?]
    /// When each source's last good bytes were fetched, and whether its latest try failed (its copy shown is old).
    private var fetchedAt: [Double?]
    private var failing: [Bool]
    private var found: [[CalendarOccurrence]]
    private var plans: [CalendarRefreshPlan]
    private var generation = 0
    /// Told after each fetch's answer was taken in (on the service's queue): the tests' signal.
    private let answered: (CalendarSnapshot) -> Void

    /// The calendar overlay `--calendar` asks for, its service started; nil when none was asked for.
    static func overlay(config: GalleryConfig) -> CalendarOverlay? {
        guard let settings = config.calendar, !settings.sources.isEmpty else { return nil }
        let service = CalendarService(settings: settings)
        service.start()
        return CalendarOverlay(feed: service, lines: settings.lines, spot: settings.spot, days: settings.limits.daysAhead,
                               clock: CalendarOverlay.clockWords(config: config))
    }

    init(settings: CalendarSettings, timeZone: TimeZone = .current, answered: @escaping (CalendarSnapshot) -> Void = { _ in }) {
        self.settings = settings; self.timeZone = timeZone; self.answered = answered
        let count = settings.sources.count
        lastGood = Array(repeating: nil, count: count)
        fetchedAt = Array(repeating: nil, count: count)
        failing = Array(repeating: true, count: count)
        found = Array(repeating: [], count: count)
        plans = Array(repeating: CalendarRefreshPlan(limits: settings.limits), count: count)
        copies = CalendarCopies(settings: settings)
        var http: HTTPClient?
        if settings.sources.contains(where: CalendarSettings.isAddress) {
            var client = CurlHTTPClient.Settings()
            client.maxConcurrent = 2
            client.totalTimeout = settings.limits.fetchTimeout
            http = try? CurlHTTPClient(settings: client)
        }
        fetch = CalendarFetch(limits: settings.limits, http: http, authFile: settings.authFile)
    }

    func latest() -> CalendarSnapshot {
        lock.lock(); defer { lock.unlock() }
        return snapshot
    }

    /// Reads the kept copies, then fetches every source.
    func start() {
        queue.async { [self] in
            var kept = false
            for (i, source) in settings.sources.enumerated() {
                guard let copy = copies.load(source) else { continue }
                lastGood[i] = copy.bytes; fetchedAt[i] = copy.fetchedAt
                found[i] = (try? read(copy.bytes, of: source).occurrences) ?? []
                kept = true
            }
            if kept { publish() }
            for i in settings.sources.indices { refresh(i) }
        }
    }

    /// Fetches source `i` and reads it; on the queue.
    private func refresh(_ i: Int) {
        fetch.bytes(of: settings.sources[i]) { [weak self] result in
            guard let service = self else { return }
            service.queue.async { service.arrived(result, of: i) }
        }
    }

    private func arrived(_ result: Result<Data, CalendarFetch.Failure>, of i: Int) {
        let source = settings.sources[i], name = CalendarSettings.shownName(of: source)
        let now = Date().timeIntervalSince1970
        var due: Double
        do {
            let bytes = try result.get()
            let reading = try read(bytes, of: source)
            found[i] = reading.occurrences
            fetchedAt[i] = now; failing[i] = false
            if lastGood[i] != bytes {
                lastGood[i] = bytes
                copies.keep(bytes, of: source)
                Log.info("calendar \(name): \(reading.eventsRead) events read, \(reading.occurrences.count) "
                         + "occurrences from today to \(settings.limits.daysAhead) days ahead")
            }
            due = plans[i].succeeded(at: now)
        } catch {
            Log.warn("calendar \(name): \(error); " + (lastGood[i] == nil ? "nothing shown from it" : "the last good copy stays"))
            // The last good copy read again: the window moves with the day even while the source is away.
            if let kept = lastGood[i] { found[i] = (try? read(kept, of: source).occurrences) ?? found[i] }
            failing[i] = true
            due = plans[i].failed(at: now)
        }
        publish()
        answered(latest())
        queue.asyncAfter(wallDeadline: .now() + max(1, due - now)) { [weak self] in self?.refresh(i) }
    }

    /// Reads a source's bytes into the occurrences of today and the next days; what was cut goes to the log.
    private func read(_ bytes: Data, of source: String) throws -> CalendarReader.Reading {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let today = calendar.startOfDay(for: Date())
        let end = calendar.date(byAdding: .day, value: settings.limits.daysAhead + 1, to: today) ?? today
        let reading = try CalendarReader.read(bytes, window: DateInterval(start: today, end: end), timeZone: timeZone,
                                              limits: settings.limits)
        for note in reading.notes { Log.warn("calendar \(CalendarSettings.shownName(of: source)): \(note)") }
        return reading
    }

    /// Makes what was found the feed's answer when it changed: the occurrences, and the age of the oldest copy
    /// shown for a source whose latest try failed (a kept copy read at start counts as failed until a fetch lands).
    private func publish() {
        let all = found.flatMap { $0 }
        let asOf = settings.sources.indices.compactMap { failing[$0] && lastGood[$0] != nil ? fetchedAt[$0] : nil }.min()
        lock.lock(); defer { lock.unlock() }
        guard all != snapshot.occurrences || asOf != snapshot.asOf || snapshot.generation == 0 else { return }
        generation += 1
        snapshot = CalendarSnapshot(generation: generation, occurrences: all, asOf: asOf)
    }
}
