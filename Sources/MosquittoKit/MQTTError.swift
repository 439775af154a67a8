import CMosquitto

/// A failed libmosquitto call: its `mosq_err_t`, libmosquitto's words for it (`mosquitto_strerror`, which reads
/// `errno` for `MOSQ_ERR_ERRNO`) and the call that failed.
public struct MQTTError: Error, Equatable, CustomStringConvertible {
    public let code: Int32
    public let message: String

    public init(_ code: Int32, call: String) {
        self.code = code
        self.message = "\(call): \(MQTTError.words(for: code))"
    }

    public var description: String { message }

    /// libmosquitto's words for an error code (`mosquitto_strerror`), as on_disconnect's code also needs.
    public static func words(for code: Int32) -> String {
        String(cString: mosquitto_strerror(code))
    }

    /// The broker's words for a refused connection (`mosquitto_connack_string`): on_connect's non-zero code, such as
    /// 5 (not authorised: a wrong user or password).
    public static func refusal(for connack: Int32) -> String {
        String(cString: mosquitto_connack_string(connack))
    }

    /// The broker is not (or no longer) reachable: worth retrying, unlike a bad argument.
    public var isConnectionProblem: Bool {
        [MOSQ_ERR_NO_CONN, MOSQ_ERR_CONN_LOST, MOSQ_ERR_ERRNO, MOSQ_ERR_EAI, MOSQ_ERR_CONN_REFUSED, MOSQ_ERR_KEEPALIVE]
            .map { $0.rawValue }.contains(code)
    }
}

/// Throws for a libmosquitto return code other than `MOSQ_ERR_SUCCESS`.
@inline(__always)
func check(_ code: Int32, _ call: String) throws {
    if code != MOSQ_ERR_SUCCESS.rawValue { throw MQTTError(code, call: call) }
}

/// `mosquitto_lib_init`, exactly once per process, before the first client. (`mosquitto_lib_cleanup` is left to
/// the process's exit: clients may live until then.)
enum MosquittoLibrary {
    static let initialised: Bool = { mosquitto_lib_init() == MOSQ_ERR_SUCCESS.rawValue }()
}
