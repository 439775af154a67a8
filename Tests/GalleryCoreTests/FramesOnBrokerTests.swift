import Foundation
import GalleryCore
import XCTest

/// The other frames heard on the MQTT broker: abouts and availabilities in any order, the frame itself left out,
/// hostile messages refused with bounded memory.
final class FramesOnBrokerTests: XCTestCase {
    private func about(_ id: String, _ name: String, url: String? = "http://192.168.1.5:8080/") -> Data {
        FrameAbout.payload(id: FrameID(id)!, name: name, url: url, version: "0.2.0")
    }

    private let bea = FrameSeen(id: "bea", name: "Bea", url: "http://192.168.1.5:8080/", version: "0.2.0", via: ["mqtt"])

    func testAnAboutIsSeenUntilTheFrameIsOfflineAndAgainWhenItIsBack() {
        var broker = FramesOnBroker(ownID: "ada")
        XCTAssertEqual(broker.heard(topic: "tessera/bea/about", payload: about("bea", "Bea")), .saw(bea))
        XCTAssertNil(broker.heard(topic: "tessera/bea/about", payload: about("bea", "Bea")), "the same again: nothing new")
        XCTAssertNil(broker.heard(topic: "tessera/bea/availability", payload: Data("online".utf8)))
        XCTAssertEqual(broker.heard(topic: "tessera/bea/availability", payload: Data("offline".utf8)), .lost(id: "bea"))
        XCTAssertNil(broker.heard(topic: "tessera/bea/availability", payload: Data("offline".utf8)))
        XCTAssertEqual(broker.heard(topic: "tessera/bea/availability", payload: Data("online".utf8)), .saw(bea))
        // Renamed: seen again with its new name.
        var renamed = bea
        renamed.name = "Bea's hall"
        XCTAssertEqual(broker.heard(topic: "tessera/bea/about", payload: about("bea", "Bea's hall")), .saw(renamed))
        // Its retained about emptied: gone.
        XCTAssertEqual(broker.heard(topic: "tessera/bea/about", payload: Data()), .lost(id: "bea"))
        XCTAssertEqual(broker.count, 0, "nothing kept of it")
    }

    func testAnOfflineHeardBeforeTheAboutKeepsTheFrameOutOfTheList() {
        var broker = FramesOnBroker(ownID: "ada")
        // Retained messages come in any order.
        XCTAssertNil(broker.heard(topic: "tessera/bea/availability", payload: Data("offline".utf8)))
        XCTAssertNil(broker.heard(topic: "tessera/bea/about", payload: about("bea", "Bea")), "offline: not listed")
        XCTAssertEqual(broker.heard(topic: "tessera/bea/availability", payload: Data("online".utf8)), .saw(bea))
        broker.forget()
        XCTAssertEqual(broker.count, 0)
        XCTAssertEqual(broker.heard(topic: "tessera/bea/about", payload: about("bea", "Bea")), .saw(bea), "told again")
    }

    func testItselfIsLeftOutAndOtherTopicsAreNotItsBusiness() {
        var broker = FramesOnBroker(ownID: "ada")
        XCTAssertNil(broker.heard(topic: "tessera/ada/about", payload: about("ada", "Ada")))
        XCTAssertNil(broker.heard(topic: "tessera/ada/availability", payload: Data("online".utf8)))
        XCTAssertNil(broker.heard(topic: "tessera/bea/state", payload: Data("{}".utf8)))
        XCTAssertNil(broker.heard(topic: "tessera/bea/about/x", payload: about("bea", "Bea")))
        XCTAssertEqual(broker.count, 0)
        XCTAssertTrue(FramesOnBroker.concerns(topic: "tessera/bea/about"))
        XCTAssertTrue(FramesOnBroker.concerns(topic: "tessera/bea/availability"))
        XCTAssertFalse(FramesOnBroker.concerns(topic: "tessera/bea/command"))
        XCTAssertFalse(FramesOnBroker.concerns(topic: "homeassistant/bea/about"))
        XCTAssertEqual(FramesOnBroker.subscriptions, ["tessera/+/about", "tessera/+/availability"])
    }

    func testHostileMessagesAreRefusedAndNeverKept() {
        var broker = FramesOnBroker(ownID: "ada")
        func refused(_ topic: String, _ payload: Data, _ why: String) {
            guard case .refused = broker.heard(topic: topic, payload: payload) else { return XCTFail(why) }
        }
        refused("tessera/bea/about", Data(repeating: 0x7B, count: 60_000), "huge")
        refused("tessera/bea/about", Data("not json at all".utf8), "not JSON")
        refused("tessera/bea/about", Data(#"["bea"]"#.utf8), "not an object")
        refused("tessera/bea/about", about("cid", "Cid"), "another frame's about on bea's topic")
        refused("tessera/Not An Id!/about", about("bea", "Bea"), "not a frame id")
        refused("tessera/bea/availability", Data("maybe".utf8), "neither online nor offline")
        XCTAssertEqual(broker.count, 0)
        // A url that is not a web address: the frame is listed, without a link.
        let script = Data(#"{"id": "bea", "name": "Bea", "url": "javascript:alert(1)", "version": "0.2.0"}"#.utf8)
        XCTAssertEqual(broker.heard(topic: "tessera/bea/about", payload: script),
                       .saw(FrameSeen(id: "bea", name: "Bea", url: nil, version: "0.2.0", via: ["mqtt"])))
        let file = Data(#"{"id": "bea", "name": "Bea", "url": "file:///etc/passwd"}"#.utf8)
        XCTAssertNil(FrameAbout.frame(topic: "tessera/bea/about", payload: file)?.url)
    }

    func testAHostileTopicIsCleanedAndCutBeforeItIsSaid() throws {
        var broker = FramesOnBroker(ownID: "ada")
        // A 64 KB topic with a terminal's escapes (retitle, clear) and a bidirectional override in its frame id.
        let topic = "tessera/\u{1B}]0;owned\u{7}\u{1B}[2J\u{202E}" + String(repeating: "x\u{1B}", count: 32_000) + "/about"
        guard case .refused(let why)? = broker.heard(topic: topic, payload: about("bea", "Bea")) else {
            return XCTFail("not a frame id")
        }
        XCTAssertFalse(why.unicodeScalars.contains(where: ExternalText.isForbidden), why.debugDescription)
        XCTAssertLessThanOrEqual(why.count, 40 + FrameTopics.maxLoggedTopicCharacters)
        XCTAssertTrue(why.hasPrefix("not a frame id in tessera/]0;owned[2Jxxx"), why)
        let said = FrameTopics.loggable("tessera/\u{0}bea\u{9B}/about")
        XCTAssertEqual(said, "tessera/bea/about")
    }

    func testTenThousandStrangersCostBoundedMemoryAndTheListStaysCapped() {
        var broker = FramesOnBroker(ownID: "ada")
        let seen = SeenFrames()
        seen.ownID = "ada"
        var refusals = 0
        for index in 0..<10_000 {
            let id = "f\(index)"
            switch broker.heard(topic: "tessera/\(id)/about", payload: about(id, "F \(index)")) {
            case .saw(let frame): seen.saw(frame, way: .mqtt, key: frame.id)
            case .refused: refusals += 1
            default: XCTFail("\(id)")
            }
        }
        XCTAssertEqual(broker.count, FramesOnBroker.maxFrames)
        XCTAssertEqual(refusals, 10_000 - FramesOnBroker.maxFrames)
        XCTAssertEqual(seen.list().count, FrameSightings.maxPerWay, "the list is capped")
        // Ten thousand offline availabilities of strangers: bounded too.
        var more = FramesOnBroker(ownID: "ada")
        for index in 0..<10_000 { _ = more.heard(topic: "tessera/g\(index)/availability", payload: Data("offline".utf8)) }
        XCTAssertEqual(more.count, FramesOnBroker.maxFrames)
    }
}
