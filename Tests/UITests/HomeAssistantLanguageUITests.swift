#if canImport(AppDriving)
import AppDriving
#endif
import FixtureServer
import Foundation
import SDLKit
import XCTest

/// A frame speaking German in a real Home Assistant (Home Assistant Core, `scripts/install-home-assistant`; a real
/// mosquitto; the real app under Xvfb with `--mqtt` and `--language de`): the entities' names are German, their
/// ids the English ones an automation names (`button.hall_next_photo`, as an English frame's), and the photo count's
/// unit the English one its history is kept under.
final class HomeAssistantLanguageUITests: XSessionTestCase {
    private var broker: LocalBroker!
    private var home: HomeAssistantCore!

    override func tearDown() {
        x?.killApp()
        home?.stop()
        broker?.stop(signal: SIGKILL)
        broker = nil
        home = nil
        super.tearDown()
    }

    func testTheEntityIdsStayEnglishWhenTheFrameSpeaksGerman() throws {
        guard FileManager.default.isExecutableFile(atPath: LocalBroker.executable) else { throw missing("mosquitto") }
        guard HomeAssistantCore.isInstalled else { throw missing("Home Assistant (scripts/install-home-assistant)") }
        broker = try LocalBroker()
        try broker.start()
        home = try HomeAssistantCore(folder: root + "/home-assistant")
        try home.start(brokerPort: broker.port)
        let catalogues = try CatalogueCompiler.compile(CatalogueCompiler.poFile("de"), as: "de", into: root + "/locale")
        try FileManager.default.createDirectory(atPath: root + "/photos", withIntermediateDirectories: true)
        try x.tool(["convert", "-size", "800x600", "xc:blue", root + "/photos/blue.png"])
        _ = try x.launch(["--kiosk", "--name", "Hall", "--no-cache", "--size", "800x600", "--mode", "slideshow",
                          "--interval", "3600", "--language", "de", "--mqtt", "mqtt://127.0.0.1:\(broker.port)",
                          root + "/photos"],
                         environment: ["TESSERA_CONFIG": root + "/config/config", "TESSERA_LOCALE_DIR": catalogues])

        let entities = ["button.hall_next_photo", "switch.hall_display", "sensor.hall_photos_in_the_feed",
                        "sensor.hall_now_showing", "switch.hall_captions_overlay", "image.hall_photo"]
        let discovered = try home.seconds(within: 30) {
            let states = try home.states()
            return entities.allSatisfy { states[$0] != nil }
        }
        let states = try home.states()
        XCTAssertNotNil(discovered, "entity ids in Home Assistant: \(states.keys.filter { $0.contains("hall") }.sorted())")
        func attribute(_ entity: String, _ name: String) -> String? {
            (states[entity]?["attributes"] as? [String: Any])?[name] as? String
        }
        XCTAssertEqual(attribute("button.hall_next_photo", "friendly_name"), "Hall Nächstes Foto", "the name in German")
        XCTAssertEqual(attribute("sensor.hall_photos_in_the_feed", "friendly_name"), "Hall Fotos im Feed")
        XCTAssertEqual(attribute("sensor.hall_photos_in_the_feed", "unit_of_measurement"), "photos")
        XCTAssertTrue(attribute("switch.hall_captions_overlay", "friendly_name")?.hasPrefix("Hall Einblendung ") == true,
                      attribute("switch.hall_captions_overlay", "friendly_name") ?? "no name")
    }
}
