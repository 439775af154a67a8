import ArgumentParser
import Foundation
import GalleryCore
import TesseraApp

/// The weather overlay (`--weather`): current conditions and the next days from Open-Meteo.
struct WeatherOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Slideshow: the weather at a place from Open-Meteo (no account or key), in a corner: LAT,LON, or a place's name, found once by Open-Meteo's geocoding and kept in the cache folder.", valueName: "place"))
    var weather: String?

    @Option(help: "The weather's units: metric (°C) or imperial (°F) (default: from the locale, LC_ALL, LC_MEASUREMENT or LANG).")
    var weatherUnits: String?

    @Option(help: ArgumentHelp("The weather's corner: top-left, top-right, bottom-left or bottom-right.", valueName: "corner"))
    var weatherCorner = "top-right"

    @Option(help: ArgumentHelp("Ask this server for both the forecast and the geocoding instead of Open-Meteo's (a stand-in, a mirror).", valueName: "url"))
    var weatherServer: String?

    func validate() throws {
        if let weather, case .failure(let refusal) = WeatherPlaceQuery.parse(weather) {
            throw ValidationError(refusal.description)
        }
        if let weatherUnits, WeatherUnits(rawValue: weatherUnits) == nil {
            throw ValidationError(tr("--weather-units must be metric or imperial"))
        }
        if WeatherSettings.corner(named: weatherCorner) == nil {
            throw ValidationError(tr("--weather-corner must be top-left, top-right, bottom-left or bottom-right"))
        }
        if let weatherServer, !(weatherServer.hasPrefix("http://") || weatherServer.hasPrefix("https://")) {
            throw ValidationError(tr("--weather-server wants an http:// or https:// address"))
        }
    }

    func apply(to options: inout AppOptions) throws {
        guard let weather else { return }
        let query = try WeatherPlaceQuery.parse(weather).get()
        let units = weatherUnits.flatMap(WeatherUnits.init(rawValue:))
            ?? WeatherUnits.forEnvironment(ProcessInfo.processInfo.environment)
        var settings = WeatherSettings(query: query, units: units)
        if let weatherServer { settings.useServer(weatherServer) }
        settings.corner = WeatherSettings.corner(named: weatherCorner) ?? .topRight
        // Kept beside the photos' offline cache; a run without a cache (--no-cache, no --cache-dir) keeps nothing.
        settings.stateFolder = options.cacheDirectory.map { ($0 as NSString).appendingPathComponent("weather") }
        settings.keepsState = options.useCache || options.cacheDirectory != nil
        options.config.weather = settings
    }
}
