import Dispatch
import Foundation
import GalleryCore
import MosquittoKit

/// The frame on an MQTT broker (`--mqtt`), with Home Assistant's discovery: it publishes its availability, the
/// discovery configs, its state and the photo shown (all retained), and takes commands from its command topics.
///
/// Connections are libmosquitto's: its thread connects, and reconnects with a growing back-off whenever the broker
/// goes away. Every connection (the first and each after a loss) publishes everything again and subscribes again.
/// The session is persistent (a stable client id, no clean session) and the subscriptions are QoS 1, so commands sent
/// with QoS 1 while the frame was briefly away are delivered when it is back; the broker publishes `offline` (the
/// will) if the frame vanishes without saying goodbye. The house's values (`--show-value`) come on the same
/// connection: their topics are subscribed too (QoS 0, retained ones heard), each message left on their board; and
/// so are the other frames' `about` and availability, this frame's own `about` published (`MQTTFleet`).
///
/// Threads: libmosquitto's thread parses each message and hands the command to `FrameControl` (which queues it for
/// the app's main thread and never blocks); everything the bridge remembers is touched only on its own serial queue.
public final class MQTTBridge: @unchecked Sendable {
    public let broker: BrokerAddress
    public let topics: FrameTopics
    public let discovery: HomeAssistantDiscovery
    private let password: String?
    private let caFile: String?
    private let control: FrameControl
    private let log: @Sendable (String) -> Void
    private let timing: Timing
    /// The house's values (`--show-value`): their topics are subscribed, their messages left on the board.
    private let values: HouseValueBoard?

    private let queue = DispatchQueue(label: "tessera.mqtt-bridge")
    // Touched only on `queue`:
    private var client: MQTTClient?
    private var connected = false
    private var stopping = false
    private var statePacer: UpdatePacer
    private var pendingState: FrameState?
    /// The photo published last and the one asked for last (a reply for an older one is dropped).
    private var publishedPhotoID: String?
    private var wantedPhotoID: String?
    private var photoGeneration = 0
    private var refusedLog: LogThrottle
    private var brokerLog: LogThrottle
    /// The screen image's screenshots (on `queue`).
    private var screen: MQTTScreen!
    /// This frame's `about` and the other frames heard (on `queue`).
    private let fleet: MQTTFleet
    /// Signalled when the broker has `stop`'s `offline`, and when the connection ends after its DISCONNECT.
    private let goodbyeHeard = DispatchSemaphore(value: 0)
    private let goodbye = DispatchSemaphore(value: 0)
    private var goodbyeID: Int32?
    /// Messages the broker acknowledged since `stop` began (the acknowledgement may come before `goodbyeID` is set).
    private var acknowledgedWhileStopping: Set<Int32> = []
    private var loopWatch: DispatchSourceTimer?

    /// Hears what the frame's owner should know about the bridge (another frame using its id), and nil once it is
    /// over; on the bridge's queue.
    private let notice: @Sendable (String?) -> Void
    /// Whether another client seems to use the frame's id (connections lost right after they are made).
    private var clash: ClientIDClash

    /// `sources`: the names the Source select offers; `configurationURL`: the remote page, linked from the device.
    public init(broker: BrokerAddress, password: String?, caFile: String?, frameID: String, deviceName: String,
                version: String, control: FrameControl, log: @escaping @Sendable (String) -> Void,
                sources: [String] = [], configurationURL: String? = nil,
                notice: @escaping @Sendable (String?) -> Void = { _ in }, overlays: [String] = [],
                values: HouseValueBoard? = nil, seen: SeenFrames? = nil, timing: Timing = Timing()) throws {
        guard let id = FrameID(frameID) else {
            throw MQTTBridgeError(description: "\"\(frameID)\" is not a frame id (a-z, 0-9, _ and -, at most 64)")
        }
        self.broker = broker
        self.password = password
        self.caFile = caFile
        self.control = control
        self.log = log
        self.timing = timing
        self.notice = notice
        self.values = values
        clash = ClientIDClash(soon: timing.clashSoon, inARow: timing.clashInARow, settled: timing.clashSettled)
        self.discovery = HomeAssistantDiscovery(frameID: id, deviceName: deviceName, version: version,
                                                sources: sources, configurationURL: configurationURL, overlays: overlays)
        self.topics = discovery.topics
        fleet = MQTTFleet(topics: topics, name: deviceName, url: configurationURL, version: version, seen: seen)
        statePacer = UpdatePacer(minimumGap: timing.stateGap)
        refusedLog = LogThrottle(interval: timing.logGap)
        brokerLog = LogThrottle(interval: timing.logGap)
        screen = MQTTScreen(control: control, queue: queue, timing: timing.screen) { [weak self] jpeg in
            guard let self, !self.stopping, self.connected, let client = self.client else { return }
            self.publish(client, self.topics.screen, jpeg)
        }
    }

    /// The client id the broker keeps the frame's session under.
    public var clientID: String { "tessera-\(topics.frameID.value)" }

    /// Sets the client up and starts libmosquitto's thread, which connects and keeps reconnecting. A broker that
    /// cannot be reached yet is logged, not thrown: it may come later. Throws for what no retry mends (a missing
    /// CA file, an id the library refuses).
    public func start() throws {
        let client = try MQTTClient(clientID: clientID, cleanSession: false)
        if let user = broker.user {
            try client.setCredentials(user: user, password: password)
        } else if password != nil {
            log("mqtt: a password without a user in --mqtt is not sent (mqtt://user@host)")
        }
        if broker.tls { try client.setTLS(caFile: caFile) }
        try client.setWill(topic: topics.availability, payload: Data(FrameTopics.offline.utf8), qos: 1, retain: true)
        try client.setReconnectDelay(min: timing.reconnectMin, max: timing.reconnectMax, exponential: true)
        client.onConnect = { [weak self] code in self?.hop { $0.connectionAnswered(code) } }
        client.onDisconnect = { [weak self] code in self?.hop { $0.disconnected(code) } }
        // A command retained on the broker would run again at every reconnect; one larger than any command is not
        // even copied.
        client.hearsRetained = false
        client.retainedHeardOn = Set((values?.topics ?? []) + MQTTFleet.subscriptions)
        client.payloadLimit = MQTTBridge.payloadLimit
        client.onMessage = { [weak self] topic, payload in self?.received(topic: topic, payload: payload) }
        client.onPublish = { [weak self] mid in self?.hop { $0.published(mid) } }
        client.onLog = { [weak self] line in self?.hop { $0.write(&$0.brokerLog, "mqtt: \(line)") } }
        queue.sync { self.client = client }
        control.observe { [weak self] state in self?.hop { $0.stateChanged(state) } }
        try client.startLoop()
        log("mqtt: connecting to \(broker) as \(clientID)")
        let watch = DispatchSource.makeTimerSource(queue: queue)
        watch.schedule(deadline: .now() + timing.loopCheck, repeating: timing.loopCheck)
        watch.setEventHandler { [weak self] in self?.checkLoop() }
        watch.resume()
        queue.sync {
            loopWatch = watch
            firstConnection(attempt: 0)
        }
    }

    /// Starts the first connection, and tries again with the same back-off as the loop's while the broker refuses
    /// or cannot be found at once (the loop takes over only once an attempt got under way: `MQTTClient.connect`).
    private func firstConnection(attempt: Int) {
        guard !stopping, let client else { return }
        do {
            if attempt == 0 {
                try client.connect(host: broker.host, port: broker.port, keepalive: timing.keepalive)
            } else {
                try client.reconnect()
            }
        } catch let error as MQTTError where error.isConnectionProblem {
            let wait = min(Double(timing.reconnectMax), Double(timing.reconnectMin) * Double((attempt + 1) * (attempt + 1)))
            write(&brokerLog, "mqtt: \(broker) not reachable (\(error)); trying again")
            queue.asyncAfter(deadline: .now() + wait) { [weak self] in self?.firstConnection(attempt: attempt + 1) }
        } catch {
            log("mqtt: cannot connect to \(broker): \(error)")
        }
    }

    /// Says `offline`, disconnects, and waits for libmosquitto's thread to end. Not from the bridge's own callbacks.
    public func stop() {
        let (client, wasConnected): (MQTTClient?, Bool) = queue.sync {
            stopping = true
            loopWatch?.cancel()
            defer { self.client = nil }
            return (self.client, connected)
        }
        guard let client else { return }
        if wasConnected, let mid = try? client.publish(topic: topics.availability, payload: Data(FrameTopics.offline.utf8),
                                                       qos: 1, retain: true) {
            // DISCONNECT only once the broker has it: a socket closed on the heels of a publish can fail the broker's
            // answer, and a broker that fails to write takes the client for lost.
            queue.sync {
                goodbyeID = mid
                if acknowledgedWhileStopping.contains(mid) { goodbyeHeard.signal() }
            }
            _ = goodbyeHeard.wait(timeout: .now() + timing.goodbyeWait)
        }
        // DISCONNECT goes after the goodbye; the loop then ends by itself (at once while it waits to reconnect).
        _ = try? client.disconnect()
        if wasConnected { _ = goodbye.wait(timeout: .now() + timing.goodbyeWait) }
        do { try client.stopLoop(force: false) } catch { log("mqtt: \(error)") }
        log("mqtt: disconnected from \(broker)")
    }

    /// Leaves as a crash would: the connection shut without a DISCONNECT, so the broker publishes the will (for tests
    /// of the will and of commands kept while the frame is away).
    func vanish() {
        let client: MQTTClient? = queue.sync {
            stopping = true
            loopWatch?.cancel()
            defer { self.client = nil }
            return self.client
        }
        client?.vanish()
    }

    // MARK: Connections (on `queue`)

    private func connectionAnswered(_ code: Int32) {
        guard !stopping, let client else { return }
        guard code == 0 else {
            connected = false
            write(&brokerLog, "mqtt: \(broker) refused the connection: \(MQTTError.refusal(for: code))")
            return
        }
        connected = true
        values?.brokerLost = false
        clash.connected(at: now())
        brokerLog = LogThrottle(interval: timing.logGap)
        log("mqtt: connected to \(broker)")
        // Subscribed first and `online` last: the broker takes one connection's packets in order, so whoever sees
        // `online` can send a command and know it is heard.
        for topic in topics.commandTopics {
            do { try client.subscribe(topic: topic, qos: 1) } catch { log("mqtt: subscribing to \(topic): \(error)") }
        }
        // A value (and another frame's about) is as good as its latest: QoS 0, nothing queued while the frame is away.
        for topic in (values?.topics ?? []) + MQTTFleet.subscriptions {
            do { try client.subscribe(topic: topic, qos: 0) } catch { log("mqtt: subscribing to \(topic): \(error)") }
        }
        do { try client.subscribe(topic: discovery.statusTopic, qos: 0) } catch { log("mqtt: subscribing to \(discovery.statusTopic): \(error)") }
        announce(client)
    }

    /// The discovery configs, the about, `online`, then the state and photo: all retained, all again (on each
    /// connection: a broker that lost its store lost them; on Home Assistant's birth: it may have missed them).
    private func announce(_ client: MQTTClient) {
        lastAnnounced = now()
        for config in discovery.configs { publish(client, config.topic, config.payload) }
        publish(client, fleet.aboutTopic, fleet.about)
        publish(client, topics.availability, Data(FrameTopics.online.utf8))
        publishedPhotoID = nil
        wantedPhotoID = nil
        screen.forget()
        control.state { [weak self] state in self?.hop { $0.stateChanged(state, atOnce: true) } }
    }

    /// Home Assistant's birth: everything announced again, at most once a second (anyone who may publish on the
    /// broker can say `online` as often as they like): one coming sooner waits out the second, births meanwhile
    /// join it.
    private func homeAssistantStarted() {
        guard connected, !announceWaiting else { return }
        let wait = lastAnnounced + 1 - now()
        guard wait <= 0 else {
            announceWaiting = true
            queue.asyncAfter(deadline: .now() + wait) { [weak self] in
                self?.announceWaiting = false
                self?.homeAssistantStarted()
            }
            return
        }
        guard let client else { return }
        log("mqtt: Home Assistant (re)started; its entities published again")
        announce(client)
    }

    private func published(_ mid: Int32) {
        guard stopping else { return }
        acknowledgedWhileStopping.insert(mid)
        if mid == goodbyeID { goodbyeHeard.signal() }
    }

    private func disconnected(_ code: Int32) {
        connected = false
        values?.brokerLost = true  // the values shown say they may be old (`HouseValueStaleness`)
        fleet.lost()
        if stopping {
            goodbye.signal()
            return
        }
        write(&brokerLog, "mqtt: lost \(broker) (\(MQTTError.words(for: code))); reconnecting")
        if clash.lost(at: now()) {
            let words = ClientIDClash.words(id: topics.frameID)
            log("mqtt: \(words)")
            notice(words)
            try? client?.setReconnectDelay(min: timing.clashReconnectMin, max: timing.reconnectMax, exponential: true)
        }
    }

    private func checkLoop() {
        if clash.check(at: now()) {
            log("mqtt: the frame has kept its connection for \(Int(timing.clashSettled)) s: no other frame uses its id now")
            notice(nil)
            try? client?.setReconnectDelay(min: timing.reconnectMin, max: timing.reconnectMax, exponential: true)
        }
        guard !stopping, !connected, let client, client.restartLoopIfEnded() else { return }
        write(&brokerLog, "mqtt: libmosquitto had given up on \(broker); trying again")
    }

    // MARK: State and photo (on `queue`)

    private func stateChanged(_ state: FrameState, atOnce: Bool = false) {
        guard !stopping, connected else { return }
        pendingState = state
        if state.photo?.id != wantedPhotoID { askForPhoto(state.photo?.id) }
        screen.photoChanged(state.photo?.id, now: now())
        if atOnce { return publishPendingState() }
        // Inside the gap a change is postponed, never dropped: the newest state goes when the gap is over.
        switch statePacer.changed(now: now()) {
        case .sendNow: publishPendingState()
        case .alreadyPostponed: break
        case .sendAfter(let wait):
            queue.asyncAfter(deadline: .now() + wait) { [weak self] in
                guard let self, self.statePacer.due() else { return }
                self.publishPendingState()
            }
        }
    }

    private func publishPendingState() {
        guard !stopping, connected, let client, let state = pendingState else { return }
        pendingState = nil
        statePacer.sent(at: now())
        // Retained where anyone on the broker reads it: the overlays' on/shown, not their words (`forBroker`).
        publish(client, topics.state, state.forBroker.json())
    }

    private func askForPhoto(_ id: String?) {
        wantedPhotoID = id
        photoGeneration += 1
        guard id != nil else { return }
        let generation = photoGeneration
        control.picture(maxSide: timing.photoSide) { [weak self] shown in
            self?.hop { $0.photoArrived(shown, generation: generation) }
        }
    }

    private func photoArrived(_ shown: PictureShown?, generation: Int) {
        guard generation == photoGeneration, !stopping, connected, let client, let shown,
              shown.photoID == wantedPhotoID, shown.photoID != publishedPhotoID else { return }
        publishedPhotoID = shown.photoID
        publish(client, topics.photo, shown.jpeg)
    }

    // MARK: Commands (on libmosquitto's thread, then the app's)

    /// Longest message read off the broker (commands are at most 4 KB: longer ones up to this are read and refused
    /// with a log line, longer still dropped unread).
    static let payloadLimit = 64 << 10
    /// Commands handed to the frame and not answered yet: past this, more are dropped (anyone who may publish on
    /// the broker must not be able to queue work on the frame without end).
    static let commandsInFlight = 8
    private let inFlight = CommandsInFlight(limit: MQTTBridge.commandsInFlight)
    /// When everything was last announced (`announce`), on `queue`.
    private var lastAnnounced = -Double.infinity
    private var announceWaiting = false

    private func received(topic: String, payload: Data) {
        if topic == discovery.statusTopic {
            if HomeAssistantDiscovery.isBirth(payload) { hop { $0.homeAssistantStarted() } }
            return
        }
        // A house's value is left on its board (the latest only); the overlay reads it at its own rate.
        if let values, values.topics.contains(topic) {
            if let line = values.receive(topic: topic, payload: payload, now: now()) { log(line) }
            return
        }
        if MQTTCommand.asksForScreen(topic: topic, payload: payload, topics: topics) { return hop { $0.screen.asked() } }
        if MQTTFleet.concerns(topic) { return hop { b in b.fleet.heard(topic: topic, payload: payload).map(b.refused) } }
        switch MQTTCommand.parse(topic: topic, payload: payload, topics: topics) {
        case .success(let command):
            guard inFlight.take() else {
                return hop { $0.refused("dropped a command on \(topic): \(MQTTBridge.commandsInFlight) still on their way") }
            }
            control.perform(command) { [weak self] result in
                guard let self else { return }
                self.inFlight.answered()
                guard case .failure(let refusal) = result else { return }
                self.hop { $0.refused("the frame refused \(topic): \(refusal)") }
            }
        case .failure(let refusal):
            hop { $0.refused("dropped \(refusal) on \(topic)") }
        }
    }

    private func refused(_ text: String) {
        write(&refusedLog, "mqtt: \(ExternalText.clean(text, maxCharacters: 200))")
    }

    // MARK: Helpers (on `queue`)

    /// Runs `work` on the bridge's queue, if the bridge is still there.
    private func hop(_ work: @escaping @Sendable (MQTTBridge) -> Void) {
        queue.async { [weak self] in if let self { work(self) } }
    }

    /// Retained, QoS 1: kept by the broker for whoever subscribes later, and resent until it has it.
    private func publish(_ client: MQTTClient, _ topic: String, _ payload: Data) {
        do {
            try client.publish(topic: topic, payload: payload, qos: 1, retain: true)
        } catch {
            write(&brokerLog, "mqtt: publishing \(topic): \(error)")
        }
    }

    private func write(_ throttle: inout LogThrottle, _ text: String) {
        if let line = throttle.line(text, at: now()) { log(line) }
    }

    private func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}
