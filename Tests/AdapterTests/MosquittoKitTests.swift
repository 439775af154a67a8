import Foundation
import MosquittoKit
import XCTest

/// The libmosquitto wrapper, a method at a time, against a real broker on 127.0.0.1.
final class MosquittoKitTests: XCTestCase {
    var broker: MQTTTestBroker!

    override func setUpWithError() throws {
        broker = try MQTTTestBroker()
    }

    override func tearDown() {
        broker = nil
    }

    func testNewClientWithoutAnIDCannotKeepASession() {
        XCTAssertThrowsError(try MQTTClient(clientID: "", cleanSession: false)) { error in
            XCTAssertTrue(error is MQTTError, "\(error)")
        }
        XCTAssertNoThrow(try MQTTClient(clientID: "kept", cleanSession: false, protocolVersion: .v5))
    }

    func testConnectStartLoopSubscribeAndPublishCarryTheBytes() throws {
        try broker.start()
        let heard = HeardMessages()
        let listener = try MQTTClient.connected(to: broker, heard: heard, subscribe: ["kit/#"])
        let sender = try MQTTClient.connected(to: broker, heard: HeardMessages())
        let bytes = Data([0, 1, 2, 0xff, 0xfe, 0]) + Data(repeating: 7, count: 100_000)
        let mid = try sender.publish(topic: "kit/binary", payload: bytes, qos: 1, retain: false)
        XCTAssertGreaterThan(mid, 0)
        XCTAssertTrue(heard.wait { h in h.messages.contains { $0.topic == "kit/binary" } })
        XCTAssertEqual(heard.payloads(on: "kit/binary"), [bytes])
        try sender.publish(topic: "kit/empty", payload: Data(), qos: 0, retain: false)
        XCTAssertTrue(heard.wait { h in h.messages.contains { $0.topic == "kit/empty" } })
        XCTAssertEqual(heard.payloads(on: "kit/empty"), [Data()])
        listener.close()
        sender.close()
    }

    func testRetainedMessagesReachLaterSubscribers() throws {
        try broker.start()
        let sender = try MQTTClient.connected(to: broker, heard: HeardMessages())
        try sender.publish(topic: "kit/kept", payload: Data("kept".utf8), qos: 1, retain: true)
        XCTAssertEqual(try broker.retained("kit/kept"), "kept")
        sender.close()
    }

    func testRetainedMessagesAreHeardOnlyOnTheTopicFiltersAskedForWildcardsIncluded() throws {
        try broker.start()
        try broker.publish("kit/ada/about", "ada's", options: ["-r"])
        try broker.publish("kit/ada/command", "next", options: ["-r"])
        try broker.publish("kit/value", "21.5", options: ["-r"])
        let client = try MQTTClient(clientID: "filters", cleanSession: true)
        client.hearsRetained = false
        client.retainedHeardOn = ["kit/+/about", "kit/value"]
        let heard = HeardMessages()
        heard.attach(to: client)
        client.onConnect = { [unowned client] code in if code == 0 { _ = try? client.subscribe(topic: "kit/#", qos: 1) } }
        try client.connect(host: "127.0.0.1", port: broker.port, keepalive: 30)
        try client.startLoop()
        XCTAssertTrue(heard.wait { h in h.messages.contains { $0.topic == "kit/ada/about" } }, "retained, through the wildcard")
        XCTAssertTrue(heard.wait { h in h.messages.contains { $0.topic == "kit/value" } }, "retained, by its name")
        // A message sent now on the retained command's topic comes after the retained ones would have.
        try broker.publish("kit/ada/command", "previous")
        XCTAssertTrue(heard.wait { h in h.messages.contains { $0.topic == "kit/ada/command" } })
        XCTAssertEqual(heard.payloads(on: "kit/ada/command"), [Data("previous".utf8)], "the retained command was not heard")
        client.close()

        XCTAssertTrue(MQTTClient.topic("tessera/ada/about", matches: "tessera/+/about"))
        XCTAssertTrue(MQTTClient.topic("tessera/ada/about", matches: "tessera/#"))
        XCTAssertFalse(MQTTClient.topic("tessera/ada/x/about", matches: "tessera/+/about"))
        XCTAssertFalse(MQTTClient.topic("tessera/ada/availability", matches: "tessera/+/about"))
        XCTAssertFalse(MQTTClient.topic("tessera/ada/about", matches: "a/#/b"), "a filter refused matches nothing")
    }

    func testBadTopicsAreRefusedWithLibmosquittosWords() throws {
        try broker.start()
        let client = try MQTTClient.connected(to: broker, heard: HeardMessages())
        XCTAssertThrowsError(try client.subscribe(topic: "a/#/b", qos: 1)) { error in
            let error = error as? MQTTError
            XCTAssertNotNil(error)
            XCTAssertTrue(error?.message.hasPrefix("mosquitto_subscribe: ") ?? false, error?.message ?? "")
        }
        XCTAssertThrowsError(try client.publish(topic: "a/+", payload: Data(), qos: 0, retain: false))
        XCTAssertThrowsError(try client.publish(topic: "a", payload: Data(), qos: 3, retain: false))
        client.close()
    }

    func testDisconnectIsHeardWithZeroAndEndsTheLoop() throws {
        try broker.start()
        let heard = HeardMessages()
        let client = try MQTTClient.connected(to: broker, heard: heard)
        try client.disconnect()
        XCTAssertTrue(heard.wait { h in h.disconnects == [0] })
        try client.stopLoop(force: false)
        // Once stopped, there is no loop to stop.
        XCTAssertThrowsError(try client.stopLoop(force: false))
    }

    func testWillIsPublishedWhenTheClientVanishes() throws {
        try broker.start()
        let heard = HeardMessages()
        let watcher = try MQTTClient.connected(to: broker, heard: heard, subscribe: ["kit/will"])
        var client: MQTTClient? = try MQTTClient(clientID: "vanishing", cleanSession: true)
        try client?.setWill(topic: "kit/will", payload: Data("gone".utf8), qos: 1, retain: false)
        let connected = HeardMessages()
        connected.attach(to: client!)
        try client?.connect(host: "127.0.0.1", port: broker.port, keepalive: 30)
        try client?.startLoop()
        XCTAssertTrue(connected.wait { h in h.connects == [0] })
        XCTAssertEqual(heard.payloads(on: "kit/will"), [])
        // As a crash: the connection ends without DISCONNECT.
        client?.vanish()
        client = nil
        XCTAssertTrue(heard.wait { h in h.messages.contains { $0.topic == "kit/will" } })
        XCTAssertEqual(heard.payloads(on: "kit/will"), [Data("gone".utf8)])
        watcher.close()
    }

    func testCleanDisconnectDiscardsTheWill() throws {
        try broker.start()
        let heard = HeardMessages()
        let watcher = try MQTTClient.connected(to: broker, heard: heard, subscribe: ["kit/will", "kit/after"])
        let client = try MQTTClient(clientID: "leaving", cleanSession: true)
        try client.setWill(topic: "kit/will", payload: Data("gone".utf8), qos: 1, retain: false)
        let mine = HeardMessages()
        mine.attach(to: client)
        try client.connect(host: "127.0.0.1", port: broker.port, keepalive: 30)
        try client.startLoop()
        XCTAssertTrue(mine.wait { h in h.connects == [0] })
        let mid = try client.publish(topic: "kit/after", payload: Data("bye".utf8), qos: 1, retain: false)
        // Acknowledged first (onPublish): libmosquitto 2.0.11 can close the socket before the DISCONNECT is written
        // when `disconnect` on another thread meets the loop reading a packet (the broker then publishes the will).
        XCTAssertTrue(mine.wait { h in h.published.contains(mid) })
        try client.disconnect()
        XCTAssertTrue(mine.wait { h in h.disconnects == [0] })
        try client.stopLoop(force: false)
        // The message sent before DISCONNECT arrives; a marker after it proves no will came in between.
        XCTAssertTrue(heard.wait { h in h.messages.contains { $0.topic == "kit/after" } })
        try watcher.publish(topic: "kit/after", payload: Data("marker".utf8), qos: 1, retain: false)
        XCTAssertTrue(heard.wait { h in h.payloads(on: "kit/after").count == 2 })
        XCTAssertEqual(heard.payloads(on: "kit/will"), [], broker.logText)
        watcher.close()
    }

    func testCredentialsAreCheckedByTheBroker() throws {
        try broker.requirePassword(user: "frame", password: "right horse")
        try broker.start()
        for (password, expected) in [("right horse", Int32(0)), ("wrong", 5)] {
            let client = try MQTTClient(clientID: "creds-\(expected)", cleanSession: true)
            try client.setCredentials(user: "frame", password: password)
            let heard = HeardMessages()
            heard.attach(to: client)
            try client.connect(host: "127.0.0.1", port: broker.port, keepalive: 30)
            try client.startLoop()
            XCTAssertTrue(heard.wait { h in !h.connects.isEmpty })
            XCTAssertTrue(heard.wait { h in h.connects.first == expected }, password)
            if expected != 0 {
                XCTAssertTrue(MQTTError.refusal(for: expected).lowercased().contains("not authori"),
                              MQTTError.refusal(for: expected))
            }
            try? client.disconnect()
            try client.stopLoop(force: false)
        }
    }

    func testTLSChecksTheBrokerAgainstTheCAFile() throws {
        let ca = try broker.makeTLS()
        try broker.start()
        let trusted = try MQTTClient(clientID: "tls-ca", cleanSession: true)
        try trusted.setTLS(caFile: ca)
        let heard = HeardMessages()
        heard.attach(to: trusted)
        try trusted.connect(host: "127.0.0.1", port: broker.port, keepalive: 30)
        try trusted.startLoop()
        XCTAssertTrue(heard.wait { h in h.connects == [0] }, "\(heard.logs) \(broker.logText)")
        trusted.close()

        // Against the system's certificates, the test CA's broker is not trusted: the handshake fails.
        let untrusting = try MQTTClient(clientID: "tls-system", cleanSession: true)
        try untrusting.setTLS(caFile: nil)
        let refused = HeardMessages()
        refused.attach(to: untrusting)
        try? untrusting.connect(host: "127.0.0.1", port: broker.port, keepalive: 30)
        try untrusting.startLoop()
        XCTAssertTrue(refused.wait { h in !h.disconnects.isEmpty || !h.logs.isEmpty }, "\(refused.logs)")
        XCTAssertTrue(refused.wait(seconds: 0) { h in !h.connects.contains(0) })
        XCTAssertTrue(refused.logs.contains { $0.lowercased().contains("certificate verify failed") }, "\(refused.logs)")
        // Disconnected, the loop ends at once (if libmosquitto has not already given up after the failed handshake).
        try? untrusting.disconnect()
        try untrusting.stopLoop(force: false)

        XCTAssertThrowsError(try MQTTClient(clientID: "tls-missing", cleanSession: true)
            .setTLS(caFile: broker.folder.appendingPathComponent("missing.crt").path))
    }

    func testReconnectsByItselfAfterTheBrokerRestarts() throws {
        try broker.start()
        let client = try MQTTClient(clientID: "returning", cleanSession: true)
        try client.setReconnectDelay(min: 1, max: 2, exponential: false)
        let heard = HeardMessages()
        heard.attach(to: client)
        try client.connect(host: "127.0.0.1", port: broker.port, keepalive: 30)
        try client.startLoop()
        XCTAssertTrue(heard.wait { h in h.connects == [0] })
        broker.stop()
        XCTAssertTrue(heard.wait { h in h.disconnects.count == 1 && h.disconnects[0] != 0 })
        try broker.start()
        XCTAssertTrue(heard.wait(seconds: 15) { h in h.connects == [0, 0] })
        client.close()
    }

    func testConnectingToNobodyThrowsAndReconnectTriesAgain() throws {
        let client = try MQTTClient(clientID: "early", cleanSession: true)
        try client.setReconnectDelay(min: 1, max: 1, exponential: false)
        let heard = HeardMessages()
        heard.attach(to: client)
        XCTAssertThrowsError(try client.connect(host: "127.0.0.1", port: broker.port, keepalive: 30)) { error in
            XCTAssertEqual((error as? MQTTError)?.isConnectionProblem, true, "\(error)")
        }
        try client.startLoop()
        try broker.start()
        try client.reconnect()
        XCTAssertTrue(heard.wait { h in h.connects.contains(0) }, "\(heard.logs)")
        client.close()
    }
}
