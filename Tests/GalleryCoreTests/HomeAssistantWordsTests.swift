import Foundation
import GalleryCore
import XCTest

/// Home Assistant's entity names follow the frame's language (its book); ids, topics, payloads and options stay the
/// protocol's English, and so do the entity ids (`object_id`) and units, which automations and history hang on.
final class HomeAssistantWordsTests: XCTestCase {
    /// A French-ish book: every word marked, two with their own wording.
    struct MarkedBook: WordBook {
        let language = Language("fr")
        func lookUp(_ english: String, context: String?) -> String {
            switch (context, english) {
            case (nil, "{name} overlay"): return "Superposition {name}"
            case ("no photo shows", "nothing"): return "rien d'affiché"
            case ("unit", "photos"): return "photos (fr)"
            default: return "FR " + english
            }
        }
        func lookUp(_ singular: String, _ plural: String, count: Int, context: String?) -> String {
            "FR " + (count > 1 ? plural : singular)
        }
    }

    private func payloads(_ discovery: HomeAssistantDiscovery) throws -> [String: [String: Any]] {
        var all: [String: [String: Any]] = [:]
        for config in discovery.configs {
            all[config.topic] = try XCTUnwrap(JSONSerialization.jsonObject(with: config.payload) as? [String: Any])
        }
        return all
    }

    func testTheNamesAreInTheFramesLanguageAndTheProtocolStaysEnglish() throws {
        let discovery = HomeAssistantDiscovery(frameID: FrameID("kitchen")!, deviceName: "Cuisine", version: "1",
                                               sources: ["picsum", "folder"], overlays: ["clock", "house-values"])
        let english = try payloads(discovery)
        let translated: [String: [String: Any]]
        do {
            let old = Words.install(MarkedBook())
            defer { Words.install(old) }
            translated = try payloads(discovery)
        }
        XCTAssertEqual(Set(translated.keys), Set(english.keys), "the same config topics")
        XCTAssertEqual(english.count, 27, "14, the health's 10 and the screen's 3")
        for (topic, config) in translated {
            let before = try XCTUnwrap(english[topic])
            let name = try XCTUnwrap(config["name"] as? String, topic)
            let englishName = try XCTUnwrap(before["name"] as? String, topic)
            if topic.contains("/overlay_") {
                XCTAssertEqual(name, "Superposition FR " + englishName.replacingOccurrences(of: " overlay", with: ""),
                               "\(topic): the overlay's own title translated too")
            } else {
                XCTAssertEqual(name, "FR " + englishName, topic)
            }
            for key in ["unique_id", "state_topic", "command_topic", "payload_press", "payload_on", "payload_off",
                        "state_on", "state_off", "command_template", "availability_topic", "image_topic", "object_id",
                        "unit_of_measurement"] {
                XCTAssertEqual(config[key] as? String, before[key] as? String, "\(topic) \(key)")
            }
            XCTAssertEqual(config["options"] as? [String], before["options"] as? [String], topic)
            let device = try XCTUnwrap(config["device"] as? [String: Any])
            XCTAssertEqual(device["model"] as? String, "FR Tessera photo frame")
            XCTAssertEqual(device["name"] as? String, "Cuisine", "the owner's own name is not translated")
        }
        let next = try XCTUnwrap(translated["homeassistant/button/kitchen/next/config"])
        XCTAssertEqual(next["name"] as? String, "FR Next photo")
        XCTAssertEqual(english["homeassistant/button/kitchen/next/config"]?["name"] as? String, "Next photo")
        let photos = try XCTUnwrap(translated["homeassistant/sensor/kitchen/photos/config"])
        XCTAssertEqual(photos["unit_of_measurement"] as? String, "photos", "a measurement's unit does not follow the language")
        XCTAssertEqual(next["object_id"] as? String, "Cuisine Next photo", "the entity id is made from the English")
        XCTAssertEqual(translated["homeassistant/switch/kitchen/overlay_clock/config"]?["object_id"] as? String,
                       "Cuisine clock overlay")
        XCTAssertEqual(translated["homeassistant/switch/kitchen/overlay_clock/config"]?["name"] as? String,
                       "Superposition FR Clock")
        let nowShowing = try XCTUnwrap(translated["homeassistant/sensor/kitchen/now_showing/config"])
        let template = try XCTUnwrap(nowShowing["value_template"] as? String)
        XCTAssertTrue(template.contains(#"or 'rien d\'affiché')[:255]"#), "the quote escaped for Jinja: \(template)")
        XCTAssertTrue((english["homeassistant/sensor/kitchen/now_showing/config"]?["value_template"] as? String ?? "")
            .contains("or 'nothing')[:255]"))
        XCTAssertEqual(translated["homeassistant/switch/kitchen/overlay_house_values/config"]?["name"] as? String,
                       "Superposition FR House values")
        XCTAssertEqual(Words.book.tr("Next photo"), "Next photo", "the frame's book put back")
    }
}
