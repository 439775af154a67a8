import CAvahi

/// A failed Avahi call: its error code (`AVAHI_ERR_…`), Avahi's words for it (`avahi_strerror`) and the call.
public struct AvahiError: Error, Equatable, CustomStringConvertible, Sendable {
    public let code: Int32
    public let call: String

    public init(_ code: Int32, call: String) {
        self.code = code
        self.call = call
    }

    /// Avahi's words for the code (`avahi_strerror`).
    public var words: String { String(cString: avahi_strerror(code)) }

    public var description: String { "\(call): \(words)" }

    /// No avahi-daemon answers (not installed, not started, or the system bus itself is missing): the frame goes
    /// on unannounced rather than failing.
    public var isDaemonMissing: Bool {
        [Int32(AVAHI_ERR_NO_DAEMON), Int32(AVAHI_ERR_DISCONNECTED), Int32(AVAHI_ERR_DBUS_ERROR)].contains(code)
    }

    /// The name is taken on the network (`AVAHI_ERR_COLLISION`): another name is to be tried.
    public var isCollision: Bool { code == Int32(AVAHI_ERR_COLLISION) }
}

/// Throws for an Avahi return code below zero (its functions return 0 or a non-negative value on success).
@inline(__always)
func check(_ code: Int32, _ call: String) throws {
    if code < 0 { throw AvahiError(code, call: call) }
}
