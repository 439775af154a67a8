import Foundation

/// A real `mosquitto` on 127.0.0.1 for a test or the benchmark (the stand-in for a house's broker): a free port, a
/// configuration written into a folder of its own, persistence there too (so a restart keeps retained messages and
/// sessions), stopped and removed at the end. The command-line clients talk to it as an outsider (Home Assistant,
/// a script) would.
public final class LocalBroker {
    public static let executable = "/usr/sbin/mosquitto"

    public let folder: URL
    public let port: Int
    /// Lines added to the listener's configuration (TLS files, a password file).
    public var extraConfig: [String]
    public var allowAnonymous: Bool
    private var process: Process?

    public init(extraConfig: [String] = [], allowAnonymous: Bool = true) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-broker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        port = try LocalBroker.freePort()
        self.extraConfig = extraConfig
        self.allowAnonymous = allowAnonymous
    }

    deinit {
        stop(signal: SIGKILL)
        try? FileManager.default.removeItem(at: folder)
    }

    public var logText: String { (try? String(contentsOf: folder.appendingPathComponent("mosquitto.log"))) ?? "" }

    /// Starts the broker and returns once its port takes connections.
    public func start() throws {
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
        process.executableURL = URL(fileURLWithPath: LocalBroker.executable)
        process.arguments = ["-c", file.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        let deadline = Date().addingTimeInterval(10)
        while !LocalBroker.accepts(port: port) {
            guard process.isRunning, Date() < deadline else {
                throw BrokerFailed(description: "mosquitto did not start: \(logText)")
            }
            usleep(20_000)  // polling the port, with a deadline
        }
    }

    /// Stops the broker (SIGTERM: it saves its store first) and waits for it to exit.
    public func stop(signal: Int32 = SIGTERM) {
        guard let process, process.isRunning else { return }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        self.process = nil
    }

    public struct BrokerFailed: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    public static func freePort() throws -> Int {
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

    public static func accepts(port: Int) -> Bool {
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
    public func subscribe(_ topic: String, count: Int, seconds: Int = 5, options: [String] = []) throws -> [String] {
        let output = try run("/usr/bin/mosquitto_sub",
                             ["-h", "127.0.0.1", "-p", String(port), "-t", topic, "-v", "-W", String(seconds),
                              "-C", String(count)] + options)
        return output.split(separator: "\n").map(String.init)
    }

    /// The retained message on one topic (its payload), if one comes within `seconds`.
    public func retained(_ topic: String, seconds: Int = 5, options: [String] = []) throws -> String? {
        try subscribe(topic, count: 1, seconds: seconds, options: options).first
            .map { String($0.dropFirst(topic.count + 1)) }
    }

    /// `mosquitto_pub … -q qos`.
    public func publish(_ topic: String, _ message: String, qos: Int = 1, options: [String] = []) throws {
        _ = try run("/usr/bin/mosquitto_pub",
                    ["-h", "127.0.0.1", "-p", String(port), "-t", topic, "-m", message, "-q", String(qos)] + options)
    }

    @discardableResult
    public func run(_ tool: String, _ arguments: [String]) throws -> String {
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
}
