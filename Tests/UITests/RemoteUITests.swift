import FixtureServer
import Foundation
import GalleryCore
import SDLKit
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The frame steered from afar, as a person with a phone meets it: the real app under Xvfb with `--remote`, asked
/// over HTTP, checked by the frame's pixels. Without the token nothing happens; with it the photo changes, the
/// display goes dark and comes back, and the page in a real browser moves the frame on.
final class RemoteUITests: XSessionTestCase {
    private var port = 0
    private let token = "remote-ui-test-token-0123456789"

    /// Four photos of one colour each, shown by name in a slideshow that never moves by itself (an hour each).
    private func launchFrame(_ extra: [String] = [], environment: [String: String] = [:]) throws -> String {
        try FileManager.default.createDirectory(atPath: root + "/photos", withIntermediateDirectories: true)
        for (name, colour) in [("a", "red"), ("b", "blue"), ("c", "lime"), ("d", "yellow")] {
            try x.tool(["convert", "-size", "800x600", "xc:\(colour)", root + "/photos/\(name).png"])
        }
        try token.write(toFile: root + "/token", atomically: true, encoding: .utf8)
        port = try LocalBroker.freePort()
        let id = try x.launch(["--name", "Ada", "--no-cache", "--size", "800x600", "--mode", "slideshow",
                               "--interval", "3600", "--transition", "none", "--sort", "name",
                               "--remote", "127.0.0.1:\(port)", "--remote-token-file", root + "/token"]
                              + extra + [root + "/photos"],
                              environment: ["TESSERA_CONFIG": root + "/config"].merging(environment) { $1 })
        _ = try x.waitForFrame(id, "the first photo, red") { isColour($0, (255, 0, 0)) }
        return id
    }

    private func isColour(_ frame: Surface, _ c: (Int, Int, Int)) -> Bool {
        XSession.isColor(frame.pixel(x: frame.width / 2, y: frame.height / 2), c, tolerance: 12)
    }

    func testWithoutTheTokenNothingHappensAndWithItTheFrameMovesOn() throws {
        let id = try launchFrame()
        // No token, a wrong one: refused, and the frame stays on its photo.
        XCTAssertEqual(try request("POST", "/api/v1/commands", body: #"{"command":"next"}"#, token: nil).status, 401)
        XCTAssertEqual(try request("POST", "/api/v1/commands", body: #"{"command":"next"}"#,
                                   token: "not-the-token-at-all-00000").status, 401)
        XCTAssertEqual(try request("GET", "/api/v1/state", token: nil).status, 401)
        XCTAssertTrue(isColour(try x.frame(id), (255, 0, 0)), "nothing moved without the token")

        // With it: the answer is the new state, and the screen shows the next photo.
        let next = try request("POST", "/api/v1/commands", body: #"{"command":"next"}"#, token: token)
        XCTAssertEqual(next.status, 200, next.text)
        let state = try XCTUnwrap(next.json)
        XCTAssertEqual((state["photo"] as? [String: Any])?["index"] as? Int, 1)
        XCTAssertEqual(state["mode"] as? String, "slideshow")
        _ = try x.waitForFrame(id, "the second photo, blue") { isColour($0, (0, 0, 255)) }

        // A photo by its id, from the state's own words.
        let firstID = try XCTUnwrap(try request("GET", "/api/v1/state", token: token).json.flatMap {
            ($0["photo"] as? [String: Any])?["id"] as? String })
        XCTAssertEqual(try request("POST", "/api/v1/commands", body: #"{"command":"next"}"#, token: token).status, 200)
        _ = try x.waitForFrame(id, "the third photo, lime") { isColour($0, (0, 255, 0)) }
        let back = try request("POST", "/api/v1/commands",
                               body: #"{"command":"open-photo","argument":"\#(firstID)"}"#, token: token)
        XCTAssertEqual(back.status, 200, back.text)
        _ = try x.waitForFrame(id, "the blue photo again, asked by id") { isColour($0, (0, 0, 255)) }

        // Refusals say why and change nothing.
        let unknown = try request("POST", "/api/v1/commands", body: #"{"command":"explode"}"#, token: token)
        XCTAssertEqual(unknown.status, 400)
        XCTAssertTrue(unknown.text.contains("no command called"), unknown.text)
        let quit = try request("POST", "/api/v1/commands", body: #"{"command":"quit"}"#, token: token)
        XCTAssertEqual(quit.status, 400, "a remote does not quit the frame")
        XCTAssertTrue(x.app?.isRunning == true)

        // The wall, by the remote.
        XCTAssertEqual(try request("POST", "/api/v1/commands", body: #"{"command":"wall"}"#, token: token).json?["mode"] as? String, "wall")
        _ = try x.waitForFrame(id, "the wall: more than one colour on screen") { frame in
            Set([(200, 300), (600, 300), (200, 550), (600, 550)].map { p -> Int in
                let px = frame.pixel(x: p.0, y: p.1)
                return Int(px.r) / 64 * 16 + Int(px.g) / 64 * 4 + Int(px.b) / 64
            }).count > 1
        }
    }

    func testTheDisplayGoesDarkAndComesBackFromAfar() throws {
        let id = try launchFrame(["--kiosk"])
        let off = try request("POST", "/api/v1/commands", body: #"{"command":"display-off"}"#, token: token)
        XCTAssertEqual(off.status, 200, off.text)
        XCTAssertEqual(off.json?["display"] as? String, "off")
        // Xvfb has no DPMS: the frame is painted black instead, which is what can be seen here.
        _ = try x.waitForFrame(id, "dark") { frame in
            [(100, 100), (400, 300), (700, 500)].allSatisfy { XSession.isColor(frame.pixel(x: $0.0, y: $0.1), (0, 0, 0)) }
        }
        let on = try request("POST", "/api/v1/commands", body: #"{"command":"display-on"}"#, token: token)
        XCTAssertEqual(on.json?["display"] as? String, "on", on.text)
        _ = try x.waitForFrame(id, "the photo again") { isColour($0, (255, 0, 0)) }
    }

    func testThePageInABrowserMovesTheFrameOn() throws {
        guard let python = RemoteUITests.browserPython else {
            throw missing("the browser test's Python with Selenium, chromium and chromedriver")
        }
        let id = try launchFrame()
        let script = RemoteUITests.repository + "/Tests/RemotePage/remote_page_check.py"
        let out = try x.tool([python, script, "http://127.0.0.1:\(port)/#token=\(token)", "--only-next"],
                             timeout: 90)
        XCTAssertTrue(out.contains("\"next\": true"), out)
        _ = try x.waitForFrame(id, "the second photo, blue, after a tap on Next in the page") { isColour($0, (0, 0, 255)) }
    }

    /// The page against the real frame showing a folder (no --source: the command line's folder, while the form
    /// once said picsum): the photo by its file's name, never "Photo by a.png"; the settings form's source the one
    /// in use; without the token every control disabled, the note on where the token comes from.
    func testThePageTellsAFolderPhotoByNameAndTheSourceInUse() throws {
        guard let python = RemoteUITests.browserPython else {
            throw missing("the browser test's Python with Selenium, chromium and chromedriver")
        }
        let id = try launchFrame()
        let script = RemoteUITests.repository + "/Tests/RemotePage/remote_page_check.py"
        let out = try x.tool([python, script, "http://127.0.0.1:\(port)/#token=\(token)", "--facts"], timeout: 90)
        let seen = try XCTUnwrap(try JSONSerialization.jsonObject(
            with: Data((out.split(separator: "\n").last.map(String.init) ?? "").utf8)) as? [String: Any], out)
        XCTAssertNil(seen["error"], out)
        XCTAssertEqual(seen["caption"] as? String, "a.png", out)
        XCTAssertFalse((seen["details"] as? String ?? "").contains("By "), out)
        XCTAssertEqual(seen["settingSource"] as? String, "folder", out)
        let disabled = try XCTUnwrap(seen["disabled"] as? [String: Bool], out)
        XCTAssertEqual(disabled.filter { !$0.value }.map(\.key), [], "enabled without a token")
        XCTAssertEqual(seen["noteShown"] as? Bool, true, out)
        // The state says so too: a file's name, no author.
        let photo = try XCTUnwrap(try request("GET", "/api/v1/state", token: token).json?["photo"] as? [String: Any])
        XCTAssertEqual(photo["title"] as? String, "a.png")
        XCTAssertEqual(photo["author"] as? String, "")
        XCTAssertTrue(isColour(try x.frame(id), (255, 0, 0)), "the tap without a token moved nothing")
    }

    /// The page follows the phone: Chromium in French gets the remote in French from a frame that speaks English
    /// (its catalogues where `TESSERA_LOCALE_DIR` says, as an installed frame has them in share/locale).
    func testAFrenchPhoneGetsThePageInFrenchFromAnEnglishFrame() throws {
        guard let python = RemoteUITests.browserPython else {
            throw missing("the browser test's Python with Selenium, chromium and chromedriver")
        }
        let catalogues = root + "/locale"
        try CatalogueCompiler.compile(CatalogueCompiler.poFile("fr"), as: "fr", into: catalogues)
        _ = try launchFrame(environment: ["TESSERA_LOCALE_DIR": catalogues, "LANG": "C.UTF-8", "LANGUAGE": "",
                                          "LC_ALL": "", "LC_MESSAGES": ""])
        let script = RemoteUITests.repository + "/Tests/RemotePage/remote_page_check.py"
        let out = try x.tool([python, script, "http://127.0.0.1:\(port)/#token=\(token)", "--words", "--lang", "fr"],
                             timeout: 90)
        let seen = try XCTUnwrap(try JSONSerialization.jsonObject(
            with: Data((out.split(separator: "\n").last.map(String.init) ?? "").utf8)) as? [String: Any], out)
        XCTAssertNil(seen["error"], out)
        XCTAssertTrue((seen["lang"] as? String ?? "").hasPrefix("fr"), out)
        let french = try XCTUnwrap(MOCatalog(contentsOf: catalogues + "/fr/LC_MESSAGES/tessera.mo", language: Language("fr")))
        let words = try XCTUnwrap(seen["words"] as? [String: String], out)
        XCTAssertEqual(words["btn-next"], french.tr("Next"))
        XCTAssertNotEqual(words["btn-next"], "Next")
        XCTAssertEqual(words["frame-name"], french.tr("{name}'s frame", ["name": "Ada"]))
        XCTAssertEqual(words["settings-save"], french.tr("Save settings"))
        // The frame's own page, asked without a language, stays the frame's English.
        let page = try remoteRequest(port: port, token: nil, "GET", "/", body: nil)
        XCTAssertTrue(page.text.contains(">Next</button>"), String(page.text.prefix(300)))
    }

    // MARK: HTTP

    private func request(_ method: String, _ path: String, body: String? = nil, token: String?) throws -> RemoteAnswer {
        try remoteRequest(port: port, token: token, method, path, body: body)
    }

    static var repository: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }

    /// The Python that runs the browser test (Selenium in the test venv), when it and chromium are there.
    static var browserPython: String? {
        let env = ProcessInfo.processInfo.environment
        let python = env["TESSERA_TEST_PYTHON"] ?? "/opt/tessera-test-venv/bin/python"
        let chromium = env["TESSERA_CHROMIUM"] ?? "/usr/bin/chromium"
        let fm = FileManager.default
        return fm.isExecutableFile(atPath: python) && fm.isExecutableFile(atPath: chromium) ? python : nil
    }
}
