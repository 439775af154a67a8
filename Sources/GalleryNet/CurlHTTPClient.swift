import CPlatform
import CurlKit
import Foundation
import GalleryCore

/// `HTTPClient` over libcurl's multi interface, run by one network thread. Requests wait in a priority queue until a
/// transfer slot is free, so a fling that asks for many images starts only the most urgent; cancelling withdraws a
/// request from that queue, while a transfer already sent runs to its end (its bytes are worth keeping). Completions
/// run on the network thread.
public final class CurlHTTPClient: HTTPClient {
    public struct Settings {
        public var maxConcurrent = 8
        public var maxRedirects = 5
        public var userAgent = "Tessera/0.1"
        /// Seconds to connect, and for a whole transfer, unless a request says otherwise.
        public var connectTimeout = 5.0
        public var totalTimeout = 30.0
        /// Certificates to trust instead of the system's (a private CA; the tests' own).
        public var caFile: String?
        /// Where each request's seconds (to its last byte) and each failure (no answer, or a status of 400 or more)
        /// are counted (`GET /metrics`).
        public var timing: TimedWork?
        public init() {}
    }

    /// Counters since start, for the status line and the benchmark.
    public struct Stats: Equatable {
        public var started = 0
        public var completed = 0
        public var failed = 0
        public var cancelled = 0
        public var bytes = 0
    }

    private struct Job {
        let id: RequestID
        let request: HTTPRequest
        let sequence: UInt64
        let completion: (Result<HTTPResponse, HTTPError>) -> Void
    }

    private let settings: Settings
    private let multi: MultiHandle
    private let lock = NSLock()
    // Guarded by `lock`:
    private var queued: [Job] = []
    private var nextID: UInt64 = 1
    private var stopping = false
    private var stats = Stats()
    // Network thread only:
    private var active: [RequestID: (handle: EasyHandle, job: Job, since: UInt64)] = [:]
    private var thread: Thread?
    private let finished = DispatchSemaphore(value: 0)

    public init(settings: Settings = Settings()) throws {
        self.settings = settings
        multi = try MultiHandle()
        multi.setMaxHostConnections(settings.maxConcurrent)
        // Weak, not unowned: a client let go before its thread starts is already in deinit (waiting in `shutdown`
        // for this thread), and reading an unowned reference then is a fatal error; the thread says it finished.
        let finished = finished
        let thread = Thread { [weak self] in
            guard let self else { finished.signal(); return }
            self.run()
        }
        thread.name = "tessera-net"
        self.thread = thread
        thread.start()
    }

    /// Stops the network thread; pending completions are dropped. Call before releasing the client.
    public func shutdown() {
        lock.lock()
        let wasStopping = stopping
        stopping = true
        lock.unlock()
        guard !wasStopping else { return }
        multi.wakeup()
        finished.wait()
    }

    deinit { shutdown() }

    public var statistics: Stats {
        lock.lock(); defer { lock.unlock() }
        return stats
    }


    @discardableResult
    public func get(_ request: HTTPRequest, completion: @escaping (Result<HTTPResponse, HTTPError>) -> Void) -> RequestID {
        lock.lock()
        let id = RequestID(nextID)
        queued.append(Job(id: id, request: request, sequence: nextID, completion: completion))
        nextID += 1
        lock.unlock()
        multi.wakeup()
        return id
    }

    @discardableResult
    public func cancel(_ id: RequestID) -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard let index = queued.firstIndex(where: { $0.id == id }) else { return false }
        queued.remove(at: index)
        stats.cancelled += 1
        return true
    }

    // MARK: network thread

    private func run() {
        // Transfers take only the processor time frames leave; a transfer's wake-up never cuts into a frame.
        tessera_make_thread_background()
        while true {
            lock.lock()
            if stopping { lock.unlock(); break }
            var starting: [Job] = []
            let free = settings.maxConcurrent - active.count
            if free > 0 && !queued.isEmpty {
                // Most urgent first; among equals, first asked first served.
                queued.sort { ($0.request.priority, $0.sequence) < ($1.request.priority, $1.sequence) }
                starting = Array(queued.prefix(free))
                queued.removeFirst(starting.count)
            }
            lock.unlock()
            for job in starting { start(job) }

            multi.perform()
            for (handle, outcome) in multi.takeCompleted() {
                let id = RequestID(handle.tag)
                guard let entry = active.removeValue(forKey: id) else { continue }
                let result = response(handle, outcome)
                count {
                    switch result {
                    case .success(let r): $0.completed += 1; $0.bytes += r.body.count
                    case .failure: $0.failed += 1
                    }
                }
                if let timing = settings.timing {
                    timing.seconds.observe(Double(DispatchTime.now().uptimeNanoseconds - entry.since) / 1e9)
                    if case .success(let answer) = result, answer.status < 400 {} else { timing.failures.add() }
                }
                entry.job.completion(result)
            }

            multi.poll(timeoutMs: active.isEmpty ? 1000 : 100)
        }
        for (_, entry) in active { multi.remove(entry.handle) }
        active.removeAll()
        finished.signal()
    }

    private func start(_ job: Job) {
        do {
            let handle = try EasyHandle()
            handle.tag = job.id.raw
            handle.maxBodyBytes = job.request.maxBodyBytes
            try handle.setHeaders(job.request.headerLines)
            if let progress = job.request.progress {
                var last = -1.0
                try handle.reportProgress { received, expected in
                    guard expected > 0 else { return }
                    let share = min(1, Double(received) / Double(expected))
                    // A report per 2 % at most: the main thread wakes for each.
                    if share - last >= 0.02 || (share == 1 && last < 1) { last = share; progress(share) }
                }
            }
            try handle.configureGET(url: job.request.url, maxRedirects: settings.maxRedirects,
                                    connectTimeout: job.request.connectTimeout ?? settings.connectTimeout,
                                    totalTimeout: job.request.totalTimeout ?? settings.totalTimeout,
                                    lowSpeedTime: job.request.stallTimeout,
                                    userAgent: settings.userAgent, caFile: settings.caFile)
            if let body = job.request.body { try handle.setPOST(body: body, contentType: "application/json") }
            if !job.request.followsRedirects { try handle.refuseRedirects() }
            try multi.add(handle)
            active[job.id] = (handle, job, DispatchTime.now().uptimeNanoseconds)
            count { $0.started += 1 }
        } catch {
            count { $0.started += 1; $0.failed += 1 }
            job.completion(.failure(.other("\(error)")))
        }
    }

    private func response(_ handle: EasyHandle, _ outcome: Result<Void, CurlError>) -> Result<HTTPResponse, HTTPError> {
        switch outcome {
        case .success:
            return .success(HTTPResponse(status: handle.responseCode, headers: handle.headers, body: handle.body))
        case .failure(let error):
            if handle.exceededBodyLimit { return .failure(.tooLarge) }
            return .failure(CurlHTTPClient.map(error))
        }
    }

    static func map(_ error: CurlError) -> HTTPError {
        switch error.kind {
        case .unreachable: return .unreachable(error.message)
        case .timedOut: return .timedOut
        case .tooManyRedirects: return .tooManyRedirects
        case .aborted: return .tooLarge
        case .other: return .other(error.message)
        }
    }

    private func count(_ change: (inout Stats) -> Void) {
        lock.lock()
        change(&stats)
        lock.unlock()
    }
}
