import Foundation

/// The fixture's Open-Meteo stand-in: `GET /v1/forecast` and `GET /v1/search` (geocoding) with the real API's
/// shapes (`current` and `current_units`, `daily` as parallel lists starting today in the place's zone, a
/// geocoding `results` list or none), so a test's `--weather-server` never reaches the network. Hostile answers
/// under `/open-meteo/MODE/v1/…`: `huge` (40 MB), `malformed` (JSON cut off), `slow` (a byte a second, never done in
/// time), `wrong-types` (a temperature in words, a code as a string), `absurd` (9,999 °C), `refuse` (400 with
/// Open-Meteo's reason), `no-geocoding` (the geocoder down, the forecast fine), `wide` (the widest words a forecast
/// has: a thunderstorm with hail at -18 °C, days far below zero, for fitting a narrow window).
extension FixtureRouter {
    /// Berlin, where every name is found (but "Nowhere").
    static let weatherPlace = (name: "Berlin", country: "Germany", latitude: 52.52437, longitude: 13.41053)
    /// The place's offset from UTC: an hour.
    static let weatherOffset = 3600
    /// Now 12.3 °C and partly cloudy; then rain, clear, snow.
    static let weatherNow = (temperature: 12.3, code: 2)
    static let weatherDays: [(code: Int, high: Double, low: Double)] = [(2, 14.2, 6.1), (61, 9.8, 3.4), (0, 15.1, 7.0), (71, 3.0, -2.5)]

    func openMeteo(_ parts: [String], query: [String: String]) -> FixtureResponse {
        var mode = "good", rest = parts
        if rest.first == "open-meteo", rest.count >= 2 { mode = rest[1]; rest = Array(rest.dropFirst(2)) }
        guard rest.count == 2, rest[0] == "v1" else { return .text(404, "Not found") }
        switch (mode, rest[1]) {
        case ("no-geocoding", "search"): return .text(503, "Service Unavailable")
        case ("huge", _): return FixtureOpenMeteo.json(Data(repeating: 0x20, count: 40 << 20) + Data("{}".utf8))
        case ("malformed", _): return FixtureOpenMeteo.json(Data(#"{"latitude": 52.5, "current": {"temperature_2m": 1"#.utf8))
        case ("refuse", _):
            var r = FixtureOpenMeteo.json(Data(#"{"error":true,"reason":"Cannot initialize WeatherVariable from invalid String value tempeature_2m for key current"}"#.utf8))
            r.status = 400
            return r
        case (_, "search"): return FixtureOpenMeteo.geocoding(name: query["name"] ?? "")
        case (_, "forecast"):
            var r = FixtureOpenMeteo.forecast(query: query, mode: mode)
            if mode == "slow" { r.trickle = 1 }
            return r
        default: return .text(404, "Not found")
        }
    }
}

enum FixtureOpenMeteo {
    static func json(_ body: Data) -> FixtureResponse {
        FixtureResponse(status: 200, headers: [("Content-Type", "application/json; charset=utf-8")], body: body)
    }

    static func geocoding(name: String) -> FixtureResponse {
        let decoded = name.removingPercentEncoding ?? name
        guard decoded.lowercased() != "nowhere" else { return json(Data(#"{"generationtime_ms":0.31}"#.utf8)) }
        let p = FixtureRouter.weatherPlace
        let entry: [String: Any] = ["id": 2950159, "name": p.name, "latitude": p.latitude, "longitude": p.longitude,
                                    "elevation": 74.0, "feature_code": "PPLC", "country_code": "DE", "admin1_id": 2950157,
                                    "timezone": "Europe/Berlin", "population": 3426354, "country_id": 2921044,
                                    "country": p.country, "admin1": "Land Berlin"]
        return json(encode(["results": [entry], "generationtime_ms": 0.93]))
    }

    static func forecast(query: [String: String], mode: String) -> FixtureResponse {
        let fahrenheit = query["temperature_unit"] == "fahrenheit"
        func t(_ c: Double) -> Double { fahrenheit ? ((c * 9 / 5 + 32) * 10).rounded() / 10 : c }
        let offset = FixtureRouter.weatherOffset
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let today = Date(timeIntervalSinceNow: Double(offset))
        let dates = (0..<FixtureRouter.weatherDays.count).map { i -> String in
            let d = calendar.dateComponents([.year, .month, .day], from: today.addingTimeInterval(Double(i) * 86_400))
            return String(format: "%04d-%02d-%02d", d.year!, d.month!, d.day!)
        }
        let stamp = dates[0] + "T12:00"
        var current: [String: Any] = ["time": stamp, "interval": 900, "temperature_2m": t(FixtureRouter.weatherNow.temperature),
                                      "weather_code": FixtureRouter.weatherNow.code, "is_day": 1]
        if mode == "wrong-types" { current["temperature_2m"] = "warm"; current["weather_code"] = "3" }
        if mode == "absurd" { current["temperature_2m"] = 9999.0 }
        let wide = mode == "wide"
        if wide { current["temperature_2m"] = t(-18.6); current["weather_code"] = 99 }
        let days = wide ? FixtureRouter.weatherDays.map { (code: 99, high: $0.high - 24.6, low: $0.low - 30.2) }
                        : FixtureRouter.weatherDays
        let unit = fahrenheit ? "°F" : "°C"
        let answer: [String: Any] = [
            "latitude": Double(query["latitude"] ?? "") ?? 0, "longitude": Double(query["longitude"] ?? "") ?? 0,
            "generationtime_ms": 0.05, "utc_offset_seconds": offset, "timezone": "Europe/Berlin",
            "timezone_abbreviation": "GMT+1", "elevation": 38.0,
            "current_units": ["time": "iso8601", "interval": "seconds", "temperature_2m": unit, "weather_code": "wmo code", "is_day": ""],
            "current": current,
            "daily_units": ["time": "iso8601", "weather_code": "wmo code", "temperature_2m_max": unit, "temperature_2m_min": unit],
            "daily": ["time": dates, "weather_code": days.map(\.code),
                      "temperature_2m_max": days.map { t($0.high) },
                      "temperature_2m_min": days.map { t($0.low) }],
        ]
        return json(encode(answer))
    }

    private static func encode(_ value: Any) -> Data {
        (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])) ?? Data("{}".utf8)
    }
}
