#if canImport(AppDriving)
import AppDriving
#endif
import FixtureServer
import Foundation
import SDLKit
import XCTest

/// A long value from the house on a narrow portrait panel (480x800): sized to the window's height, an 80-character
/// line would be about 1,200 px wide; it is drawn smaller and cut with an ellipsis, inside the room between the
/// window's insets. Judged by the pixels of a black photo, where the light words are the only light there is.
final class HouseValueFitUITests: XCTestCase {
    private var root = ""
    private var broker: LocalBroker!
    private let topic = "home/rooms/summary"

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: LocalBroker.executable) else { throw missing("mosquitto") }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") else { throw missing("ImageMagick") }
        root = NSTemporaryDirectory() + "tessera-housevaluefit-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/photos", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/config", withIntermediateDirectories: true)
        try "hall\n".write(toFile: root + "/config/frame-id", atomically: true, encoding: .utf8)
        let convert = Process()
        convert.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        convert.arguments = ["-size", "480x800", "xc:black", root + "/photos/black.png"]
        try convert.run()
        convert.waitUntilExit()
        broker = try LocalBroker()
        try broker.start()
    }

    override func tearDown() {
        broker?.stop(signal: SIGKILL)
        try? FileManager.default.removeItem(atPath: root)
    }

    func testAnEightyCharacterValueStaysInsideA480PixelWindow() throws {
        let value = String(String(repeating: "Kitchen 21.5 °C, ", count: 5).prefix(80))
        XCTAssertEqual(value.count, 80)
        try broker.publish(topic, value, qos: 1, options: ["-r"])  // retained: heard as the frame subscribes
        let run = try AppProcess.run(["--name", "Ada", "--no-cache", "--size", "480x800", "--mode", "slideshow",
                                      "--interval", "3600", "--transition", "none", "--fill", "black",
                                      "--caption", "none", "--mqtt", "mqtt://127.0.0.1:\(broker.port)",
                                      "--show-value", "\(topic)={value}", "--value-corner", "bottom-left",
                                      "--script", "await-slide:0,await-overlay:values,pause", root + "/photos"],
                                     environment: ["TESSERA_CONFIG": root + "/config/config",
                                                   "XDG_DATA_HOME": root + "/data"])
        XCTAssertEqual(run.status, 0, run.log)
        XCTAssertTrue(run.log.contains("overlay values: \(value)"), run.log)
        let frame = try XCTUnwrap(run.frame, run.log)
        XCTAssertEqual(frame.width, 480)
        // The words' light pixels, by column, in the lower part of the window where the values stand.
        var rightmost = -1, light = 0
        for y in (frame.height - 300)..<frame.height {
            for x in 0..<frame.width {
                let p = frame.pixel(x: x, y: y)
                guard (Int(p.r) + Int(p.g) + Int(p.b)) / 3 > 100 else { continue }
                light += 1
                rightmost = max(rightmost, x)
            }
        }
        let kept = NSTemporaryDirectory() + "tessera-house-value-480.png"  // to look at after the run
        try? FileManager.default.removeItem(atPath: kept)
        try? frame.savePNG(to: kept)
        print("house value at 480x800: \(light) light pixels, the rightmost at x \(rightmost) (room to x 447); \(kept)")
        XCTAssertGreaterThan(light, 500, "the value is drawn")
        // Inside the room (480 less the 32 px inset), a pixel of antialiasing or shadow aside; and across most of it
        // (cut to fit, not shrunk to nothing).
        XCTAssertLessThanOrEqual(rightmost, 480 - 32 + 2, "nothing past the values' room")
        XCTAssertGreaterThan(rightmost, 320, "the line fills its room")
    }
}
