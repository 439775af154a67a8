import Foundation
import XCTest

/// Frames found without typing addresses, on an mDNS network of the test's own (`PrivateAvahi`: a private bus and
/// avahi-daemon on the loopback interface): the real app announces its remote as `_tessera._tcp` only while
/// `--remote` runs and withdraws it at quit; two frames list each other (`GET /api/v1/frames`, the page in
/// Chromium, `tessera frames`); without avahi-daemon the frame says so once and goes on, and is announced when the
/// daemon comes, and again after it restarts.
final class FramesFoundUITests: XCTestCase {
    private var root = ""
    private var avahi: PrivateAvahi?
    private var frames: [RemoteFrame] = []
    private var others: [Process] = []

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: AppProcess.executable) else {
            throw missing("the app (swift build): \(AppProcess.executable)")
        }
        root = NSTemporaryDirectory() + "tessera-frames-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDown() {
        for frame in frames { frame.stop(signal: SIGKILL) }
        for process in others where process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
        avahi?.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    /// A frame's own folder: one photo, and its configuration folder (where its id is kept).
    private func folder(_ name: String) throws -> String {
        let folder = root + "/" + name
        try FileManager.default.createDirectory(atPath: folder + "/photos", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/config", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: FramesFoundUITests.photo, toPath: folder + "/photos/one.png")
        return folder
    }

    /// Any small PNG of the repository's own (the app's icon).
    private static var photo: String { RemoteUITests.repository + "/assets/icons/tessera-64.png" }

    private func environment(_ folder: String) -> [String: String] {
        (avahi?.environment ?? [:]).merging(["TESSERA_CONFIG": folder + "/config/config"]) { $1 }
    }

    /// A frame with its remote on, named `name`, started headless.
    private func remoteFrame(_ name: String, environment extra: [String: String] = [:]) throws -> RemoteFrame {
        let folder = try folder(name)
        let frame = RemoteFrame(root: folder)
        frames.append(frame)
        try frame.launch(["--name", name, "--no-cache", "--mode", "slideshow", "--interval", "3600", folder + "/photos"],
                         environment: environment(folder).merging(extra) { $1 })
        return frame
    }

    private func id(of frame: RemoteFrame) throws -> String {
        try String(contentsOfFile: frame.root + "/config/frame-id", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func announced(_ frame: RemoteFrame) throws {
        try frame.waitForLog("the frame announced", seconds: 30) { $0.contains("mDNS: announced as") }
    }

    /// `tessera frames` with `arguments` on the test's network.
    private func framesCommand(_ arguments: [String], environment: [String: String]) throws
        -> (status: Int32, output: String, errors: String) {
        try PrivateAvahi.run(AppProcess.executable, ["frames"] + arguments,
                             environment: environment.merging(["TESSERA_CONFIG": root + "/nonexistent"]) { $1 },
                             timeout: 30)
    }

    func testOnlyAFrameWithTheRemoteIsAnnouncedAndItIsWithdrawnAtQuit() throws {
        avahi = try PrivateAvahi()
        // Without --remote first: once it shows its photo, it is as far as it will go.
        let quietFolder = try folder("Quiet")
        let quiet = Process()
        quiet.executableURL = URL(fileURLWithPath: AppProcess.executable)
        quiet.arguments = ["--renderer", "software", "--no-vsync", "--name", "Quiet", "--no-cache", quietFolder + "/photos"]
        quiet.environment = ProcessInfo.processInfo.environment.merging(environment(quietFolder)) { $1 }
            .merging(["SDL_VIDEODRIVER": "offscreen", "TESSERA_LOG_SHOWN": "1"]) { $1 }
        let quietLog = Pipe()
        quiet.standardError = quietLog
        try quiet.run()
        others.append(quiet)
        let said = CollectedOutput(reading: quietLog)
        XCTAssertTrue(said.wait(for: "tessera: shown ", seconds: 30, while: { quiet.isRunning }),
                      "the frame without --remote shows its photo: \(said.text.suffix(1500))")

        let ada = try remoteFrame("Ada")
        try announced(ada)
        let services = try XCTUnwrap(avahi).browse()
        XCTAssertFalse(services.isEmpty, "avahi-browse found the frame")
        XCTAssertEqual(Set(services.map { $0.txt["id"] ?? "?" }), [try id(of: ada)],
                       "the frame with --remote, and no other: \(services)")
        let service = try XCTUnwrap(services.first)
        XCTAssertEqual(service.name, "Ada")
        XCTAssertEqual(service.port, ada.port)
        XCTAssertEqual(service.address, "127.0.0.1")
        XCTAssertEqual(service.txt["txtvers"], "1")
        XCTAssertEqual(service.txt["name"], "Ada")
        XCTAssertEqual(service.txt["path"], "/")
        XCTAssertEqual(service.txt["version"], try version(of: ada))
        XCTAssertFalse(FileManager.default.fileExists(atPath: quietFolder + "/config/frame-id"),
                       "the frame without --remote made no id: it announced nothing")

        // At quit (SIGTERM: SDL's quit) it withdraws: gone once the goodbye is heard (a second in the cache).
        ada.stop(signal: SIGTERM)
        XCTAssertEqual(try XCTUnwrap(avahi).browse(until: { $0.isEmpty }, seconds: 10), [], "withdrawn at quit")
        let none = try framesCommand([], environment: try XCTUnwrap(avahi).environment)
        XCTAssertEqual(none.status, 0, none.errors)
        XCTAssertEqual(none.output.trimmingCharacters(in: .whitespacesAndNewlines), "No frames found")
    }

    func testTwoFramesListEachOtherOnThePageTheAPIAndTheCommandLine() throws {
        avahi = try PrivateAvahi()
        let ada = try remoteFrame("Ada"), bea = try remoteFrame("Bea")
        try announced(ada)
        try announced(bea)
        let adaID = try id(of: ada), beaID = try id(of: bea)
        XCTAssertNotEqual(adaID, beaID)

        for (frame, other, otherID, otherName, ownID) in [(ada, bea, beaID, "Bea", adaID), (bea, ada, adaID, "Ada", beaID)] {
            let listed = try seen(by: frame, id: otherID)
            XCTAssertEqual(listed["name"] as? String, otherName)
            XCTAssertEqual(listed["url"] as? String, "http://127.0.0.1:\(other.port)/")
            XCTAssertEqual(listed["version"] as? String, try version(of: other))
            XCTAssertEqual(listed["via"] as? [String], ["mdns"])
            let all = try frame.request("GET", "/api/v1/frames").json?["frames"] as? [[String: Any]] ?? []
            XCTAssertFalse(all.contains { $0["id"] as? String == ownID }, "itself left out: \(all)")
        }
        XCTAssertEqual(try remoteRequest(port: ada.port, token: nil, "GET", "/api/v1/frames").status, 401,
                       "behind the token")

        // The page in a browser lists Bea with a link to her page.
        guard let python = RemoteUITests.browserPython else {
            throw missing("the browser test's Python with Selenium, chromium and chromedriver")
        }
        let script = RemoteUITests.repository + "/Tests/RemotePage/frames_check.py"
        let run = try PrivateAvahi.run(python, [script, "http://127.0.0.1:\(ada.port)/#token=\(ada.token)", "--expect", beaID],
                                       environment: [:], timeout: 120)
        let page = try XCTUnwrap(try JSONSerialization.jsonObject(
            with: Data((run.output.split(separator: "\n").last.map(String.init) ?? "").utf8)) as? [String: Any],
            run.output + run.errors)
        XCTAssertEqual(run.status, 0, "\(page)")
        let entries = page["entries"] as? [[String: Any]] ?? []
        XCTAssertEqual(entries.map { $0["id"] as? String }, [beaID], "Bea, and not Ada herself: \(entries)")
        XCTAssertEqual(entries.first?["name"] as? String, "Bea")
        XCTAssertEqual(entries.first?["tag"] as? String, "a")
        XCTAssertEqual(entries.first?["href"] as? String, "http://127.0.0.1:\(bea.port)/")
        XCTAssertEqual(entries.first?["target"] as? String, "_blank")
        XCTAssertEqual(page["panelShown"] as? Bool, true)

        // The command line lists both, as lines and as JSON.
        let env = try XCTUnwrap(avahi).environment
        let lines = try framesCommand([], environment: env)
        XCTAssertEqual(lines.status, 0, lines.errors)
        let rows = lines.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(rows.count, 2, lines.output)
        XCTAssertTrue(rows[0].hasPrefix("Ada") && rows[0].contains("http://127.0.0.1:\(ada.port)/") && rows[0].contains(adaID),
                      rows[0])
        XCTAssertTrue(rows[1].hasPrefix("Bea") && rows[1].contains("http://127.0.0.1:\(bea.port)/") && rows[1].contains(beaID),
                      rows[1])
        let json = try framesCommand(["--json"], environment: env)
        let listed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        XCTAssertEqual((listed["frames"] as? [[String: Any]])?.compactMap { $0["id"] as? String }, [adaID, beaID])
    }

    func testWithoutAvahiTheFrameGoesOnAndIsAnnouncedWhenTheDaemonComesAndAfterItRestarts() throws {
        avahi = try PrivateAvahi(daemon: false)
        let ada = try remoteFrame("Ada")
        try ada.waitForLog("the line on Avahi") { $0.contains("mDNS: Avahi is not running; the frame is not announced") }
        XCTAssertEqual((try ada.request("GET", "/api/v1/frames").json?["frames"] as? [Any])?.count, 0)
        XCTAssertNoThrow(try ada.state(), "the frame goes on")
        let refused = try framesCommand([], environment: try XCTUnwrap(avahi).environment)
        XCTAssertEqual(refused.status, 69)
        XCTAssertTrue(refused.errors.contains("Avahi is not running"), refused.errors)

        // The daemon comes: the frame is announced without being restarted.
        try XCTUnwrap(avahi).startDaemon()
        try announced(ada)
        XCTAssertEqual(try XCTUnwrap(avahi).browse().map { $0.txt["id"] }, [try id(of: ada)])
        XCTAssertEqual(ada.log.components(separatedBy: "Avahi is not running").count - 1, 1, "said once: \(ada.log)")

        // It restarts: announced again.
        let before = ada.log.components(separatedBy: "mDNS: announced as").count
        try XCTUnwrap(avahi).startDaemon()
        try ada.waitForLog("the frame announced again", seconds: 30) { _ in
            ada.log.components(separatedBy: "mDNS: announced as").count > before
        }
        XCTAssertEqual(try XCTUnwrap(avahi).browse().map { $0.txt["id"] }, [try id(of: ada)])
    }

    func testWithoutAnyBusTheFrameGoesOnAndTheCommandSaysWhy() throws {
        let nowhere = ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(root)/no-bus-here"]
        let ada = try remoteFrame("Ada", environment: nowhere)
        try ada.waitForLog("the line on Avahi") { $0.contains("mDNS: Avahi is not running; the frame is not announced") }
        XCTAssertNoThrow(try ada.state(), "the frame goes on")
        let refused = try framesCommand([], environment: nowhere)
        XCTAssertEqual(refused.status, 69)
        XCTAssertTrue(refused.errors.contains("Avahi is not running"), refused.errors)
    }

    private func version(of frame: RemoteFrame) throws -> String? {
        try frame.request("GET", "/api/v1/state").json?["version"] as? String
    }

    /// Polls `frame`'s `GET /api/v1/frames` until the frame `id` is in it (deadline 30 s); its entry.
    private func seen(by frame: RemoteFrame, id: String) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(30)
        var last = ""
        while Date() < deadline {
            let answer = try frame.request("GET", "/api/v1/frames")
            last = answer.text
            if let found = (answer.json?["frames"] as? [[String: Any]])?.first(where: { $0["id"] as? String == id }) {
                return found
            }
            usleep(100_000)
        }
        throw NotListed(description: "\(id) never came in GET /api/v1/frames; last: \(last)")
    }

    private struct NotListed: Error, CustomStringConvertible { let description: String }
}
