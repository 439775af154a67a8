import Foundation
import GalleryCore
import XCTest

/// Home Assistant's discovery configs, the frame's topics and its id: what Home Assistant reads to build the device.
final class MQTTDiscoveryTests: XCTestCase {
    let discovery = HomeAssistantDiscovery(frameID: FrameID("kitchen")!, deviceName: "Kitchen frame", version: "1.2.3")

    func config(_ component: String, _ object: String) throws -> [String: Any] {
        let config = try XCTUnwrap(discovery.configs.first { $0.topic == "homeassistant/\(component)/kitchen/\(object)/config" },
                                   "no \(component) \(object)")
        return try XCTUnwrap(JSONSerialization.jsonObject(with: config.payload) as? [String: Any])
    }

    func testTopicsAreUnderTheFramesRoot() {
        let topics = FrameTopics(frameID: FrameID("kitchen")!)
        XCTAssertEqual(topics.state, "tessera/kitchen/state")
        XCTAssertEqual(topics.availability, "tessera/kitchen/availability")
        XCTAssertEqual(topics.command, "tessera/kitchen/command")
        XCTAssertEqual(topics.displaySet, "tessera/kitchen/display/set")
        XCTAssertEqual(topics.modeSet, "tessera/kitchen/mode/set")
        XCTAssertEqual(topics.photo, "tessera/kitchen/photo")
        XCTAssertEqual(Set(topics.commandTopics), ["tessera/kitchen/command", "tessera/kitchen/display/set", "tessera/kitchen/mode/set"])
    }

    func testEveryEntityNamesTheOneDeviceWithAUniqueIDAndAvailability() throws {
        XCTAssertEqual(discovery.configs.count, 24)
        var uniqueIDs = Set<String>()
        for config in discovery.configs {
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: config.payload) as? [String: Any], config.topic)
            let device = try XCTUnwrap(json["device"] as? [String: Any])
            XCTAssertEqual(device["identifiers"] as? [String], ["tessera_kitchen"])
            XCTAssertEqual(device["name"] as? String, "Kitchen frame")
            XCTAssertEqual(device["manufacturer"] as? String, "Tessera")
            XCTAssertEqual(device["model"] as? String, "Tessera photo frame")
            XCTAssertEqual(device["sw_version"] as? String, "1.2.3")
            XCTAssertEqual(json["availability_topic"] as? String, "tessera/kitchen/availability")
            XCTAssertEqual(json["payload_available"] as? String, "online")
            XCTAssertEqual(json["payload_not_available"] as? String, "offline")
            let uniqueID = try XCTUnwrap(json["unique_id"] as? String)
            XCTAssertTrue(uniqueID.hasPrefix("tessera_kitchen_"), uniqueID)
            uniqueIDs.insert(uniqueID)
            XCTAssertTrue(config.topic.hasPrefix("homeassistant/"), config.topic)
            XCTAssertTrue(config.topic.hasSuffix("/config"), config.topic)
        }
        XCTAssertEqual(uniqueIDs, ["tessera_kitchen_next", "tessera_kitchen_previous", "tessera_kitchen_display",
                                   "tessera_kitchen_mode", "tessera_kitchen_now_showing", "tessera_kitchen_photos",
                                   "tessera_kitchen_photo", "tessera_kitchen_reload", "tessera_kitchen_pause",
                                   "tessera_kitchen_interval", "tessera_kitchen_online",
                                   // The screen's and identify's.
                                   "tessera_kitchen_screen", "tessera_kitchen_screenshot", "tessera_kitchen_identify",
                                   // The health's (`HomeAssistantDiscovery+Health`).
                                   "tessera_kitchen_last_advanced", "tessera_kitchen_started", "tessera_kitchen_temperature",
                                   "tessera_kitchen_memory", "tessera_kitchen_cache_size", "tessera_kitchen_cache_hit_rate",
                                   "tessera_kitchen_source_status", "tessera_kitchen_pass", "tessera_kitchen_display_reason",
                                   "tessera_kitchen_stalled"])
    }

    func testButtonsPressCommandsByName() throws {
        let next = try config("button", "next")
        XCTAssertEqual(next["command_topic"] as? String, "tessera/kitchen/command")
        XCTAssertEqual(next["payload_press"] as? String, "next")
        let previous = try config("button", "previous")
        XCTAssertEqual(previous["payload_press"] as? String, "previous")
        // What the buttons send is what the bridge takes.
        let topics = discovery.topics
        XCTAssertEqual(try MQTTCommand.parse(topic: topics.command, payload: Data("next".utf8), topics: topics).get(), .nextPhoto)
        XCTAssertEqual(try MQTTCommand.parse(topic: topics.command, payload: Data("previous".utf8), topics: topics).get(), .previousPhoto)
    }

    func testDisplaySwitchReadsTheStateAndSetsONOrOFF() throws {
        let display = try config("switch", "display")
        XCTAssertEqual(display["state_topic"] as? String, "tessera/kitchen/state")
        XCTAssertEqual(display["value_template"] as? String, "{{ 'ON' if value_json.get('display') == 'on' else 'OFF' }}")
        XCTAssertEqual(display["command_topic"] as? String, "tessera/kitchen/display/set")
        XCTAssertEqual(display["payload_on"] as? String, "ON")
        XCTAssertEqual(display["payload_off"] as? String, "OFF")
    }

    func testModeSelectOffersWallAndSlideshow() throws {
        let mode = try config("select", "mode")
        XCTAssertEqual(mode["options"] as? [String], ["wall", "slideshow"])
        XCTAssertEqual(mode["command_topic"] as? String, "tessera/kitchen/mode/set")
        XCTAssertEqual(mode["state_topic"] as? String, "tessera/kitchen/state")
        XCTAssertEqual(mode["value_template"] as? String, "{{ value_json.get('mode', 'wall') }}")
        // The options are the state's own words for the mode.
        XCTAssertEqual(Set(FrameMode.allCases.map(\.rawValue)), ["wall", "slideshow"])
    }

    func testSensorsAndImage() throws {
        let now = try config("sensor", "now_showing")
        XCTAssertEqual(now["state_topic"] as? String, "tessera/kitchen/state")
        XCTAssertEqual(now["json_attributes_topic"] as? String, "tessera/kitchen/state")
        let template = try XCTUnwrap(now["value_template"] as? String)
        for key in ["caption", "author", "id"] { XCTAssertTrue(template.contains("p.get('\(key)')"), template) }
        let photos = try config("sensor", "photos")
        XCTAssertEqual(photos["state_class"] as? String, "measurement")
        XCTAssertEqual(photos["value_template"] as? String, "{{ value_json.get('photos', 0) }}")
        let image = try config("image", "photo")
        XCTAssertEqual(image["image_topic"] as? String, "tessera/kitchen/photo")
        XCTAssertEqual(image["content_type"] as? String, "image/jpeg")
    }

    func testPayloadsAreCompactJSONWithSortedKeysAndPlainSlashes() throws {
        let payload = try XCTUnwrap(String(data: discovery.configs[0].payload, encoding: .utf8))
        XCTAssertFalse(payload.contains("\n"))
        XCTAssertFalse(payload.contains("\\/"), payload)
        XCTAssertEqual(discovery.configs, discovery.configs)
        XCTAssertTrue(payload.hasPrefix("{\"availability_topic\""), payload)
    }

    func testTwoFramesAreTwoDevices() {
        let other = HomeAssistantDiscovery(frameID: FrameID("hall")!, deviceName: "Hall", version: "1.2.3")
        let ours = Set(discovery.entities.map(discovery.uniqueID(of:)))
        let theirs = Set(other.entities.map(other.uniqueID(of:)))
        XCTAssertTrue(ours.isDisjoint(with: theirs))
        XCTAssertTrue(Set(discovery.configs.map(\.topic)).isDisjoint(with: Set(other.configs.map(\.topic))))
    }

    // MARK: FrameID

    func testFrameIDAcceptsOnlyLowercaseLettersDigitsDashAndUnderscore() {
        XCTAssertNotNil(FrameID("kitchen-2_b"))
        XCTAssertNil(FrameID(""))
        XCTAssertNil(FrameID("Kitchen"))
        XCTAssertNil(FrameID("a/b"))
        XCTAssertNil(FrameID("a+b"))
        XCTAssertNil(FrameID("a#"))
        XCTAssertNil(FrameID(String(repeating: "a", count: 65)))
        XCTAssertNotNil(FrameID(String(repeating: "a", count: 64)))
    }

    func testSlugFromAName() {
        XCTAssertEqual(FrameID.slug(from: "Küche Frame")?.value, "kuche-frame")
        XCTAssertEqual(FrameID.slug(from: "  Living room #2 ")?.value, "living-room-2")
        XCTAssertEqual(FrameID.slug(from: "a/b+c")?.value, "a-b-c")
        XCTAssertNil(FrameID.slug(from: "★★★"))
        XCTAssertNil(FrameID.slug(from: ""))
        XCTAssertEqual(FrameID.slug(from: String(repeating: "x", count: 200))?.value.count, 64)
    }

    func testRandomIDsAreValidAndDiffer() {
        var generator = SystemRandomNumberGenerator()
        let a = FrameID.random(using: &generator), b = FrameID.random(using: &generator)
        XCTAssertNotEqual(a, b)
        XCTAssertTrue(a.value.hasPrefix("frame-"))
        XCTAssertNotNil(FrameID(a.value))
    }
}
