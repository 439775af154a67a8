import Foundation
import GalleryCore

/// One round of asking Open-Meteo, on the calling thread (the weather's own, never the main one): the place's
/// coordinates from the geocoder when only its name is known (then kept: asked once), then the forecast. Every
/// request is bounded in bytes (`OpenMeteoAnswer.maxBytes`) and time; every answer is read by `OpenMeteoAnswer`.
struct WeatherFetch {
    let settings: WeatherSettings
    let keeper: WeatherKeeper?
    let client: HTTPClient
    var connectTimeout = 10.0
    var totalTimeout = 20.0

    /// Why a round failed, said in the log, and how long a server asked to be left alone.
    struct Failure: Error, Equatable {
        let words: String
        var retryAfter: Double? = nil
    }

    /// The place the forecast is for: the coordinates given, the name's kept place, or the geocoder's answer (kept).
    func place() throws(Failure) -> WeatherPlace {
        switch settings.query {
        case .coordinates(let place): return place
        case .named(let name):
            if let kept = keeper?.place(named: name) { return kept }
            let body = try get(settings.geocodingURL(for: name), what: "the geocoding")
            let place: WeatherPlace
            do { place = try OpenMeteoAnswer.place(body, name: name) } catch let refusal as WeatherRefusal {
                throw Failure(words: "refused the geocoding answer: \(refusal)")
            } catch { throw Failure(words: "refused the geocoding answer: \(error)") }
            do { try keeper?.keep(place, named: name) } catch {
                Log.warn("weather: cannot keep the place \(place.name): \(error)")
            }
            Log.info("weather: \"\(name)\" is \(place.name) (\(place.coordinates))")
            return place
        }
    }

    /// The forecast for `place`, fetched now.
    func forecast(for place: WeatherPlace, now: Double) throws(Failure) -> WeatherForecast {
        let body = try get(settings.forecastURL(for: place), what: "the forecast")
        do {
            return try OpenMeteoAnswer.forecast(body, place: place, units: settings.units, fetchedAt: now)
        } catch let refusal as WeatherRefusal {
            throw Failure(words: "refused the forecast: \(refusal)")
        } catch { throw Failure(words: "refused the forecast: \(error)") }
    }

    /// The body of a 200 answer at `url`; Open-Meteo's own refusal (400 with a reason) in its words.
    private func get(_ url: String, what: String) throws(Failure) -> Data {
        var request = HTTPRequest(url: url, maxBodyBytes: OpenMeteoAnswer.maxBytes, connectTimeout: connectTimeout,
                                  totalTimeout: totalTimeout, stallTimeout: min(10, totalTimeout))
        request.headers = [("Accept", "application/json")]
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Result<HTTPResponse, HTTPError> = .failure(.other("no answer"))
        client.get(request) { result in outcome = result; done.signal() }
        // curl's own timeouts bound this wait (`totalTimeout`).
        done.wait()
        switch outcome {
        case .failure(let error):
            throw Failure(words: "cannot fetch \(what) from \(WeatherFetch.host(of: url)): \(error)")
        case .success(let response) where response.status == 200:
            return response.body
        case .success(let response):
            // Open-Meteo says why in JSON ({"error": true, "reason": …}); anything else by its status.
            let reason = OpenMeteoAnswer.refusalReason(response.body).map { "HTTP \(response.status), \($0)" }
                ?? "HTTP \(response.status)"
            throw Failure(words: "cannot fetch \(what) from \(WeatherFetch.host(of: url)): \(reason)",
                          retryAfter: response.retryAfter)
        }
    }

    /// The host of `url`, for the log (never its query).
    static func host(of url: String) -> String {
        URLComponents(string: url).map { "\($0.host ?? "?")\($0.port.map { ":\($0)" } ?? "")" } ?? "?"
    }
}
