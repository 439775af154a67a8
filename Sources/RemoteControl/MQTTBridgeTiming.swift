extension MQTTBridge {
    /// The bridge's timings (named here, not scattered as literals).
    public struct Timing: Sendable {
        /// Seconds between keep-alive pings; the broker declares the frame gone after 1.5 times this in silence.
        public var keepalive = 30
        /// The reconnection back-off, in seconds: from `reconnectMin`, growing to `reconnectMax`.
        public var reconnectMin: UInt32 = 1
        public var reconnectMax: UInt32 = 60
        /// The state is published at most once per this many seconds (about 4 a second), carrying the newest.
        public var stateGap = 0.25
        /// How long `stop` waits for the broker to have the goodbye before it lets go anyway.
        public var goodbyeWait = 2.0
        /// The same kind of trouble is logged at most once per this many seconds.
        public var logGap = 10.0
        /// The photo's longest side for Home Assistant's image entity.
        public var photoSide = 512
        /// The whole screen for Home Assistant's "Screen" image: its side, and its pace (`MQTTScreen`).
        var screen = MQTTScreen.Timing()
        /// How often a bridge without a connection checks that libmosquitto's thread still runs (it ends by itself
        /// after a failed TLS handshake, which a broker's certificate being renewed can cause).
        public var loopCheck = 30.0
        /// Another frame with the same id: connections lost within `clashSoon` seconds, `clashInARow` times in a
        /// row; over once one has held for `clashSettled` seconds (`ClientIDClash`).
        public var clashSoon = 5.0
        public var clashInARow = 3
        public var clashSettled = 60.0
        /// The reconnection's shortest wait while clashing: the two frames throw each other off less often.
        public var clashReconnectMin: UInt32 = 30
        public init() {}
    }
}

/// Why the bridge cannot start.
public struct MQTTBridgeError: Error, CustomStringConvertible {
    public let description: String
}
