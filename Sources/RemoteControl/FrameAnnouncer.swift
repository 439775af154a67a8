import AvahiKit
import Foundation
import GalleryCore

/// Publishes the frame's remote as a DNS-SD service (`_tessera._tcp`, `FrameAnnouncement`) through avahi-daemon, for
/// as long as it is told to. Follows the daemon: published once it runs, withdrawn and published again while it
/// settles its host name, published anew after the daemon restarted; a name another service has is changed
/// ("Kitchen" → "Kitchen #2") and tried again.
///
/// Everything here runs with the connection's lock held (`AvahiClientPart`): that lock is the one guarding the group
/// and the name.
final class FrameAnnouncer: AvahiClientPart, @unchecked Sendable {
    struct Service: Sendable {
        var name: String
        var port: UInt16
        var txt: [String]
        /// The interface to publish on (nil: every one): the loopback's alone for a remote that listens there.
        var interface: Int32?
    }

    private var service: Service
    private var group: EntryGroup?
    /// Names tried after collisions before giving up (each collision is an answer from the network, not a loop).
    private var collisions = 0
    static let maxCollisions = 32

    init(connection: AvahiConnection, service: Service, log: @escaping @Sendable (String) -> Void) {
        self.service = service
        super.init(connection: connection, log: log)
    }

    override func daemonRuns() { publish() }
    override func daemonSettles() { try? group?.reset() }
    /// The daemon that had the group is gone: a new one gets a new group.
    override func daemonGone(failed: Bool) { group = nil }

    /// Takes the service off the network (`avahi_entry_group_reset`) and publishes nothing more.
    func withdraw() {
        end {
            try? group?.reset()
            group = nil
        }
    }

    /// The name published (after any collision).
    var name: String { connection.locked { service.name } }

    private func publish() {
        do {
            if group == nil {
                group = try EntryGroup(on: connection) { [weak self] state in self?.groupChanged(state) }
            }
            guard let group, group.isEmpty else { return }
            try group.addService(name: service.name, type: FrameAnnouncement.serviceType, port: service.port,
                                 txt: service.txt, interface: service.interface)
            try group.commit()
        } catch let error as AvahiError where error.isCollision {
            renameAndPublish()
        } catch {
            log("mDNS: cannot announce the frame: \(error)")
        }
    }

    private func groupChanged(_ state: EntryGroup.State) {
        switch state {
        case .established:
            collisions = 0
            log("mDNS: announced as \"\(service.name)\" (\(FrameAnnouncement.serviceType), port \(service.port))")
        case .collision:
            renameAndPublish()
        case .failure(let error):
            log("mDNS: the announcement failed: \(error)")
        case .uncommitted, .registering:
            break
        }
    }

    private func renameAndPublish() {
        collisions += 1
        guard collisions <= FrameAnnouncer.maxCollisions else {
            return log("mDNS: gave up announcing the frame: \(collisions - 1) names were taken")
        }
        let next = EntryGroup.alternativeName(to: service.name)
        log("mDNS: the name \"\(service.name)\" is taken; trying \"\(next)\"")
        service.name = next
        try? group?.reset()
        publish()
    }
}
