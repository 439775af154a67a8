import FixtureServer
import Foundation
@testable import GalleryCore
@testable import GalleryNet
@testable import TesseraApp
import XCTest

/// The weather's fetcher through the real libcurl client against the fixture's Open-Meteo stand-in, and what it
/// keeps on disk: a good forecast read, a name geocoded once, every hostile answer refused in words, in bounded
/// time and bytes.
final class WeatherStationTests: FixtureTestCase {
    private var folder = ""
    private var client: CurlHTTPClient!

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = NSTemporaryDirectory() + "tessera-weather-\(UUID().uuidString)"
        client = try CurlHTTPClient()
    }

    override func tearDown() {
        client.shutdown()
        try? FileManager.default.removeItem(atPath: folder)
        super.tearDown()
    }

    private func settings(_ place: String = "Berlin", mode: String? = nil, units: WeatherUnits = .metric) -> WeatherSettings {
        var s = WeatherSettings(query: try! WeatherPlaceQuery.parse(place).get(), units: units)
        s.useServer(server.baseURL + (mode.map { "/open-meteo/\($0)" } ?? ""))
        s.stateFolder = folder
        return s
    }

    private func fetch(_ settings: WeatherSettings, timeouts: (Double, Double) = (5, 10)) -> Result<WeatherForecast, WeatherFetch.Failure> {
        let fetch = WeatherFetch(settings: settings, keeper: WeatherKeeper(settings: settings), client: client,
                                 connectTimeout: timeouts.0, totalTimeout: timeouts.1)
        return Result { () throws(WeatherFetch.Failure) in try fetch.forecast(for: try fetch.place(), now: 1_000) }
    }

    private func failure(_ outcome: Result<WeatherForecast, WeatherFetch.Failure>, file: StaticString = #filePath,
                         line: UInt = #line) -> String {
        guard case .failure(let f) = outcome else { XCTFail("taken", file: file, line: line); return "" }
        return f.words
    }

    func testAForecastFromTheStandIn() throws {
        let f = try fetch(settings()).get()
        XCTAssertEqual(f.place, WeatherPlace(name: "Berlin, Germany", latitude: 52.52437, longitude: 13.41053))
        XCTAssertEqual(f.now, .init(temperature: 12.3, code: 2, isDay: true))
        XCTAssertEqual(f.days.count, 4)
        XCTAssertEqual(f.days.first?.high, 14.2)
        XCTAssertEqual(f.utcOffset, 3600)
        let imperial = try fetch(settings("52.52,13.41", units: .imperial)).get()
        XCTAssertEqual(imperial.units, .imperial)
        XCTAssertEqual(imperial.now.temperature, 54.1)
        XCTAssertEqual(imperial.place.coordinates, "52.52,13.41", "coordinates given are not geocoded")
    }

    func testANameIsGeocodedOnceAndKept() throws {
        _ = try fetch(settings()).get()
        XCTAssertEqual(WeatherKeeper(folder: folder).place(named: "Berlin")?.name, "Berlin, Germany")
        // The geocoder down: the kept place serves, and the forecast comes.
        XCTAssertEqual(try fetch(settings(mode: "no-geocoding")).get().place.name, "Berlin, Germany")
        XCTAssertEqual(WeatherPlaceLookup.known(settings(mode: "no-geocoding"))?.latitude, 52.52437)
        // Another name is asked, and said when it is not found.
        XCTAssertEqual(failure(fetch(settings("Nowhere"))), "refused the geocoding answer: no place called \"Nowhere\" was found")
        XCTAssertTrue(failure(fetch(settings("Paris", mode: "no-geocoding"))).contains("HTTP 503"))
    }

    func testHostileAnswersAreRefusedInWords() {
        XCTAssertTrue(failure(fetch(settings(mode: "huge"))).hasSuffix("response too large"))
        XCTAssertEqual(failure(fetch(settings("1,2", mode: "malformed"))), "refused the forecast: the forecast is not JSON")
        XCTAssertEqual(failure(fetch(settings("1,2", mode: "wrong-types"))),
                       "refused the forecast: the current temperature is not a number")
        XCTAssertEqual(failure(fetch(settings("1,2", mode: "absurd"))),
                       "refused the forecast: the current temperature 9999.0 °C is not a temperature on earth")
        let refused = failure(fetch(settings("1,2", mode: "refuse")))
        XCTAssertTrue(refused.hasSuffix(
            "HTTP 400, Cannot initialize WeatherVariable from invalid String value tempeature_2m for key current"), refused)
        // A server that never finishes is given up in the time allowed.
        let started = Date()
        let slow = failure(fetch(settings("1,2", mode: "slow"), timeouts: (1, 2)))
        XCTAssertTrue(slow.hasSuffix("request timed out"), slow)
        XCTAssertLessThan(Date().timeIntervalSince(started), 8)
    }

    func testTheKeeperKeepsWhole() throws {
        let keeper = WeatherKeeper(folder: folder)
        let f = try fetch(settings("52.52,13.41")).get()
        try keeper.keep(f)
        XCTAssertEqual(keeper.forecast(for: f.place, units: .metric), f)
        XCTAssertNil(keeper.forecast(for: f.place, units: .imperial), "kept in other units")
        XCTAssertNil(keeper.forecast(for: WeatherPlace(name: "x", latitude: 1, longitude: 2)!, units: .metric), "another place's")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        XCTAssertEqual(files.sorted(), ["forecast.json"], "no temporary file left")
        // A file changed by someone else is checked as an answer would be.
        let path = folder + "/forecast.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: "\"temperature\":12.3", with: "\"temperature\":5000").write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertNil(keeper.forecast(for: f.place, units: .metric))
        try "not json".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertNil(keeper.forecast(for: f.place, units: .metric))
        try Data(count: 1 << 20).write(to: URL(fileURLWithPath: path))
        XCTAssertNil(keeper.forecast(for: f.place, units: .metric), "too large to read")
    }

    func testTheStationFetchesOffTheMainThreadAndABootOfflineShowsWhatItKept() throws {
        let round = expectation(description: "a round")
        let outcome = Box<Result<WeatherForecast, WeatherFetch.Failure>>()
        let station = WeatherStation(settings: settings(), heard: { result in
            guard outcome.value == nil else { return }
            XCTAssertFalse(Thread.isMainThread)
            outcome.set(result); round.fulfill()
        })
        XCTAssertNil(station.reports.latest.forecast)
        station.start()
        wait(for: [round], timeout: 20)
        station.stop()
        XCTAssertEqual(try outcome.value?.get().now.temperature, 12.3)
        XCTAssertEqual(station.reports.latest.forecast?.now.temperature, 12.3)
        XCTAssertEqual(station.reports.latest.serial, 1)

        // Offline: the server gone, a new station shows what was kept at once.
        server.stop()
        let offline = WeatherStation(settings: settings())
        XCTAssertEqual(offline.reports.latest.forecast?.now.code, 2)
        XCTAssertEqual(offline.reports.latest.forecast?.place.name, "Berlin, Germany")
    }
}
