import CAvahi
import Foundation

/// A service as a browser names it: where it was seen (interface, protocol) and its name, type and domain; what a
/// resolver is made from.
public struct ServiceName: Hashable, Sendable {
    public let interface: Int32
    public let proto: Int32
    public let name: String
    public let type: String
    public let domain: String
}

/// Browses for services of one type (`avahi_service_browser_new` / `avahi_service_browser_free`) on every interface
/// and protocol, in the default domain. Made and freed with the connection's lock held.
public final class ServiceBrowser: @unchecked Sendable {
    /// `AvahiBrowserEvent`.
    public enum Event: Equatable, Sendable {
        case new(ServiceName, isLocal: Bool)
        case removed(ServiceName)
        /// Everything the daemon's cache held is told.
        case cacheExhausted
        /// What the network answered at first is told (more may come later).
        case allForNow
        case failure(AvahiError)
    }

    public let connection: AvahiConnection
    private let handle: OpaquePointer
    private let box: CallbackBox<ServiceBrowser>
    private let userdata: UnsafeMutableRawPointer
    private let onEvent: (Event) -> Void

    /// `type`: `_tessera._tcp`. `onEvent` hears on the poll's thread.
    public init(on connection: AvahiConnection, type: String, onEvent: @escaping (Event) -> Void) throws {
        self.connection = connection
        self.onEvent = onEvent
        let (box, userdata) = CallbackBox<ServiceBrowser>.retained()
        guard let handle = avahi_service_browser_new(connection.handle, Int32(AVAHI_IF_UNSPEC), Int32(AVAHI_PROTO_UNSPEC),
                                                     type, nil, AvahiLookupFlags(rawValue: 0), serviceBrowserCallback,
                                                     userdata) else {
            CallbackBox<ServiceBrowser>.release(userdata)
            throw connection.lastError("avahi_service_browser_new")
        }
        self.handle = handle
        self.box = box
        self.userdata = userdata
        box.owner = self
    }

    deinit {
        connection.locked { _ = avahi_service_browser_free(handle) }
        CallbackBox<ServiceBrowser>.release(userdata)
    }

    fileprivate func heard(_ event: Event) { onEvent(event) }
}

private func serviceBrowserCallback(_ browser: OpaquePointer?, _ interface: AvahiIfIndex, _ proto: AvahiProtocol,
                                    _ event: AvahiBrowserEvent, _ name: UnsafePointer<CChar>?,
                                    _ type: UnsafePointer<CChar>?, _ domain: UnsafePointer<CChar>?,
                                    _ flags: AvahiLookupResultFlags, _ userdata: UnsafeMutableRawPointer?) {
    guard let owner = CallbackBox<ServiceBrowser>.from(userdata) else { return }
    let service = ServiceName(interface: interface, proto: proto, name: name.map { String(cString: $0) } ?? "",
                              type: type.map { String(cString: $0) } ?? "", domain: domain.map { String(cString: $0) } ?? "")
    let told: ServiceBrowser.Event
    switch event {
    case AVAHI_BROWSER_NEW:
        told = .new(service, isLocal: flags.rawValue & AVAHI_LOOKUP_RESULT_LOCAL.rawValue != 0)
    case AVAHI_BROWSER_REMOVE: told = .removed(service)
    case AVAHI_BROWSER_CACHE_EXHAUSTED: told = .cacheExhausted
    case AVAHI_BROWSER_ALL_FOR_NOW: told = .allForNow
    default: told = .failure(owner.connection.lastError("avahi_service_browser"))
    }
    PollThread.inside { owner.heard(told) }
}
