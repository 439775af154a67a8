/// What a WMO weather code (WMO 4677 as Open-Meteo uses it, 0…99) says, in words and as a picture.
public enum WeatherCondition: Equatable, Sendable {
    case clear, partlyCloudy, overcast, fog, drizzle, rain, snow, showers, thunderstorm, unknown

    /// The condition of `code`; codes Open-Meteo does not use are `unknown`.
    public init(code: Int) {
        switch code {
        case 0: self = .clear
        case 1, 2: self = .partlyCloudy
        case 3: self = .overcast
        case 45, 48: self = .fog
        case 51, 53, 55, 56, 57: self = .drizzle
        case 61, 63, 65, 66, 67: self = .rain
        case 71, 73, 75, 77, 85, 86: self = .snow
        case 80, 81, 82: self = .showers
        case 95, 96, 99: self = .thunderstorm
        default: self = .unknown
        }
    }
}

/// The words and the icon of a weather code, as the overlay shows them.
public enum WeatherCode {
    /// Lower-case words for `code` ("partly cloudy"), as Open-Meteo's table names them; "unknown weather" for a
    /// code it does not use. English (the journal's words); the overlay shows `tr(words(code))`.
    public static func words(_ code: Int) -> String {
        switch code {
        case 0: return untranslated("clear sky")
        case 1: return untranslated("mainly clear")
        case 2: return untranslated("partly cloudy")
        case 3: return untranslated("overcast")
        case 45: return untranslated("fog")
        case 48: return untranslated("rime fog")
        case 51: return untranslated("light drizzle")
        case 53: return untranslated("drizzle")
        case 55: return untranslated("dense drizzle")
        case 56, 57: return untranslated("freezing drizzle")
        case 61: return untranslated("light rain")
        case 63: return untranslated("rain")
        case 65: return untranslated("heavy rain")
        case 66, 67: return untranslated("freezing rain")
        case 71: return untranslated("light snow")
        case 73: return untranslated("snow")
        case 75: return untranslated("heavy snow")
        case 77: return untranslated("snow grains")
        case 80: return untranslated("light showers")
        case 81: return untranslated("showers")
        case 82: return untranslated("violent showers")
        case 85: return untranslated("snow showers")
        case 86: return untranslated("heavy snow showers")
        case 95: return untranslated("thunderstorm")
        case 96, 99: return untranslated("thunderstorm with hail")
        default: return untranslated("unknown weather")
        }
    }

    /// The icon for `code` by day or night (a moon instead of the sun, clear or with a cloud).
    public static func icon(_ code: Int, isDay: Bool = true) -> Icon {
        switch WeatherCondition(code: code) {
        case .clear: return isDay ? .sunny : .darkMode
        case .partlyCloudy: return isDay ? .filterDrama : .nightsStay
        case .overcast, .unknown: return .cloud
        case .fog: return .foggy
        case .drizzle: return .waterDrop
        case .rain, .showers: return .umbrella
        case .snow: return .acUnit
        case .thunderstorm: return .thunderstorm
        }
    }
}
