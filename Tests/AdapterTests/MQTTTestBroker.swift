import FixtureServer
import Foundation
import GalleryCore
import MosquittoKit
import XCTest

/// The tests' broker: the fixture's `LocalBroker`, with TLS and passwords.
typealias MQTTTestBroker = LocalBroker

extension LocalBroker {
    // MARK: TLS and passwords

    /// A CA and a server certificate for 127.0.0.1 (openssl, EC keys), and the listener lines that use them.
    /// Returns the CA file's path.
    func makeTLS() throws -> String {
        func openssl(_ arguments: [String]) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
            process.arguments = arguments
            process.currentDirectoryURL = folder
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw BrokerFailed(description: "openssl \(arguments.joined(separator: " ")) failed")
            }
        }
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try openssl(["req", "-x509"] + ec + ["-keyout", "ca.key", "-out", "ca.crt", "-days", "2",
                                             "-subj", "/CN=Tessera test CA"])
        try openssl(["req"] + ec + ["-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=localhost"])
        try "subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\n"
            .write(to: folder.appendingPathComponent("server.ext"), atomically: true, encoding: .utf8)
        try openssl(["x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial",
                     "-out", "server.crt", "-days", "2", "-extfile", "server.ext"])
        extraConfig += ["cafile \(folder.path)/ca.crt", "certfile \(folder.path)/server.crt",
                        "keyfile \(folder.path)/server.key"]
        return folder.appendingPathComponent("ca.crt").path
    }

    /// A password file with one user (`mosquitto_passwd -c -b`) and the line that uses it; anonymous clients refused.
    func requirePassword(user: String, password: String) throws {
        let file = folder.appendingPathComponent("passwords").path
        try run("/usr/bin/mosquitto_passwd", ["-c", "-b", file, user, password])
        allowAnonymous = false
        extraConfig.append("password_file \(file)")
    }
}

/// Messages an `MQTTClient` hears, for a test to wait on (a condition with a deadline, never a sleep).
final class HeardMessages: @unchecked Sendable {
    private let condition = NSCondition()
    private var messages: [(topic: String, payload: Data)] = []
    private var connects: [Int32] = []
    private var disconnects: [Int32] = []
    private var logLines: [String] = []
    private var publishedIDs: [Int32] = []

    func attach(to client: MQTTClient) {
        client.onMessage = { [weak self] topic, payload in self?.update { $0.messages.append((topic, payload)) } }
        client.onConnect = { [weak self] code in self?.update { $0.connects.append(code) } }
        client.onDisconnect = { [weak self] code in self?.update { $0.disconnects.append(code) } }
        client.onLog = { [weak self] line in self?.update { $0.logLines.append(line) } }
        client.onPublish = { [weak self] mid in self?.update { $0.publishedIDs.append(mid) } }
    }

    private func update(_ change: (HeardMessages) -> Void) {
        condition.lock()
        change(self)
        condition.broadcast()
        condition.unlock()
    }

    /// What was heard by a moment, for a wait's condition (which runs under the lock, so it reads this, never the
    /// recorder itself).
    struct Heard {
        let messages: [(topic: String, payload: Data)]
        let connects: [Int32]
        let disconnects: [Int32]
        let logs: [String]
        let published: [Int32]
        func payloads(on topic: String) -> [Data] { messages.filter { $0.topic == topic }.map(\.payload) }
        func count(_ topic: String, _ text: String) -> Int { payloads(on: topic).filter { $0 == Data(text.utf8) }.count }
    }

    private var now: Heard { Heard(messages: messages, connects: connects, disconnects: disconnects, logs: logLines, published: publishedIDs) }

    /// Waits until `done` holds for what was heard, or the deadline passes; whether it held.
    func wait(seconds: Double = 10, until done: (Heard) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while !done(now) {
            if !condition.wait(until: deadline) { return done(now) }
        }
        return true
    }

    var logs: [String] { condition.lock(); defer { condition.unlock() }; return logLines }

    func payloads(on topic: String) -> [Data] {
        condition.lock()
        defer { condition.unlock() }
        return now.payloads(on: topic)
    }
}

extension MQTTClient {
    /// A plain client of the test broker, listening, connected (onConnect 0 heard) with its loop running.
    static func connected(to broker: MQTTTestBroker, id: String = "test-\(UUID().uuidString.prefix(8))",
                          heard: HeardMessages, subscribe topics: [String] = []) throws -> MQTTClient {
        let client = try MQTTClient(clientID: id, cleanSession: true)
        heard.attach(to: client)
        let inner = client.onConnect
        // A probe topic of its own, subscribed last: once the probe comes back, every subscription is in place.
        let probe = "probe/\(id)"
        client.onConnect = { [unowned client] code in
            if code == 0 { for topic in topics + [probe] { _ = try? client.subscribe(topic: topic, qos: 1) } }
            inner?(code)
        }
        try client.connect(host: "127.0.0.1", port: broker.port, keepalive: 30)
        try client.startLoop()
        guard heard.wait(until: { h in h.connects.contains(0) }) else {
            throw MQTTTestBroker.BrokerFailed(description: "the test client did not connect")
        }
        try client.publish(topic: probe, payload: Data("probe".utf8), qos: 1, retain: false)
        guard heard.wait(until: { h in h.messages.contains { $0.topic == probe } }) else {
            throw MQTTTestBroker.BrokerFailed(description: "the test client's subscriptions did not take")
        }
        return client
    }

    /// Disconnects and joins the loop.
    func close() {
        try? disconnect()
        try? stopLoop(force: false)
    }
}
