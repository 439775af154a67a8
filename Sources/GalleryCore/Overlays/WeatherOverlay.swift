import Foundation

/// The weather in a corner of the slideshow (`--weather`): the temperature now, large, with its icon; today's
/// condition with its highest and lowest; the next days in a compact row; and, when the forecast is old (a frame
/// offline), how old. It reads what the fetcher left in `reports` at its own refresh: each minute once it shows
/// something (the age words turn by the minute), each second until the first forecast came.
public final class WeatherOverlay: OverlayModel {
    /// What it shows, worked out at a refresh; the view only lays it out.
    public struct Shown: Equatable, Sendable {
        public struct Day: Equatable, Sendable {
            /// "Thu".
            public let weekday: String
            public let icon: Icon
            /// "14°" and "6°".
            public let high: String
            public let low: String
        }
        /// "12 °C".
        public let temperature: String
        public let icon: Icon
        /// "Partly cloudy": on a line of its own.
        public let condition: String
        /// "partly cloudy": inside a line, as the catalogue writes it (a German noun keeps its capital).
        public let conditionInLine: String
        /// Today's highest and lowest ("14° / 6°"), when the forecast has today.
        public let today: String?
        public let days: [Day]
        /// "as of 2 h ago" when the forecast is old.
        public let age: String?
    }

    public let settings: WeatherSettings
    private let reports: WeatherReports
    /// What fills `reports` (the app's fetcher), kept alive as long as the overlay is.
    private let owner: AnyObject?
    public private(set) var shown: Shown?
    /// Refreshes that found nothing to show: asked each second for the first two minutes (a first forecast shows as
    /// soon as it comes), then each minute (a frame offline with nothing kept costs nothing).
    private var emptyRefreshes = 0
    static let eagerRefreshes = 120

    /// Off the window's edges, as the frame's clock.
    public static let inset = 32
    /// Days shown after today.
    public static let nextDays = 3

    public init(settings: WeatherSettings, reports: WeatherReports, owner: AnyObject? = nil) {
        self.settings = settings; self.reports = reports; self.owner = owner
    }

    public var traits: OverlayTraits {
        OverlayTraits(placement: OverlayPlacement(settings.corner, inset: WeatherOverlay.inset), scenes: .slideshow,
                      refresh: .every(seconds: shown == nil && emptyRefreshes < WeatherOverlay.eagerRefreshes ? 1 : 60))
    }

    /// Over a photo only, as the frame's clock.
    public func shows(in gallery: GalleryModel) -> Bool {
        shown != nil && ((gallery.screen as? FrameScreen)?.showsPhoto ?? true)
    }

    public func refresh(_ context: OverlayContext) -> Bool {
        let forecast = reports.latest.forecast
        // A name geocoded on this run: the kiosk's sunrise and sunset need its place too (main thread, here).
        if let place = forecast?.place {
            context.gallery.kiosk?.learnPlace(GeoPoint(latitude: place.latitude, longitude: place.longitude))
        }
        let now = forecast.flatMap { WeatherOverlay.shown($0, at: context.date.timeIntervalSince1970) }
        defer { shown = now; if now == nil { emptyRefreshes += 1 } }
        return now != shown
    }

    /// "12 °C, partly cloudy" (", as of 2 h ago" when old).
    public var words: String? {
        guard let shown else { return nil }
        let values = ["temperature": shown.temperature, "condition": shown.conditionInLine]
        guard let age = shown.age else {
            // Translators: the weather in one line; {temperature} is "12 °C", {condition} "partly cloudy".
            return tr("{temperature}, {condition}", values)
        }
        // Translators: the weather in one line; {temperature} is "12 °C", {condition} "partly cloudy", {age} "as of
        // 2 h ago".
        return tr("{temperature}, {condition}, {age}", values.merging(["age": age]) { $1 })
    }

    /// What `forecast` shows at `time` (seconds since 1970); nil once it is too old to show.
    public static func shown(_ forecast: WeatherForecast, at time: Double) -> Shown? {
        guard WeatherAge.shows(fetchedAt: forecast.fetchedAt, now: time) else { return nil }
        let now = forecast.now, today = forecast.placeDay(at: time)
        let todays = forecast.days.first { $0.date == today }
        let next = forecast.days.filter { $0.date > today }.prefix(nextDays).map { day in
            Shown.Day(weekday: weekday(day.date), icon: WeatherCode.icon(day.code), high: degrees(day.high),
                      low: degrees(day.low))
        }
        let words = tr(WeatherCode.words(now.code))
        return Shown(temperature: "\(whole(now.temperature)) \(forecast.units.symbol)",
                     icon: WeatherCode.icon(now.code, isDay: now.isDay),
                     condition: words.prefix(1).uppercased() + words.dropFirst(), conditionInLine: words,
                     today: todays.map { "\(degrees($0.high)) / \(degrees($0.low))" }, days: Array(next),
                     age: WeatherAge.words(fetchedAt: forecast.fetchedAt, now: time))
    }

    /// A temperature in whole degrees ("-3", never "-0").
    public static func whole(_ value: Double) -> String {
        let n = Int(value.rounded())
        return String(n == 0 ? 0 : n)
    }

    static func degrees(_ value: Double) -> String { whole(value) + "°" }

    /// "Mon"…"Sun" of a "YYYY-MM-DD" day, in the frame's language ("" for anything else).
    static func weekday(_ day: String) -> String {
        let parts = day.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return "" }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])) else { return "" }
        return WordDates.shortWeekday(calendar.component(.weekday, from: date))
    }
}
