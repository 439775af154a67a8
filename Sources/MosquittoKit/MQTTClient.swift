import CMosquitto
import Foundation

/// One MQTT client (`mosquitto_new` / `mosquitto_destroy`). Its callbacks run on libmosquitto's own network thread
/// (`mosquitto_loop_start`), which also reconnects by itself after a lost connection, with the back-off set by
/// `setReconnectDelay`. libmosquitto's userdata carries an `Unmanaged` reference back to this object; while the loop
/// runs it holds a strong one, so a callback never meets a freed client: call `stopLoop` before letting go.
///
/// Set up (credentials, TLS, will, reconnect delay), then `connect`, then `startLoop`. `publish`, `subscribe` and
/// `disconnect` may then be called from any thread (libmosquitto locks its own state), but not `stopLoop` from a
/// callback: the loop cannot join itself.
public final class MQTTClient: @unchecked Sendable {
    public enum ProtocolVersion: Int32, Sendable {
        case v311 = 4  // MQTT_PROTOCOL_V311
        case v5 = 5  // MQTT_PROTOCOL_V5
    }

    private let handle: OpaquePointer
    public let clientID: String

    private let lock = NSLock()
    private var connectHandler: ((Int32) -> Void)?
    private var disconnectHandler: ((Int32) -> Void)?
    private var messageHandler: ((String, Data) -> Void)?
    private var logHandler: ((String) -> Void)?
    private var publishHandler: ((Int32) -> Void)?
    /// The loop thread's strong reference to this client, from `startLoop` to `stopLoop`.
    private var loopHold: Unmanaged<MQTTClient>?
    /// Set by `vanish`: the next lost connection ends the loop instead of reconnecting.
    private var vanishing = false

    /// Hears the broker's answer to each connection (the first and every reconnection): 0 connected, else the
    /// CONNACK code of a refusal (`MQTTError.refusal(for:)`). On libmosquitto's thread.
    public var onConnect: ((Int32) -> Void)? {
        get { lock.lock(); defer { lock.unlock() }; return connectHandler }
        set { lock.lock(); connectHandler = newValue; lock.unlock() }
    }
    /// Hears each end of a connection: 0 after `disconnect`, else the `mosq_err_t` of the loss
    /// (`MQTTError.words(for:)`). On libmosquitto's thread.
    public var onDisconnect: ((Int32) -> Void)? {
        get { lock.lock(); defer { lock.unlock() }; return disconnectHandler }
        set { lock.lock(); disconnectHandler = newValue; lock.unlock() }
    }
    /// Messages longer than this are dropped unread (never copied: libmosquitto takes packets up to 256 MB).
    public var payloadLimit = Int.max
    /// Whether retained messages are heard (a command retained on a topic would otherwise run again at each
    /// subscription, so after every reconnect).
    public var hearsRetained = true
    /// Topic filters whose retained messages are heard all the same (a house's value, retained so a client that
    /// comes later knows it; `tessera/+/about`: wildcards match as a subscription's do); set before `startLoop`.
    public var retainedHeardOn: Set<String> = []

    /// Hears each message on a subscribed topic: its topic and payload (copied). On libmosquitto's thread.
    public var onMessage: ((String, Data) -> Void)? {
        get { lock.lock(); defer { lock.unlock() }; return messageHandler }
        set { lock.lock(); messageHandler = newValue; lock.unlock() }
    }

    /// Hears each message sent as done with: its message id, once the broker acknowledged it (QoS 1 and 2) or it
    /// was written (QoS 0) (`mosquitto_publish_callback_set`). On libmosquitto's thread.
    public var onPublish: ((Int32) -> Void)? {
        get { lock.lock(); defer { lock.unlock() }; return publishHandler }
        set { lock.lock(); publishHandler = newValue; lock.unlock() }
    }

    /// Hears libmosquitto's own error and warning lines (`mosquitto_log_callback_set`, `MOSQ_LOG_ERR` and
    /// `MOSQ_LOG_WARNING`): why a TLS handshake failed, for one. On libmosquitto's thread (or the caller's, for an
    /// error found while connecting).
    public var onLog: ((String) -> Void)? {
        get { lock.lock(); defer { lock.unlock() }; return logHandler }
        set { lock.lock(); logHandler = newValue; lock.unlock() }
    }

    /// A client named `clientID` (which a broker keeps a session for when `cleanSession` is false), speaking
    /// `protocolVersion` (`mosquitto_new`, `MOSQ_OPT_PROTOCOL_VERSION`).
    public init(clientID: String, cleanSession: Bool, protocolVersion: ProtocolVersion = .v311) throws {
        guard MosquittoLibrary.initialised else { throw MQTTError(MOSQ_ERR_UNKNOWN.rawValue, call: "mosquitto_lib_init") }
        guard let h = mosquitto_new(clientID, cleanSession, nil) else {
            throw MQTTError(errno == EINVAL ? MOSQ_ERR_INVAL.rawValue : MOSQ_ERR_NOMEM.rawValue, call: "mosquitto_new")
        }
        handle = h
        self.clientID = clientID
        mosquitto_user_data_set(h, Unmanaged.passUnretained(self).toOpaque())
        mosquitto_connect_callback_set(h, MQTTClient.connectCallback)
        mosquitto_disconnect_callback_set(h, MQTTClient.disconnectCallback)
        mosquitto_message_callback_set(h, MQTTClient.messageCallback)
        mosquitto_log_callback_set(h, MQTTClient.logCallback)
        mosquitto_publish_callback_set(h, MQTTClient.publishCallback)
        try check(mosquitto_int_option(h, MOSQ_OPT_PROTOCOL_VERSION, protocolVersion.rawValue), "mosquitto_int_option")
    }

    /// Closes the socket without a DISCONNECT if one is open, so the broker publishes the will.
    deinit {
        mosquitto_destroy(handle)
    }

    /// The user and password sent when connecting (`mosquitto_username_pw_set`, which keeps copies).
    public func setCredentials(user: String, password: String?) throws {
        try check(mosquitto_username_pw_set(handle, user, password), "mosquitto_username_pw_set")
    }

    /// Speaks TLS, checking the broker's certificate and name against `caFile`, else against the system's
    /// certificates in /etc/ssl/certs (`mosquitto_tls_set`).
    public func setTLS(caFile: String?) throws {
        try check(mosquitto_tls_set(handle, caFile, caFile == nil ? MQTTClient.systemCertificates : nil, nil, nil, nil),
                  "mosquitto_tls_set")
    }

    public static let systemCertificates = "/etc/ssl/certs"

    /// What the broker publishes for this client if it goes without a DISCONNECT: a crash, a lost network, a
    /// missed keep-alive (`mosquitto_will_set`; before `connect`).
    public func setWill(topic: String, payload: Data, qos: Int32, retain: Bool) throws {
        let code = payload.withUnsafeBytes { bytes in
            mosquitto_will_set(handle, topic, Int32(bytes.count), bytes.baseAddress, qos, retain)
        }
        try check(code, "mosquitto_will_set")
    }

    /// The wait before each reconnection by the loop, from `min` seconds growing to `max`
    /// (`mosquitto_reconnect_delay_set`; libmosquitto's "exponential" grows with the square of the attempts).
    public func setReconnectDelay(min: UInt32, max: UInt32, exponential: Bool) throws {
        try check(mosquitto_reconnect_delay_set(handle, min, max, exponential), "mosquitto_reconnect_delay_set")
    }

    /// Starts connecting to the broker without waiting (`mosquitto_connect_async`); `onConnect` hears the answer
    /// once the loop runs, which then reconnects by itself whenever the connection is lost. But a broker that
    /// refuses or cannot be found at once throws here, and then the loop waits for `reconnect` (libmosquitto 2.0
    /// leaves a client whose first attempt failed outright in its "new" state, which its loop never leaves).
    public func connect(host: String, port: Int, keepalive: Int) throws {
        try check(mosquitto_connect_async(handle, host, Int32(port), Int32(keepalive)), "mosquitto_connect_async")
    }

    /// Tries the broker of `connect` again without waiting (`mosquitto_reconnect_async`), after `connect` threw.
    public func reconnect() throws {
        try check(mosquitto_reconnect_async(handle), "mosquitto_reconnect_async")
    }

    /// Starts libmosquitto's network thread (`mosquitto_loop_start`), which holds this client until `stopLoop`.
    public func startLoop() throws {
        let hold = Unmanaged.passRetained(self)
        do {
            try check(mosquitto_loop_start(handle), "mosquitto_loop_start")
        } catch {
            hold.release()
            throw error
        }
        lock.lock(); let old = loopHold; loopHold = hold; lock.unlock()
        old?.release()
    }

    /// Waits for the network thread to end (`mosquitto_loop_stop`). Without `force` it ends only once the client
    /// is disconnected (after `disconnect`, or at once while it waits to reconnect); `force` cancels it wherever it
    /// is, leaving the connection open (nothing more is read or sent on it), as a crash would. A loop that already
    /// ended by itself (libmosquitto gives up after a TLS or protocol error) counts as stopped.
    public func stopLoop(force: Bool) throws {
        let code = mosquitto_loop_stop(handle, force)
        lock.lock(); let hold = loopHold; loopHold = nil; lock.unlock()
        hold?.release()
        if code == MOSQ_ERR_INVAL.rawValue, hold != nil { return }
        try check(code, "mosquitto_loop_stop")
    }

    /// Starts the network thread again if it ended by itself (after an error libmosquitto deems fatal: a failed TLS
    /// handshake, a protocol error), so it goes on reconnecting; whether it had to. Does nothing while it runs.
    public func restartLoopIfEnded() -> Bool {
        (try? startLoop()) != nil
    }

    /// Queues a message and returns its message id (`mosquitto_publish`); QoS 1 and 2 messages are resent until
    /// the broker has them, across reconnections.
    @discardableResult
    public func publish(topic: String, payload: Data, qos: Int32, retain: Bool) throws -> Int32 {
        var mid: Int32 = 0
        let code = payload.withUnsafeBytes { bytes in
            mosquitto_publish(handle, &mid, topic, Int32(bytes.count), bytes.baseAddress, qos, retain)
        }
        try check(code, "mosquitto_publish")
        return mid
    }

    /// Subscribes to a topic filter (`mosquitto_subscribe`); returns the message id.
    @discardableResult
    public func subscribe(topic: String, qos: Int32) throws -> Int32 {
        var mid: Int32 = 0
        try check(mosquitto_subscribe(handle, &mid, topic, qos), "mosquitto_subscribe")
        return mid
    }

    /// Sends DISCONNECT after what is queued, so the broker discards the will (`mosquitto_disconnect`); the loop
    /// then ends by itself and reconnects no more. Wait for `onPublish` of what must arrive first: libmosquitto 2.0.11
    /// can close the socket before the DISCONNECT is written when this meets the loop reading a packet (an
    /// acknowledgement), and the broker then takes the client for lost.
    public func disconnect() throws {
        try check(mosquitto_disconnect(handle), "mosquitto_disconnect")
    }

    /// Leaves as a crash would, for tests of the will: the connection shut (`shutdown` of `mosquitto_socket`)
    /// without a DISCONNECT, so the broker publishes the will; then the network thread ends and is joined. Not a
    /// cancelled thread (`stopLoop(force: true)`): one cancelled inside libmosquitto ends a ThreadSanitizer run.
    /// The loop is told to reconnect no more from its own disconnect callback (`mosquitto_disconnect` there: the
    /// socket is closed by then, so no packet goes), which libmosquitto calls before it decides whether to
    /// reconnect. Told from this thread instead, a reconnection could start first (a signal cuts the loop's wait
    /// short) and set the state back to connecting, or the loop could drain `mosquitto_loop_stop`'s wake-up before
    /// it slept: either way the join waited for ever (a suite hung in `mosquitto_loop_stop`).
    public func vanish() {
        lock.lock(); vanishing = true; lock.unlock()
        let socket = mosquitto_socket(handle)
        if socket >= 0 { _ = shutdown(socket, Int32(SHUT_RDWR)) } else { _ = mosquitto_disconnect(handle) }
        try? stopLoop(force: false)
    }

    /// Whether `topic` is one that the subscription `filter` receives (`+` one level, `#` the rest;
    /// `mosquitto_topic_matches_sub`). A filter or topic libmosquitto refuses matches nothing.
    public static func topic(_ topic: String, matches filter: String) -> Bool {
        var result = false
        return mosquitto_topic_matches_sub(filter, topic, &result) == MOSQ_ERR_SUCCESS.rawValue && result
    }

    // libmosquitto's callbacks: the userdata is this client, held by the loop while it runs.

    private static func client(_ userdata: UnsafeMutableRawPointer?) -> MQTTClient? {
        userdata.map { Unmanaged<MQTTClient>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let connectCallback: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32) -> Void = {
        _, userdata, code in
        MQTTClient.client(userdata)?.onConnect?(code)
    }

    private static let disconnectCallback: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32) -> Void = {
        handle, userdata, code in
        guard let client = MQTTClient.client(userdata) else { return }
        client.lock.lock(); let vanishing = client.vanishing; client.lock.unlock()
        if vanishing { _ = mosquitto_disconnect(handle) }
        client.onDisconnect?(code)
    }

    private static let publishCallback: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32) -> Void = {
        _, userdata, mid in
        MQTTClient.client(userdata)?.onPublish?(mid)
    }

    private static let logCallback: @convention(c) (
        OpaquePointer?, UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?
    ) -> Void = { _, userdata, level, text in
        guard level & (MOSQ_LOG_ERR | MOSQ_LOG_WARNING) != 0, let text,
              let handler = MQTTClient.client(userdata)?.onLog else { return }
        handler(String(cString: text))
    }

    private static let messageCallback: @convention(c) (
        OpaquePointer?, UnsafeMutableRawPointer?, UnsafePointer<mosquitto_message>?
    ) -> Void = { _, userdata, message in
        guard let message, let client = MQTTClient.client(userdata), let handler = client.onMessage,
              let topic = message.pointee.topic else { return }
        let count = Int(max(0, message.pointee.payloadlen))
        guard count <= client.payloadLimit else { return }
        let name = String(cString: topic)
        guard client.hearsRetained || !message.pointee.retain || client.retainedHeardOn.contains(name)
                || client.retainedHeardOn.contains(where: { MQTTClient.topic(name, matches: $0) }) else { return }
        let payload = message.pointee.payload.map { Data(bytes: $0, count: count) } ?? Data()
        handler(name, payload)
    }
}
