import Foundation
@testable import GalleryCore
import XCTest

/// The weather's pure parts beside the answers: the settings, units from the locale, codes, the refresh plan, the
/// age words and what the overlay shows.
final class WeatherPlanTests: XCTestCase {
    func testThePlaceIsCoordinatesOrAName() {
        XCTAssertEqual(try WeatherPlaceQuery.parse("52.52,13.41").get().place?.latitude, 52.52)
        XCTAssertEqual(try WeatherPlaceQuery.parse(" -33.9 , 151.2 ").get().place?.longitude, 151.2)
        XCTAssertEqual(try WeatherPlaceQuery.parse("Berlin").get(), .named("Berlin"))
        XCTAssertEqual(try WeatherPlaceQuery.parse("Paris, France").get(), .named("Paris, France"))
        XCTAssertThrowsError(try WeatherPlaceQuery.parse("91,0").get())
        XCTAssertThrowsError(try WeatherPlaceQuery.parse("0,181").get())
        XCTAssertThrowsError(try WeatherPlaceQuery.parse("x").get())
        XCTAssertThrowsError(try WeatherPlaceQuery.parse("Ber\nlin").get())
        XCTAssertNil(WeatherPlace(name: "", latitude: .nan, longitude: 0))
    }

    func testUnitsFromTheLocale() {
        XCTAssertEqual(WeatherUnits.forLocale("en_US.UTF-8"), .imperial)
        XCTAssertEqual(WeatherUnits.forLocale("en_LR"), .imperial)
        XCTAssertEqual(WeatherUnits.forLocale("my_MM.UTF-8"), .imperial)
        XCTAssertEqual(WeatherUnits.forLocale("en_GB.UTF-8"), .metric)
        XCTAssertEqual(WeatherUnits.forLocale("de_DE@euro"), .metric)
        XCTAssertEqual(WeatherUnits.forLocale("C.UTF-8"), .metric)
        XCTAssertEqual(WeatherUnits.forLocale(""), .metric)
        XCTAssertEqual(WeatherUnits.forEnvironment(["LANG": "de_DE.UTF-8", "LC_MEASUREMENT": "en_US.UTF-8"]), .imperial)
        XCTAssertEqual(WeatherUnits.forEnvironment(["LC_ALL": "fr_FR.UTF-8", "LANG": "en_US.UTF-8"]), .metric)
    }

    func testTheRequestsAsOpenMeteoDocumentsThem() {
        var settings = WeatherSettings(query: .named("São Paulo & Co"), units: .imperial)
        let place = WeatherPlace(name: "x", latitude: 52.52, longitude: 13.41)!
        XCTAssertEqual(settings.forecastURL(for: place),
                       "https://api.open-meteo.com/v1/forecast?latitude=52.52&longitude=13.41&current=temperature_2m,weather_code,is_day"
                       + "&daily=weather_code,temperature_2m_max,temperature_2m_min&timezone=auto&forecast_days=4"
                       + "&temperature_unit=fahrenheit&wind_speed_unit=mph&precipitation_unit=inch")
        XCTAssertEqual(settings.geocodingURL(for: "São Paulo & Co"),
                       "https://geocoding-api.open-meteo.com/v1/search?name=S%C3%A3o%20Paulo%20%26%20Co&count=1&language=en&format=json")
        settings.useServer("http://127.0.0.1:8321/open-meteo/slow/")
        XCTAssertTrue(settings.forecastURL(for: place).hasPrefix("http://127.0.0.1:8321/open-meteo/slow/v1/forecast?"))
        XCTAssertTrue(settings.geocodingURL(for: "x").hasPrefix("http://127.0.0.1:8321/open-meteo/slow/v1/search?name=x&"))
    }

    func testCodesSayWordsAndIcons() {
        XCTAssertEqual(WeatherCode.words(0), "clear sky")
        XCTAssertEqual(WeatherCode.words(2), "partly cloudy")
        XCTAssertEqual(WeatherCode.words(63), "rain")
        XCTAssertEqual(WeatherCode.words(99), "thunderstorm with hail")
        XCTAssertEqual(WeatherCode.words(42), "unknown weather")
        XCTAssertEqual(WeatherCode.icon(0), .sunny)
        XCTAssertEqual(WeatherCode.icon(0, isDay: false), .darkMode)
        XCTAssertEqual(WeatherCode.icon(2, isDay: false), .nightsStay)
        XCTAssertEqual(WeatherCode.icon(45), .foggy)
        XCTAssertEqual(WeatherCode.icon(81), .umbrella)
        XCTAssertEqual(WeatherCode.icon(75), .acUnit)
        XCTAssertEqual(WeatherCode.icon(95), .thunderstorm)
        // Every code of WMO 4677 Open-Meteo uses has words of its own.
        for code in [0, 1, 2, 3, 45, 48, 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77, 80, 81, 82, 85, 86, 95, 96, 99] {
            XCTAssertNotEqual(WeatherCode.words(code), "unknown weather", "\(code)")
            XCTAssertNotEqual(WeatherCondition(code: code), .unknown, "\(code)")
        }
    }

    func testTheRefreshPlan() {
        let plan = WeatherRefreshPlan(), t = 1_000_000.0
        XCTAssertEqual(plan.next(afterSuccessAt: t, random: 0), t + 20 * 60)
        XCTAssertEqual(plan.next(afterSuccessAt: t, random: 1), t + 30 * 60, "15-30 minutes: at most 30")
        XCTAssertEqual(plan.next(afterSuccessAt: t, random: .nan), t + 20 * 60, "a broken random is no jitter")
        // Failures back off from 30 s, doubling, never past the interval; with up to a quarter more at random.
        XCTAssertEqual((1...8).map { plan.next(afterFailure: $0, at: t, random: 0) - t }, [30, 60, 120, 240, 480, 960, 1200, 1200])
        XCTAssertEqual(plan.next(afterFailure: 1, at: t, random: 1) - t, 37.5)
        XCTAssertEqual(plan.next(afterFailure: 1000, at: t, random: 0) - t, 1200)
        XCTAssertEqual(plan.next(afterFailure: 1, at: t, retryAfter: 600, random: 0) - t, 600, "a server's Retry-After")
        XCTAssertEqual(plan.next(afterFailure: 1, at: t, retryAfter: 1e9, random: 0) - t, 3600, "at most an hour of it")
        // The first fetch: at once, unless a kept forecast is fresh.
        XCTAssertEqual(plan.first(at: t, keptFrom: nil), t)
        XCTAssertEqual(plan.first(at: t, keptFrom: t - 300), t - 300 + 1200)
        XCTAssertEqual(plan.first(at: t, keptFrom: t - 7200), t)
        XCTAssertEqual(plan.first(at: t, keptFrom: t + 7200), t, "one from a clock that ran ahead is not fresh")
        // Due on the wall clock, and at once when the clock went back.
        XCTAssertFalse(plan.isDue(t + 100, at: t, plannedAt: t))
        XCTAssertTrue(plan.isDue(t + 100, at: t + 100, plannedAt: t))
        XCTAssertTrue(plan.isDue(t + 1200, at: t - 3600, plannedAt: t), "a clock set back an hour")
    }

    func testTheAgeIsSaidWhenTheForecastIsOld() {
        let t = 1_000_000.0
        XCTAssertNil(WeatherAge.words(fetchedAt: t, now: t + 30 * 60))
        XCTAssertEqual(WeatherAge.words(fetchedAt: t, now: t + 45 * 60), "as of 45 min ago")
        XCTAssertEqual(WeatherAge.words(fetchedAt: t, now: t + 2 * 3600 + 59), "as of 2 h ago")
        XCTAssertEqual(WeatherAge.words(fetchedAt: t, now: t + 50 * 3600), "as of 2 days ago")
        XCTAssertNil(WeatherAge.words(fetchedAt: t, now: t - 3600), "from a clock that went back: not said")
        XCTAssertTrue(WeatherAge.shows(fetchedAt: t, now: t + 2 * 86_400))
        XCTAssertFalse(WeatherAge.shows(fetchedAt: t, now: t + 4 * 86_400), "its days have passed")
    }

    private func forecast(fetchedAt: Double, units: WeatherUnits = .metric) -> WeatherForecast {
        WeatherForecast(place: WeatherPlace(name: "Berlin", latitude: 52.52, longitude: 13.41)!, units: units,
                        now: .init(temperature: 12.3, code: 2, isDay: true),
                        days: [.init(date: "2026-12-01", code: 2, high: 14.2, low: 6.1), .init(date: "2026-12-02", code: 61, high: 9.8, low: 3.4),
                               .init(date: "2026-12-03", code: 0, high: 15.1, low: 7.0), .init(date: "2026-12-04", code: 71, high: 3.0, low: -2.5)],
                        utcOffset: 3600, fetchedAt: fetchedAt)
    }

    /// 2026-12-01 12:00 UTC.
    private let noon = 1_796_126_400.0

    func testWhatTheOverlayShows() throws {
        let shown = try XCTUnwrap(WeatherOverlay.shown(forecast(fetchedAt: noon), at: noon + 60))
        XCTAssertEqual(shown.temperature, "12 °C")
        XCTAssertEqual(shown.icon, .filterDrama)
        XCTAssertEqual(shown.condition, "Partly cloudy")
        XCTAssertEqual(shown.today, "14° / 6°")
        XCTAssertEqual(shown.days.map(\.weekday), ["Wed", "Thu", "Fri"])
        XCTAssertEqual(shown.days.map(\.high), ["10°", "15°", "3°"])
        XCTAssertEqual(shown.days.last?.low, "-3°", "rounded half away from zero")
        XCTAssertNil(shown.age)
        // A day later, offline: tomorrow is today, two days follow, and the age is said.
        let later = try XCTUnwrap(WeatherOverlay.shown(forecast(fetchedAt: noon), at: noon + 86_400))
        XCTAssertEqual(later.today, "10° / 3°")
        XCTAssertEqual(later.days.map(\.weekday), ["Thu", "Fri"])
        XCTAssertEqual(later.age, "as of 24 h ago")
        XCTAssertNil(WeatherOverlay.shown(forecast(fetchedAt: noon), at: noon + 5 * 86_400))
        XCTAssertEqual(WeatherOverlay.shown(forecast(fetchedAt: noon, units: .imperial), at: noon)?.temperature, "12 °F")
        XCTAssertEqual(WeatherOverlay.whole(-0.4), "0")
    }

    func testTheOverlayReadsItsBoxAtItsRefreshAndSaysItsWords() {
        let reports = WeatherReports()
        let overlay = WeatherOverlay(settings: WeatherSettings(query: .named("Berlin"), units: .metric), reports: reports)
        let gallery = GalleryModel(config: GalleryConfig())
        let context = { (t: Double) in OverlayContext(date: Date(timeIntervalSince1970: t), gallery: gallery) }
        XCTAssertFalse(overlay.refresh(context(noon)))
        XCTAssertNil(overlay.words)
        XCTAssertEqual(overlay.traits.refresh, .every(seconds: 1), "asked each second until the first forecast")
        XCTAssertEqual(overlay.traits.placement, OverlayPlacement(.topRight, inset: WeatherOverlay.inset))
        reports.post(forecast(fetchedAt: noon))
        XCTAssertNil(overlay.words, "read at its refresh, not before")
        XCTAssertTrue(overlay.refresh(context(noon + 1)))
        XCTAssertEqual(overlay.words, "12 °C, partly cloudy")
        XCTAssertEqual(overlay.traits.refresh, .every(seconds: 60), "then each minute, for the age")
        XCTAssertFalse(overlay.refresh(context(noon + 61)), "nothing changed: nothing drawn")
        XCTAssertTrue(overlay.refresh(context(noon + 3 * 3600)))
        XCTAssertEqual(overlay.words, "12 °C, partly cloudy, as of 3 h ago")
    }

    /// A first boot with `--weather Berlin` and hours from sunset: the kiosk's week has no place until the name is
    /// geocoded; the forecast's place reaches it at the overlay's refresh (main thread), so at 15:30 UTC on 1 December
    /// (Berlin's sunset 14:57 UTC) it is on, where the stand-in 18:00 sunset had it off. A place given is kept.
    func testTheGeocodedPlaceGivesTheKiosksWeekItsSun() throws {
        let utc = try XCTUnwrap(TimeZone(identifier: "UTC"))
        let kiosk = Kiosk()
        kiosk.week = WeekSchedule(hours: try SpellGrammar.groups("sunset-23:00").get())
        let gallery = loadedGallery(kiosk: kiosk)
        let reports = WeatherReports()
        let overlay = WeatherOverlay(settings: WeatherSettings(query: .named("Berlin"), units: .metric), reports: reports)
        let afternoon = Date(timeIntervalSince1970: noon + 3.5 * 3600)
        _ = overlay.refresh(OverlayContext(date: afternoon, gallery: gallery))
        XCTAssertNil(kiosk.week?.place)
        XCTAssertEqual(kiosk.screen(at: afternoon, in: utc, now: 0), .off, "the stand-in sunset is 18:00")
        reports.post(forecast(fetchedAt: noon))
        _ = overlay.refresh(OverlayContext(date: afternoon, gallery: gallery))
        XCTAssertEqual(kiosk.week?.place, GeoPoint(latitude: 52.52, longitude: 13.41))
        XCTAssertEqual(kiosk.screen(at: afternoon, in: utc, now: 1), .on, "after Berlin's sunset")

        let given = GeoPoint(latitude: -33.9, longitude: 18.4)
        kiosk.week?.place = given
        _ = overlay.refresh(OverlayContext(date: afternoon.addingTimeInterval(60), gallery: gallery))
        XCTAssertEqual(kiosk.week?.place, given, "--location wins")
    }

    func testAnOverlayWithNothingToShowIsAskedEachMinuteAfterTwoMinutes() {
        let overlay = WeatherOverlay(settings: WeatherSettings(query: .named("Berlin"), units: .metric), reports: WeatherReports())
        let gallery = GalleryModel(config: GalleryConfig())
        for i in 0..<120 {
            XCTAssertEqual(overlay.traits.refresh, .every(seconds: 1), "\(i)")
            _ = overlay.refresh(OverlayContext(date: Date(timeIntervalSince1970: noon + Double(i)), gallery: gallery))
        }
        XCTAssertEqual(overlay.traits.refresh, .every(seconds: 60), "offline with nothing kept: a minute between asks")
    }
}
