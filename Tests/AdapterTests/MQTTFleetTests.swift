import Foundation
import GalleryCore
import MosquittoKit
@testable import RemoteControl
import XCTest

/// Frames that see each other through the broker (issue 42): each bridge publishes its retained `about` and hears
/// the others' (and their availability) into its `SeenFrames`; a frame gone offline is no longer listed; a broker
/// full of hostile `about` messages costs bounded memory and the bridge carries on.
final class MQTTFleetTests: MQTTBrokerTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try broker.start()
    }

    /// `seen`'s list once `done` holds for it (deadline 10 s), else the last one.
    func list(_ seen: SeenFrames, until done: ([FrameSeen]) -> Bool) -> [FrameSeen] {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let frames = seen.list()
            if done(frames) { return frames }
            usleep(20_000)  // polling the list, with a deadline
        }
        return seen.list()
    }

    func testTwoFramesSeeEachOtherAndOneThatGoesIsNoLongerListed() throws {
        let adaSeen = SeenFrames(), beaSeen = SeenFrames()
        try startBridge(id: "ada", url: "http://127.0.0.1:8081/", seen: adaSeen)
        let bea = try startBridge(id: "bea", url: nil, seen: beaSeen)

        // Each publishes its about, retained.
        let about = try XCTUnwrap(try broker.retained("tessera/ada/about"))
        XCTAssertEqual(try JSONSerialization.jsonObject(with: Data(about.utf8)) as? [String: String],
                       ["id": "ada", "name": "Frame ada", "url": "http://127.0.0.1:8081/", "version": "9.9"])

        let adaSaw = list(adaSeen) { $0.map(\.id) == ["bea"] }
        XCTAssertEqual(adaSaw, [FrameSeen(id: "bea", name: "Frame bea", url: nil, version: "9.9", via: ["mqtt"])],
                       "bea, without a remote, and not ada herself")
        XCTAssertEqual(list(beaSeen) { $0.map(\.id) == ["ada"] },
                       [FrameSeen(id: "ada", name: "Frame ada", url: "http://127.0.0.1:8081/", version: "9.9", via: ["mqtt"])])

        // Bea goes (its availability offline): no longer listed, though its about stays retained.
        bea.stop()
        XCTAssertEqual(list(adaSeen) { $0.isEmpty }, [])
        XCTAssertNotNil(try broker.retained("tessera/bea/about"))
    }

    func testAFrameSeenBothWaysIsOneEntryAndItsAvailabilityDecides() throws {
        let seen = SeenFrames()
        // Cid seen on the network by mDNS too.
        seen.saw(FrameSeen(id: "cid", name: "Cid", url: "http://192.168.1.7:8080/", version: "9.9", via: ["mdns"]),
                 way: .mdns, key: "2/0/Cid")
        try broker.publish("tessera/cid/about",
                           #"{"id":"cid","name":"Cid","url":"http://cid.example:8080/","version":"9.9"}"#, options: ["-r"])
        try broker.publish("tessera/cid/availability", "online", options: ["-r"])
        try startBridge(id: "ada", url: nil, seen: seen)
        let both = list(seen) { $0.first?.via == ["mdns", "mqtt"] }
        XCTAssertEqual(both, [FrameSeen(id: "cid", name: "Cid", url: "http://192.168.1.7:8080/", version: "9.9",
                                        via: ["mdns", "mqtt"])], "one entry, the best address, both ways")
        try broker.publish("tessera/cid/availability", "offline", options: ["-r"])
        XCTAssertEqual(list(seen) { $0.first?.via == ["mdns"] }.first?.via, ["mdns"], "still on the network")
    }

    func testARetainedOfflineFrameIsNotListedAtStart() throws {
        try broker.publish("tessera/old/about", #"{"id":"old","name":"Old"}"#, options: ["-r"])
        try broker.publish("tessera/old/availability", "offline", options: ["-r"])
        try broker.publish("tessera/new/about", #"{"id":"new","name":"New"}"#, options: ["-r"])
        let seen = SeenFrames()
        try startBridge(id: "ada", url: nil, seen: seen)
        XCTAssertEqual(list(seen) { !$0.isEmpty }.map(\.id), ["new"])
    }

    func testHostileAboutsAreBoundedAndTheBridgeCarriesOn() throws {
        let seen = SeenFrames()
        let control = FakeFrameControl(), log = LogLines()
        try startBridge(id: "ada", control: control, log: log, url: nil, seen: seen)
        XCTAssertEqual(try broker.retained("tessera/ada/availability"), "online", "subscribed by now")
        let heard = HeardMessages()
        let sender = try MQTTClient.connected(to: broker, heard: heard)
        clients.append(sender)
        let id = FrameID("bea")!
        try sender.publish(topic: "tessera/bea/about", payload: Data(repeating: 0x7B, count: 200_000), qos: 0, retain: false)
        try sender.publish(topic: "tessera/bea/about", payload: Data([0xFF, 0xFE, 0, 1]), qos: 0, retain: false)
        try sender.publish(topic: "tessera/bea/about", payload: Data("[]".utf8), qos: 0, retain: false)
        try sender.publish(topic: "tessera/bea/about",
                           payload: FrameAbout.payload(id: id, name: "Bea", url: "javascript:alert(1)", version: "1"),
                           qos: 0, retain: false)
        XCTAssertEqual(list(seen) { !$0.isEmpty }, [FrameSeen(id: "bea", name: "Bea", url: nil, version: "1", via: ["mqtt"])],
                       "listed without the address that is not a web one")
        for index in 0..<10_000 {
            let other = FrameID("f\(index)")!
            try sender.publish(topic: "tessera/f\(index)/about",
                               payload: FrameAbout.payload(id: other, name: "F", url: nil, version: "1"), qos: 0, retain: false)
        }
        XCTAssertEqual(list(seen) { $0.count == FrameSightings.maxPerWay }.count, FrameSightings.maxPerWay, "capped")
        // The bridge still takes commands.
        try broker.publish("tessera/ada/command", "next")
        XCTAssertTrue(control.waitForCommands { $0 == [.nextPhoto] })
        XCTAssertNotNil(log.first { $0.contains("not a frame's about") }, log.all.joined(separator: "\n"))
    }
}
