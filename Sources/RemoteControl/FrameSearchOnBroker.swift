import Foundation
import GalleryCore
import MosquittoKit

/// `tessera frames --mqtt`: the frames that say they are on a broker (each one's retained `tessera/<id>/about` and
/// availability, `FramesOnBroker`), heard by a client of its own (clean session, no will) for a moment. Its own
/// probe message, subscribed after the frames' topics, coming back says the broker has sent every retained message
/// of those subscriptions (it sends a connection's packets in order), so the look ends then, not after a fixed wait.
public enum FrameSearchOnBroker {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Tells `seen` the frames listed on `broker` (as seen through MQTT), within `seconds` at the most. Throws when
    /// the broker cannot be reached or refuses the client.
    public static func run(broker: BrokerAddress, password: String?, caFile: String?, seconds: Double,
                           into seen: SeenFrames) throws {
        let id = "tessera-frames-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let client = try MQTTClient(clientID: id, cleanSession: true)
        if let user = broker.user { try client.setCredentials(user: user, password: password) }
        if broker.tls { try client.setTLS(caFile: caFile) }
        let look = Look(seen: seen, probe: "tessera-frames/\(id)")
        client.payloadLimit = MQTTBridge.payloadLimit
        client.onConnect = { [unowned client] code in
            guard code == 0 else { return look.ended(MQTTError.refusal(for: code)) }
            // QoS 0 throughout: the probe is sent after the subscriptions on the same connection.
            for topic in FramesOnBroker.subscriptions + [look.probe] { _ = try? client.subscribe(topic: topic, qos: 0) }
            _ = try? client.publish(topic: look.probe, payload: Data("probe".utf8), qos: 0, retain: false)
        }
        client.onDisconnect = { code in look.ended(MQTTError.words(for: code)) }
        client.onMessage = { topic, payload in look.heard(topic: topic, payload: payload) }
        do {
            try client.connect(host: broker.host, port: broker.port, keepalive: 30)
            try client.startLoop()
        } catch {
            throw Failure(description: "\(broker): \(error)")
        }
        let trouble = look.wait(seconds: seconds)
        _ = try? client.disconnect()
        try? client.stopLoop(force: trouble != nil)
        if let trouble { throw Failure(description: "\(broker): \(trouble)") }
    }

    /// One look's messages, heard on libmosquitto's thread, waited for on the caller's.
    private final class Look: @unchecked Sendable {  // `frames`, `done` and `trouble` only under `condition`
        let probe: String
        private let seen: SeenFrames
        private let condition = NSCondition()
        private var frames = FramesOnBroker(ownID: "")
        private var done = false
        private var trouble: String?

        init(seen: SeenFrames, probe: String) { self.seen = seen; self.probe = probe }

        func heard(topic: String, payload: Data) {
            condition.lock(); defer { condition.unlock() }
            if topic == probe {
                done = true
                condition.broadcast()
                return
            }
            switch frames.heard(topic: topic, payload: payload) {
            case .saw(let frame): seen.saw(frame, way: .mqtt, key: frame.id)
            case .lost(let id): seen.lost(way: .mqtt, key: id)
            case .refused, nil: break  // a stranger's message on the broker: not listed
            }
        }

        /// The connection was refused or lost before the probe came back.
        func ended(_ why: String) {
            condition.lock(); defer { condition.unlock() }
            guard !done else { return }
            trouble = why
            done = true
            condition.broadcast()
        }

        /// Waits for the probe (or trouble) at most `seconds`; the trouble, if any.
        func wait(seconds: Double) -> String? {
            let deadline = Date().addingTimeInterval(seconds)
            condition.lock(); defer { condition.unlock() }
            while !done, condition.wait(until: deadline) {}
            return trouble
        }
    }
}
