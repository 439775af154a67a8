import AppDriving
import Foundation
import GalleryCore
import MosquittoKit
@testable import RemoteControl
import XCTest

/// `tessera frames --mqtt`: the frames on a real broker (two bridges, and one whose availability says offline) are
/// listed as seen through MQTT, as soon as the broker has sent what it keeps; a broker that is not there is said.
final class FrameSearchOnBrokerTests: MQTTBrokerTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try broker.start()
        try startBridge(id: "ada", url: "http://127.0.0.1:8081/", seen: SeenFrames())
        try startBridge(id: "bea", seen: SeenFrames())
        // A frame gone: its about kept, its availability offline (the will).
        try broker.publish("tessera/cyd/about", #"{"id": "cyd", "name": "Frame cyd", "version": "9.9"}"#, options: ["-r"])
        try broker.publish("tessera/cyd/availability", "offline", options: ["-r"])
        for id in ["ada", "bea"] { XCTAssertEqual(try broker.retained("tessera/\(id)/availability", seconds: 10), "online") }
        XCTAssertEqual(try broker.retained("tessera/cyd/availability"), "offline")
    }

    private let listed = [FrameSeen(id: "ada", name: "Frame ada", url: "http://127.0.0.1:8081/", version: "9.9", via: ["mqtt"]),
                          FrameSeen(id: "bea", name: "Frame bea", url: nil, version: "9.9", via: ["mqtt"])]

    func testTheFramesOnTheBrokerAreListedOnceItHasSentWhatItKeeps() throws {
        let seen = SeenFrames(), began = Date()
        try FrameSearchOnBroker.run(broker: BrokerAddress(parsing: "mqtt://127.0.0.1:\(broker.port)")!, password: nil,
                                    caFile: nil, seconds: 20, into: seen)
        XCTAssertEqual(seen.list(), listed, "ada and bea, not cyd (offline)")
        XCTAssertLessThan(Date().timeIntervalSince(began), 10, "ended by its probe, not by the longest look")
    }

    func testABrokerThatIsNotThereIsSaid() {
        let gone = broker.port
        broker.stop()
        XCTAssertThrowsError(try FrameSearchOnBroker.run(broker: BrokerAddress(parsing: "mqtt://127.0.0.1:\(gone)")!,
                                                         password: nil, caFile: nil, seconds: 5, into: SeenFrames())) {
            XCTAssertTrue("\($0)".contains("127.0.0.1:\(gone)"), "\($0)")
        }
    }

    /// The command itself, with no Avahi to be found (a system bus that is not there): it says so and lists the
    /// broker's frames.
    func testTheCommandListsTheBrokersFramesWithoutAvahi() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: AppProcess.executable)
        process.arguments = ["frames", "--json", "--mqtt", "mqtt://127.0.0.1:\(broker.port)"]
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SYSTEM_BUS_ADDRESS"] = "unix:path=/nonexistent/system_bus_socket"
        environment["TESSERA_CONFIG"] = "/nonexistent/tessera-config"
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let printed = out.fileHandleForReading.readDataToEndOfFile()
        let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, said)
        XCTAssertTrue(said.contains("Avahi is not running"), said)
        let frames = try JSONDecoder().decode([String: [FrameSeen]].self, from: printed)
        XCTAssertEqual(frames["frames"], listed, String(decoding: printed, as: UTF8.self))
    }
}
