import Foundation
import GalleryCore
import GalleryNet

/// The weather's fetcher: a thread of its own that sleeps until `WeatherRefreshPlan` says a fetch is due (checking
/// the wall clock at least each minute, so a clock set or a machine woken from suspend is noticed), fetches
/// (`WeatherFetch`, over a libcurl client made for the round and shut down after it, so nothing of it runs between
/// rounds), leaves a good forecast in `reports` for the overlay and keeps it on disk. A failure is said once per
/// round in the log and retried with a backoff; the photos never wait for it.
final class WeatherStation {
    private let work: Work

    /// The overlay `--weather` asks for, with its station started; nil when it was not asked for. A forecast kept
    /// from an earlier run shows at once (with its age when old).
    static func overlay(config: GalleryConfig) -> WeatherOverlay? {
        guard let settings = config.weather else { return nil }
        let station = WeatherStation(settings: settings)
        station.start()
        return WeatherOverlay(settings: settings, reports: station.reports, owner: station)
    }

    var reports: WeatherReports { work.reports }

    /// `timeouts`: a fetch's seconds to connect and in all (shorter in tests of a server that never answers).
    /// `heard`: told the outcome of each round, on the station's thread (tests wait on it).
    init(settings: WeatherSettings, keeper: WeatherKeeper? = nil, timeouts: (connect: Double, total: Double) = (10, 20),
         random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) },
         heard: (@Sendable (Result<WeatherForecast, WeatherFetch.Failure>) -> Void)? = nil) {
        let keeper = keeper ?? WeatherKeeper(settings: settings)
        let known = settings.query.place ?? {
            if case .named(let name) = settings.query { return keeper?.place(named: name) }
            return nil
        }()
        let kept = known.flatMap { keeper?.forecast(for: $0, units: settings.units) }
        if let kept { Log.info("weather: showing the forecast kept from \(WeatherStation.stamp(kept.fetchedAt))") }
        work = Work(settings: settings, keeper: keeper, reports: WeatherReports(kept: kept), timeouts: timeouts,
                    random: random, heard: heard)
    }

    func start() {
        let work = self.work
        let thread = Thread { work.run() }
        thread.name = "tessera-weather"
        thread.start()
    }

    /// Ends the thread at its next wake (a fetch under way finishes first, bounded by its timeouts).
    func stop() { work.stop() }

    deinit { work.stop() }

    static func stamp(_ time: Double) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyy-MM-dd HH:mm"
        return f.string(from: Date(timeIntervalSince1970: time))
    }

    /// The thread's side, shared with the owner only through `condition`.
    private final class Work: @unchecked Sendable {
        let settings: WeatherSettings
        let keeper: WeatherKeeper?
        let reports: WeatherReports
        let timeouts: (connect: Double, total: Double)
        let random: @Sendable () -> Double
        let heard: (@Sendable (Result<WeatherForecast, WeatherFetch.Failure>) -> Void)?
        let plan = WeatherRefreshPlan()
        private let condition = NSCondition()
        // Guarded by `condition`:
        private var stopping = false

        init(settings: WeatherSettings, keeper: WeatherKeeper?, reports: WeatherReports,
             timeouts: (connect: Double, total: Double), random: @escaping @Sendable () -> Double,
             heard: (@Sendable (Result<WeatherForecast, WeatherFetch.Failure>) -> Void)?) {
            self.settings = settings; self.keeper = keeper; self.reports = reports
            self.timeouts = timeouts; self.random = random; self.heard = heard
        }

        func stop() { condition.lock(); stopping = true; condition.broadcast(); condition.unlock() }

        func run() {
            var now = Date().timeIntervalSince1970
            var due = plan.first(at: now, keptFrom: reports.latest.forecast?.fetchedAt)
            var plannedAt = now, failures = 0
            while true {
                condition.lock()
                if stopping { condition.unlock(); return }
                now = Date().timeIntervalSince1970
                if !plan.isDue(due, at: now, plannedAt: plannedAt) {
                    // Each minute at the longest: the wall clock is read again (a suspend, a clock set).
                    _ = condition.wait(until: Date(timeIntervalSinceNow: min(60, max(0.05, due - now))))
                    condition.unlock()
                    continue
                }
                condition.unlock()
                let outcome = round(at: now)
                switch outcome {
                case .success(let forecast):
                    reports.post(forecast)
                    failures = 0
                    due = plan.next(afterSuccessAt: now, random: random())
                case .failure(let failure):
                    failures += 1
                    due = plan.next(afterFailure: failures, at: now, retryAfter: failure.retryAfter, random: random())
                    Log.warn("weather: \(failure.words); trying again in \(Int((due - now).rounded())) s")
                }
                plannedAt = now
                heard?(outcome)
            }
        }

        private func round(at now: Double) -> Result<WeatherForecast, WeatherFetch.Failure> {
            var http = CurlHTTPClient.Settings()
            http.maxConcurrent = 1
            http.connectTimeout = timeouts.connect
            http.totalTimeout = timeouts.total
            let client: CurlHTTPClient
            do { client = try CurlHTTPClient(settings: http) } catch {
                return .failure(.init(words: "cannot start the HTTP client: \(error)"))
            }
            defer { client.shutdown() }
            let fetch = WeatherFetch(settings: settings, keeper: keeper, client: client, connectTimeout: timeouts.connect,
                                     totalTimeout: timeouts.total)
            do {
                let forecast = try fetch.forecast(for: try fetch.place(), now: now)
                Log.info("weather: \(WeatherStation.summary(forecast)) at \(forecast.place.name)")
                do { try keeper?.keep(forecast) } catch { Log.warn("weather: cannot keep the forecast: \(error)") }
                return .success(forecast)
            } catch let failure {
                return .failure(failure)
            }
        }
    }

    /// "12 °C, partly cloudy": the forecast's current weather in the log's words.
    static func summary(_ forecast: WeatherForecast) -> String {
        "\(WeatherOverlay.whole(forecast.now.temperature)) \(forecast.units.symbol), \(WeatherCode.words(forecast.now.code))"
    }
}
