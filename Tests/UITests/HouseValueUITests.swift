#if canImport(AppDriving)
import AppDriving
#endif
import FixtureServer
import Foundation
import SDLKit
import XCTest

/// A value from the house on the frame (`--show-value`), judged as the owner would: the real app in an X11 window
/// under Xvfb with `--mqtt` to a real mosquitto and `--remote` on, a white photo (the hardest ground for light words).
/// A value published shows within a second, by the pixels of its corner and by the remote's state of the screen; a
/// topic flooding 1,000 messages a second keeps the frame's memory flat, is said once in the log, and the value
/// shown is the latest once the flood is over; the photos go on.
final class HouseValueUITests: XCTestCase {
    private var root = ""
    private var frame: RemoteFrame!
    private var broker: LocalBroker!
    private let topic = "home/outside/temperature"

    override func setUpWithError() throws {
        guard XSession.hasDisplay else { throw missing("X display") }
        guard FileManager.default.isExecutableFile(atPath: AppProcess.executable) else {
            throw missing("the app (swift build): \(AppProcess.executable)")
        }
        guard FileManager.default.isExecutableFile(atPath: LocalBroker.executable) else { throw missing("mosquitto") }
        root = NSTemporaryDirectory() + "tessera-housevalue-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/photos", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/config", withIntermediateDirectories: true)
        try "hall\n".write(toFile: root + "/config/frame-id", atomically: true, encoding: .utf8)
        frame = RemoteFrame(root: root)
        broker = try LocalBroker()
        try broker.start()
    }

    override func tearDown() {
        frame?.stop(signal: SIGKILL)
        broker?.stop(signal: SIGKILL)
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The values' corner (top left, 32 px in): how many pixels there are darker than the white photo (the scrim
    /// and the words' shadow), and how many near white inside those (the words).
    private func corner(_ surface: Surface) -> (shade: Int, light: Int) {
        var shade = 0, light = 0
        for y in 16..<110 {
            for x in 16..<420 {
                let p = surface.pixel(x: x, y: y)
                let level = (Int(p.r) + Int(p.g) + Int(p.b)) / 3
                if level < 200 { shade += 1 }
                if level > 235 && x > 34 && x < 380 && y > 34 && y < 70 { light += 1 }
            }
        }
        return (shade, light)
    }

    /// What the remote says the values overlay shows (its words while it is drawn), nil when it is not drawn.
    private func valuesShown() throws -> String? {
        let overlays = try frame.request("GET", "/api/v1/state").json?["overlays"] as? [String: Any]
        let values = overlays?["values"] as? [String: Any]
        return values?["shown"] as? Bool == true ? values?["words"] as? String : nil
    }

    /// Seconds until `holds` (polled as fast as it can be read), nil past `within` seconds.
    private func seconds(within: Double, _ holds: () throws -> Bool) rethrows -> Double? {
        let start = Date()
        while Date().timeIntervalSince(start) < within {
            if try holds() { return Date().timeIntervalSince(start) }
        }
        return nil
    }

    func testAValueShowsWithinASecondAndAFloodKeepsMemoryFlatAndTheValueCurrent() throws {
        let x = XSession(root: root)
        // The photo the shape of the screen (a kiosk is full-screen: 1600x1000 under the tests' Xvfb), so white is
        // all around the values.
        try x.tool(["convert", "-size", "1600x1000", "xc:white", root + "/photos/white.png"])
        try frame.launch(["--kiosk", "--no-cache", "--size", "800x600", "--mode", "slideshow", "--interval", "3600",
                          "--transition", "none", "--mqtt", "mqtt://127.0.0.1:\(broker.port)",
                          "--show-value", "\(topic)=Outside {value} °C", root + "/photos"],
                         driver: "x11", environment: ["TESSERA_CONFIG": root + "/config/config",
                                                      "XDG_DATA_HOME": root + "/data"])
        let window = try XCTUnwrap(frame.window)
        // Online is published after the subscriptions, on one connection: once it is there, a value is heard.
        XCTAssertNotNil(try seconds(within: 20) { try broker.retained("tessera/hall/availability", seconds: 1) == "online" })
        // Nothing heard yet: nothing in the corner (once the kiosk's header has faded from over it).
        _ = try x.waitForFrame(window, "the white photo, its corner empty") { self.corner($0).shade == 0 }
        XCTAssertNil(try valuesShown())

        // Published as Home Assistant's MQTT statestream would: seen on screen and in the remote's state within a second.
        try broker.publish(topic, "21.5", qos: 0)
        let published = Date()
        let inState = try seconds(within: 5) { try self.valuesShown() == "Outside 21.5 °C" }
        let onScreen = try seconds(within: 5) { let c = self.corner(try x.frame(window)); return c.shade > 1500 && c.light > 50 }
        let stateAfter = inState ?? 99, screenAfter = onScreen.map { $0 + (inState ?? 0) } ?? 99
        let shot = try x.frame(window)
        let kept = NSTemporaryDirectory() + "tessera-house-value.png"  // to look at after the run
        try? FileManager.default.removeItem(atPath: kept)
        try? FileManager.default.copyItem(atPath: root + "/frame.png", toPath: kept)
        print(String(format: "house value: in the remote's state %.3f s after publishing, on screen (a grabbed frame) by "
                     + "%.3f s; corner shade %d px, words %d px; the test's own wait %.1f s", stateAfter, screenAfter,
                     corner(shot).shade, corner(shot).light, Date().timeIntervalSince(published)))
        XCTAssertLessThan(stateAfter, 1.0)
        XCTAssertLessThan(screenAfter, 1.0)
        XCTAssertTrue(XSession.isColor(shot.pixel(x: shot.width / 2, y: shot.height / 2), (255, 255, 255), tolerance: 3), "the photo around it")

        // A flood: 1,000 messages a second for five seconds through mosquitto_pub's line mode.
        let before = try XCTUnwrap(frame.residentMB)
        let flood = Process()
        flood.executableURL = URL(fileURLWithPath: "/usr/bin/mosquitto_pub")
        flood.arguments = ["-h", "127.0.0.1", "-p", String(broker.port), "-t", topic, "-l", "-q", "0"]
        let lines = Pipe()
        flood.standardInput = lines
        try flood.run()
        var peak = before
        let started = Date()
        for tenth in 0..<50 {
            let batch = (0..<100).map { "flood \(tenth * 100 + $0)" }.joined(separator: "\n") + "\n"
            lines.fileHandleForWriting.write(Data(batch.utf8))
            peak = max(peak, frame.residentMB ?? 0)
            // The flood's own pace (a tenth of a second a batch), not a wait for the app.
            let due = started.addingTimeInterval(Double(tenth + 1) / 10)
            if due > Date() { usleep(UInt32(due.timeIntervalSinceNow * 1e6)) }
        }
        lines.fileHandleForWriting.closeFile()
        flood.waitUntilExit()
        let floodSeconds = Date().timeIntervalSince(started)
        XCTAssertNotNil(try seconds(within: 2) { try self.valuesShown() == "Outside flood 4999 °C" }, "the flood's latest")
        try broker.publish(topic, "22.5", qos: 0)
        let after = try seconds(within: 5) { try self.valuesShown() == "Outside 22.5 °C" }
        let grown = (frame.residentMB ?? 0) - before
        print(String(format: "house value flood: 5,000 messages in %.2f s; resident %.1f MB before, peak %.1f MB, %.1f MB "
                     + "after; the next value in the state %.3f s after publishing", floodSeconds, before, peak,
                     before + grown, after ?? -1))
        XCTAssertLessThan(after ?? 99, 1.0)
        XCTAssertLessThan(peak - before, 16, "resident memory during the flood")
        XCTAssertLessThan(grown, 8, "resident memory after the flood")
        let said = frame.log.split(separator: "\n").filter { $0.contains("floods the frame") }
        XCTAssertEqual(said.count, 1, frame.log)
        // The photos go on: the frame answers a next, and shows the photo.
        XCTAssertEqual(try frame.command("next").status, 200)
        _ = try x.waitForFrame(window, "the photo and the latest value") { surface in
            XSession.isColor(surface.pixel(x: surface.width / 2, y: surface.height / 2), (255, 255, 255), tolerance: 3) && self.corner(surface).shade > 1500
        }

        // Switched off through the HTTP API (the command Home Assistant's switch and the page's toggle send): the
        // corner is white again; a name the frame has no overlay of is refused, naming those it has.
        let unknown = try frame.request("POST", "/api/v1/commands", body: #"{"command":"overlay-off","argument":"nope"}"#)
        XCTAssertEqual(unknown.status, 400, unknown.text)
        XCTAssertTrue(unknown.text.contains("no overlay called nope on this frame (captions, values)"), unknown.text)
        let off = try frame.request("POST", "/api/v1/commands", body: #"{"command":"overlay-off","argument":"values"}"#)
        XCTAssertEqual(off.status, 200, off.text)
        let values = ((off.json?["overlays"] as? [String: Any])?["values"] as? [String: Any])
        XCTAssertEqual(values?["on"] as? Bool, false, off.text)
        XCTAssertEqual(values?["words"] as? String, "Outside 22.5 °C", "still heard while off")
        _ = try x.waitForFrame(window, "the corner white, the values off") { self.corner($0).shade == 0 }
        XCTAssertEqual(try String(contentsOfFile: root + "/config/overlays.json", encoding: .utf8), #"{"off":["values"]}"#)
    }
}
