import CAvahi
import Foundation

/// A service found: its host, address, port and TXT strings.
public struct ResolvedService: Equatable, Sendable {
    public let service: ServiceName
    /// The host's mDNS name (`kitchen.local`).
    public let hostName: String
    /// Its address as text (`192.168.1.20`, `fe80::1`), and whether it is IPv6.
    public let address: String
    public let isIPv6: Bool
    public let port: UInt16
    /// The TXT record's strings, as bytes.
    public let txt: [Data]
}

/// Resolves one service a browser named (`avahi_service_resolver_new` / `avahi_service_resolver_free`): its host,
/// address (of either family), port and TXT record. Made and freed with the connection's lock held; it answers
/// once found and may answer again when the service's data change, until freed.
public final class ServiceResolver: @unchecked Sendable {
    public let connection: AvahiConnection
    public let service: ServiceName
    private let handle: OpaquePointer
    private let box: CallbackBox<ServiceResolver>
    private let userdata: UnsafeMutableRawPointer
    private let onResult: (Result<ResolvedService, AvahiError>) -> Void

    /// `onResult` hears on the poll's thread.
    public init(on connection: AvahiConnection, service: ServiceName,
                onResult: @escaping (Result<ResolvedService, AvahiError>) -> Void) throws {
        self.connection = connection
        self.service = service
        self.onResult = onResult
        let (box, userdata) = CallbackBox<ServiceResolver>.retained()
        guard let handle = avahi_service_resolver_new(connection.handle, service.interface, service.proto, service.name,
                                                      service.type, service.domain, Int32(AVAHI_PROTO_UNSPEC),
                                                      AvahiLookupFlags(rawValue: 0), serviceResolverCallback, userdata) else {
            CallbackBox<ServiceResolver>.release(userdata)
            throw connection.lastError("avahi_service_resolver_new")
        }
        self.handle = handle
        self.box = box
        self.userdata = userdata
        box.owner = self
    }

    deinit {
        connection.locked { _ = avahi_service_resolver_free(handle) }
        CallbackBox<ServiceResolver>.release(userdata)
    }

    fileprivate func heard(_ result: Result<ResolvedService, AvahiError>) { onResult(result) }

    /// An address as text (`avahi_address_snprint`).
    static func text(of address: UnsafePointer<AvahiAddress>) -> String {
        var buffer = [CChar](repeating: 0, count: Int(AVAHI_ADDRESS_STR_MAX))
        guard avahi_address_snprint(&buffer, buffer.count, address) != nil else { return "" }
        return String(cString: buffer)
    }
}

private func serviceResolverCallback(_ resolver: OpaquePointer?, _ interface: AvahiIfIndex, _ proto: AvahiProtocol,
                                     _ event: AvahiResolverEvent, _ name: UnsafePointer<CChar>?,
                                     _ type: UnsafePointer<CChar>?, _ domain: UnsafePointer<CChar>?,
                                     _ hostName: UnsafePointer<CChar>?, _ address: UnsafePointer<AvahiAddress>?,
                                     _ port: UInt16, _ txt: UnsafeMutablePointer<AvahiStringList>?,
                                     _ flags: AvahiLookupResultFlags, _ userdata: UnsafeMutableRawPointer?) {
    guard let owner = CallbackBox<ServiceResolver>.from(userdata) else { return }
    let result: Result<ResolvedService, AvahiError>
    if event == AVAHI_RESOLVER_FOUND, let address {
        result = .success(ResolvedService(
            service: owner.service, hostName: hostName.map { String(cString: $0) } ?? "",
            address: ServiceResolver.text(of: address), isIPv6: address.pointee.proto == Int32(AVAHI_PROTO_INET6),
            port: port, txt: TXTRecord.strings(of: txt)))
    } else {
        result = .failure(owner.connection.lastError("avahi_service_resolver"))
    }
    PollThread.inside { owner.heard(result) }
}
