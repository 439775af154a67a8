import Foundation
import GalleryCore
import MosquittoKit
@testable import RemoteControl
import XCTest

/// The frame on a real broker: Home Assistant's discovery, the retained state, availability and will, commands in,
/// reconnection after the broker restarts, TLS, passwords, and hostile payloads.
final class MQTTBridgeTests: MQTTBrokerTestCase {
    // MARK: What Home Assistant reads

    func testPublishesDiscoveryRetainedStateAvailabilityAndPhoto() throws {
        try broker.start()
        let control = FakeFrameControl()
        let heard = try watch()
        try startBridge(control: control)
        XCTAssertTrue(heard.wait { h in h.count("tessera/kitchen/availability", "online") == 1 })
        XCTAssertTrue(heard.wait { h in !h.payloads(on: "tessera/kitchen/photo").isEmpty })

        // As Home Assistant would find them: retained, under its prefix.
        let lines = try broker.subscribe("homeassistant/#", count: 11)
        XCTAssertEqual(lines.count, 11, lines.joined(separator: "\n"))
        var uniqueIDs = Set<String>()
        for line in lines {
            let space = try XCTUnwrap(line.firstIndex(of: " "))
            let topic = String(line[..<space])
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line[line.index(after: space)...].utf8))
                                        as? [String: Any], line)
            XCTAssertTrue(topic.hasPrefix("homeassistant/") && topic.contains("/kitchen/") && topic.hasSuffix("/config"))
            XCTAssertEqual((json["device"] as? [String: Any])?["identifiers"] as? [String], ["tessera_kitchen"])
            XCTAssertEqual(json["availability_topic"] as? String, "tessera/kitchen/availability")
            uniqueIDs.insert(try XCTUnwrap(json["unique_id"] as? String))
            for key in ["command_topic", "state_topic", "image_topic"] {
                if let value = json[key] as? String { XCTAssertTrue(value.hasPrefix("tessera/kitchen/"), value) }
            }
        }
        XCTAssertEqual(uniqueIDs.count, 11)
        XCTAssertTrue(uniqueIDs.allSatisfy { $0.hasPrefix("tessera_kitchen_") })

        XCTAssertEqual(try broker.retained("tessera/kitchen/availability"), "online")
        let state = try XCTUnwrap(try broker.retained("tessera/kitchen/state"))
        XCTAssertEqual(try JSONDecoder().decode(FrameState.self, from: Data(state.utf8)), control.state)
        XCTAssertEqual(heard.payloads(on: "tessera/kitchen/photo").last, FakeFrameControl.jpeg(for: "p1"))
    }

    /// Home Assistant's birth (`homeassistant/status` `online`, as it says when it starts) has every config
    /// published again; nothing else on that topic is a birth.
    func testHomeAssistantsBirthHasEveryConfigPublishedAgain() throws {
        try broker.start()
        let heard = try watch(["homeassistant/#"])
        try startBridge(control: FakeFrameControl())
        func configs(_ h: HeardMessages.Heard) -> [String: Int] {
            h.messages.filter { $0.topic.hasSuffix("/config") }.reduce(into: [:]) { $0[$1.topic, default: 0] += 1 }
        }
        XCTAssertTrue(heard.wait { h in configs(h).count >= 11 })
        // Right after the connection's own (the second waits out the first's second, it is not dropped).
        try broker.publish("homeassistant/status", "online")
        var seen: [String: Int] = [:]
        XCTAssertTrue(heard.wait { h in
            seen = configs(h)
            return seen.count >= 11 && seen.values.allSatisfy { $0 == 2 }
        }, "each config published again: \(seen)")
        for other in ["offline", "\u{0}online", "ONLINE", "online\n", ""] {
            XCTAssertFalse(HomeAssistantDiscovery.isBirth(Data(other.utf8)), other)
        }
    }

    func testACommandRetainedOnTheBrokerDoesNotRunAtEachSubscription() throws {
        try broker.start()
        // Someone published `next` retained: each subscription (each reconnect) would hand it over again.
        try broker.publish("tessera/kitchen/command", "next", options: ["-r"])
        let control = FakeFrameControl()
        try startBridge(control: control)
        XCTAssertEqual(try broker.retained("tessera/kitchen/availability"), "online", "subscribed by now")
        try broker.publish("tessera/kitchen/command", "previous")
        XCTAssertTrue(control.waitForCommands { $0.contains(.previousPhoto) })
        XCTAssertEqual(control.performed, [.previousPhoto], "the retained command was not run")
    }

    func testStateFollowsChangesPacedAndThePhotoFollowsItsID() throws {
        try broker.start()
        let control = FakeFrameControl()
        let heard = try watch()
        try startBridge(control: control)
        XCTAssertTrue(heard.wait { h in h.payloads(on: "tessera/kitchen/photo").count == 1 })
        let started = Date()
        for i in 1...60 {
            control.change { $0.mode = i % 2 == 0 ? "wall" : "slideshow"; $0.photos = 100 + i }
        }
        control.change { $0.photo = FakeFrameControl.sampleState(photoID: "p2").photo; $0.photos = 500 }
        let last = control.state
        XCTAssertTrue(heard.wait { h in
            h.payloads(on: "tessera/kitchen/state").last.flatMap { try? JSONDecoder().decode(FrameState.self, from: $0) } == last
        })
        let elapsed = Date().timeIntervalSince(started)
        let states = heard.payloads(on: "tessera/kitchen/state").count
        // One at connection, then no more than one a quarter second (with one for each edge of the window).
        XCTAssertLessThanOrEqual(states, 3 + Int(elapsed / 0.25), "\(states) states in \(elapsed) s")
        XCTAssertTrue(heard.wait { h in h.payloads(on: "tessera/kitchen/photo").last == FakeFrameControl.jpeg(for: "p2") })
        XCTAssertEqual(heard.payloads(on: "tessera/kitchen/photo").count, 2)
    }

    func testTwoFramesWithOneIDAreToldThatTheyThrowEachOtherOff() throws {
        try broker.start()
        // Two frames started with one id (one configuration folder copied to two machines): the broker throws the
        // first off when the second connects, and so on, every second. Each says so, in its log and its state.
        let firstLog = LogLines(), firstNotices = LogLines(), secondLog = LogLines()
        try startBridge(id: "twin", control: FakeFrameControl(), log: firstLog, notices: firstNotices)
        XCTAssertNotNil(firstLog.first { $0.contains("connected to") })
        try startBridge(id: "twin", control: FakeFrameControl(), log: secondLog)
        let words = "another frame uses the id twin"
        XCTAssertNotNil(firstLog.first(seconds: 30) { $0.contains(words) }, firstLog.all.joined(separator: "\n"))
        XCTAssertNotNil(secondLog.first(seconds: 30) { $0.contains(words) }, secondLog.all.joined(separator: "\n"))
        XCTAssertNotNil(firstNotices.first { $0.contains(words) })
        XCTAssertEqual(firstLog.all.filter { $0.contains(words) }.count, 1, "said once, not at every reconnect")
    }

    func testTwoFramesAreTwoDevices() throws {
        try broker.start()
        let kitchen = FakeFrameControl(), hall = FakeFrameControl()
        let heard = try watch()
        try startBridge(id: "kitchen", control: kitchen)
        try startBridge(id: "hall", control: hall)
        XCTAssertTrue(heard.wait { h in
            h.count("tessera/kitchen/availability", "online") == 1
                && h.count("tessera/hall/availability", "online") == 1
        })
        let lines = try broker.subscribe("homeassistant/#", count: 22)
        var devices = Set<[String]>(), uniqueIDs = Set<String>()
        for line in lines {
            let json = try XCTUnwrap(try JSONSerialization.jsonObject(
                with: Data(line[line.index(after: line.firstIndex(of: " ")!)...].utf8)) as? [String: Any])
            devices.insert(try XCTUnwrap((json["device"] as? [String: Any])?["identifiers"] as? [String]))
            uniqueIDs.insert(try XCTUnwrap(json["unique_id"] as? String))
        }
        XCTAssertEqual(devices, [["tessera_kitchen"], ["tessera_hall"]])
        XCTAssertEqual(uniqueIDs.count, 22)
        try broker.publish("tessera/hall/command", "next")
        XCTAssertTrue(hall.waitForCommands { $0 == [.nextPhoto] })
        XCTAssertEqual(kitchen.performed, [])
    }

    // MARK: Commands

    func testCommandsReachTheFrame() throws {
        try broker.start()
        let control = FakeFrameControl()
        let heard = try watch()
        try startBridge(control: control)
        XCTAssertTrue(heard.wait { h in h.count("tessera/kitchen/availability", "online") == 1 })
        try broker.publish("tessera/kitchen/command", "next")
        XCTAssertTrue(control.waitForCommands { $0 == [.nextPhoto] }, "\(control.performed)")
        try broker.publish("tessera/kitchen/display/set", "OFF")
        XCTAssertTrue(control.waitForCommands { $0.last == .setDisplay(on: false) }, "\(control.performed)")
        try broker.publish("tessera/kitchen/mode/set", "slideshow")
        XCTAssertTrue(control.waitForCommands { $0.last == .setMode(.slideshow) }, "\(control.performed)")
        try broker.publish("tessera/kitchen/command", #"{"command": "interval", "argument": 8}"#)
        XCTAssertTrue(control.waitForCommands { $0.last == .setInterval(8) }, "\(control.performed)")
        try broker.publish("tessera/kitchen/command", "quit")
        try broker.publish("tessera/kitchen/command", "previous")
        XCTAssertTrue(control.waitForCommands { $0.last == .previousPhoto }, "\(control.performed)")
        XCTAssertFalse(control.performed.contains(.quit))
    }

    func testHostilePayloadsAreDroppedAndTheBridgeCarriesOn() throws {
        try broker.start()
        let control = FakeFrameControl()
        let log = LogLines()
        // Availability alone: a recorder of every topic would keep the thousand payloads itself.
        let heard = try watch(["tessera/kitchen/availability"])
        try startBridge(control: control, log: log)
        XCTAssertTrue(heard.wait { h in h.count("tessera/kitchen/availability", "online") == 1 })
        let senderHeard = HeardMessages()
        let sender = try MQTTClient.connected(to: broker, id: "fuzzer", heard: senderHeard)
        clients.append(sender)
        let topics = FrameTopics(frameID: FrameID("kitchen")!).commandTopics
        var before = residentBytes()
        var generator = SystemRandomNumberGenerator()
        // Random bytes made once (a debug build makes them slowly), each payload a random slice of them.
        let pool = (0..<262_144).map { _ in UInt8.random(in: 0...255, using: &generator) }
        // 200 first to warm the allocators up (glibc keeps freed blocks of every thread's arena for reuse), then
        // 1,000 measured: growth after that would be a leak.
        for i in 0..<1_200 {
            if i == 200 { before = residentBytes() }
            // Never a name the vocabulary knows: too long, not UTF-8, or text that starts with what no name does.
            let size: Int
            switch i % 4 {
            case 0: size = Int.random(in: 4_097...262_144, using: &generator)
            case 1: size = Int.random(in: 1...4_096, using: &generator)
            default: size = Int.random(in: 0...64, using: &generator)
            }
            let start = Int.random(in: 0...(pool.count - size), using: &generator)
            var bytes = Array(pool[start..<start + size])
            switch i % 4 {
            case 1: bytes[0] = 0xff  // not UTF-8
            case 2: bytes = Array("zz".utf8) + bytes.map { 0x21 + $0 % 90 }  // "zz…" names nothing
            case 3: bytes = Array(#"{"command": "zz"#.utf8) + bytes.map { 0x20 + $0 % 90 }
            default: break
            }
            try sender.publish(topic: topics[i % topics.count], payload: Data(bytes), qos: 1, retain: false)
            if i % 50 == 49 {
                // In batches, so the sender's own queue (in this process too) does not count as the bridge's.
                let mark = Data(String(i).utf8)
                try sender.publish(topic: "probe/fuzzer", payload: mark, qos: 1, retain: false)
                XCTAssertTrue(senderHeard.wait(seconds: 30) { h in h.payloads(on: "probe/fuzzer").last == mark })
            }
        }
        try sender.publish(topic: "tessera/kitchen/command", payload: Data("next".utf8), qos: 1, retain: false)
        XCTAssertTrue(control.waitForCommands(seconds: 60) { !$0.isEmpty })
        XCTAssertEqual(control.performed, [.nextPhoto])
        let grown = residentBytes() - before
        XCTAssertLessThan(grown, 20 << 20, "resident memory grew by \(grown >> 20) MB")
        // Throttled: a thousand refusals make a line or two, not a thousand.
        let dropped = log.all.filter { $0.contains("dropped") }
        XCTAssertGreaterThan(dropped.count, 0)
        XCTAssertLessThan(dropped.count, 10, dropped.joined(separator: "\n"))
    }

    func residentBytes() -> Int {
        let text = (try? String(contentsOfFile: "/proc/self/statm")) ?? ""
        let pages = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    // MARK: Leaving and coming back

    func testStopSaysOfflineAndVanishingLeavesTheWill() throws {
        try broker.start()
        let heard = try watch()
        let bridge = try startBridge(control: FakeFrameControl())
        XCTAssertTrue(heard.wait { h in h.count("tessera/kitchen/availability", "online") == 1 })
        bridge.stop()
        XCTAssertTrue(heard.wait { h in h.count("tessera/kitchen/availability", "offline") == 1 })
        XCTAssertEqual(try broker.retained("tessera/kitchen/availability"), "offline")

        let again = try startBridge(control: FakeFrameControl())
        XCTAssertTrue(heard.wait { h in h.count("tessera/kitchen/availability", "online") == 2 })
        again.vanish()  // no goodbye: only the broker's will can say it
        XCTAssertTrue(heard.wait { h in h.count("tessera/kitchen/availability", "offline") == 2 })
        XCTAssertEqual(try broker.retained("tessera/kitchen/availability"), "offline")
    }

    func testCommandsSentWhileTheFrameIsAwayArriveWhenItIsBack() throws {
        try broker.start()
        let heard = try watch()
        let first = FakeFrameControl()
        let away = try startBridge(control: first)
        // Online: the broker holds the frame's session and its subscriptions.
        XCTAssertTrue(heard.wait { h in h.count("tessera/kitchen/availability", "online") == 1 })
        away.vanish()
        XCTAssertTrue(heard.wait { h in h.count("tessera/kitchen/availability", "offline") == 1 })
        // Sent while nobody is subscribed: the broker keeps them in the frame's session.
        try broker.publish("tessera/kitchen/command", "next")
        try broker.publish("tessera/kitchen/mode/set", "wall")
        let second = FakeFrameControl()
        try startBridge(control: second)
        XCTAssertTrue(second.waitForCommands { $0 == [.nextPhoto, .setMode(.wall)] }, "\(second.performed)")
        XCTAssertEqual(first.performed, [])
    }

    func testBrokerRestartReconnectsAndCommandsStillArrive() throws {
        try broker.start()
        let control = FakeFrameControl()
        let log = LogLines()
        try startBridge(control: control, log: log)
        XCTAssertEqual(try broker.retained("tessera/kitchen/availability", seconds: 10), "online")
        broker.stop()
        try broker.start()
        // Sent at once, maybe before the frame is back: the restored session keeps it.
        try broker.publish("tessera/kitchen/command", "next")
        XCTAssertTrue(control.waitForCommands(seconds: 20) { $0 == [.nextPhoto] }, "\(control.performed) \(log.all)")
        let heard = try watch()
        XCTAssertTrue(heard.wait { h in h.count("tessera/kitchen/availability", "online") >= 1 })
        XCTAssertTrue(log.all.contains { $0.contains("lost") }, "\(log.all)")
        XCTAssertEqual(log.all.filter { $0.contains("mqtt: connected") }.count, 2, "\(log.all)")
        try broker.publish("tessera/kitchen/command", "previous")
        XCTAssertTrue(control.waitForCommands { $0 == [.nextPhoto, .previousPhoto] }, "\(control.performed)")
    }

    // MARK: TLS and passwords

    func testTLSWithTheCAFile() throws {
        let ca = try broker.makeTLS()
        try broker.start()
        let control = FakeFrameControl()
        let log = LogLines()
        try startBridge(control: control, log: log, address: "mqtts://127.0.0.1:\(broker.port)", caFile: ca)
        let tls = ["--cafile", ca]
        XCTAssertEqual(try broker.retained("tessera/kitchen/availability", seconds: 10, options: tls), "online",
                       "\(log.all)")
        try broker.publish("tessera/kitchen/command", "next", options: tls)
        XCTAssertTrue(control.waitForCommands { $0 == [.nextPhoto] }, "\(log.all)")
    }

    func testPasswordIsCheckedAndAWrongOneIsLoggedWithoutShowingIt() throws {
        try broker.requirePassword(user: "frame", password: "correct horse")
        try broker.start()
        let auth = ["-u", "frame", "-P", "correct horse"]
        let wrongLog = LogLines()
        try startBridge(id: "hall", control: FakeFrameControl(), log: wrongLog,
                        address: "mqtt://frame@127.0.0.1:\(broker.port)", password: "battery staple")
        let control = FakeFrameControl()
        let log = LogLines()
        try startBridge(control: control, log: log, address: "mqtt://frame@127.0.0.1:\(broker.port)",
                        password: "correct horse")
        XCTAssertEqual(try broker.retained("tessera/kitchen/availability", seconds: 10, options: auth), "online")
        try broker.publish("tessera/kitchen/command", "next", options: auth)
        XCTAssertTrue(control.waitForCommands { $0 == [.nextPhoto] })

        let refusal = try XCTUnwrap(wrongLog.first { $0.contains("refused") }, "\(wrongLog.all)")
        XCTAssertTrue(refusal.lowercased().contains("not authori"), refusal)
        XCTAssertEqual(try broker.retained("tessera/hall/availability", seconds: 1, options: auth), nil)
        for line in wrongLog.all + log.all {
            XCTAssertFalse(line.contains("battery") || line.contains("horse"), line)
        }
    }

    // MARK: The password's and the id's sources

    func testPasswordComesFromTheFileTrimmedElseTheEnvironmentWhichIsThenCleared() throws {
        let file = broker.folder.appendingPathComponent("password")
        try "  s3cret pass\n\n".write(to: file, atomically: true, encoding: .utf8)
        setenv(MQTTPassword.environmentVariable, "from-env", 1)
        XCTAssertEqual(try MQTTPassword.read(file: file.path), "s3cret pass")
        XCTAssertNil(getenv(MQTTPassword.environmentVariable))
        setenv(MQTTPassword.environmentVariable, "from-env", 1)
        XCTAssertEqual(try MQTTPassword.read(file: nil), "from-env")
        XCTAssertNil(getenv(MQTTPassword.environmentVariable))
        XCTAssertEqual(try MQTTPassword.read(file: nil), nil)
        XCTAssertThrowsError(try MQTTPassword.read(file: broker.folder.appendingPathComponent("none").path))
    }

    func testFrameIDIsKeptInTheConfigurationFolder() throws {
        let folder = broker.folder.appendingPathComponent("config")
        let first = FrameIDFile.load(in: folder, name: "Küche")
        XCTAssertNil(first.problem)
        XCTAssertTrue(first.id.value.hasPrefix("kuche-"), first.id.value)
        XCTAssertEqual(first.id.value.count, "kuche-".count + 6)
        // Renamed later, the frame stays the same device.
        XCTAssertEqual(FrameIDFile.load(in: folder, name: "Kitchen").id, first.id)
        // Another frame given the same name (another configuration folder, here on the same machine) is another
        // device: two frames with one id throw each other off the broker.
        let twin = FrameIDFile.load(in: broker.folder.appendingPathComponent("twin"), name: "Küche").id
        XCTAssertTrue(twin.value.hasPrefix("kuche-"), twin.value)
        XCTAssertNotEqual(twin, first.id)
        let other = broker.folder.appendingPathComponent("other")
        let unnamed = FrameIDFile.load(in: other, name: nil).id
        XCTAssertTrue(unnamed.value.hasPrefix("frame-"))
        XCTAssertEqual(FrameIDFile.load(in: other, name: nil).id, unnamed)
        XCTAssertEqual(try String(contentsOf: other.appendingPathComponent("frame-id")), unnamed.value + "\n")
        // An id written by hand is the frame's.
        try "hall\n".write(to: other.appendingPathComponent("frame-id"), atomically: true, encoding: .utf8)
        XCTAssertEqual(FrameIDFile.load(in: other, name: "Kitchen").id.value, "hall")
    }
}
