#if canImport(AppDriving)
import AppDriving
#endif
import Foundation
import GalleryCore
import XCTest

/// Settings from one frame to another, as their owner does it: two real frames with their remotes on, each with its
/// own configuration file; the hall's settings changed on its form, exported as a file, imported into the lobby.
/// Judged by what the remote shows (`GET /api/v1/settings`, the state) and by the lobby's file on disk.
final class SettingsFileUITests: XCTestCase {
    private var root = ""
    private var hall: RemoteFrame!
    private var lobby: RemoteFrame!
    private let lobbyFile = "# the lobby's frame\ninterval = 30\n"

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: AppProcess.executable) else {
            throw missing("the app (swift build): \(AppProcess.executable)")
        }
        root = NSTemporaryDirectory() + "tessera-settings-file-\(UUID().uuidString)"
        for folder in ["hall", "lobby"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        hall = RemoteFrame(root: root + "/hall")
        lobby = RemoteFrame(root: root + "/lobby")
        try lobbyFile.write(toFile: lobby.root + "/config", atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        hall?.stop(signal: SIGKILL)
        lobby?.stop(signal: SIGKILL)
        try? FileManager.default.removeItem(atPath: root)
    }

    private func launch(_ frame: RemoteFrame, name: String) throws {
        try frame.launch(["--demo", "--name", name, "--no-cache", "--size", "640x400"],
                         environment: ["TESSERA_CONFIG": frame.root + "/config"])
    }

    /// The form's values as the remote shows them, by name (fields without one left out).
    private func form(_ frame: RemoteFrame) throws -> [String: String] {
        let answer = try frame.request("GET", "/api/v1/settings")
        XCTAssertEqual(answer.status, 200, answer.text)
        let fields = try XCTUnwrap(answer.json?["fields"] as? [[String: Any]], answer.text)
        return Dictionary(uniqueKeysWithValues: fields.compactMap { field in
            (field["value"] as? String).map { (field["name"] as? String ?? "?", $0) }
        })
    }

    /// The hall's settings changed on its form: most of the form, live ones and ones for the next start.
    private func changeTheHall() throws {
        let changed = try hall.request("POST", "/api/v1/settings", body: """
            {"mode": "slideshow", "interval": 7, "transition": "dip", "fill": "matte", "caption": "date",
             "clock": "large bottom-right", "calendar-lines": 5, "calendar-corner": "top-left", "sort": "name",
             "schedule": "07:00-23:00", "dim": "21:00-23:00 30%", "location": "52.52,13.40", "night-clock": "20%"}
            """)
        XCTAssertEqual(changed.status, 200, changed.text)
    }

    private static let badFile = """
        {"tessera_settings": 1, "exported": "2026-12-02T08:00:00Z", "from": "Hall",
         "values": {"mode": "slideshow", "interval": 7, "fill": "purple"}}
        """

    func testSettingsExportedFromOneFrameAndImportedIntoAnotherGiveTheSameForm() throws {
        try launch(hall, name: "Hall")
        try launch(lobby, name: "Lobby")
        try changeTheHall()
        let hallForm = try form(hall)
        XCTAssertNotEqual(try form(lobby), hallForm, "the lobby starts otherwise")

        let exported = try hall.request("GET", "/api/v1/settings/export")
        XCTAssertEqual(exported.status, 200, exported.text)
        let document = try XCTUnwrap(exported.json, exported.text)
        XCTAssertEqual(document["tessera_settings"] as? Int, 1)
        XCTAssertEqual(document["from"] as? String, "Hall")
        XCTAssertEqual(document["values"] as? [String: String], hallForm, "every value the form shows")

        let imported = try lobby.request("POST", "/api/v1/settings/import", body: exported.text)
        XCTAssertEqual(imported.status, 200, imported.text)
        XCTAssertEqual(imported.json?["saved"] as? Bool, true)
        let applied = imported.json?["applied"] as? [String] ?? []
        XCTAssertTrue(applied.contains("slideshow") && applied.contains("interval:7"), imported.text)
        XCTAssertTrue((imported.json?["atNextStart"] as? [String] ?? []).contains("fill"), imported.text)

        XCTAssertEqual(try form(lobby), hallForm, "the lobby's form is the hall's")
        let file = try String(contentsOfFile: lobby.root + "/config", encoding: .utf8)
        XCTAssertTrue(file.hasPrefix("# the lobby's frame\n"), file)
        for (name, value) in hallForm where !value.isEmpty {
            XCTAssertTrue(file.contains("\n\(name) = \(value)\n"), "\(name) = \(value) in\n\(file)")
        }
        // The live ones reach the lobby's screen now; its name stays its own.
        XCTAssertEqual(try lobby.state().mode, "slideshow")
        XCTAssertEqual(try lobby.request("GET", "/api/v1/state").json?["name"] as? String, "Lobby")
    }

    func testAFileWithOneBadValueImportsNothing() throws {
        try launch(lobby, name: "Lobby")
        let before = try Data(contentsOf: URL(fileURLWithPath: lobby.root + "/config"))
        let formBefore = try form(lobby)

        let refused = try lobby.request("POST", "/api/v1/settings/import", body: Self.badFile)
        XCTAssertEqual(refused.status, 400, refused.text)
        XCTAssertEqual(refused.json?["error"] as? String, "one value was not saved: nothing changed")
        XCTAssertEqual(refused.json?["problems"] as? [String: String], ["fill": "must be one of: blur, matte, black"])

        let notOne = try lobby.request("POST", "/api/v1/settings/import", body: "interval = 7\n")
        XCTAssertEqual(notOne.status, 400, notOne.text)
        XCTAssertEqual(notOne.json?["error"] as? String, "this is not a Tessera settings file")

        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: lobby.root + "/config")), before, "byte for byte")
        XCTAssertEqual(try form(lobby), formBefore)
        XCTAssertEqual(try lobby.state().mode, "wall", "nothing applied")
    }

    /// The page's buttons in Chromium (`Tests/RemotePage/settings_file_check.py`): Export settings on the hall's page
    /// downloads the file, named for the hall; Import settings… on the lobby's page says a refused file's
    /// problem beside its setting and changes nothing, then takes the exported file, says what it applied, and
    /// shows the hall's values in the lobby's form.
    func testThePageExportsFromOneFrameAndImportsIntoAnother() throws {
        guard let python = RemoteUITests.browserPython else {
            throw missing("the browser test's Python with Selenium, chromium and chromedriver")
        }
        try launch(hall, name: "Hall")
        try launch(lobby, name: "Lobby")
        try changeTheHall()
        let bad = root + "/bad.json"
        try Self.badFile.write(toFile: bad, atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: lobby.root + "/config"))

        let script = RemoteUITests.repository + "/Tests/RemotePage/settings_file_check.py"
        let out = try XSession(root: root).tool([python, script, "http://127.0.0.1:\(hall.port)/#token=\(hall.token)",
                                                 "http://127.0.0.1:\(lobby.port)/#token=\(lobby.token)",
                                                 "--folder", root, "--bad", bad], timeout: 150, check: false)
        let seen = try XCTUnwrap(try JSONSerialization.jsonObject(
            with: Data((out.split(separator: "\n").last.map(String.init) ?? "").utf8)) as? [String: Any], out)
        XCTAssertNil(seen["error"], "at \(seen["step"] ?? ""): \(out)")

        // The download: named for the hall, every value of its form.
        XCTAssertEqual(seen["exportLabel"] as? String, "Export settings")
        XCTAssertEqual(seen["importLabel"] as? String, "Import settings…")
        XCTAssertEqual(seen["downloadName"] as? String, "tessera-settings-hall.json")
        XCTAssertEqual(seen["downloads"] as? [String], ["tessera-settings-hall.json"], "the file the phone keeps")
        XCTAssertEqual(seen["exportMessage"] as? String, "Exported as tessera-settings-hall.json.")
        let exported = try SettingsFile.parse(Data((seen["exported"] as? String ?? "").utf8)).get()
        let hallForm = try form(hall)
        XCTAssertEqual(exported.values, hallForm)
        XCTAssertEqual(exported.from, "Hall")

        // The refused file: its problem by its setting, and the lobby's file as it was.
        XCTAssertEqual(seen["problems"] as? [[String: String]],
                       [["setting": "fill", "text": "fill: must be one of: blur, matte, black"]])
        XCTAssertEqual(seen["badMessage"] as? String, "One value was not saved: nothing changed.")
        XCTAssertEqual(seen["badMessageClass"] as? String, "bad")

        // The exported file: said, applied, and the lobby's form (on the page and through the API) the hall's.
        let said = seen["importMessage"] as? String ?? ""
        XCTAssertTrue(said.hasPrefix("Imported the settings of Hall. Applied now: "), said)
        XCTAssertTrue(said.contains("interval:7") && said.contains("At the next start: "), said)
        XCTAssertEqual(seen["problemsAfter"] as? [[String: String]], [])
        let pageForm = try XCTUnwrap(seen["form"] as? [String: String])
        for (name, value) in hallForm { XCTAssertEqual(pageForm[name], value, name) }
        XCTAssertEqual(try form(lobby), hallForm)
        XCTAssertNotEqual(try Data(contentsOf: URL(fileURLWithPath: lobby.root + "/config")), before)
    }

    /// `tessera settings export FILE` and `import FILE` on the configuration files, no frame running: the hall's file
    /// carried to the lobby's but for its name and its token file; a refused file changes nothing and says why.
    func testTheCommandLineCarriesOneConfigurationFileToAnother() throws {
        let hallConfig = hall.root + "/config", lobbyConfig = lobby.root + "/config", file = root + "/hall.json"
        try "name = Hall\nmode = slideshow\ninterval = 7\nfill = matte\nremote-token-file = /srv/hall-token\n"
            .write(toFile: hallConfig, atomically: true, encoding: .utf8)
        let exported = try tessera(["settings", "export", file], config: hallConfig)
        XCTAssertEqual(exported.status, 0, exported.err)
        let carried = try SettingsFile.parse(Data(contentsOf: URL(fileURLWithPath: file))).get()
        XCTAssertEqual(carried.values, ["mode": "slideshow", "interval": "7", "fill": "matte"])
        XCTAssertEqual(carried.from, "Hall")

        let imported = try tessera(["settings", "import", file], config: lobbyConfig)
        XCTAssertEqual(imported.status, 0, imported.err)
        // The lobby's own lines where they stood, the new ones after them, its name and token file left out.
        XCTAssertEqual(try String(contentsOfFile: lobbyConfig, encoding: .utf8),
                       "# the lobby's frame\ninterval = 7\nmode = slideshow\nfill = matte\n")

        try Self.badFile.write(toFile: file, atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: lobbyConfig))
        let refused = try tessera(["settings", "import", file], config: lobbyConfig)
        XCTAssertEqual(refused.status, 65)
        XCTAssertTrue(refused.err.contains("one value was not saved: nothing changed"), refused.err)
        XCTAssertTrue(refused.err.contains("fill: must be one of: blur, matte, black"), refused.err)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: lobbyConfig)), before)
    }

    /// The executable run to its end with `config` as its configuration file: its status and what it wrote.
    private func tessera(_ arguments: [String], config: String) throws -> (status: Int32, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: AppProcess.executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["TESSERA_CONFIG": config]) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, err)
    }
}
