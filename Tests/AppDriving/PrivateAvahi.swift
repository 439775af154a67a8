import Foundation
import XCTest

/// An mDNS network of the test's own: a private `dbus-daemon` standing in for the system bus (its own socket, a
/// policy that lets avahi own org.freedesktop.Avahi) and a private `avahi-daemon` on it, on the loopback interface
/// alone (IPv4, `allow-interfaces=lo`: lo is LOOPBACK, which Avahi takes), so nothing leaves the machine. The app,
/// `avahi-browse` and the AvahiKit tests reach it through `DBUS_SYSTEM_BUS_ADDRESS` (`environment`, `useInProcess`).
///
/// avahi-daemon keeps its pid file and socket in /run/avahi-daemon, fixed when it was built. A system daemon may
/// run there (a CI machine's package install may have started one) or not: the private daemon gets private mount
/// and network namespaces (a tmpfs over that folder; a loopback of its own) when the machine allows (`unshare`, as
/// root); else, with no other daemon alive, it uses the folder and the machine's loopback themselves. A machine where neither works, or not root (avahi-daemon
/// runs as root), is a skip, and a failure with the reason where the tests must run whole.
public final class PrivateAvahi {
    public let folder: String
    public var busAddress: String { "unix:path=\(folder)/bus" }
    /// The host name the private daemon announces (its own, not the machine's: no clash with a system daemon).
    public let hostName: String
    /// Both daemons are started and waited for by the test itself (`OwnedProcess`), never through Foundation's
    /// `Process`: avahi-daemon closes the descriptors it inherits, which blocks Foundation's reaping of every other
    /// child while it runs.
    private var bus: OwnedProcess?
    private var daemon: OwnedProcess?
    private let daemonLog = CollectedOutput()

    /// The environment a process needs to use this network (the app, `avahi-browse`, `tessera frames`).
    public var environment: [String: String] { ["DBUS_SYSTEM_BUS_ADDRESS": busAddress] }

    /// `daemon` false: the bus alone, avahi-daemon started later (`startDaemon`), as on a machine where it comes
    /// after the frame.
    public init(daemon: Bool = true) throws {
        folder = NSTemporaryDirectory() + "tessera-avahi-\(UUID().uuidString.prefix(8))"
        hostName = "tessera-test-\(UUID().uuidString.prefix(6).lowercased())"
        for tool in [PrivateAvahi.dbusDaemon, PrivateAvahi.avahiDaemon, PrivateAvahi.avahiBrowse] {
            guard FileManager.default.isExecutableFile(atPath: tool) else { throw missing("\(tool) (make test-deps)") }
        }
        guard getuid() == 0 else { throw missing("root to run a private avahi-daemon (it refuses to run otherwise)") }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        do {
            try startBus()
            if daemon { try launchDaemon() }
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    static let dbusDaemon = "/usr/bin/dbus-daemon"
    static let avahiDaemon = "/usr/sbin/avahi-daemon"
    public static let avahiBrowse = "/usr/bin/avahi-browse"
    static let runFolder = "/run/avahi-daemon"

    /// Ends the daemon (which takes its services off the network) and the bus; idempotent.
    public func stop() {
        for process in [daemon, bus].compactMap({ $0 }) { process.stop() }
        daemon = nil
        bus = nil
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Ends avahi-daemon alone (the frames' connections go to "connecting"), for a test of a daemon that goes away.
    public func stopDaemon() {
        daemon?.stop()
        daemon = nil
    }

    public var daemonRuns: Bool { daemon?.isRunning ?? false }

    /// Starts avahi-daemon on the bus (again, after `stopDaemon`: a restart), returning once it runs.
    public func startDaemon() throws {
        stopDaemon()
        try launchDaemon()
    }

    /// This test process's own Avahi clients (AvahiKit) use this bus; `restore` when done.
    public func useInProcess() -> () -> Void {
        let old = getenv("DBUS_SYSTEM_BUS_ADDRESS").map { String(cString: $0) }
        setenv("DBUS_SYSTEM_BUS_ADDRESS", busAddress, 1)
        return { if let old { setenv("DBUS_SYSTEM_BUS_ADDRESS", old, 1) } else { unsetenv("DBUS_SYSTEM_BUS_ADDRESS") } }
    }

    /// `avahi-browse -rpt TYPE` (resolved, parsable, ends after the first answers): the resolved lines ("=;…").
    public func browse(_ type: String = "_tessera._tcp") throws -> [BrowsedService] {
        let run = try PrivateAvahi.run(PrivateAvahi.avahiBrowse, ["-rpt", type], environment: environment, timeout: 30)
        XCTAssertEqual(run.status, 0, "avahi-browse: \(run.errors)")
        return run.output.split(separator: "\n").compactMap { BrowsedService(line: String($0)) }
    }

    /// `browse` again until what it finds `holds` (deadline `seconds`; each browse takes its own time): a service
    /// withdrawn is gone from avahi-browse only once its goodbye is heard (RFC 6762 §10.1: a cache keeps a record
    /// one second after its goodbye). The last answer.
    public func browse(_ type: String = "_tessera._tcp", until holds: ([BrowsedService]) -> Bool,
                       seconds: Double) throws -> [BrowsedService] {
        let deadline = Date(timeIntervalSinceNow: seconds)
        var found = try browse(type)
        while !holds(found), Date() < deadline { found = try browse(type) }
        return found
    }

    // MARK: starting

    private func startBus() throws {
        let config = """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>system</type>
          <listen>unix:path=\(folder)/bus</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow user="*"/>
            <allow own="org.freedesktop.Avahi"/>
            <allow own="*"/>
            <allow send_destination="*" eavesdrop="true"/>
            <allow receive_sender="*"/>
          </policy>
        </busconfig>
        """
        try config.write(toFile: folder + "/bus.conf", atomically: true, encoding: .utf8)
        let printed = Pipe()
        let said = CollectedOutput(reading: printed)
        let process = try OwnedProcess(PrivateAvahi.dbusDaemon,
                                       ["--config-file=\(folder)/bus.conf", "--nofork", "--nopidfile", "--print-address"],
                                       environment: ProcessInfo.processInfo.environment,
                                       output: printed.fileHandleForWriting.fileDescriptor)
        printed.fileHandleForWriting.closeFile()
        bus = process
        // The daemon prints its address once it listens: wait for that line (with a deadline; an end is a failure).
        guard said.wait(for: "\n", seconds: 30, while: { process.isRunning }), said.text.hasPrefix("unix:") else {
            throw missing("a private dbus-daemon (it said: \(said.text))")
        }
    }

    private func launchDaemon() throws {
        let config = """
        [server]
        host-name=\(hostName)
        use-ipv4=yes
        use-ipv6=no
        allow-interfaces=lo
        enable-dbus=yes
        ratelimit-interval-usec=0
        [wide-area]
        enable-wide-area=no
        [publish]
        publish-hinfo=no
        publish-workstation=no
        [reflector]
        enable-reflector=no
        """
        try config.write(toFile: folder + "/avahi-daemon.conf", atomically: true, encoding: .utf8)
        let daemonArguments = [PrivateAvahi.avahiDaemon, "--no-drop-root", "--no-chroot", "--no-rlimits",
                               "-f", folder + "/avahi-daemon.conf"]
        let command: [String]
        if PrivateAvahi.namespacesWork {
            // A network of its own (a loopback interface alone: no packet leaves, and no other mDNS responder on
            // the machine's loopback claims 127.0.0.1's name: two daemons on one address rename their hosts without
            // end), and a private /run/avahi-daemon for its pid file and socket, whatever runs in the machine's.
            // The frames reach it over the bus (a file), and what it resolves, 127.0.0.1, is their own loopback.
            // unshare and sh exec what follows: the pid is avahi-daemon's own, and a SIGTERM to it ends the daemon.
            command = ["/usr/bin/unshare", "--mount", "--net", "--propagation", "private", "/bin/sh", "-c",
                       "ip link set lo up && mkdir -p \(PrivateAvahi.runFolder) && "
                       + "mount -t tmpfs tmpfs \(PrivateAvahi.runFolder) && exec \"$@\"",
                       "sh"] + daemonArguments
        } else {
            if let running = PrivateAvahi.systemDaemonPID() {
                throw missing("a private avahi-daemon: another runs (pid \(running)) and owns \(PrivateAvahi.runFolder), "
                              + "and this machine gives no private namespaces (unshare --mount --net, ip) to start a second")
            }
            try FileManager.default.createDirectory(atPath: PrivateAvahi.runFolder, withIntermediateDirectories: true)
            command = daemonArguments
        }
        var env = ProcessInfo.processInfo.environment
        env["DBUS_SYSTEM_BUS_ADDRESS"] = busAddress
        let pipe = Pipe()
        let log = daemonLog
        log.clear()
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil } else { log.append(data) }
        }
        let written = pipe.fileHandleForWriting.fileDescriptor
        let process = try OwnedProcess(command[0], Array(command.dropFirst()), environment: env,
                                       output: written, errors: written)
        pipe.fileHandleForWriting.closeFile()
        daemon = process
        // Running once it says so (its host name settled on the network): read from its own words, with a deadline.
        guard log.wait(for: "Server startup complete", seconds: 30, while: { process.isRunning }) else {
            throw missing("a private avahi-daemon (it said: \(log.text.suffix(1500)))")
        }
    }

    /// Whether `unshare --mount --net` works here (root in a machine or container that allows namespaces), with
    /// `ip` to bring the new loopback up.
    static let namespacesWork: Bool = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
              let run = try? PrivateAvahi.run("/usr/bin/unshare", ["--mount", "--net", "--propagation", "private", "/bin/sh", "-c",
                                                                   "ip link set lo up && mount -t tmpfs tmpfs /mnt"],
                                              environment: [:], timeout: 10)
        else { return false }
        return run.status == 0
    }()

    /// The pid in the machine's avahi pid file, if that process is alive.
    static func systemDaemonPID() -> Int32? {
        guard let text = try? String(contentsOfFile: runFolder + "/pid", encoding: .utf8),
              let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0, kill(pid, 0) == 0 else { return nil }
        return pid
    }

    /// Runs a tool to its end (`OwnedProcess.run`).
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String],
                           timeout: Double) throws -> (status: Int32, output: String, errors: String) {
        try OwnedProcess.run(executable, arguments, environment: environment, timeout: timeout)
    }
}

/// One service `avahi-browse -rp` resolved: `=;interface;protocol;name;type;domain;host;address;port;"txt" "txt"`.
public struct BrowsedService: Equatable {
    public let interface: String
    public let name: String
    public let address: String
    public let port: Int
    public let txt: [String: String]

    init?(line: String) {
        let fields = line.split(separator: ";", maxSplits: 9, omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 10, fields[0] == "=", let port = Int(fields[8]) else { return nil }
        interface = fields[1]
        name = BrowsedService.unescaped(fields[3])
        address = fields[7]
        self.port = port
        // "key=value" "key=value": avahi-browse quotes each string.
        var txt: [String: String] = [:]
        for quoted in fields[9].split(separator: "\" \"") {
            let text = quoted.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { txt[parts[0]] = parts[1] }
        }
        self.txt = txt
    }

    /// avahi-browse writes a name's space and dots as `\032`, `\046`: decimal bytes after a backslash.
    static func unescaped(_ text: String) -> String {
        var bytes: [UInt8] = []
        var rest = Substring(text).utf8[...]
        while let byte = rest.first {
            let digits = rest.dropFirst().prefix(3)
            if byte == UInt8(ascii: "\\"), digits.count == 3, let value = UInt8(String(decoding: digits, as: UTF8.self)) {
                bytes.append(value)
                rest = rest.dropFirst(4)
            } else {
                bytes.append(byte)
                rest = rest.dropFirst()
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// What a process wrote, gathered from its pipe's thread; a wait for a phrase in it is woken by what comes.
public final class CollectedOutput: @unchecked Sendable {
    private let condition = NSCondition()
    private var data = Data()

    init() {}

    /// Gathers what comes through `pipe` (its reading end) until it ends.
    public convenience init(reading pipe: Pipe) {
        self.init()
        pipe.fileHandleForReading.readabilityHandler = { [self] handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil } else { append(data) }
        }
    }

    func append(_ more: Data) {
        condition.lock(); data.append(more); condition.broadcast(); condition.unlock()
    }

    func clear() { condition.lock(); data.removeAll(); condition.unlock() }

    public var text: String { condition.lock(); defer { condition.unlock() }; return String(decoding: data, as: UTF8.self) }

    /// Waits until `phrase` was written (woken by each write, checking `alive` at least every half second).
    public func wait(for phrase: String, seconds: Double, while alive: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while !String(decoding: data, as: UTF8.self).contains(phrase) {
            guard Date() < deadline, alive() else { return false }
            _ = condition.wait(until: min(deadline, Date(timeIntervalSinceNow: 0.5)))
        }
        return true
    }
}
