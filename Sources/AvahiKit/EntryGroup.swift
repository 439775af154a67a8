import CAvahi
import Foundation

/// A group of records published together (`avahi_entry_group_new` / `avahi_entry_group_free`): here one service.
/// Added to, then committed; the daemon answers with the group's states (registering, established, or a collision
/// when another host has the name). Every call with the connection's lock held (inside `AvahiConnection.locked` or
/// a callback); freed under it.
public final class EntryGroup: @unchecked Sendable {
    /// `AvahiEntryGroupState`.
    public enum State: Equatable, Sendable {
        case uncommitted, registering, established
        /// Another service on the network has the name: pick another (`alternativeName`) and add it again.
        case collision
        case failure(AvahiError)
    }

    public let connection: AvahiConnection
    private let handle: OpaquePointer
    private let box: CallbackBox<EntryGroup>
    private let userdata: UnsafeMutableRawPointer
    private let onState: (State) -> Void

    /// `onState` hears the group's states on the poll's thread.
    public init(on connection: AvahiConnection, onState: @escaping (State) -> Void) throws {
        self.connection = connection
        self.onState = onState
        let (box, userdata) = CallbackBox<EntryGroup>.retained()
        guard let handle = avahi_entry_group_new(connection.handle, entryGroupCallback, userdata) else {
            CallbackBox<EntryGroup>.release(userdata)
            throw connection.lastError("avahi_entry_group_new")
        }
        self.handle = handle
        self.box = box
        self.userdata = userdata
        box.owner = self
    }

    deinit {
        connection.locked { _ = avahi_entry_group_free(handle) }
        CallbackBox<EntryGroup>.release(userdata)
    }

    /// Adds a service (`avahi_entry_group_add_service_strlst`) on `interface` (nil: every one), for both IPv4 and
    /// IPv6, in the default domain on this host. Throws `isCollision` when the name is taken locally.
    public func addService(name: String, type: String, port: UInt16, txt: [String], interface: Int32? = nil) throws {
        let record = TXTRecord(txt)
        try check(avahi_entry_group_add_service_strlst(handle, interface ?? Int32(AVAHI_IF_UNSPEC), Int32(AVAHI_PROTO_UNSPEC),
                                                       AvahiPublishFlags(rawValue: 0), name, type, nil, nil, port, record.list),
                  "avahi_entry_group_add_service_strlst")
    }

    /// Publishes what was added (`avahi_entry_group_commit`).
    public func commit() throws { try check(avahi_entry_group_commit(handle), "avahi_entry_group_commit") }

    /// Withdraws everything from the network and empties the group (`avahi_entry_group_reset`).
    public func reset() throws { try check(avahi_entry_group_reset(handle), "avahi_entry_group_reset") }

    /// Whether nothing has been added since it was made or reset (`avahi_entry_group_is_empty`).
    public var isEmpty: Bool { avahi_entry_group_is_empty(handle) > 0 }

    /// Another service name after a collision (`avahi_alternative_service_name`: "Kitchen" → "Kitchen #2").
    public static func alternativeName(to name: String) -> String {
        guard let made = avahi_alternative_service_name(name) else { return name + " #2" }
        defer { avahi_free(made) }
        return String(cString: made)
    }

    fileprivate func changed(_ state: AvahiEntryGroupState) {
        switch state {
        case AVAHI_ENTRY_GROUP_UNCOMMITED: onState(.uncommitted)
        case AVAHI_ENTRY_GROUP_REGISTERING: onState(.registering)
        case AVAHI_ENTRY_GROUP_ESTABLISHED: onState(.established)
        case AVAHI_ENTRY_GROUP_COLLISION: onState(.collision)
        default: onState(.failure(connection.lastError("avahi_entry_group")))
        }
    }
}

private func entryGroupCallback(_ group: OpaquePointer?, _ state: AvahiEntryGroupState, _ userdata: UnsafeMutableRawPointer?) {
    guard let owner = CallbackBox<EntryGroup>.from(userdata) else { return }
    PollThread.inside { owner.changed(state) }
}
