import Foundation
import GalleryCore
import JPEGKit
import RemoteControl
import XCTest

/// The remote page in a real browser: headless Chromium the size of a phone (through Selenium,
/// `Tests/RemotePage/remote_page_check.py`) against a stand-in for the frame's server
/// (`Tests/RemotePage/fake_remote_api.py`) that serves `RemotePage.html` and logs every request. The test reads what
/// the browser saw and what the stand-in was sent.
///
/// Python with Selenium: `$TESSERA_TEST_PYTHON`, default `/opt/tessera-test-venv/bin/python` (`make test-deps` makes
/// it); Chromium and its driver: `$TESSERA_CHROMIUM`, `$TESSERA_CHROMEDRIVER`. Without them the test is skipped,
/// unless the tests must run whole (`TESSERA_UI_TESTS_REQUIRED`, `CI`): then it fails.
final class RemotePageBrowserTests: XCTestCase {
    private static let scripts = RemotePageBrowser.scripts
    private static let settingProblem = "--interval wants seconds between 1 and 86400"

    private var folder: URL!
    private var server: Process?

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-page-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        if let server, server.isRunning {
            server.terminate()
            server.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    func testThePageNeedsNothingFromElsewhereAndHasTheIdsTestsUse() {
        let page = RemotePage.html
        for id in ["now-photo", "now-caption", "btn-previous", "btn-pause", "btn-next", "mode-wall", "mode-slideshow",
                   "display-toggle", "token-field", "token-save", "settings-form", "settings-save", "settings-message",
                   "overlays-panel", "overlay-toggles"] {
            XCTAssertTrue(page.contains("id=\"\(id)\""), id)
        }
        for outside in ["src=\"http", "href=\"http", "<link", "@import", "url(", "innerHTML", "document.write", "eval("] {
            XCTAssertFalse(page.contains(outside), outside)
        }
    }

    func testAPhoneSteersTheFrameSeesTheThumbnailAndAProblemBesideItsField() throws {
        let python = try RemotePageBrowser.python(for: "the remote page's browser test")
        let token = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let page = folder.appendingPathComponent("page.html"), photo = folder.appendingPathComponent("photo.jpg")
        let log = folder.appendingPathComponent("requests.jsonl")
        try Data(RemotePage.html.utf8).write(to: page)
        try Self.jpeg(width: 64, height: 48).write(to: photo)
        let port = try startServer(python, ["--page", page.path, "--photo", photo.path, "--token", token,
                                            "--log", log.path])

        let check = try RemotePageBrowser.run(python, [RemotePageBrowser.checkScript,
                                     "http://127.0.0.1:\(port)/#token=\(token)", "--setting", "interval=0",
                                     "--bad-token", "not-the-token", "--overlay", "clock"], timeout: 120)
        let lastLine = check.output.split(separator: "\n").last.map(String.init) ?? ""
        let seen = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(lastLine.utf8)) as? [String: Any],
                                 "the check said: \(check.output) \(check.errors)")
        XCTAssertEqual(check.status, 0, "\(seen["error"] ?? "") at \(seen["step"] ?? ""); \(check.errors)")

        // What the browser showed.
        XCTAssertEqual(seen["caption"] as? String, "Harbour at dawn")
        XCTAssertEqual(seen["captionAfterNext"] as? String, "Alps, 12 March 2024")
        XCTAssertEqual(seen["pauseLabel"] as? String, "Play", "the button follows the frame's pause")
        XCTAssertEqual(seen["slideshowPressed"] as? String, "false")
        XCTAssertEqual(seen["displayChecked"] as? String, "false")
        let thumbnail = seen["thumbnail"] as? [String: Any]
        XCTAssertEqual(thumbnail?["src"] as? String, "blob:")
        XCTAssertEqual(thumbnail?["width"] as? Int, 64)
        XCTAssertEqual(seen["settingError"] as? String, Self.settingProblem)
        XCTAssertEqual(seen["settingInvalid"] as? String, "true")
        // The overlays' toggles, one each from the state, and the clock's switched off with its own.
        XCTAssertEqual(seen["overlayToggles"] as? [String], ["overlay-toggle-clock", "overlay-toggle-values"])
        XCTAssertEqual(seen["overlayCheckedBefore"] as? String, "true")
        XCTAssertEqual(seen["overlayWordsBefore"] as? String, "07:05", "what it shows, beside its name")
        XCTAssertEqual(seen["overlayLabel"] as? String, "Off")
        XCTAssertEqual(seen["overlayWordsAfter"] as? String, "")
        XCTAssertEqual(seen["tokenKept"] as? String, token)
        XCTAssertFalse((seen["addressAfterOpen"] as? String ?? token).contains(token), "the token left in the address")
        XCTAssertFalse((seen["statusWithBadToken"] as? String ?? "").isEmpty, "a refused token is said")
        XCTAssertEqual(seen["captionAfterPaste"] as? String, "Alps, 12 March 2024")
        let narrow = seen["narrow"] as? [String: [String: Any]]
        for width in ["360", "320"] {
            let layout = try XCTUnwrap(narrow?[width], width)
            let scroll = try XCTUnwrap(layout["scrollWidth"] as? Int), client = try XCTUnwrap(layout["clientWidth"] as? Int)
            XCTAssertLessThanOrEqual(scroll, client, "scrolls sideways at \(width) px")
            let smallest = try XCTUnwrap(layout["smallestHeight"] as? Double)
            XCTAssertGreaterThanOrEqual(smallest, 44, "\(layout["smallestControl"] ?? "") at \(width) px")
        }

        // What the server was sent.
        let requests = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let bearer = "Bearer \(token)"
        let commands = requests.filter { $0["path"] as? String == "/api/v1/commands" }
        XCTAssertEqual(commands.map { $0["body"] as? [String: String] },
                       [["command": "next"], ["command": "pause"], ["command": "wall"], ["command": "display-off"],
                        ["command": "overlay-off", "argument": "clock"]])
        XCTAssertTrue(commands.allSatisfy { $0["authorization"] as? String == bearer })
        let photos = requests.filter { $0["path"] as? String == "/api/v1/photo" }
        XCTAssertGreaterThanOrEqual(photos.count, 2, "a thumbnail for each photo shown")
        XCTAssertTrue(photos.allSatisfy { $0["authorization"] as? String == bearer })
        let saved = requests.filter { $0["path"] as? String == "/api/v1/settings" && $0["method"] as? String == "POST" }
        XCTAssertEqual(saved.map { $0["body"] as? [String: String] }, [["interval": "0"]], "only the changed value")
        for request in requests {
            let path = request["path"] as? String ?? ""
            XCTAssertFalse(path.contains(token), "the token reached the server in \(path)")
            if !path.hasPrefix("/api/") { XCTAssertNil(request["authorization"] as? String, path) }
        }
        XCTAssertTrue(requests.contains { $0["authorization"] as? String == "Bearer not-the-token" })
    }

    /// Another frame on this one's MQTT id (the state's notice) is said on the page, as a problem.
    func testAnotherFrameOnTheMQTTIDIsSaidOnThePage() throws {
        let python = try RemotePageBrowser.python(for: "the remote page's browser test")
        let token = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let page = folder.appendingPathComponent("page.html"), photo = folder.appendingPathComponent("photo.jpg")
        try Data(RemotePage.html.utf8).write(to: page)
        try Self.jpeg(width: 64, height: 48).write(to: photo)
        let notice = ClientIDClash.words(id: FrameID("hall")!)
        let port = try startServer(python, ["--page", page.path, "--photo", photo.path, "--token", token,
                                            "--log", folder.appendingPathComponent("requests.jsonl").path,
                                            "--notice", notice])
        let check = try RemotePageBrowser.run(python, [RemotePageBrowser.checkScript,
                                     "http://127.0.0.1:\(port)/#token=\(token)", "--only-next"], timeout: 120)
        let lastLine = check.output.split(separator: "\n").last.map(String.init) ?? ""
        let seen = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(lastLine.utf8)) as? [String: Any],
                                 "the check said: \(check.output) \(check.errors)")
        XCTAssertEqual(check.status, 0, "\(seen["error"] ?? "") at \(seen["step"] ?? ""); \(check.errors)")
        XCTAssertTrue((seen["status"] as? String ?? "").contains("Another frame uses the id hall"), "\(seen["status"] ?? "")")
        XCTAssertEqual(seen["statusIsProblem"] as? Bool, true)
    }

    /// A folder's file is shown by its name, never "Photo by" it; without a token every control is disabled, the
    /// page says where the token comes from, and a tap on Next sends nothing.
    func testAFolderPhotoByItsNameAndWithoutATokenNothingToTap() throws {
        let python = try RemotePageBrowser.python(for: "the remote page's browser test")
        let token = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let page = folder.appendingPathComponent("page.html"), photo = folder.appendingPathComponent("photo.jpg")
        let log = folder.appendingPathComponent("requests.jsonl")
        try Data(RemotePage.html.utf8).write(to: page)
        try Self.jpeg(width: 64, height: 48).write(to: photo)
        let port = try startServer(python, ["--page", page.path, "--photo", photo.path, "--token", token,
                                            "--log", log.path, "--folder"])
        let check = try RemotePageBrowser.run(python, [RemotePageBrowser.checkScript,
                                     "http://127.0.0.1:\(port)/#token=\(token)", "--facts"], timeout: 120)
        let lastLine = check.output.split(separator: "\n").last.map(String.init) ?? ""
        let seen = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(lastLine.utf8)) as? [String: Any],
                                 "the check said: \(check.output) \(check.errors)")
        XCTAssertEqual(check.status, 0, "\(seen["error"] ?? "") at \(seen["step"] ?? ""); \(check.errors)")

        XCTAssertEqual(seen["caption"] as? String, "motorcycle_left.png")
        let details = try XCTUnwrap(seen["details"] as? String)
        XCTAssertTrue(details.contains("12 March 2024"), details)
        XCTAssertFalse(details.contains("By "), details)
        XCTAssertEqual(seen["controlsWithToken"] as? [String], [], "with the token every control works")

        let disabled = try XCTUnwrap(seen["disabled"] as? [String: Bool])
        XCTAssertEqual(disabled.count, 12)
        XCTAssertEqual(disabled.filter { !$0.value }.map(\.key), [], "enabled without a token")
        XCTAssertEqual(seen["noteShown"] as? Bool, true)
        XCTAssertTrue((seen["note"] as? String ?? "").contains("tessera remote-token"), "\(seen["note"] ?? "")")
        XCTAssertEqual(seen["bodyLocked"] as? Bool, true)
        XCTAssertLessThan(seen["nextOpacity"] as? Double ?? 1, 0.6, "the controls look disabled")

        let requests = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let commands = requests.filter { $0["path"] as? String == "/api/v1/commands" }
        XCTAssertEqual(commands.count, 0, "a tap without a token sent \(commands)")
    }

    // MARK: - Processes

    /// Starts the stand-in server; its port, from its first line.
    private func startServer(_ python: String, _ arguments: [String]) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [Self.scripts.appendingPathComponent("fake_remote_api.py").path] + arguments
        let out = Pipe()
        process.standardOutput = out
        let said = Box<String>()
        let reading = out.fileHandleForReading
        try process.run()
        server = process
        // Its first line, read off the test's thread (a server that says nothing must not hang the test).
        DispatchQueue.global().async {
            var text = Data()
            while !text.contains(UInt8(ascii: "\n")) {
                let more = reading.availableData
                if more.isEmpty { break }
                text += more
            }
            said.set(String(decoding: text, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "")
        }
        let deadline = Date().addingTimeInterval(20)
        while said.value == nil, process.isRunning, Date() < deadline { usleep(20_000) }
        let line = try XCTUnwrap(said.value, "the stand-in server did not start")
        let answer = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Int]
        return try XCTUnwrap(answer?["port"], line)
    }

    /// A small JPEG of one colour, the frame's "photo shown".
    private static func jpeg(width: Int, height: Int) throws -> Data {
        let pixels = [UInt8](repeating: 0, count: width * height * 4).enumerated().map { index, _ in
            [UInt8(180), 130, 70, 255][index % 4]
        }
        return try pixels.withUnsafeBytes { bytes in
            try JPEGCompressor().compress(bytes.baseAddress!, width: width, pitch: width * 4, height: height, quality: 90)
        }
    }
}
