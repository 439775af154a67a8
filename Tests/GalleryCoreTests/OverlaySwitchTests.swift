import Foundation
import XCTest
@testable import GalleryCore

/// The frame's overlays switched from afar: one command (`overlay-on:NAME`, `overlay-off:NAME`) whoever sends it,
/// kept as a small file, a Home Assistant switch each, and the remote's state saying what each shows.
final class OverlaySwitchTests: XCTestCase {
    func testOneCommandByNameForEveryRemote() {
        XCTAssertEqual(Command(name: "overlay-off:clock"), .setOverlay("clock", on: false))
        XCTAssertEqual(Command(name: "overlay-on:values"), .setOverlay("values", on: true))
        XCTAssertEqual(try CommandNames.command(named: "overlay-off", argument: "weather").get(), .setOverlay("weather", on: false))
        XCTAssertEqual(try RemoteCommandBody.parse(Data(#"{"command":"overlay-off","argument":"clock"}"#.utf8), maxBytes: 4096).get(),
                       .setOverlay("clock", on: false), "the HTTP API's body")
        for bad in ["overlay-off:", "overlay-off:Clock", "overlay-off:../x", "overlay-on:" + String(repeating: "a", count: 33)] {
            XCTAssertNil(Command(name: bad), bad)
        }
        XCTAssertEqual(RemoteReplies.name(of: .setOverlay("clock", on: false)), "overlay-off:clock")
        XCTAssertEqual(AppEffect(handedOn: .setOverlay("clock", on: true)), .overlay("clock", on: true))
        XCTAssertEqual(loadedGallery().apply(.setOverlay("clock", on: false)), .overlay("clock", on: false),
                       "the app's to do, from any room")
    }

    func testTheSwitchesAreKeptAsASmallFileAndGarbageLeavesEveryOverlayOn() {
        var switches = OverlaySwitches()
        XCTAssertTrue(switches.isOn("clock"))
        XCTAssertTrue(switches.set("clock", on: false))
        XCTAssertFalse(switches.set("clock", on: false), "already off")
        XCTAssertTrue(switches.set("weather", on: false))
        XCTAssertEqual(String(decoding: switches.data(), as: UTF8.self), #"{"off":["clock","weather"]}"#)
        XCTAssertEqual(OverlaySwitches(data: switches.data()), switches)
        for garbage in [Data("not json".utf8), Data(#"{"off": "clock"}"#.utf8), Data(count: OverlaySwitches.maxBytes + 1)] {
            XCTAssertEqual(OverlaySwitches(data: garbage).off, [])
        }
        XCTAssertEqual(OverlaySwitches(data: Data(#"{"off": ["clock", "../etc", "X"]}"#.utf8)).off, ["clock"])
        XCTAssertEqual(OverlaySwitches(data: nil).off, [])
    }

    /// The clock switched off for the day still draws as the night clock (`--night-clock` asked for it); awake, the
    /// switch holds in every scene.
    func testASwitchedOffClockStillDrawsAsTheNightClock() {
        var switches = OverlaySwitches()
        switches.set("clock", on: false)
        XCTAssertTrue(switches.lets("clock", drawIn: .asleep))
        for scene in [OverlayScene.slideshow, .kioskWall, .desktopWall, .elsewhere] {
            XCTAssertFalse(switches.lets("clock", drawIn: scene), "\(scene)")
            XCTAssertTrue(switches.lets("weather", drawIn: scene), "\(scene)")
        }
    }

    func testHomeAssistantHasASwitchForEachOverlayReadingTheRetainedState() throws {
        let discovery = HomeAssistantDiscovery(frameID: FrameID("hall")!, deviceName: "Hall", version: "1",
                                               overlays: ["clock", "values"])
        let switches = discovery.configs.filter { $0.topic.hasPrefix("homeassistant/switch/hall/overlay_") }
        XCTAssertEqual(switches.map(\.topic), ["homeassistant/switch/hall/overlay_clock/config",
                                               "homeassistant/switch/hall/overlay_values/config"])
        let clock = try XCTUnwrap(JSONSerialization.jsonObject(with: switches[0].payload) as? [String: Any])
        XCTAssertEqual(clock["name"] as? String, "Clock overlay")
        XCTAssertEqual(clock["command_topic"] as? String, "tessera/hall/command")
        XCTAssertEqual(clock["state_topic"] as? String, "tessera/hall/state")
        XCTAssertEqual(clock["payload_on"] as? String, "overlay-on:clock")
        XCTAssertEqual(clock["payload_off"] as? String, "overlay-off:clock")
        XCTAssertEqual(clock["unique_id"] as? String, "tessera_hall_overlay_clock")
        XCTAssertTrue((clock["value_template"] as? String)?.contains(".get('clock')") == true)
        XCTAssertEqual(HomeAssistantDiscovery(frameID: FrameID("hall")!, deviceName: "Hall", version: "1").configs.count, 24,
                       "no overlays, no switches")
    }

    func testTheStateSaysEachOverlayOnOrOffAndItsWords() throws {
        let facts = FrameState.Facts(version: "1", name: "Hall", displayOn: true,
                                     source: .init(name: "folder", title: "Folders"), online: true,
                                     overlays: ["clock": .init(on: false, shown: false, words: "07:05"),
                                                "values": .init(on: true, shown: true, words: "Outside 21.5 °C")])
        let json = String(decoding: FrameState(model: loadedGallery(), facts: facts).json(), as: UTF8.self)
        XCTAssertTrue(json.contains(#""overlays":{"clock":{"on":false,"shown":false,"words":"07:05"},"values":{"on":true,"shown":true,"words":"Outside 21.5 °C"}}"#), json)
    }
}
