import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Tells systemd how the service is doing through `NOTIFY_SOCKET` (the `sd_notify` datagram protocol, which needs no
/// library): `READY=1` once the first frame is shown (`Type=notify`), `WATCHDOG=1` from the main loop every half of
/// `WATCHDOG_USEC` (`WatchdogSec=`), so a loop that hangs stops the heartbeat and systemd restarts the service, and
/// `STOPPING=1` on the way out. Without `NOTIFY_SOCKET` it does nothing.
final class ServiceNotifier {
    private let fd: Int32
    private var address = sockaddr_un()
    private var addressLength: socklen_t = 0
    /// Seconds between heartbeats (half the watchdog's timeout); nil: no watchdog asked for.
    let heartbeat: Double?
    private var lastBeat = -Double.infinity
    private var ready = false

    /// nil when no service manager listens (`NOTIFY_SOCKET` unset or unusable).
    init?(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let path = environment["NOTIFY_SOCKET"], !path.isEmpty, path.utf8.count < 108,
              path.hasPrefix("/") || path.hasPrefix("@") else { return nil }
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { return nil }
        fd = socket
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }  // an abstract socket
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        addressLength = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        // The watchdog is ours only if it names this process (or no process).
        let pidOK = environment["WATCHDOG_PID"].map { Int32($0) == getpid() } ?? true
        if pidOK, let usec = environment["WATCHDOG_USEC"].flatMap(Double.init), usec > 0 {
            heartbeat = usec / 2e6
        } else {
            heartbeat = nil
        }
    }

    deinit { close(fd) }

    /// One message (`sendto` on the datagram socket); a failure is not worth stopping the wall for.
    @discardableResult
    func send(_ message: String) -> Bool {
        let bytes = Array(message.utf8)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sa in
                sendto(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL), sa, addressLength) == bytes.count
            }
        }
    }

    /// The first frame is on screen.
    func shown() {
        guard !ready else { return }
        ready = true
        send("READY=1\nSTATUS=showing photos")
    }

    /// Called every turn of the main loop: a heartbeat when one is due.
    func beat(now: Double) {
        guard let heartbeat, now - lastBeat >= heartbeat else { return }
        lastBeat = now
        send("WATCHDOG=1")
    }

    func stopping() { send("STOPPING=1") }
}
