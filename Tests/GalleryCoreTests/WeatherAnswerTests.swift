import Foundation
@testable import GalleryCore
import XCTest

/// Open-Meteo's answers read as hostile: real shapes taken, everything else refused in words, never a crash.
final class WeatherAnswerTests: XCTestCase {
    private let berlin = WeatherPlace(name: "Berlin", latitude: 52.52, longitude: 13.41)!

    /// A forecast as Open-Meteo sends it for `current=temperature_2m,weather_code,is_day&daily=weather_code,
    /// temperature_2m_max,temperature_2m_min&timezone=auto&forecast_days=4`.
    static let forecast = """
    {"latitude":52.52,"longitude":13.419998,"generationtime_ms":0.0814199447631836,"utc_offset_seconds":3600,
     "timezone":"Europe/Berlin","timezone_abbreviation":"GMT+1","elevation":38.0,
     "current_units":{"time":"iso8601","interval":"seconds","temperature_2m":"°C","weather_code":"wmo code","is_day":""},
     "current":{"time":"2026-12-01T23:30","interval":900,"temperature_2m":3.4,"weather_code":3,"is_day":0},
     "daily_units":{"time":"iso8601","weather_code":"wmo code","temperature_2m_max":"°C","temperature_2m_min":"°C"},
     "daily":{"time":["2026-12-01","2026-12-02","2026-12-03","2026-12-04"],"weather_code":[3,61,45,71],
              "temperature_2m_max":[5.1,6.2,4.0,1.2],"temperature_2m_min":[1.0,2.3,-0.6,-3.8]}}
    """

    /// The geocoder's answer for `name=Berlin&count=1`.
    static let geocoding = """
    {"results":[{"id":2950159,"name":"Berlin","latitude":52.52437,"longitude":13.41053,"elevation":74.0,
      "feature_code":"PPLC","country_code":"DE","admin1_id":2950157,"timezone":"Europe/Berlin","population":3426354,
      "country_id":2921044,"country":"Germany","admin1":"Land Berlin"}],"generationtime_ms":0.9}
    """

    private func forecast(_ text: String, units: WeatherUnits = .metric) throws -> WeatherForecast {
        try OpenMeteoAnswer.forecast(Data(text.utf8), place: berlin, units: units, fetchedAt: 1_000)
    }

    private func refusal(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do { _ = try forecast(text); XCTFail("taken: \(text.prefix(80))", file: file, line: line); return "" } catch {
            XCTAssertTrue(error is WeatherRefusal, "\(error)", file: file, line: line)
            return "\(error)"
        }
    }

    func testARealForecastIsRead() throws {
        let f = try forecast(Self.forecast)
        XCTAssertEqual(f.now, .init(temperature: 3.4, code: 3, isDay: false))
        XCTAssertEqual(f.units, .metric)
        XCTAssertEqual(f.utcOffset, 3600)
        XCTAssertEqual(f.fetchedAt, 1_000)
        XCTAssertEqual(f.days.map(\.date), ["2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04"])
        XCTAssertEqual(f.days[3], .init(date: "2026-12-04", code: 71, high: 1.2, low: -3.8))
        XCTAssertTrue(f.isPlausible)
    }

    func testTheAnswersUnitWins() throws {
        let fahrenheit = Self.forecast.replacingOccurrences(of: "°C", with: "°F")
        XCTAssertEqual(try forecast(fahrenheit, units: .metric).units, .imperial)
        let unsaid = Self.forecast.replacingOccurrences(of: "\"temperature_2m\":\"°C\",", with: "")
        XCTAssertEqual(try forecast(unsaid, units: .imperial).units, .imperial, "the asked units when it says none")
    }

    func testADayWithoutValuesIsLeftOut() throws {
        let gap = Self.forecast.replacingOccurrences(of: "[5.1,6.2,4.0,1.2]", with: "[5.1,6.2,null,1.2]")
        XCTAssertEqual(try forecast(gap).days.map(\.date), ["2026-12-01", "2026-12-02", "2026-12-04"])
        let noDaily = Self.forecast.replacingOccurrences(of: #""daily":{"#, with: #""later":{"#)
        XCTAssertEqual(try forecast(noDaily).days, [])
    }

    func testGarbageIsRefusedInWords() {
        XCTAssertEqual(refusal(""), "the forecast is empty")
        XCTAssertEqual(refusal("<html>Bad Gateway</html>"), "the forecast is not JSON")
        XCTAssertEqual(refusal(#"{"latitude": 52.5, "current": {"temperature_2m": 1"#), "the forecast is not JSON")
        XCTAssertEqual(refusal("[1,2,3]"), "the forecast is not a JSON object")
        XCTAssertEqual(refusal(#"{"latitude": 1}"#), "the forecast has no current weather")
        XCTAssertEqual(refusal(#"{"error":true,"reason":"Latitude must be in range of -90 to 90°. Given: 91.0."}"#),
                       "the server refused: Latitude must be in range of -90 to 90°. Given: 91.0.")
    }

    func testWrongTypesAndAbsurdValuesAreRefused() {
        func with(_ old: String, _ new: String) -> String {
            let changed = Self.forecast.replacingOccurrences(of: old, with: new)
            XCTAssertNotEqual(changed, Self.forecast, old)
            return changed
        }
        XCTAssertEqual(refusal(with(#""temperature_2m":3.4"#, #""temperature_2m":"warm""#)), "the current temperature is not a number")
        XCTAssertEqual(refusal(with(#""temperature_2m":3.4"#, #""temperature_2m":true"#)), "the current temperature is not a number")
        XCTAssertEqual(refusal(with(#""temperature_2m":3.4"#, #""temperature_2m":9999"#)),
                       "the current temperature 9999.0 °C is not a temperature on earth")
        XCTAssertTrue(refusal(with(#""temperature_2m":3.4"#, #""temperature_2m":1e400"#)).contains("not JSON"), "not a double")
        XCTAssertEqual(refusal(with(#""weather_code":3,"#, #""weather_code":"3","#)), "the current weather code is not a WMO code (0…99)")
        XCTAssertEqual(refusal(with(#""weather_code":3,"#, #""weather_code":1234,"#)), "the current weather code is not a WMO code (0…99)")
        XCTAssertEqual(refusal(with(#""weather_code":3,"#, #""weather_code":2.5,"#)), "the current weather code is not a WMO code (0…99)")
        XCTAssertEqual(refusal(with(#""is_day":0"#, #""is_day":7"#)), "the forecast's is_day is neither 0 nor 1")
        XCTAssertEqual(refusal(with("[3,61,45,71]", "[3,61,45]")), "the forecast's daily lists differ in length")
        XCTAssertEqual(refusal(with(#""2026-12-02""#, #""tomorrow""#)), "the forecast's daily time 1 is not a day (YYYY-MM-DD)")
        XCTAssertEqual(refusal(with("[1.0,2.3,-0.6,-3.8]", "[1.0,9.3,-0.6,-3.8]")),
                       "the forecast's day 2026-12-02 has its lowest above its highest")
        XCTAssertEqual(refusal(with(#""utc_offset_seconds":3600"#, #""utc_offset_seconds":9e9"#)),
                       "the forecast's utc_offset_seconds is not an offset from UTC")
        XCTAssertEqual(refusal(with(#""daily":{"#, #""daily":[],"x":{"#)), "the forecast's daily part is not an object")
    }

    func testAnAnswerPastItsBoundIsRefusedUnread() {
        var huge = Data(repeating: 0x20, count: OpenMeteoAnswer.maxBytes)
        huge.append(Data(Self.forecast.utf8))
        XCTAssertThrowsError(try OpenMeteoAnswer.forecast(huge, place: berlin, units: .metric, fetchedAt: 0)) {
            XCTAssertEqual("\($0)", "the forecast is larger than 1024 KB")
        }
        // Deeply nested arrays: refused, not a stack overflow.
        let deep = Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        XCTAssertThrowsError(try OpenMeteoAnswer.forecast(deep, place: berlin, units: .metric, fetchedAt: 0))
        // Many days: only the first sixteen are looked at.
        let days = (0..<5000).map { _ in "\"2026-12-01\"" }.joined(separator: ",")
        let codes = Array(repeating: "1", count: 5000).joined(separator: ",")
        let long = Self.forecast.replacingOccurrences(of: #"["2026-12-01","2026-12-02","2026-12-03","2026-12-04"]"#, with: "[\(days)]")
            .replacingOccurrences(of: "[3,61,45,71]", with: "[\(codes)]")
            .replacingOccurrences(of: "[5.1,6.2,4.0,1.2]", with: "[\(codes)]")
            .replacingOccurrences(of: "[1.0,2.3,-0.6,-3.8]", with: "[\(codes)]")
        XCTAssertEqual(try forecast(long).days.count, OpenMeteoAnswer.maxDays)
    }

    func testAGeocodedPlace() throws {
        let place = try OpenMeteoAnswer.place(Data(Self.geocoding.utf8), name: "Berlin")
        XCTAssertEqual(place, WeatherPlace(name: "Berlin, Germany", latitude: 52.52437, longitude: 13.41053))
        XCTAssertThrowsError(try OpenMeteoAnswer.place(Data(#"{"generationtime_ms":0.31}"#.utf8), name: "Nowhere")) {
            XCTAssertEqual("\($0)", "no place called \"Nowhere\" was found")
        }
        XCTAssertThrowsError(try OpenMeteoAnswer.place(Data(#"{"results":[]}"#.utf8), name: "Nowhere"))
        let offEarth = Self.geocoding.replacingOccurrences(of: "52.52437", with: "152.5")
        XCTAssertThrowsError(try OpenMeteoAnswer.place(Data(offEarth.utf8), name: "Berlin")) {
            XCTAssertTrue("\($0)".contains("off the earth"))
        }
        let words = Self.geocoding.replacingOccurrences(of: "\"latitude\":52.52437", with: "\"latitude\":\"52\"")
        XCTAssertThrowsError(try OpenMeteoAnswer.place(Data(words.utf8), name: "Berlin"))
        // A name with a bidi override and a newline is shown without them.
        let sly = Self.geocoding.replacingOccurrences(of: "\"name\":\"Berlin\"", with: "\"name\":\"Ber\\u202Elin\\n\"")
        XCTAssertEqual(try OpenMeteoAnswer.place(Data(sly.utf8), name: "Berlin").name, "Berlin, Germany")
    }

    func testOpenMeteosRefusalReason() {
        XCTAssertEqual(OpenMeteoAnswer.refusalReason(Data(#"{"error":true,"reason":"Parameter 'x' unknown"}"#.utf8)),
                       "Parameter 'x' unknown")
        XCTAssertNil(OpenMeteoAnswer.refusalReason(Data("Service Unavailable".utf8)))
        XCTAssertNil(OpenMeteoAnswer.refusalReason(Data(Self.forecast.utf8)))
    }
}
