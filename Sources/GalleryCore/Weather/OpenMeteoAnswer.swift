import Foundation

/// Reads Open-Meteo's answers, which come from outside and are hostile until proven otherwise: bounded in size,
/// every field checked for its type and a plausible value (no NaN, no 10,000 °C, no weather code 1234), and anything
/// else refused with words that say what was wrong. Nothing here throws anything but `WeatherRefusal`.
public enum OpenMeteoAnswer {
    /// Largest answer read: a four-day forecast is about 1 KB, a geocoding answer less.
    public static let maxBytes = 1 << 20
    /// Most days kept from an answer (Open-Meteo gives at most 16).
    public static let maxDays = 16

    /// The forecast in `data` (an answer to `WeatherSettings.forecastURL`) for `place`, asked in `units`, fetched at
    /// `fetchedAt`.
    public static func forecast(_ data: Data, place: WeatherPlace, units asked: WeatherUnits,
                                fetchedAt: Double) throws -> WeatherForecast {
        let root = try object(data, what: "forecast")
        guard let current = root["current"] as? [String: Any] else { throw WeatherRefusal("the forecast has no current weather") }
        let units = unitsOf(root["current_units"], asked: asked)
        let temperature = try number(current["temperature_2m"], "current temperature", in: units)
        let code = try weatherCode(current["weather_code"], "current weather code")
        let isDay: Bool
        switch current["is_day"] {
        case nil, is NSNull: isDay = true
        case let flag as NSNumber where isInteger(flag) && (0...1).contains(flag.intValue): isDay = flag.intValue == 1
        default: throw WeatherRefusal("the forecast's is_day is neither 0 nor 1")
        }
        let offset: Int
        switch root["utc_offset_seconds"] {
        case nil: offset = 0
        case let n as NSNumber where isInteger(n) && abs(n.doubleValue) <= 14 * 3600: offset = n.intValue
        default: throw WeatherRefusal("the forecast's utc_offset_seconds is not an offset from UTC")
        }
        let days = try Self.days(root["daily"], in: units)
        return WeatherForecast(place: place, units: units, now: .init(temperature: temperature, code: code, isDay: isDay),
                               days: days, utcOffset: offset, fetchedAt: fetchedAt)
    }

    /// The best match in a geocoding answer (`WeatherSettings.geocodingURL`) for `name`; a refusal that says the name
    /// was not found when the answer has no results.
    public static func place(_ data: Data, name: String) throws -> WeatherPlace {
        let root = try object(data, what: "geocoding answer")
        guard let results = root["results"] else { throw WeatherRefusal("no place called \"\(name)\" was found") }
        guard let list = results as? [Any] else { throw WeatherRefusal("the geocoding answer's results are not a list") }
        guard let first = list.first else { throw WeatherRefusal("no place called \"\(name)\" was found") }
        guard let entry = first as? [String: Any] else { throw WeatherRefusal("the geocoding answer's place is not an object") }
        guard let lat = (entry["latitude"] as? NSNumber).flatMap(plainNumber),
              let lon = (entry["longitude"] as? NSNumber).flatMap(plainNumber) else {
            throw WeatherRefusal("the geocoding answer's place has no numeric latitude and longitude")
        }
        let found = (entry["name"] as? String).map { printable($0) } ?? name
        let country = (entry["country"] as? String).map { printable($0) }
        let label = [found, country].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        guard let place = WeatherPlace(name: label.isEmpty ? name : label, latitude: lat, longitude: lon) else {
            throw WeatherRefusal("the geocoding answer's place is off the earth (\(lat), \(lon))")
        }
        return place
    }

    /// The reason in Open-Meteo's refusal (`{"error": true, "reason": "…"}`, with a 400), nil for any other body.
    public static func refusalReason(_ data: Data) -> String? {
        guard data.count <= 64 << 10, let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              let flag = root["error"] as? NSNumber, flag.boolValue else { return nil }
        return (root["reason"] as? String).map { printable($0, limit: 200) } ?? "no reason given"
    }

    // MARK: the parts

    private static func object(_ data: Data, what: String) throws -> [String: Any] {
        guard data.count <= maxBytes else { throw WeatherRefusal("the \(what) is larger than \(maxBytes >> 10) KB") }
        guard !data.isEmpty else { throw WeatherRefusal("the \(what) is empty") }
        let parsed: Any
        do { parsed = try JSONSerialization.jsonObject(with: data) } catch {
            throw WeatherRefusal("the \(what) is not JSON")
        }
        guard let root = parsed as? [String: Any] else { throw WeatherRefusal("the \(what) is not a JSON object") }
        // Open-Meteo's own refusal: {"error": true, "reason": "…"}.
        if let flag = root["error"] as? NSNumber, flag.boolValue {
            let reason = (root["reason"] as? String).map { printable($0, limit: 200) } ?? "no reason given"
            throw WeatherRefusal("the server refused: \(reason)")
        }
        return root
    }

    private static func days(_ value: Any?, in units: WeatherUnits) throws -> [WeatherForecast.Day] {
        guard let value, !(value is NSNull) else { return [] }
        guard let daily = value as? [String: Any] else { throw WeatherRefusal("the forecast's daily part is not an object") }
        func list(_ key: String) throws -> [Any] {
            guard let array = daily[key] as? [Any] else { throw WeatherRefusal("the forecast's daily \(key) is not a list") }
            return Array(array.prefix(maxDays))
        }
        let dates = try list("time"), codes = try list("weather_code")
        let highs = try list("temperature_2m_max"), lows = try list("temperature_2m_min")
        guard dates.count == codes.count, dates.count == highs.count, dates.count == lows.count else {
            throw WeatherRefusal("the forecast's daily lists differ in length")
        }
        var days: [WeatherForecast.Day] = []
        for i in dates.indices {
            guard let date = dates[i] as? String, isDay(date) else {
                throw WeatherRefusal("the forecast's daily time \(i) is not a day (YYYY-MM-DD)")
            }
            // A day the model has no values for yet (null) is left out; a wrong value is refused.
            if codes[i] is NSNull || highs[i] is NSNull || lows[i] is NSNull { continue }
            let high = try number(highs[i], "highest temperature", in: units)
            let low = try number(lows[i], "lowest temperature", in: units)
            guard low <= high else { throw WeatherRefusal("the forecast's day \(date) has its lowest above its highest") }
            days.append(.init(date: date, code: try weatherCode(codes[i], "daily weather code"), high: high, low: low))
        }
        return days
    }

    /// The answer's temperature unit when it says one ("°F"), else the one asked for.
    private static func unitsOf(_ value: Any?, asked: WeatherUnits) -> WeatherUnits {
        switch (value as? [String: Any])?["temperature_2m"] as? String {
        case "°F": return .imperial
        case "°C": return .metric
        default: return asked
        }
    }

    /// Temperatures a place on the earth has had, with room to spare: −95…65 °C.
    public static func plausible(_ value: Double, in units: WeatherUnits) -> Bool {
        let celsius = units == .metric ? value : (value - 32) * 5 / 9
        return (-95...65).contains(celsius)
    }

    private static func number(_ value: Any?, _ what: String, in units: WeatherUnits) throws -> Double {
        guard let n = value as? NSNumber, let v = plainNumber(n) else { throw WeatherRefusal("the \(what) is not a number") }
        guard plausible(v, in: units) else { throw WeatherRefusal("the \(what) \(v) \(units.symbol) is not a temperature on earth") }
        return v
    }

    private static func weatherCode(_ value: Any?, _ what: String) throws -> Int {
        guard let n = value as? NSNumber, isInteger(n), (0...99).contains(n.intValue) else {
            throw WeatherRefusal("the \(what) is not a WMO code (0…99)")
        }
        return n.intValue
    }

    /// A JSON number as a finite double (not a boolean, which JSONSerialization also gives as NSNumber).
    private static func plainNumber(_ n: NSNumber) -> Double? {
        guard !isBoolean(n) else { return nil }
        let v = n.doubleValue
        return v.isFinite ? v : nil
    }

    private static func isInteger(_ n: NSNumber) -> Bool {
        guard let v = plainNumber(n) else { return false }
        return v.rounded() == v && abs(v) < 1e9
    }

    private static func isBoolean(_ n: NSNumber) -> Bool {
        // JSONSerialization gives true and false as NSNumbers of C type "c" (a boolean), numbers as "i", "q" or "d".
        String(cString: n.objCType) == "c"
    }

    private static func isDay(_ text: String) -> Bool {
        text.count == 10 && text.range(of: #"^\d{4}-\d{2}-\d{2}$"#, options: .regularExpression) != nil
    }

    /// Words fit for a line of the screen and the log: control characters and bidi overrides dropped.
    static func printable(_ text: String, limit: Int = WeatherPlace.maxNameLength) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter {
            $0.properties.generalCategory != .control && $0.properties.generalCategory != .format
        }).prefix(limit))
    }
}
