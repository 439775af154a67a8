import CSystemd
#if canImport(Glibc)
import Glibc
#endif

/// A failed sd-bus call: which call, its negative errno, and the bus error's words where it gave some.
public struct SystemdError: Error, Equatable, CustomStringConvertible {
    public var call: String
    public var code: Int32
    public var message: String

    public var description: String { "\(call) failed: \(message) (\(code))" }
}

/// A connection to the system bus (`sd_bus_open_system`), closed in `deinit` (`sd_bus_flush_close_unref`). An sd-bus
/// connection is not thread-safe: its owner uses it from one serial queue.
public final class SystemBus {
    private let bus: OpaquePointer

    /// The session object systemd-logind resolves to the caller's session (or the user's graphical one).
    public static let ownSession = "/org/freedesktop/login1/session/auto"

    /// Opens the system bus (`DBUS_SYSTEM_BUS_ADDRESS`, else /run/dbus/system_bus_socket).
    public init() throws {
        var bus: OpaquePointer?
        let result = sd_bus_open_system(&bus)
        guard result >= 0, let bus else { throw SystemBus.error("sd_bus_open_system", result, nil) }
        self.bus = bus
    }

    deinit { sd_bus_flush_close_unref(bus) }

    /// Whether logind's session object is active (`sd_bus_get_property_trivial`, the session's "Active"): it
    /// throws when there is no logind or no session to resolve.
    public func sessionIsActive(_ session: String = SystemBus.ownSession) throws -> Bool {
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error) }
        var active: Int32 = 0
        let result = sd_bus_get_property_trivial(bus, "org.freedesktop.login1", session, "org.freedesktop.login1.Session",
                                                 "Active", &error, CChar(UInt8(ascii: "b")), &active)
        guard result >= 0 else { throw SystemBus.error("sd_bus_get_property_trivial(Active)", result, error.message) }
        return active != 0
    }

    /// Sets a device's brightness through logind (`SetBrightness` on the session object, `tessera_logind_set_brightness`
    /// over `sd_bus_call_method`): logind writes the sysfs file for a session that owns the seat, so no root is needed.
    /// `subsystem` is "backlight" or "leds", `name` the device's name in that class, `value` in 0...max_brightness.
    public func setBrightness(subsystem: String, name: String, value: UInt32, session: String = SystemBus.ownSession) throws {
        var why = [CChar](repeating: 0, count: 256)
        let result = tessera_logind_set_brightness(bus, session, subsystem, name, value, &why, why.count)
        guard result >= 0 else {
            throw SystemdError(call: "SetBrightness", code: result, message: String(cString: why))
        }
    }

    private static func error(_ call: String, _ result: Int32, _ message: UnsafePointer<CChar>?) -> SystemdError {
        SystemdError(call: call, code: result, message: message.map { String(cString: $0) } ?? String(cString: strerror(-result)))
    }
}
