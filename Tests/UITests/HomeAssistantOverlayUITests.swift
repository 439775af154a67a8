#if canImport(AppDriving)
import AppDriving
#endif
import FixtureServer
import Foundation
import SDLKit
import XCTest

/// The frame's overlays switched from a real Home Assistant (Home Assistant Core, `scripts/install-home-assistant`;
/// a real mosquitto; the real app under Xvfb with `--mqtt`, `--remote`, a large clock and a house value): a switch
/// each appears by itself; turning the clock's off in Home Assistant takes the clock off the screen (its corner's
/// pixels) and off the remote's state; the choice holds across a restart; turned on again, the clock is back. One
/// test: Home Assistant is slow to start.
final class HomeAssistantOverlayUITests: XSessionTestCase {
    private var broker: LocalBroker!
    private var home: HomeAssistantCore!
    private let token = "home-assistant-overlay-test-token-01"
    private var remotePort = 0

    override func tearDown() {
        x?.killApp()
        home?.stop()
        broker?.stop(signal: SIGKILL)
        broker = nil
        home = nil
        super.tearDown()
    }

    private func launchFrame() throws -> String {
        try x.launch(["--kiosk", "--name", "Hall", "--no-cache", "--mode", "slideshow", "--interval", "3600",
                      "--transition", "none", "--clock", "large bottom-right",
                      "--mqtt", "mqtt://127.0.0.1:\(broker.port)", "--show-value", "home/outside/temperature=Outside {value} °C",
                      "--remote", "127.0.0.1:\(remotePort)", "--remote-token-file", root + "/token", root + "/photos"],
                     environment: ["TESSERA_CONFIG": root + "/config/config"])
    }

    /// Pixels darker than the white photo in the clock's corner (the bottom-right fifth of the screen): its shade
    /// and its words' shadow.
    private func clockShade(_ frame: Surface) -> Int {
        var shade = 0
        for y in stride(from: frame.height * 4 / 5, to: frame.height, by: 2) {
            for x in stride(from: frame.width * 3 / 5, to: frame.width, by: 2) {
                let p = frame.pixel(x: x, y: y)
                if (Int(p.r) + Int(p.g) + Int(p.b)) / 3 < 200 { shade += 1 }
            }
        }
        return shade
    }

    private func overlay(_ name: String) throws -> [String: Any]? {
        let overlays = try remoteRequest(port: remotePort, token: token, "GET", "/api/v1/state").json?["overlays"]
        return (overlays as? [String: Any])?[name] as? [String: Any]
    }

    func testHomeAssistantSwitchesTheClockOffAndOnAndTheChoiceOutlivesARestart() throws {
        guard FileManager.default.isExecutableFile(atPath: LocalBroker.executable) else { throw missing("mosquitto") }
        guard HomeAssistantCore.isInstalled else { throw missing("Home Assistant (scripts/install-home-assistant)") }
        broker = try LocalBroker()
        try broker.start()
        home = try HomeAssistantCore(folder: root + "/home-assistant")
        try home.start(brokerPort: broker.port)

        try FileManager.default.createDirectory(atPath: root + "/photos", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/config", withIntermediateDirectories: true)
        try "hall\n".write(toFile: root + "/config/frame-id", atomically: true, encoding: .utf8)
        // The photo the screen's shape (a kiosk is full-screen), white: anything darker in a corner is an overlay.
        try x.tool(["convert", "-size", "1600x1000", "xc:white", root + "/photos/white.png"])
        try token.write(toFile: root + "/token", atomically: true, encoding: .utf8)
        remotePort = try LocalBroker.freePort()
        var window = try launchFrame()
        _ = try x.waitForFrame(window, "the white photo with the large clock") { self.clockShade($0) > 500 }

        // A switch for each overlay the frame has, found by Home Assistant with nothing typed there.
        let switches = ["switch.hall_captions_overlay", "switch.hall_clock_overlay", "switch.hall_values_overlay"]
        let found = try home.seconds(within: 30) {
            let states = try home.states()
            return switches.allSatisfy { states[$0]?["state"] as? String == "on" }
        }
        let seen = try home.states().keys.filter { $0.hasPrefix("switch.hall") }
        XCTAssertNotNil(found, "switches in Home Assistant: \(seen)")

        // Off from Home Assistant: gone from the screen, the remote's state says so, Home Assistant's switch follows.
        try home.call("switch.turn_off", "switch.hall_clock_overlay")
        let asked = Date()
        _ = try x.waitForFrame(window, "the clock's corner white") { self.clockShade($0) == 0 }
        let gone = Date().timeIntervalSince(asked)
        XCTAssertEqual(try overlay("clock")?["on"] as? Bool, false)
        XCTAssertEqual(try overlay("clock")?["shown"] as? Bool, false)
        XCTAssertNotNil(try home.seconds(within: 5) { try home.state("switch.hall_clock_overlay") == "off" })
        XCTAssertEqual(try home.state("switch.hall_values_overlay"), "on", "the others stay")

        // A restart: the clock stays off (kept beside the configuration), and Home Assistant still says off.
        x.killApp()
        window = try launchFrame()
        let restarted = try XCTUnwrap(try home.seconds(within: 20) {
            (try? self.overlay("clock")).flatMap { $0 }?["on"] as? Bool == false
        }, "the frame's state after the restart")
        let afterRestart = try x.waitForFrame(window, "the photo after the restart") {
            XSession.isColor($0.pixel(x: $0.width / 2, y: $0.height / 2), (255, 255, 255), tolerance: 3)
        }
        XCTAssertEqual(clockShade(afterRestart), 0, "no clock after the restart")
        XCTAssertEqual(try String(contentsOfFile: root + "/config/overlays.json", encoding: .utf8), #"{"off":["clock"]}"#)
        XCTAssertNotNil(try home.seconds(within: 10) { try home.state("switch.hall_clock_overlay") == "off" })

        // On again from Home Assistant: the clock is back.
        try home.call("switch.turn_on", "switch.hall_clock_overlay")
        _ = try x.waitForFrame(window, "the clock back") { self.clockShade($0) > 500 }
        XCTAssertNotNil(try home.seconds(within: 5) { try home.state("switch.hall_clock_overlay") == "on" })
        print(String(format: "Home Assistant overlay switches: found %.1f s after the frame's first photo; the clock "
                     + "off the screen %.2f s after Home Assistant's turn_off (frames grabbed by import); the state "
                     + "read %.2f s after the restart's window", found ?? -1, gone, restarted))

        let complaints = home.logText.split(separator: "\n").filter { line in
            (line.contains(" WARNING ") || line.contains(" ERROR ")) && ["tessera", "hall", "template", "mqtt"]
                .contains { line.lowercased().contains($0) }
        }
        XCTAssertTrue(complaints.isEmpty, complaints.joined(separator: "\n"))
    }
}
