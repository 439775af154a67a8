#if canImport(AppDriving)
import AppDriving
#endif
import FixtureServer
import Foundation
import SDLKit
import XCTest

/// The weather's widest words (a thunderstorm with hail, days far below zero: the stand-in's `wide` forecast) on a
/// narrow portrait panel (480x800): sized to the window's height, the condition line and the row of days would run
/// past the window; the box is drawn smaller (days left off, words cut, at the smallest) inside the room between the
/// window's insets. On 1920x1080 and 3840x2160 the same box fits at its full size. Judged by the pixels of a black
/// photo, where the light words and icons are the only light there is.
final class WeatherFitUITests: XCTestCase {
    private static let sdl: SDLSystem? = try? SDLSystem(video: false)
    private var server: FixtureServer!
    private var root = ""

    override func setUpWithError() throws {
        XCTAssertNotNil(WeatherFitUITests.sdl)
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") else { throw missing("ImageMagick") }
        root = NSTemporaryDirectory() + "tessera-weatherfit-\(UUID().uuidString)"
        server = FixtureServer(photos: 10)
        try server.start(port: 0)
    }

    override func tearDown() {
        server?.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The light pixels of a run at `width`x`height` on a black photo, the weather bottom-right, in the window's lower
    /// part: how many, and the leftmost and rightmost columns they reach. The frame is kept in the temporary folder to look at.
    private func lightOfWideWeather(_ width: Int, _ height: Int) throws -> (light: Int, left: Int, right: Int) {
        let photos = root + "/\(width)x\(height)"
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        let convert = Process()
        convert.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        convert.arguments = ["-size", "\(width)x\(height)", "xc:black", photos + "/black.png"]
        try convert.run()
        convert.waitUntilExit()
        XCTAssertEqual(convert.terminationStatus, 0)
        let run = try AppProcess.run(["--name", "Ada", "--cache-dir", root + "/cache", "--size", "\(width)x\(height)", "--mode", "slideshow",
                                      "--interval", "3600", "--transition", "none", "--fill", "black",
                                      "--caption", "none", "--weather", "52.52,13.41", "--weather-units", "metric",
                                      "--weather-server", server.baseURL + "/open-meteo/wide",
                                      "--weather-corner", "bottom-right",
                                      "--script", "await-slide:0,await-overlay:weather,pause", photos],
                                     environment: ["TESSERA_CONFIG": root + "/config"])
        XCTAssertEqual(run.status, 0, run.log)
        XCTAssertTrue(run.log.contains("overlay weather: -19 °C, thunderstorm with hail"), run.log)
        let frame = try XCTUnwrap(run.frame, run.log)
        XCTAssertEqual(frame.width, width)
        // The lower part of the window, where the weather stands (above it: the header and the pause sign).
        var light = 0, left = frame.width, right = -1
        for y in (frame.height * 6 / 10)..<frame.height {
            for x in 0..<frame.width {
                let p = frame.pixel(x: x, y: y)
                guard (Int(p.r) + Int(p.g) + Int(p.b)) / 3 > 100 else { continue }
                light += 1
                left = min(left, x); right = max(right, x)
            }
        }
        let kept = NSTemporaryDirectory() + "tessera-weather-fit-\(width)x\(height).png"
        try? FileManager.default.removeItem(atPath: kept)
        try? frame.savePNG(to: kept)
        print("weather at \(width)x\(height): \(light) light pixels from x \(left) to x \(right); \(kept)")
        return (light, left, right)
    }

    func testTheWidestWeatherStaysInsideA480PixelWindow() throws {
        let narrow = try lightOfWideWeather(480, 800)
        XCTAssertGreaterThan(narrow.light, 1500, "the weather is drawn")
        // Inside the room (the window less its 32 px inset on each side), a pixel of antialiasing aside; and across
        // most of it (fitted, not shrunk to nothing).
        XCTAssertGreaterThanOrEqual(narrow.left, 32 - 2, "nothing past the room's left edge")
        XCTAssertLessThanOrEqual(narrow.right, 480 - 32 + 2, "nothing past the room's right edge")
        XCTAssertLessThan(narrow.left, 160, "the box fills its room")
    }

    func testTheWidestWeatherKeepsItsFullSizeOnWideWindows() throws {
        let hd = try lightOfWideWeather(1920, 1080)
        let uhd = try lightOfWideWeather(3840, 2160)
        for (run, width) in [(hd, 1920), (uhd, 3840)] {
            XCTAssertLessThanOrEqual(run.right, width - 32 + 2, "\(width): inside the inset")
            XCTAssertGreaterThan(run.left, width / 2, "\(width): in its corner, not across the window")
        }
        // Sized to the height and not shrunk: twice the height, about four times the light.
        XCTAssertGreaterThan(hd.light, 4000)
        XCTAssertGreaterThan(Double(uhd.light), Double(hd.light) * 3.0, "\(uhd.light) vs \(hd.light)")
    }
}
