import Foundation
import GalleryCore
import MosquittoKit
@testable import RemoteControl
import XCTest

/// The bridge's tests on a real broker (`MQTTTestBroker`, made for each test and not yet started: a test may give
/// it TLS or passwords first): the bridges and listening clients a test starts are stopped after it.
class MQTTBrokerTestCase: XCTestCase {
    var broker: MQTTTestBroker!
    var bridges: [MQTTBridge] = []
    var clients: [MQTTClient] = []

    override func setUpWithError() throws {
        broker = try MQTTTestBroker()
    }

    override func tearDown() {
        for bridge in bridges { bridge.stop() }
        for client in clients { client.close() }
        bridges = []
        clients = []
        broker = nil
    }

    /// Reconnects within two seconds, so a broker restarted in a test is found again quickly.
    var quick: MQTTBridge.Timing {
        var timing = MQTTBridge.Timing()
        timing.reconnectMax = 2
        return timing
    }

    /// A frame `id` ("Frame id", version 9.9) on the broker (or at `address`), started; `url`: its remote page's
    /// address in its `about`; `seen`: where it lists the frames it hears of.
    @discardableResult
    func startBridge(id: String = "kitchen", control: FakeFrameControl = FakeFrameControl(), log: LogLines = LogLines(),
                     address: String? = nil, password: String? = nil, caFile: String? = nil, notices: LogLines? = nil,
                     url: String? = nil, seen: SeenFrames? = nil) throws -> MQTTBridge {
        let address = BrokerAddress(parsing: address ?? "mqtt://127.0.0.1:\(broker.port)")!
        let bridge = try MQTTBridge(broker: address, password: password, caFile: caFile, frameID: id,
                                    deviceName: "Frame \(id)", version: "9.9", control: control, log: log.sink,
                                    configurationURL: url, notice: { notices?.add($0 ?? "(over)") }, seen: seen,
                                    timing: quick)
        try bridge.start()
        bridges.append(bridge)
        return bridge
    }

    /// A client listening to every topic of the frames.
    func watch(_ topics: [String] = ["tessera/#"]) throws -> HeardMessages {
        let heard = HeardMessages()
        clients.append(try MQTTClient.connected(to: broker, heard: heard, subscribe: topics))
        return heard
    }
}
