import Foundation
import GalleryCore
import MosquittoKit
import XCTest

/// A real `mosquitto` on 127.0.0.1 for one test: a free port, a configuration written into the test's own folder,
/// persistence there too (so a restart keeps retained messages and sessions), stopped and removed at the end.
final class MQTTTestBroker {
    static let executable = "/usr/sbin/mosquitto"

    let folder: URL
    let port: Int
    /// Lines added to the listener's configuration (TLS files, a password file).
    var extraConfig: [String]
    var allowAnonymous: Bool
    private var process: Process?

    init(extraConfig: [String] = [], allowAnonymous: Bool = true) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-mqtt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        port = try MQTTTestBroker.freePort()
        self.extraConfig = extraConfig
        self.allowAnonymous = allowAnonymous
    }

    deinit {
        stop(signal: SIGKILL)
        try? FileManager.default.removeItem(at: folder)
    }

    var logText: String { (try? String(contentsOf: folder.appendingPathComponent("mosquitto.log"))) ?? "" }

    /// Starts the broker and returns once its port takes connections.
    func start() throws {
        let config = [
            "listener \(port) 127.0.0.1",
            "allow_anonymous \(allowAnonymous)",
            "persistence true",
            "persistence_location \(folder.path)/",
            // Run as root (a container's tests), mosquitto would otherwise switch to a user that cannot write here.
            "user root",
            "log_dest file \(folder.path)/mosquitto.log",
            "log_type all",
        ] + extraConfig
        let file = folder.appendingPathComponent("mosquitto.conf")
        try config.joined(separator: "\n").appending("\n").write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: MQTTTestBroker.executable)
        process.arguments = ["-c", file.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        let deadline = Date().addingTimeInterval(10)
        while !MQTTTestBroker.accepts(port: port) {
            guard process.isRunning, Date() < deadline else {
                throw BrokerFailed(description: "mosquitto did not start: \(logText)")
            }
            usleep(20_000)  // polling the port, with a deadline
        }
    }

    /// Stops the broker (SIGTERM: it saves its store first) and waits for it to exit.
    func stop(signal: Int32 = SIGTERM) {
        guard let process, process.isRunning else { return }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        self.process = nil
    }

    struct BrokerFailed: Error, CustomStringConvertible { let description: String }

    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw BrokerFailed(description: "socket") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic -> Int32 in
                guard bind(fd, generic, length) == 0 else { return -1 }
                return getsockname(fd, generic, &length)
            }
        }
        guard bound == 0 else { throw BrokerFailed(description: "bind") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    // MARK: The command-line clients, as an outsider (Home Assistant, a script) would talk to the broker.

    /// `mosquitto_sub … -v -W seconds -C count`: up to `count` messages as "topic payload" lines.
    func subscribe(_ topic: String, count: Int, seconds: Int = 5, options: [String] = []) throws -> [String] {
        let output = try run("/usr/bin/mosquitto_sub",
                             ["-h", "127.0.0.1", "-p", String(port), "-t", topic, "-v", "-W", String(seconds),
                              "-C", String(count)] + options)
        return output.split(separator: "\n").map(String.init)
    }

    /// The retained message on one topic (its payload), if one comes within `seconds`.
    func retained(_ topic: String, seconds: Int = 5, options: [String] = []) throws -> String? {
        try subscribe(topic, count: 1, seconds: seconds, options: options).first
            .map { String($0.dropFirst(topic.count + 1)) }
    }

    /// `mosquitto_pub … -q qos`.
    func publish(_ topic: String, _ message: String, qos: Int = 1, options: [String] = []) throws {
        _ = try run("/usr/bin/mosquitto_pub",
                    ["-h", "127.0.0.1", "-p", String(port), "-t", topic, "-m", message, "-q", String(qos)] + options)
    }

    @discardableResult
    func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

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
