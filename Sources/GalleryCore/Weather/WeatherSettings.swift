import Foundation

/// A place on the earth the weather is asked for: what the geocoder called it and where it is (WGS84 degrees).
public struct WeatherPlace: Codable, Equatable, Sendable {
    public let name: String
    public let latitude: Double
    public let longitude: Double

    /// Nil unless both coordinates are finite and on the earth (a hostile geocoder's 1e308 or NaN is no place).
    public init?(name: String, latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        self.name = String(name.prefix(WeatherPlace.maxNameLength)); self.latitude = latitude; self.longitude = longitude
    }

    /// Longest name kept (a geocoder's answer is not trusted to be short).
    public static let maxNameLength = 80

    /// "52.52,13.41": the coordinates as `--weather` takes them.
    public var coordinates: String { "\(latitude),\(longitude)" }
}

/// What `--weather` names: a place by its coordinates (used as they are), or by a name the geocoder finds once.
public enum WeatherPlaceQuery: Equatable, Sendable {
    case coordinates(WeatherPlace)
    case named(String)

    /// `LAT,LON` (decimal degrees, each in range) or a place's name (2 to 100 characters, no control characters).
    public static func parse(_ text: String) -> Result<WeatherPlaceQuery, WeatherSettingsError> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false)
        if parts.count == 2, let lat = Double(parts[0].trimmingCharacters(in: .whitespaces)),
           let lon = Double(parts[1].trimmingCharacters(in: .whitespaces)) {
            guard let place = WeatherPlace(name: trimmed, latitude: lat, longitude: lon) else {
                return .failure(WeatherSettingsError("--weather \(trimmed): a latitude is -90…90 and a longitude -180…180"))
            }
            return .success(.coordinates(place))
        }
        guard (2...100).contains(trimmed.count), !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { return .failure(WeatherSettingsError("--weather wants LAT,LON or a place's name of 2 to 100 characters")) }
        return .success(.named(trimmed))
    }

    /// The place at once when the coordinates were given (nil: a name, known only once geocoded).
    public var place: WeatherPlace? {
        if case .coordinates(let place) = self { return place }
        return nil
    }
}

/// Why weather settings were refused, in words for the command line.
public struct WeatherSettingsError: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Degrees Celsius or Fahrenheit (`--weather-units metric|imperial`).
public enum WeatherUnits: String, Codable, CaseIterable, Sendable {
    case metric, imperial

    /// The locale's units: imperial in the United States, Liberia and Myanmar (a region in the identifier,
    /// `en_US.UTF-8`, `my_MM`), metric elsewhere and when no region is known (`C`, `POSIX`).
    public static func forLocale(_ identifier: String) -> WeatherUnits {
        let base = identifier.split(separator: ".").first.map(String.init) ?? identifier
        let region = base.split(whereSeparator: { $0 == "_" || $0 == "-" }).dropFirst().first.map { $0.uppercased() }
        return ["US", "LR", "MM"].contains(region ?? "") ? .imperial : .metric
    }

    /// The units of the process's locale (`LC_ALL`, else `LC_MEASUREMENT`, else `LANG`).
    public static func forEnvironment(_ environment: [String: String]) -> WeatherUnits {
        let names = ["LC_ALL", "LC_MEASUREMENT", "LANG"]
        let identifier = names.lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        return forLocale(identifier)
    }

    /// "°C" or "°F".
    public var symbol: String { self == .metric ? "°C" : "°F" }
    /// Open-Meteo's parameter for these units (nil: its default, Celsius).
    public var queryItems: String { self == .metric ? "" : "&temperature_unit=fahrenheit&wind_speed_unit=mph&precipitation_unit=inch" }
}

/// Everything the weather overlay is set up with (`--weather`, `--weather-units`, `--weather-server`,
/// `--weather-corner`), pure so the core can build its requests and a test can read them.
public struct WeatherSettings: Equatable, Sendable {
    public var query: WeatherPlaceQuery
    public var units: WeatherUnits
    /// Where the forecast and the geocoding are asked (Open-Meteo's own, or one stand-in for both).
    public var forecastServer = "https://api.open-meteo.com"
    public var geocodingServer = "https://geocoding-api.open-meteo.com"
    /// Where the last good forecast and the geocoded place are kept (nil: the cache folder's `weather`), and whether
    /// anything is kept at all.
    public var stateFolder: String?
    public var keepsState = true
    public var corner: OverlayPlacement.Spot = .topRight

    public init(query: WeatherPlaceQuery, units: WeatherUnits) { self.query = query; self.units = units }

    /// Both servers become `base` (`--weather-server URL`, without a trailing slash).
    public mutating func useServer(_ base: String) {
        var trimmed = base
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        forecastServer = trimmed; geocodingServer = trimmed
    }

    /// Days asked for: today and the three after it.
    public static let forecastDays = 4

    /// The forecast's address for `place`: current temperature, condition and day or night; the days' condition,
    /// highest and lowest; in the place's own time zone.
    public func forecastURL(for place: WeatherPlace) -> String {
        "\(forecastServer)/v1/forecast?latitude=\(place.latitude)&longitude=\(place.longitude)"
            + "&current=temperature_2m,weather_code,is_day&daily=weather_code,temperature_2m_max,temperature_2m_min"
            + "&timezone=auto&forecast_days=\(WeatherSettings.forecastDays)" + units.queryItems
    }

    /// The geocoder's address for a name: its best match only.
    public func geocodingURL(for name: String) -> String {
        // RFC 3986's unreserved characters only: a name with an "&" or an "ü" is sent escaped.
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let escaped = name.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        return "\(geocodingServer)/v1/search?name=\(escaped)&count=1&language=en&format=json"
    }

    /// `top-left`, `top-right`, `bottom-left` or `bottom-right` (`--weather-corner`).
    public static func corner(named name: String) -> OverlayPlacement.Spot? {
        switch name {
        case "top-left": return .topLeft
        case "top-right": return .topRight
        case "bottom-left": return .bottomLeft
        case "bottom-right": return .bottomRight
        default: return nil
        }
    }
}
