import FixtureServer
import Foundation
import XCTest

/// Frames found through MQTT's discovery (issue 42): two real frames with `--remote` and `--mqtt` on the test's own
/// mosquitto and no mDNS at all (no system bus) list each other as seen through MQTT (`GET /api/v1/frames` and the
/// page's Other frames in Chromium), a frame that quits is no longer listed, and a frame known only by a retained
/// `about` published by a test client is listed until its availability says offline.
final class FramesOnBrokerUITests: XCTestCase {
    private var root = ""
    private var broker: LocalBroker?
    private var frames: [RemoteFrame] = []

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: AppProcess.executable) else {
            throw missing("the app (swift build): \(AppProcess.executable)")
        }
        guard FileManager.default.isExecutableFile(atPath: LocalBroker.executable) else { throw missing("mosquitto") }
        root = NSTemporaryDirectory() + "tessera-broker-frames-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        broker = try LocalBroker()
        try broker?.start()
    }

    override func tearDown() {
        for frame in frames { frame.stop(signal: SIGKILL) }
        broker?.stop(signal: SIGKILL)
        broker = nil
        try? FileManager.default.removeItem(atPath: root)
    }

    /// A frame named `name` with the id `id`, its remote on and the test's broker, started headless with no mDNS.
    private func frame(_ name: String, id: String) throws -> RemoteFrame {
        let folder = root + "/" + name
        try FileManager.default.createDirectory(atPath: folder + "/photos", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/config", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: RemoteUITests.repository + "/assets/icons/tessera-64.png",
                                         toPath: folder + "/photos/one.png")
        try "\(id)\n".write(toFile: folder + "/config/frame-id", atomically: true, encoding: .utf8)
        let frame = RemoteFrame(root: folder)
        frames.append(frame)
        let port = try XCTUnwrap(broker).port
        try frame.launch(["--name", name, "--no-cache", "--mode", "slideshow", "--interval", "3600",
                          "--mqtt", "mqtt://127.0.0.1:\(port)", folder + "/photos"],
                         environment: ["TESSERA_CONFIG": folder + "/config/config",
                                       "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(root)/no-bus-here"])
        return frame
    }

    /// `frame`'s `GET /api/v1/frames` once `done` holds for it (deadline 30 s).
    private func frames(of frame: RemoteFrame, _ what: String, until done: ([[String: Any]]) -> Bool) throws -> [[String: Any]] {
        let deadline = Date().addingTimeInterval(30)
        var last = ""
        while Date() < deadline {
            let answer = try frame.request("GET", "/api/v1/frames")
            last = answer.text
            if let listed = answer.json?["frames"] as? [[String: Any]], done(listed) { return listed }
            usleep(100_000)  // polling the remote, with a deadline
        }
        throw NotListed(description: "\(what) never came in GET /api/v1/frames; last: \(last)")
    }

    func testTwoFramesOnOneBrokerListEachOtherAndOneThatQuitsIsGone() throws {
        let ada = try frame("Ada", id: "ada"), bea = try frame("Bea", id: "bea")
        let broker = try XCTUnwrap(self.broker)
        let about = try XCTUnwrap(try broker.retained("tessera/ada/about"))
        XCTAssertEqual(try JSONSerialization.jsonObject(with: Data(about.utf8)) as? [String: String],
                       ["id": "ada", "name": "Ada", "url": "http://127.0.0.1:\(ada.port)/",
                        "version": try XCTUnwrap(ada.request("GET", "/api/v1/state").json?["version"] as? String)])

        let beaSeen = try frames(of: ada, "bea") { $0.contains { $0["id"] as? String == "bea" } }
        XCTAssertEqual(beaSeen.count, 1, "bea alone, not ada herself: \(beaSeen)")
        XCTAssertEqual(beaSeen.first?["name"] as? String, "Bea")
        XCTAssertEqual(beaSeen.first?["url"] as? String, "http://127.0.0.1:\(bea.port)/")
        XCTAssertEqual(beaSeen.first?["via"] as? [String], ["mqtt"])
        let adaSeen = try frames(of: bea, "ada") { $0.contains { $0["id"] as? String == "ada" } }
        XCTAssertEqual(adaSeen.map { $0["id"] as? String }, ["ada"])

        // The page in a browser lists Bea, with a link to her page and the way she was seen.
        if let python = RemoteUITests.browserPython {
            let script = RemoteUITests.repository + "/Tests/RemotePage/frames_check.py"
            let run = try OwnedProcess.run(python, [script, "http://127.0.0.1:\(ada.port)/#token=\(ada.token)",
                                                    "--expect", "bea"], environment: [:], timeout: 120)
            let page = try XCTUnwrap(try JSONSerialization.jsonObject(
                with: Data((run.output.split(separator: "\n").last.map(String.init) ?? "").utf8)) as? [String: Any],
                run.output + run.errors)
            XCTAssertEqual(run.status, 0, "\(page)")
            let entries = page["entries"] as? [[String: Any]] ?? []
            XCTAssertEqual(entries.map { $0["id"] as? String }, ["bea"], "\(entries)")
            XCTAssertEqual(entries.first?["href"] as? String, "http://127.0.0.1:\(bea.port)/")
            XCTAssertEqual(entries.first?["where"] as? String,
                           "127.0.0.1:\(bea.port) · \(beaSeen.first?["version"] as? String ?? "?") · MQTT")
        }

        // Bea quits: her availability says offline and Ada no longer lists her.
        bea.stop(signal: SIGTERM)
        XCTAssertTrue(bea.waitForExit())
        XCTAssertEqual(try frames(of: ada, "bea gone") { $0.isEmpty }.count, 0)
        XCTAssertEqual(try broker.retained("tessera/bea/availability"), "offline")
    }

    func testAFrameKnownByItsRetainedAboutIsListedUntilItIsOffline() throws {
        let broker = try XCTUnwrap(self.broker)
        try broker.publish("tessera/cid/about", #"{"id":"cid","name":"Cid","url":"http://192.0.2.7:8080/","version":"0.1"}"#,
                           options: ["-r"])
        // Strangers' bytes on the same topics: not a frame's, a url that is not a web address.
        try broker.publish("tessera/dan/about", "not json", options: ["-r"])
        try broker.publish("tessera/eve/about", #"{"id":"eve","name":"Eve","url":"javascript:alert(1)"}"#, options: ["-r"])
        let ada = try frame("Ada", id: "ada")
        let listed = try frames(of: ada, "cid and eve") { $0.count == 2 }
        XCTAssertEqual(listed.map { $0["id"] as? String }, ["cid", "eve"])
        XCTAssertEqual(listed.first?["url"] as? String, "http://192.0.2.7:8080/")
        XCTAssertNil(listed.last?["url"] as? String, "no link for what is not a web address")

        try broker.publish("tessera/cid/availability", "offline", options: ["-r"])
        XCTAssertEqual(try frames(of: ada, "cid gone") { $0.count == 1 }.map { $0["id"] as? String }, ["eve"])
        try broker.publish("tessera/cid/availability", "online", options: ["-r"])
        XCTAssertEqual(try frames(of: ada, "cid back") { $0.count == 2 }.count, 2)
        XCTAssertNoThrow(try ada.state(), "the frame goes on")
    }

    private struct NotListed: Error, CustomStringConvertible { let description: String }
}
