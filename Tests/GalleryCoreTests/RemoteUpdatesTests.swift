import Foundation
@testable import GalleryCore
import XCTest

/// What reaches the remotes and when: a change inside the pacer's gap is postponed, never dropped; commands that
/// need photos wait for them; a client id used twice is told; Home Assistant's new entities and their templates.
final class RemoteUpdatesTests: XCTestCase {
    // MARK: UpdatePacer

    func testAChangeInsideTheGapIsPostponedToTheGapsEndNotDropped() {
        var pacer = UpdatePacer(minimumGap: 0.25)
        XCTAssertEqual(pacer.changed(now: 10), .sendNow)
        pacer.sent(at: 10)
        // The display switched 0.1 s after the last state: it goes at 10.25, not at the next change (maybe minutes).
        guard case .sendAfter(let wait) = pacer.changed(now: 10.1) else { return XCTFail("dropped") }
        XCTAssertEqual(wait, 0.15, accuracy: 1e-9)
        XCTAssertEqual(pacer.postponedUntil ?? 0, 10.25, accuracy: 1e-9)
        // More changes before then ride on the same timer.
        XCTAssertEqual(pacer.changed(now: 10.2), .alreadyPostponed)
        XCTAssertTrue(pacer.due(), "the timer's send is still to do")
        pacer.sent(at: 10.25)
        XCTAssertNil(pacer.postponedUntil)
        XCTAssertEqual(pacer.changed(now: 10.6), .sendNow)
    }

    func testEveryChangeIsSentWithinTheGapAtAnyRate() {
        // Changes at random moments over 10 s: each is sent (by itself or by a later send) within the gap of its
        // coming, and no two sends are closer than the gap.
        var pacer = UpdatePacer(minimumGap: 0.25)
        var generator = SeededGenerator(seed: 7)
        var timer: Double?
        var sends: [Double] = []
        var unsent: [Double] = []
        var lateness: [Double] = []
        func send(at t: Double) {
            pacer.sent(at: t)
            sends.append(t)
            lateness += unsent.map { t - $0 }
            unsent = []
        }
        var t = 0.0
        while t < 10 {
            t += Double.random(in: 0.001...0.4, using: &generator)
            if let due = timer, due <= t {
                timer = nil
                if pacer.due() { send(at: due) }
            }
            unsent.append(t)
            switch pacer.changed(now: t) {
            case .sendNow: send(at: t)
            case .sendAfter(let wait): timer = t + wait
            case .alreadyPostponed: XCTAssertNotNil(timer)
            }
        }
        if let due = timer, pacer.due() { send(at: due) }
        XCTAssertTrue(unsent.isEmpty)
        XCTAssertLessThanOrEqual(lateness.max() ?? 0, 0.25 + 1e-9)
        for (a, b) in zip(sends, sends.dropFirst()) { XCTAssertGreaterThanOrEqual(b - a, 0.25 - 1e-9) }
    }

    func testATimerThatNeverFiredDoesNotHoldLaterChangesBack() {
        var pacer = UpdatePacer(minimumGap: 0.25)
        pacer.sent(at: 0)
        XCTAssertEqual(pacer.changed(now: 0.1), .sendAfter(0.15))
        // Its wake-up lost: a change a second later still goes.
        XCTAssertEqual(pacer.changed(now: 1.1), .sendNow)
    }

    // MARK: HeldCommands

    func testCommandsThatNeedPhotosWaitForTheFeedThenRunInOrder() {
        var held = HeldCommands<String>(limit: 30, capacity: 2)
        XCTAssertTrue(HeldCommands<String>.needsPhotos(.nextPhoto))
        XCTAssertTrue(HeldCommands<String>.needsPhotos(.openPhoto(id: "7")))
        XCTAssertFalse(HeldCommands<String>.needsPhotos(.setDisplay(on: false)))
        XCTAssertTrue(held.hold(.nextPhoto, now: 0, reply: "a"))
        XCTAssertTrue(held.hold(.previousPhoto, now: 1, reply: "b"))
        XCTAssertFalse(held.hold(.nextPhoto, now: 1, reply: "c"), "bounded")
        XCTAssertEqual(held.nextDeadline, 30)
        var (ready, expired) = held.release(feedHasPhotos: false, now: 5)
        XCTAssertTrue(ready.isEmpty && expired.isEmpty)
        (ready, expired) = held.release(feedHasPhotos: true, now: 6)
        XCTAssertEqual(ready.map(\.reply), ["a", "b"])
        XCTAssertEqual(ready.map(\.command), [.nextPhoto, .previousPhoto])
        XCTAssertTrue(held.isEmpty)
    }

    func testACommandWaitsNoLongerThanItsLimit() {
        var held = HeldCommands<Int>(limit: 30)
        _ = held.hold(.nextPhoto, now: 0, reply: 1)
        _ = held.hold(.nextPhoto, now: 20, reply: 2)
        let (ready, expired) = held.release(feedHasPhotos: false, now: 30)
        XCTAssertTrue(ready.isEmpty)
        XCTAssertEqual(expired.map(\.reply), [1])
        XCTAssertEqual(held.nextDeadline, 50)
    }

    // MARK: ClientIDClash

    func testConnectionsLostRightAfterTheyAreMadeAreAClashSaidOnce() {
        var clash = ClientIDClash(soon: 5, inARow: 3, settled: 60)
        var said = 0
        var t = 0.0
        for _ in 0..<10 {
            clash.connected(at: t)
            t += 1  // thrown off a second later, again and again
            if clash.lost(at: t) { said += 1 }
            t += 0.5
        }
        XCTAssertEqual(said, 1)
        XCTAssertTrue(clash.clashing)
        // The other frame gone: a connection that holds a minute ends it.
        clash.connected(at: t)
        XCTAssertFalse(clash.check(at: t + 30))
        XCTAssertTrue(clash.check(at: t + 61))
        XCTAssertFalse(clash.clashing)
        XCTAssertTrue(ClientIDClash.words(id: FrameID("hall")!).contains("another frame uses the id hall"))
    }

    func testAFlakyBrokerIsNoClash() {
        var clash = ClientIDClash(soon: 5, inARow: 3, settled: 60)
        var t = 0.0
        for lifetime in [1.0, 2, 300, 1, 4, 120, 1, 1] {
            clash.connected(at: t)
            t += lifetime
            XCTAssertFalse(clash.lost(at: t))
            t += 1
        }
        XCTAssertFalse(clash.clashing)
    }

    // MARK: FrameID

    func testANewFramesIDIsItsNameAndWhereItRuns() {
        let hall = FrameID.made(name: "Hall", place: "machine-a\n/home/pi/.config/tessera")
        XCTAssertTrue(hall.value.hasPrefix("hall-"), hall.value)
        XCTAssertEqual(hall.value.count, 11)
        XCTAssertEqual(FrameID.made(name: "Hall", place: "machine-a\n/home/pi/.config/tessera"), hall, "the same again")
        XCTAssertNotEqual(FrameID.made(name: "Hall", place: "machine-a\n/home/pi/.config/tessera-2"), hall)
        XCTAssertNotEqual(FrameID.made(name: "Hall", place: "machine-b\n/home/pi/.config/tessera"), hall)
        XCTAssertTrue(FrameID.made(name: "★", place: "x").value.hasPrefix("frame-"))
        XCTAssertNotNil(FrameID(FrameID.made(name: String(repeating: "x", count: 200), place: "x").value))
        // Stable across runs and machines (not Swift's seeded Hasher).
        XCTAssertEqual(FrameID.fnv1a(Array("a".utf8)), 0xaf63_dc4c_8601_ec8c)
    }

    // MARK: Home Assistant's entities

    let discovery = HomeAssistantDiscovery(frameID: FrameID("hall")!, deviceName: "Hall", version: "1.0",
                                           sources: ["folders", "demo", "picsum"],
                                           configurationURL: "http://frame.local:8321/")

    func config(_ component: String, _ object: String) throws -> [String: Any] {
        let config = try XCTUnwrap(discovery.configs.first { $0.topic == "homeassistant/\(component)/hall/\(object)/config" },
                                   "no \(component) \(object)")
        return try XCTUnwrap(JSONSerialization.jsonObject(with: config.payload) as? [String: Any])
    }

    func testTheDeviceLinksTheRemotePage() throws {
        let device = try XCTUnwrap(try config("button", "next")["device"] as? [String: Any])
        XCTAssertEqual(device["configuration_url"] as? String, "http://frame.local:8321/")
        let none = HomeAssistantDiscovery(frameID: FrameID("hall")!, deviceName: "Hall", version: "1.0")
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: none.configs[0].payload) as? [String: Any])
        XCTAssertNil((json["device"] as? [String: Any])?["configuration_url"], "no page without --remote")
    }

    func testPicframesEntitiesSendTheVocabularysCommands() throws {
        let topics = discovery.topics
        func parsed(_ payload: String) -> Command? {
            try? MQTTCommand.parse(topic: topics.command, payload: Data(payload.utf8), topics: topics).get()
        }
        let pause = try config("switch", "pause")
        XCTAssertEqual(pause["command_topic"] as? String, topics.command)
        XCTAssertEqual(parsed(try XCTUnwrap(pause["payload_on"] as? String)), .setPaused(true))
        XCTAssertEqual(parsed(try XCTUnwrap(pause["payload_off"] as? String)), .setPaused(false))
        let interval = try config("number", "interval")
        let template = try XCTUnwrap(interval["command_template"] as? String)
        XCTAssertEqual(parsed(template.replacingOccurrences(of: "{{ value }}", with: "12.0")), .setInterval(12))
        XCTAssertEqual(interval["min"] as? Int, Int(CommandNames.intervalRange.lowerBound))
        XCTAssertEqual(interval["max"] as? Int, Int(CommandNames.intervalRange.upperBound))
        let source = try config("select", "source")
        XCTAssertEqual(source["options"] as? [String], ["folders", "demo", "picsum"])
        let sourceTemplate = try XCTUnwrap(source["command_template"] as? String)
        XCTAssertEqual(parsed(sourceTemplate.replacingOccurrences(of: "{{ value }}", with: "picsum")),
                       .useSource("picsum", album: nil))
        let reload = try config("button", "reload")
        XCTAssertEqual(parsed(try XCTUnwrap(reload["payload_press"] as? String)), .reload)
        let online = try config("binary_sensor", "online")
        XCTAssertEqual(online["device_class"] as? String, "connectivity")
        XCTAssertEqual(online["entity_category"] as? String, "diagnostic")
        XCTAssertEqual(try config("sensor", "photos")["entity_category"] as? String, "diagnostic")
        XCTAssertNil(try config("button", "next")["entity_category"], "the buttons are the frame's controls")
    }

    func testNoTemplateReadsAFieldThatMayBeMissingWithoutAFallback() throws {
        // `value_json.caption` on a state without a caption is a warning in Home Assistant's log at every message;
        // `value_json.get('caption')` is not. (The Home Assistant UI test renders them with its own engine.)
        let bare = try NSRegularExpression(pattern: #"(value_json|\bp)\.(?!get\()[a-z_]+"#)
        for config in discovery.configs {
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: config.payload) as? [String: Any])
            for (key, value) in json where key.hasSuffix("template") {
                let text = try XCTUnwrap(value as? String)
                let range = NSRange(text.startIndex..., in: text)
                XCTAssertNil(bare.firstMatch(in: text, range: range), "\(config.topic) \(key): \(text)")
            }
        }
    }

    func testThePhotosDateAndPlaceAreInTheState() throws {
        XCTAssertEqual(FrameState.isoDate(1_717_250_602), "2024-06-01T14:03:22")
        var photo = FrameState.PhotoShown(id: "1", author: "Ann", caption: nil, width: 1, height: 1, kind: "photo",
                                          index: 0)
        photo.date = "2024-06-01T14:03:22"
        photo.place = "Lisbon"
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(photo)) as? [String: Any])
        XCTAssertEqual(json["date"] as? String, "2024-06-01T14:03:22")
        XCTAssertEqual(json["place"] as? String, "Lisbon")
    }
}

/// A small seeded generator (SplitMix64), so a randomized test is the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
