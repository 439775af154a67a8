import Foundation
import GalleryCore
import GalleryStore

/// What the weather keeps across restarts, in the cache folder's `weather` (each file replaced whole by
/// `AtomicFile`, read back bounded and checked as any answer from outside): the place a name was geocoded to
/// (`place.json`, so a name is asked once, ever) and the last good forecast (`forecast.json`, so a frame that boots
/// offline shows it with its age).
struct WeatherKeeper {
    let folder: String

    /// The keeper `settings` ask for (nil: a run that keeps nothing).
    init?(settings: WeatherSettings) {
        guard settings.keepsState else { return nil }
        folder = settings.stateFolder ?? (StoreOpener.defaultDirectory() as NSString).appendingPathComponent("weather")
    }

    init(folder: String) { self.folder = folder }

    private var placeFile: String { folder + "/place.json" }
    private var forecastFile: String { folder + "/forecast.json" }

    private struct KeptPlace: Codable { let query: String; let place: WeatherPlace }
    private struct KeptForecast: Codable { let forecast: WeatherForecast }

    /// The place `name` was geocoded to before, if it was.
    func place(named name: String) -> WeatherPlace? {
        guard let kept: KeptPlace = read(placeFile), kept.query == name else { return nil }
        return WeatherPlace(name: kept.place.name, latitude: kept.place.latitude, longitude: kept.place.longitude)
    }

    func keep(_ place: WeatherPlace, named name: String) throws {
        try write(KeptPlace(query: name, place: place), to: placeFile)
    }

    /// The last forecast kept, if it is for `place` in `units` (a forecast for another place or in other units is
    /// someone else's: not shown).
    func forecast(for place: WeatherPlace, units: WeatherUnits) -> WeatherForecast? {
        guard let kept: KeptForecast = read(forecastFile) else { return nil }
        let f = kept.forecast
        guard f.place.latitude == place.latitude, f.place.longitude == place.longitude, f.units == units,
              f.isPlausible else { return nil }
        return f
    }

    func keep(_ forecast: WeatherForecast) throws {
        try write(KeptForecast(forecast: forecast), to: forecastFile)
    }

    private func read<T: Decodable>(_ path: String) -> T? {
        guard let data = try? AtomicFile.read(path) else { return nil }
        return try? JSONDecoder().decode(T.self, from: data)
    }

    private func write<T: Encodable>(_ value: T, to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try AtomicFile.write(try encoder.encode(value), to: path)
    }
}

/// Where the weather's place is, for whoever else needs it without the network (the schedule's sunrise and
/// sunset): the coordinates `--weather LAT,LON` gave, or the place a `--weather NAME` was geocoded to on an earlier
/// run (nil until then).
public enum WeatherPlaceLookup {
    public static func known(_ settings: WeatherSettings?) -> WeatherPlace? {
        guard let settings else { return nil }
        switch settings.query {
        case .coordinates(let place): return place
        case .named(let name): return WeatherKeeper(settings: settings)?.place(named: name)
        }
    }
}
