import FixtureServer
import Foundation
import SDLKit
import XCTest

/// The weather overlay in the real app at 1920x1080 against the fixture's Open-Meteo stand-in: the temperature
/// legible in its corner on a white photo and a black one, its words said; a boot with the stand-in gone shows the
/// kept forecast with its age; hostile answers leave the photos going, said in the log, in bounded memory.
final class WeatherUITests: XCTestCase {
    private static let sdl: SDLSystem? = try? SDLSystem(video: false)
    private var server: FixtureServer!
    private var root = ""

    override func setUpWithError() throws {
        XCTAssertNotNil(WeatherUITests.sdl)
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") else { throw missing("ImageMagick") }
        root = NSTemporaryDirectory() + "tessera-weather-ui-\(UUID().uuidString)"
        for (name, colour) in [("white", "white"), ("black", "black"), ("both", "white")] {
            try FileManager.default.createDirectory(atPath: "\(root)/\(name)", withIntermediateDirectories: true)
            try convert(["-size", "1920x1080", "xc:\(colour)", "\(root)/\(name)/a.jpg"])
        }
        try convert(["-size", "1920x1080", "xc:black", "\(root)/both/b.jpg"])
        server = FixtureServer(photos: 10)
        try server.start(port: 0)
    }

    override func tearDown() {
        server?.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    private func convert(_ arguments: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        p.arguments = arguments
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
    }

    private func show(_ folder: String, _ extra: [String], server url: String? = nil, cache: String? = nil,
                      memory: Bool = false) throws -> AppProcess.Run {
        let run = try AppProcess.run(["--name", "Ada", "--size", "1920x1080", "--mode", "slideshow", "--sort", "name",
                                      "--cache-dir", cache ?? root + "/cache", "--weather-units", "metric",
                                      "--weather-server", url ?? server.baseURL, "--weather-corner", "bottom-right"]
                                     + extra + [root + "/" + folder], measuresMemory: memory)
        XCTAssertEqual(run.status, 0, run.log)
        return run
    }

    private func brightness(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Int { (Int(p.r) + Int(p.g) + Int(p.b)) / 3 }

    /// Pixels of the weather's corner (the right third of the window's foot, above its inset) that are light, and
    /// that are dark.
    private func corner(_ frame: Surface) -> (light: Int, dark: Int) {
        var light = 0, dark = 0
        for y in stride(from: frame.height - 260, to: frame.height - 32, by: 2) {
            for x in stride(from: frame.width - 560, to: frame.width - 32, by: 2) {
                let b = brightness(frame.pixel(x: x, y: y))
                if b > 225 { light += 1 } else if b < 170 { dark += 1 }
            }
        }
        return (light, dark)
    }

    func testTheTemperatureReadsOnAWhitePhotoAndABlackOne() throws {
        let black = try show("black", ["--weather", "Berlin", "--script", "await-overlay:weather"])
        XCTAssertTrue(black.log.contains("weather: \"Berlin\" is Berlin, Germany (52.52437,13.41053)"), black.log)
        XCTAssertTrue(black.log.contains("overlay weather: 12 °C, partly cloudy"), black.log)
        let onBlack = corner(try XCTUnwrap(black.frame, black.log))
        XCTAssertGreaterThan(onBlack.light, 1500, "light words and icons on the black photo")

        let white = try show("white", ["--weather", "52.52,13.41", "--script", "await-overlay:weather"])
        XCTAssertTrue(white.log.contains("overlay weather: 12 °C, partly cloudy"), white.log)
        let onWhite = corner(try XCTUnwrap(white.frame, white.log))
        XCTAssertGreaterThan(onWhite.dark, 5000, "a soft shade under the words on the white photo")
        XCTAssertGreaterThan(onWhite.light, 1500, "and the light words over it")

        let plain = try show("white", ["--script", "wait:0"])
        XCTAssertEqual(corner(try XCTUnwrap(plain.frame, plain.log)).dark, 0, "no weather asked: the white photo alone")
        XCTAssertFalse(plain.log.contains("weather"), plain.log)
    }

    func testABootWithTheStandInGoneShowsTheKeptForecastWithItsAge() throws {
        let cache = root + "/kept"
        let first = try show("black", ["--weather", "Berlin", "--script", "await-overlay:weather"], cache: cache)
        XCTAssertTrue(first.log.contains("overlay weather: 12 °C, partly cloudy"), first.log)
        // Two hours pass (the kept forecast says it was fetched then), and the stand-in is gone.
        let path = cache + "/weather/forecast.json"
        let kept = try String(contentsOfFile: path, encoding: .utf8)
        let fetched = try XCTUnwrap(kept.range(of: #""fetchedAt":[0-9.e+]+"#, options: .regularExpression), kept)
        let twoHoursAgo = Date().timeIntervalSince1970 - 2 * 3600 - 120
        try kept.replacingCharacters(in: fetched, with: "\"fetchedAt\":\(twoHoursAgo)").write(toFile: path, atomically: true, encoding: .utf8)
        let gone = server.baseURL
        server.stop()

        let offline = try show("black", ["--weather", "Berlin", "--script", "await-overlay:weather"], server: gone, cache: cache)
        XCTAssertTrue(offline.log.contains("weather: showing the forecast kept from"), offline.log)
        XCTAssertTrue(offline.log.contains("overlay weather: 12 °C, partly cloudy, as of 2 h ago"), offline.log)
        XCTAssertFalse(offline.log.contains("geocoding"), "the name was geocoded once: \(offline.log)")
        // Drawn too: the corner is not the first run's (a line more, the age, under the days).
        let a = try XCTUnwrap(offline.frame, offline.log), b = try XCTUnwrap(first.frame, first.log)
        var differing = 0
        for y in stride(from: a.height - 400, to: a.height - 32, by: 2) {
            for x in stride(from: a.width - 600, to: a.width - 32, by: 2) where abs(brightness(a.pixel(x: x, y: y)) - brightness(b.pixel(x: x, y: y))) > 60 {
                differing += 1
            }
        }
        XCTAssertGreaterThan(differing, 300)
    }

    /// Runs the slideshow of "both" with the weather at `url` until the log has said `said` (nil: nothing to wait
    /// for) and two photos have been shown after the start, then stops it as its service manager would (SIGTERM).
    /// Returns the log and the app's peak resident memory in MB. No sleeps: the lines are read as they come.
    private func watch(_ url: String, until said: String?) throws -> (log: String, peakMB: Double) {
        let memoryFile = root + "/rss-\(UUID().uuidString)"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        p.arguments = ["-f", "%M", "-o", memoryFile, AppProcess.executable, "--renderer", "software", "--no-vsync",
                       "--exit-after", "60", "--name", "Ada", "--size", "1920x1080", "--mode", "slideshow", "--sort", "name",
                       "--interval", "1", "--no-cache", "--weather", "1,2", "--weather-server", url, root + "/both"]
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "offscreen"; env["TESSERA_CONFIG"] = "/nonexistent/tessera-config"; env["TESSERA_LOG_SHOWN"] = "1"
        p.environment = env
        let pipe = Pipe()
        p.standardError = pipe
        try p.run()
        var log = "", pending = Data(), shown = 0, heard = said == nil
        let reader = pipe.fileHandleForReading
        while !(heard && shown >= 3) {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            pending.append(chunk)
            while let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                log += line + "\n"
                if line.hasPrefix("tessera: shown ") { shown += 1 }
                if let said, line.contains("weather: "), line.contains(said) { heard = true }
            }
        }
        // The app is GNU time's child: it is the one told to stop (time then writes its figure and ends).
        let children = (try? String(contentsOfFile: "/proc/\(p.processIdentifier)/task/\(p.processIdentifier)/children",
                                    encoding: .utf8)) ?? ""
        for child in children.split(separator: " ").compactMap({ Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) {
            kill(child, SIGTERM)
        }
        log += String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        let kilobytes = (try? String(contentsOfFile: memoryFile, encoding: .utf8))?
            .split(separator: "\n").last.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        XCTAssertTrue(heard && shown >= 3, "the photos went on (\(shown) shown) and the weather said \(said ?? "nothing"): \(log)")
        return (log, (kilobytes ?? 0) / 1024)
    }

    func testHostileAnswersLeaveThePhotosGoing() throws {
        let good = try watch(server.baseURL, until: "12 °C, partly cloudy")
        XCTAssertGreaterThan(good.peakMB, 0, "GNU time (the time package) measures the app")
        for (mode, said) in [("huge", "response too large"), ("malformed", "the forecast is not JSON"),
                             ("wrong-types", "the current temperature is not a number"),
                             ("refuse", "HTTP 400, Cannot initialize WeatherVariable"), ("slow", nil)] {
            let run = try watch(server.baseURL + "/open-meteo/" + mode, until: said)
            if said != nil { XCTAssertTrue(run.log.contains("trying again in"), "\(mode): \(run.log)") }
            XCTAssertFalse(run.log.contains("weather: 12 °C"), "\(mode): nothing taken")
            XCTAssertLessThan(run.peakMB, good.peakMB + 25, "\(mode): a 40 MB answer is not read whole (\(run.peakMB) MB vs \(good.peakMB) MB)")
        }
    }
}
