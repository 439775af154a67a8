import Foundation
import GalleryCore
import MosquittoKit
@testable import RemoteControl
import XCTest

/// A value from the house through the frame's MQTT connection (`--show-value`), on a real broker: a retained value
/// is heard when the frame comes, a new one follows, a flood of 1,000 messages a second keeps one payload and is
/// said once, a payload of 10 MB is never held, and the frame's commands (an overlay's switch) still arrive.
final class MQTTHouseValueTests: XCTestCase {
    private var broker: MQTTTestBroker!
    private var bridge: MQTTBridge?
    private var clients: [MQTTClient] = []
    private let topic = "home/outside/temperature"

    override func setUpWithError() throws {
        broker = try MQTTTestBroker()
        try broker.start()
    }

    override func tearDown() {
        bridge?.stop()
        for client in clients { client.close() }
        clients = []
        broker = nil
    }

    private func startBridge(_ board: HouseValueBoard, control: FakeFrameControl, log: LogLines) throws {
        var timing = MQTTBridge.Timing()
        timing.reconnectMax = 2
        let bridge = try MQTTBridge(broker: BrokerAddress(parsing: "mqtt://127.0.0.1:\(broker.port)")!, password: nil,
                                    caFile: nil, frameID: "hall", deviceName: "Hall", version: "9.9", control: control,
                                    log: log.sink, overlays: ["clock", "values"], values: board, timing: timing)
        try bridge.start()
        self.bridge = bridge
    }

    private func sender() throws -> MQTTClient {
        let client = try MQTTClient.connected(to: broker, heard: HeardMessages())
        clients.append(client)
        return client
    }

    /// Polls the board (written on libmosquitto's thread, which says nothing) until its latest payload on the topic
    /// is `text`, with a deadline; whether it came.
    private func boardHolds(_ board: HouseValueBoard, _ text: String, seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if board.snapshot().payloads[topic] == Data(text.utf8) { return true }
            usleep(5_000)  // polling, with a deadline
        }
        return false
    }

    private func board() throws -> HouseValueBoard {
        HouseValueBoard(lines: [try HouseValueLine.parse("\(topic)=Outside {value} °C").get()])
    }

    func testARetainedValueIsHeardWhenTheFrameComesAndANewOneFollows() throws {
        let send = try sender()
        try send.publish(topic: topic, payload: Data("19.5".utf8), qos: 1, retain: true)
        let values = try board(), control = FakeFrameControl(), log = LogLines()
        try startBridge(values, control: control, log: log)
        XCTAssertTrue(boardHolds(values, "19.5"), "the retained value, heard on subscribing")
        try send.publish(topic: topic, payload: Data("20".utf8), qos: 0, retain: false)
        XCTAssertTrue(boardHolds(values, "20"))
        // The overlay's switch, as Home Assistant's switch sends it, arrives as the one command.
        try send.publish(topic: "tessera/hall/command", payload: Data("overlay-off:clock".utf8), qos: 1, retain: false)
        XCTAssertTrue(control.waitForCommands { $0 == [.setOverlay("clock", on: false)] }, "\(control.performed)")
        XCTAssertFalse(log.all.contains { $0.contains("dropped") }, "a value is no command: \(log.all)")
    }

    func testAFloodKeepsOnlyTheLatestIsSaidOnceAndTenMegabytesAreNeverHeld() throws {
        let values = try board(), control = FakeFrameControl(), log = LogLines()
        let availability = HeardMessages()
        clients.append(try MQTTClient.connected(to: broker, heard: availability, subscribe: ["tessera/hall/availability"]))
        try startBridge(values, control: control, log: log)
        // Online comes after the subscriptions, on one connection: once it is heard, so is a value.
        XCTAssertTrue(availability.wait { $0.count("tessera/hall/availability", "online") == 1 })
        let send = try sender()
        try send.publish(topic: topic, payload: Data("warm-up".utf8), qos: 0, retain: false)
        XCTAssertTrue(boardHolds(values, "warm-up"), "subscribed")
        let before = residentBytes()
        // 1,000 messages a second for three seconds, in tenths of a second (the pace of the sender, not a wait).
        let started = Date()
        for tenth in 0..<30 {
            for i in 0..<100 { try send.publish(topic: topic, payload: Data("\(tenth * 100 + i)".utf8), qos: 0, retain: false) }
            let due = started.addingTimeInterval(Double(tenth + 1) / 10)
            if due > Date() { usleep(UInt32(due.timeIntervalSinceNow * 1e6)) }
        }
        try send.publish(topic: topic, payload: Data("last".utf8), qos: 1, retain: false)
        XCTAssertTrue(boardHolds(values, "last"), "the latest, after the flood")
        XCTAssertEqual(values.bytesKept, 4, "one payload kept, whatever came before")
        let floods = log.all.filter { $0.contains("floods the frame") }
        XCTAssertEqual(floods.count, 1, log.all.joined(separator: "\n"))
        XCTAssertTrue(floods.first?.contains("mqtt: \(topic) floods the frame (over 50 messages a second)") == true)
        let grown = residentBytes() - before
        XCTAssertLessThan(grown, 8 << 20, "resident memory grew by \(grown >> 20) MB in the flood")

        // 10 MB: dropped unread by the client (never copied); 10 KB: read and refused; the value stays.
        try send.publish(topic: topic, payload: Data(count: 10 << 20), qos: 1, retain: false)
        try send.publish(topic: topic, payload: Data(repeating: 0x41, count: 10_000), qos: 1, retain: false)
        try send.publish(topic: topic, payload: Data("after".utf8), qos: 1, retain: false)
        XCTAssertTrue(boardHolds(values, "after"), "the bridge goes on after them")
        XCTAssertEqual(values.bytesKept, 5)
        XCTAssertNotNil(log.first { $0.contains("refused a value of 10000 bytes on \(topic)") }, log.all.joined(separator: "\n"))
        print("house value flood: 3,000 messages in \(String(format: "%.2f", Date().timeIntervalSince(started))) s; "
              + "resident memory grew by \(grown >> 10) KB in the flood; kept \(values.bytesKept) bytes")
    }

    func testTheStateOnTheBrokerSaysEachOverlaysSwitchButNeverItsWords() throws {
        var state = FakeFrameControl.sampleState()
        state.overlays = ["calendar": .init(on: true, shown: true, words: "Today 13:30 Choir"),
                          "values": .init(on: false, shown: false, words: "Outside 21 °C")]
        let control = FakeFrameControl(state: state), log = LogLines(), heard = HeardMessages()
        clients.append(try MQTTClient.connected(to: broker, heard: heard, subscribe: ["tessera/hall/state"]))
        try startBridge(try board(), control: control, log: log)
        XCTAssertTrue(heard.wait { !$0.payloads(on: "tessera/hall/state").isEmpty }, log.all.joined(separator: "\n"))
        // What anyone subscribing later is given: the retained state.
        let retained = try XCTUnwrap(try broker.retained("tessera/hall/state"))
        let overlays = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(retained.utf8)) as? [String: Any])?["overlays"]
                                     as? [String: [String: Any]], retained)
        XCTAssertEqual(overlays["calendar"]?["on"] as? Bool, true)
        XCTAssertEqual(overlays["calendar"]?["shown"] as? Bool, true)
        XCTAssertEqual(overlays["values"]?["on"] as? Bool, false)
        XCTAssertNil(overlays["calendar"]?["words"], retained)
        XCTAssertFalse(retained.contains("Choir") || retained.contains("Outside"), retained)
        // The app's own state keeps them (the HTTP state, behind the remote's token, is made from it).
        XCTAssertEqual(control.state.overlays?["calendar"]?.words, "Today 13:30 Choir")
    }

    func testTheBrokerStoppedMakesTheValuesStaleUntilItIsBack() throws {
        let values = try board(), control = FakeFrameControl(), log = LogLines(), availability = HeardMessages()
        clients.append(try MQTTClient.connected(to: broker, heard: availability, subscribe: ["tessera/hall/availability"]))
        try startBridge(values, control: control, log: log)
        // Online comes after the subscriptions, on one connection: once it is heard, so is a value.
        XCTAssertTrue(availability.wait { $0.count("tessera/hall/availability", "online") == 1 })
        XCTAssertFalse(values.brokerLost)
        let send = try sender()
        try send.publish(topic: topic, payload: Data("21".utf8), qos: 1, retain: false)
        XCTAssertTrue(boardHolds(values, "21"))
        let overlay = HouseValueOverlay(board: values), context = OverlayContext(date: Date(), gallery: GalleryModel())
        XCTAssertTrue(overlay.refresh(context))
        XCTAssertEqual(overlay.lines, ["Outside 21 °C"])
        broker.stop()
        XCTAssertTrue(holds { values.brokerLost }, "the bridge says the broker is lost")
        XCTAssertTrue(overlay.refresh(context))
        XCTAssertEqual(overlay.lines, ["Outside 21 °C (stale)"])
        XCTAssertEqual(overlay.stale, [true])
        try broker.start()
        XCTAssertTrue(holds(seconds: 20) { !values.brokerLost }, "back once the bridge reconnected: \(log.all)")
        XCTAssertTrue(overlay.refresh(context))
        XCTAssertEqual(overlay.lines, ["Outside 21 °C"])
    }

    /// Polls `condition` (set on the bridge's queue, which says nothing) until it holds, with a deadline.
    private func holds(seconds: Double = 10, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(5_000)  // polling, with a deadline
        }
        return false
    }

    private func residentBytes() -> Int {
        let text = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
        let pages = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
