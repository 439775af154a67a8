import AvahiKit
import Foundation
import GalleryCore

/// The frame on the local network while its remote runs (`--remote`): announced through avahi-daemon
/// (`FrameAnnouncer`) and looking for the other frames (`FrameBrowser`, into `SeenFrames`), on one connection to the
/// daemon. Nothing here listens on a port: avahi-daemon does the multicast, the frame speaks D-Bus to it.
///
/// A daemon not running is one log line and the frame goes on: the connection waits for one
/// (`AVAHI_CLIENT_NO_FAIL`), and announces the frame when it comes, or comes back after a restart.
public final class FrameDiscovery: @unchecked Sendable {
    /// What the frame announces.
    public struct Announcement: Sendable {
        public var id: FrameID
        public var name: String
        public var version: String
        public var port: Int
        /// The address the remote listens at: a loopback one is announced on the loopback interface alone.
        public var listenHost: String
        public init(id: FrameID, name: String, version: String, port: Int, listenHost: String) {
            self.id = id; self.name = name; self.version = version; self.port = port; self.listenHost = listenHost
        }
    }

    /// One connection to the daemon with what runs on it; a new one after the daemon went away.
    private struct Link {
        let connection: AvahiConnection
        let announcer: FrameAnnouncer
        let browser: FrameBrowser
    }

    private let announcement: Announcement
    private let seen: SeenFrames
    private let log: @Sendable (String) -> Void
    /// Connecting, reconnecting and stopping, one after another (never on Avahi's own thread, which cannot stop itself).
    private let queue = DispatchQueue(label: "tessera.mdns")
    private let lock = NSLock()
    private var link: Link?
    /// "Not running" said, until the daemon runs (said once, not at each new connection).
    private var daemonMissingSaid = false
    private var stopped = false

    public static let notRunning = "mDNS: Avahi is not running; the frame is not announced"

    /// Starts announcing and looking at once. Never throws: without Avahi the frame goes on, said in the log.
    public init(announcing announcement: Announcement, seen: SeenFrames, log: @escaping @Sendable (String) -> Void) {
        self.announcement = announcement
        self.seen = seen
        self.log = log
        seen.ownID = announcement.id.value
        queue.sync { connect() }
    }

    deinit { stop() }

    /// Withdraws the announcement (the daemon takes the service off the network at once, with a goodbye) and
    /// stops looking. Idempotent; not from Avahi's callbacks.
    public func stop() {
        queue.sync {
            lock.lock()
            let running = stopped ? nil : link
            stopped = true
            link = nil
            lock.unlock()
            guard let running else { return }
            running.announcer.withdraw()
            running.browser.stop()
            running.connection.stop()
            log("mDNS: the frame is no longer announced")
        }
    }

    /// A new connection (`AVAHI_CLIENT_NO_FAIL`: it waits for a daemon that is not there yet); on `queue`.
    private func connect() {
        guard !isStopped else { return }
        let connection: AvahiConnection
        do {
            connection = try AvahiConnection(waitForDaemon: true)
        } catch {
            // No system bus at all: nothing to wait on.
            return sayMissing("\(FrameDiscovery.notRunning) (\(error))")
        }
        let service = FrameAnnouncer.Service(
            name: FrameAnnouncement.serviceName(for: announcement.name), port: UInt16(clamping: announcement.port),
            txt: FrameAnnouncement.txt(id: announcement.id, name: announcement.name, version: announcement.version),
            interface: FrameDiscovery.loopbackInterface(for: announcement.listenHost))
        let made = Link(connection: connection, announcer: FrameAnnouncer(connection: connection, service: service, log: log),
                        browser: FrameBrowser(connection: connection, seen: seen, log: log))
        lock.lock(); link = made; lock.unlock()
        do {
            try connection.start { [weak self, weak announcer = made.announcer, weak browser = made.browser] state in
                self?.connectionChanged(state)
                announcer?.connectionChanged(state)
                browser?.connectionChanged(state)
            }
        } catch {
            log("mDNS: cannot start: \(error)")
        }
    }

    /// The old connection let go and a new one made, after the daemon went away (a restart, a crash); on `queue`.
    private func reconnect() {
        lock.lock()
        let old = link
        link = nil
        lock.unlock()
        old?.browser.stop()
        old?.connection.stop()
        connect()
    }

    private var isStopped: Bool { lock.lock(); defer { lock.unlock() }; return stopped }

    private func sayMissing(_ line: String) {
        lock.lock()
        let say = !daemonMissingSaid
        daemonMissingSaid = true
        lock.unlock()
        if say { log(line) }
    }

    /// On Avahi's thread (or the starting one).
    private func connectionChanged(_ state: AvahiConnection.State) {
        switch state {
        case .connecting:
            sayMissing(FrameDiscovery.notRunning)
        case .running:
            lock.lock(); daemonMissingSaid = false; lock.unlock()
        case .failure(let error):
            // The daemon went away: this client is done; a new one waits for the daemon to come back.
            lock.lock(); daemonMissingSaid = true; lock.unlock()
            log("mDNS: lost avahi-daemon (\(error.words)); the frame is announced again when it is back")
            queue.async { [weak self] in self?.reconnect() }
        case .registering, .collision:
            break
        }
    }

    /// The loopback interface's index for a remote listening on a loopback address (announced elsewhere it would
    /// send browsers where it does not answer); nil for every other address.
    static func loopbackInterface(for host: String) -> Int32? {
        guard host == "localhost" || host.hasPrefix("127.") || host == "::1" else { return nil }
        let index = if_nametoindex("lo")
        return index == 0 ? nil : Int32(index)
    }
}

/// A look around the network for frames, once (`tessera frames`): on a connection of its own that fails at once
/// without a daemon.
public enum FrameSearch {
    public enum Failure: Error, CustomStringConvertible {
        case avahiNotRunning(String)
        public var description: String {
            switch self {
            case .avahiNotRunning(let why): return why
            }
        }
    }

    /// The frames that answer within `seconds` (Avahi's first answers and their resolves, else what came by then),
    /// told to `seen` (beside what else it holds: the frames on a broker) and listed.
    public static func run(seconds: Double, into seen: SeenFrames = SeenFrames(),
                           log: @escaping @Sendable (String) -> Void = { _ in }) throws -> [FrameSeen] {
        let connection: AvahiConnection
        do {
            connection = try AvahiConnection(waitForDaemon: false)
        } catch let error as AvahiError {
            throw Failure.avahiNotRunning(error.words)
        }
        let browser = FrameBrowser(connection: connection, seen: seen, log: log)
        try connection.start { [weak browser] state in browser?.connectionChanged(state) }
        _ = browser.waitUntilSettled(seconds: seconds)
        browser.stop()
        connection.stop()
        return seen.list()
    }
}
