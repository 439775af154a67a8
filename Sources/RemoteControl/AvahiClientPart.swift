import AvahiKit
import Foundation

/// One job on a connection to avahi-daemon (announcing the frame, looking for the others): the shape both share.
/// It follows the daemon's state (`connectionChanged`, on the poll's thread or the starting one): its Avahi objects
/// are made once the daemon runs (`daemonRuns`), and let go when the daemon goes (`daemonGone`: a new daemon gets
/// new ones); a daemon settling its host name is `daemonSettles`. Once `end`ed it hears nothing more.
///
/// Everything here and in a subclass runs with the connection's lock held (its callbacks, or
/// `AvahiConnection.locked`): that lock guards the job's Avahi objects and whatever it keeps with them.
class AvahiClientPart: @unchecked Sendable {
    let connection: AvahiConnection
    let log: @Sendable (String) -> Void
    private var ended = false

    init(connection: AvahiConnection, log: @escaping @Sendable (String) -> Void) {
        self.connection = connection
        self.log = log
    }

    /// The daemon's state changed.
    final func connectionChanged(_ state: AvahiConnection.State) {
        guard !ended else { return }
        switch state {
        case .running: daemonRuns()
        case .registering, .collision: daemonSettles()
        case .connecting: daemonGone(failed: false)
        case .failure: daemonGone(failed: true)
        }
    }

    /// Ends the job under the connection's lock: `letGo` frees its Avahi objects, and nothing more is heard.
    final func end(_ letGo: () -> Void) {
        connection.locked {
            ended = true
            letGo()
        }
    }

    /// The daemon runs: make what the job needs.
    func daemonRuns() {}
    /// The daemon is settling its host name (registering, or its name collided).
    func daemonSettles() {}
    /// The daemon is gone (`failed`) or not there yet: what it had is no longer.
    func daemonGone(failed: Bool) {}
}
