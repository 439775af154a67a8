import FixtureServer
import Foundation
import SDLKit
import XCTest

/// The frame in a house with Home Assistant: the real app under Xvfb with `--mqtt`, a real `mosquitto` started by the
/// test, and the command-line clients as Home Assistant would be. The broker sees the frame's discovery configs, its
/// retained state and its availability; a published command changes the frame by its pixels, also after the broker
/// was restarted.
final class MQTTUITests: XSessionTestCase {
    private var broker: LocalBroker!

    override func tearDown() {
        broker?.stop(signal: SIGKILL)
        broker = nil
        super.tearDown()
    }

    private func isColour(_ frame: Surface, _ c: (Int, Int, Int)) -> Bool {
        XSession.isColor(frame.pixel(x: frame.width / 2, y: frame.height / 2), c, tolerance: 12)
    }

    func testHomeAssistantSeesTheFrameAndItsCommandsMoveItEvenAfterTheBrokerRestarts() throws {
        guard FileManager.default.isExecutableFile(atPath: LocalBroker.executable) else { throw missing("mosquitto") }
        broker = try LocalBroker()
        try broker.start()
        try FileManager.default.createDirectory(atPath: root + "/photos", withIntermediateDirectories: true)
        for (name, colour) in [("a", "red"), ("b", "blue"), ("c", "lime"), ("d", "yellow")] {
            try x.tool(["convert", "-size", "800x600", "xc:\(colour)", root + "/photos/\(name).png"])
        }
        // The frame's id as its owner may fix it, beside its configuration (else "hall-" and six hex digits).
        try FileManager.default.createDirectory(atPath: root + "/config", withIntermediateDirectories: true)
        try "hall\n".write(toFile: root + "/config/frame-id", atomically: true, encoding: .utf8)
        let id = try x.launch(["--kiosk", "--name", "Hall", "--no-cache", "--size", "800x600", "--mode", "slideshow",
                               "--interval", "3600", "--transition", "none", "--sort", "name",
                               "--mqtt", "mqtt://127.0.0.1:\(broker.port)", root + "/photos"],
                              environment: ["TESSERA_CONFIG": root + "/config/config"])
        _ = try x.waitForFrame(id, "the first photo, red") { isColour($0, (255, 0, 0)) }

        // What Home Assistant reads: one device, its entities (a switch for its one overlay, the captions, among
        // them), the frame online, its state retained.
        let configs = try broker.subscribe("homeassistant/#", count: 26, seconds: 10)
        XCTAssertEqual(configs.count, 26, configs.joined(separator: "\n"))
        XCTAssertTrue(configs.contains { $0.hasPrefix("homeassistant/switch/hall/overlay_captions/config ") })
        let display = try XCTUnwrap(configs.first { $0.hasPrefix("homeassistant/switch/hall/display/config ") })
        let config = try XCTUnwrap(try JSONSerialization.jsonObject(
            with: Data(display.dropFirst("homeassistant/switch/hall/display/config ".count).utf8)) as? [String: Any])
        XCTAssertEqual(config["command_topic"] as? String, "tessera/hall/display/set")
        XCTAssertEqual((config["device"] as? [String: Any])?["name"] as? String, "Hall")
        XCTAssertEqual(try broker.retained("tessera/hall/availability"), "online")
        let state = try XCTUnwrap(try broker.retained("tessera/hall/state"))
        XCTAssertTrue(state.contains("\"mode\":\"slideshow\""), state)

        // A button pressed in Home Assistant.
        try broker.publish("tessera/hall/command", "next")
        _ = try x.waitForFrame(id, "the second photo, blue") { isColour($0, (0, 0, 255)) }

        // The broker goes away and comes back (an update, a reboot): the frame reconnects by itself, says it is
        // online again, and the next command moves it on.
        broker.stop()
        try broker.start()
        let deadline = Date().addingTimeInterval(90)
        while !reconnected() {
            guard Date() < deadline else { return XCTFail("the frame did not come back to the broker: \(broker.logText)") }
            usleep(100_000)  // polling the broker's log, with a deadline
        }
        XCTAssertEqual(try broker.retained("tessera/hall/availability"), "online")
        try broker.publish("tessera/hall/command", "next")
        _ = try x.waitForFrame(id, "the third photo, lime, after the broker's restart") { isColour($0, (0, 255, 0)) }

        // The display switched off from Home Assistant (black here: Xvfb has no DPMS), its state following.
        try broker.publish("tessera/hall/display/set", "OFF")
        _ = try x.waitForFrame(id, "dark") { XSession.isColor($0.pixel(x: 400, y: 300), (0, 0, 0)) }
    }

    func testANextSentWhileTheFrameRestartsIsCarriedOutOnceItsPhotosAreIn() throws {
        guard FileManager.default.isExecutableFile(atPath: LocalBroker.executable) else { throw missing("mosquitto") }
        broker = try LocalBroker()
        try broker.start()
        let server = FixtureServer(photos: 60)
        _ = try server.start(port: 0)
        defer { server.stop() }
        try FileManager.default.createDirectory(atPath: root + "/config", withIntermediateDirectories: true)
        try "hall\n".write(toFile: root + "/config/frame-id", atomically: true, encoding: .utf8)
        // A library of its own at each start: no kept place, so the show starts at the feed's first photo, "0".
        func launch(_ library: String) throws {
            _ = try x.launch(["--kiosk", "--name", "Hall", "--no-cache", "--size", "800x600", "--mode", "slideshow",
                              "--interval", "3600", "--transition", "none", "--api", server.baseURL,
                              "--mqtt", "mqtt://127.0.0.1:\(broker.port)"],
                             environment: ["TESSERA_CONFIG": root + "/config/config", "XDG_DATA_HOME": root + "/" + library])
        }
        func showing(_ id: String, seconds: Double) throws -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            repeat {
                let state = try broker.retained("tessera/hall/state", seconds: 1) ?? ""
                if state.contains("\"photo\":{"), state.contains("\"id\":\"\(id)\"") { return true }
                usleep(100_000)  // polling the broker's retained state, with a deadline
            } while Date() < deadline
            return false
        }
        try launch("first")
        XCTAssertTrue(try showing("0", seconds: 20), "the first start shows photo 0")
        // The frame restarts (here killed) while Home Assistant's Next is pressed: the broker keeps the command for
        // the frame's session and hands it over at once on its return, before the first page is in (slow here).
        x.killApp()
        var slow = FixtureFaults()
        slow.latencyMs = 2500
        server.faults = slow
        try broker.publish("tessera/hall/command", "next", qos: 1)
        try launch("second")
        XCTAssertTrue(try showing("1", seconds: 30), "the next photo once the feed is in, not the command lost: "
                      + ((try? broker.retained("tessera/hall/state")) ?? "no state") ?? "")
    }

    /// Whether the frame's client is connected to the broker now (mosquitto logs each client's connection; the
    /// availability alone may be the retained message from before the restart).
    private func reconnected() -> Bool {
        let log = broker.logText
        guard let restart = log.range(of: "mosquitto version", options: .backwards) else { return false }
        return log[restart.upperBound...].contains("as tessera-hall")
    }
}
