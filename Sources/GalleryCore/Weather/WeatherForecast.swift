import Foundation

/// A forecast as the overlay shows it and the cache keeps it: the weather now and the next days at a place, in the
/// units it was asked in, and when it was fetched (the wall clock's seconds since 1970; what "as of 2 h ago" counts
/// from).
public struct WeatherForecast: Codable, Equatable, Sendable {
    public struct Now: Codable, Equatable, Sendable {
        public let temperature: Double
        public let code: Int
        public let isDay: Bool
        public init(temperature: Double, code: Int, isDay: Bool) {
            self.temperature = temperature; self.code = code; self.isDay = isDay
        }
    }

    /// A day in the place's own calendar ("2026-12-02"), its condition and its highest and lowest temperature.
    public struct Day: Codable, Equatable, Sendable {
        public let date: String
        public let code: Int
        public let high: Double
        public let low: Double
        public init(date: String, code: Int, high: Double, low: Double) {
            self.date = date; self.code = code; self.high = high; self.low = low
        }
    }

    public let place: WeatherPlace
    public let units: WeatherUnits
    public let now: Now
    public let days: [Day]
    /// The place's offset from UTC in seconds (which day is its today).
    public let utcOffset: Int
    public let fetchedAt: Double

    public init(place: WeatherPlace, units: WeatherUnits, now: Now, days: [Day], utcOffset: Int, fetchedAt: Double) {
        self.place = place; self.units = units; self.now = now; self.days = days
        self.utcOffset = utcOffset; self.fetchedAt = fetchedAt
    }

    /// Whether every value is one an answer could have brought (`OpenMeteoAnswer`'s checks): a forecast read back
    /// from a file someone else could write is checked again.
    public var isPlausible: Bool {
        let codes = [now.code] + days.map(\.code)
        let temperatures = [now.temperature] + days.flatMap { [$0.high, $0.low] }
        return codes.allSatisfy { (0...99).contains($0) } && days.count <= OpenMeteoAnswer.maxDays
            && temperatures.allSatisfy { $0.isFinite && OpenMeteoAnswer.plausible($0, in: units) }
            && days.allSatisfy { $0.low <= $0.high } && abs(utcOffset) <= 14 * 3600 && fetchedAt.isFinite
            && WeatherPlace(name: place.name, latitude: place.latitude, longitude: place.longitude) != nil
    }

    /// The place's calendar day at `time` ("2026-12-02").
    public func placeDay(at time: Double) -> String {
        WeatherForecast.day(of: time + Double(utcOffset))
    }

    /// "YYYY-MM-DD" of a UTC time.
    static func day(of time: Double) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: time))
        return String(format: "%04d-%02d-%02d", c.year ?? 1970, c.month ?? 1, c.day ?? 1)
    }
}

/// Why an answer was not taken, said once in the log ("weather: refused the forecast: …").
public struct WeatherRefusal: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
