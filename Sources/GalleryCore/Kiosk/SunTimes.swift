import Foundation

/// A place on the Earth (`--location LAT,LON`, or the weather's): degrees north and east.
public struct GeoPoint: Equatable, Sendable, CustomStringConvertible {
    public let latitude: Double
    public let longitude: Double

    public init?(latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        self.latitude = latitude; self.longitude = longitude
    }

    /// Reads "LAT,LON" in decimal degrees (`52.52,13.40`; south and west negative), or nil.
    public init?(parsing text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]) else { return nil }
        self.init(latitude: lat, longitude: lon)
    }

    public var description: String { String(format: "%.4f,%.4f", latitude, longitude) }
}

/// Sunrise and sunset at a place on a date, worked out offline by NOAA's solar position formulas (the NOAA Global
/// Monitoring Laboratory's solar calculator, after Jean Meeus's *Astronomical Algorithms*): the moments the sun's
/// upper edge crosses the horizon, with the atmosphere's refraction (the sun 0.833° below the geometric horizon).
/// Within a minute of published tables between the polar circles; beyond them, a day may have no sunrise or sunset.
public enum SunTimes {
    /// A day's sun at one place.
    public enum Day: Equatable, Sendable {
        /// Seconds since 1970 of sunrise and sunset.
        case risesAndSets(sunrise: Double, sunset: Double)
        /// The sun stays up all day (midsummer beyond a polar circle).
        case alwaysUp(noon: Double)
        /// The sun stays down all day (midwinter beyond a polar circle).
        case alwaysDown(noon: Double)
    }

    /// The sun on the calendar date `day` (days since 1970-01-01) at `place`: the sunrise and sunset around that
    /// date's solar noon at the place's longitude (so a place east of Greenwich has its sunrise before 00:00 UTC of
    /// the date, as its own calendar says).
    public static func day(_ day: Int64, at place: GeoPoint) -> Day {
        let midnight = Double(day) * 86_400
        // Solar noon first (its time barely depends on the hour it is worked out for), then each edge from the sun's
        // position at about that edge's time: twice, as NOAA's calculator does.
        let noon = midnight + 60 * solarNoonMinutes(at: midnight + 43_200, longitude: place.longitude)
        guard let halfDay = hourAngle(at: noon, latitude: place.latitude) else {
            return declination(at: noon) * place.latitude > 0 ? .alwaysUp(noon: noon) : .alwaysDown(noon: noon)
        }
        func edge(_ sign: Double) -> Double {
            var t = noon + sign * halfDay * 240
            for _ in 0..<2 {
                let dayNoon = midnight + 60 * solarNoonMinutes(at: t, longitude: place.longitude)
                guard let angle = hourAngle(at: t, latitude: place.latitude) else { break }
                t = dayNoon + sign * angle * 240
            }
            return t
        }
        return .risesAndSets(sunrise: edge(-1), sunset: edge(1))
    }

    /// Degrees of the sun's hour angle at rising (and setting) at the time `t`, or nil when it neither rises nor
    /// sets that day.
    static func hourAngle(at t: Double, latitude: Double) -> Double? {
        let lat = radians(latitude), decl = radians(declination(at: t))
        let cosine = cos(radians(90.833)) / (cos(lat) * cos(decl)) - tan(lat) * tan(decl)
        guard (-1...1).contains(cosine) else { return nil }
        return degrees(acos(cosine))
    }

    /// Minutes after 00:00 UTC at which the sun crosses the meridian at `longitude` (east positive), with the sun
    /// as it stands at `t`.
    static func solarNoonMinutes(at t: Double, longitude: Double) -> Double {
        720 - 4 * longitude - equationOfTime(at: t)
    }

    /// Julian centuries since J2000.0 at `t` (seconds since 1970).
    static func centuries(_ t: Double) -> Double { (t / 86_400 + 2_440_587.5 - 2_451_545) / 36_525 }

    /// The sun's declination in degrees at `t`.
    static func declination(at t: Double) -> Double {
        let s = Sun(centuries(t))
        return degrees(asin(sin(radians(s.obliquity)) * sin(radians(s.apparentLongitude))))
    }

    /// The equation of time in minutes at `t` (apparent minus mean solar time).
    static func equationOfTime(at t: Double) -> Double {
        let s = Sun(centuries(t))
        let y = pow(tan(radians(s.obliquity) / 2), 2)
        let l0 = radians(s.meanLongitude), m = radians(s.meanAnomaly), e = s.eccentricity
        let value = y * sin(2 * l0) - 2 * e * sin(m) + 4 * e * y * sin(m) * cos(2 * l0)
            - 0.5 * y * y * sin(4 * l0) - 1.25 * e * e * sin(2 * m)
        return 4 * degrees(value)
    }

    /// The sun's orbital elements at `T` Julian centuries after J2000.0 (NOAA's spreadsheet, column by column).
    private struct Sun {
        let meanLongitude: Double, meanAnomaly: Double, eccentricity: Double
        let apparentLongitude: Double, obliquity: Double

        init(_ T: Double) {
            meanLongitude = (280.46646 + T * (36_000.76983 + T * 0.0003032)).truncatingRemainder(dividingBy: 360)
            meanAnomaly = 357.52911 + T * (35_999.05029 - 0.0001537 * T)
            eccentricity = 0.016708634 - T * (0.000042037 + 0.0000001267 * T)
            let m = radians(meanAnomaly)
            let centre = sin(m) * (1.914602 - T * (0.004817 + 0.000014 * T)) + sin(2 * m) * (0.019993 - 0.000101 * T)
                + sin(3 * m) * 0.000289
            let omega = radians(125.04 - 1934.136 * T)
            apparentLongitude = meanLongitude + centre - 0.00569 - 0.00478 * sin(omega)
            let mean = 23 + (26 + (21.448 - T * (46.815 + T * (0.00059 - T * 0.001813))) / 60) / 60
            obliquity = mean + 0.00256 * cos(omega)
        }
    }

    static func radians(_ d: Double) -> Double { d * .pi / 180 }
    static func degrees(_ r: Double) -> Double { r * 180 / .pi }
}
