import AppDriving
import Foundation
import XCTest

/// The remote page's screen part in a real browser (headless Chromium the size of a phone, `RemotePageBrowser`)
/// against the real app with `--remote`: Identify puts the frame's name on its screen (the state's overlays say it)
/// and the page says so; Take screenshot shows the frame's whole screen in the page, at the panel's size.
final class RemotePageScreenBrowserTests: XCTestCase {
    private var root = ""
    private var frame: RemoteFrame?

    override func tearDown() {
        frame?.stop(signal: SIGKILL)
        try? FileManager.default.removeItem(atPath: root)
    }

    func testIdentifyAndTheScreenshotFromThePage() throws {
        let python = try RemotePageBrowser.python(for: "the screen part's browser test")
        guard FileManager.default.isExecutableFile(atPath: AppProcess.executable) else {
            throw missing("the app (swift build): \(AppProcess.executable)")
        }
        root = NSTemporaryDirectory() + "tessera-screen-part-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let frame = RemoteFrame(root: root)
        self.frame = frame
        try frame.launch(["--demo", "--name", "Ada", "--no-cache", "--size", "640x480", "--mode", "slideshow",
                          "--interval", "3600", "--transition", "none"])
        try frame.waitForState("a photo on screen") { $0.photo }

        let check = try RemotePageBrowser.run(python, [RemotePageBrowser.scripts.appendingPathComponent("screen_part_check.py").path,
                                                       "http://127.0.0.1:\(frame.port)/#token=\(frame.token)"], timeout: 120)
        let lastLine = check.output.split(separator: "\n").last.map(String.init) ?? ""
        let seen = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(lastLine.utf8)) as? [String: Any],
                                 "the check said: \(check.output) \(check.errors)")
        XCTAssertEqual(check.status, 0, "\(seen["error"] ?? "") at \(seen["step"] ?? ""); \(check.errors)")

        XCTAssertEqual(seen["title"] as? String, "This frame's screen")
        XCTAssertEqual(seen["identifyLabel"] as? String, "Identify")
        XCTAssertEqual(seen["screenshotLabel"] as? String, "Take screenshot")
        XCTAssertEqual(seen["shotBefore"] as? Bool, false, "no picture before one is asked for")
        XCTAssertEqual(seen["afterIdentify"] as? String, "The frame shows its name for ten seconds.")
        let shot = try XCTUnwrap(seen["shot"] as? [String: Any])
        XCTAssertEqual(shot["scheme"] as? String, "blob", "fetched with the token, shown from a blob")
        XCTAssertEqual(shot["width"] as? Int, 640, "the panel's own size: never scaled up")
        XCTAssertEqual(shot["height"] as? Int, 480)
        // The frame showed its name: the state's overlays say it (within the card's ten seconds).
        let state = try XCTUnwrap(try frame.request("GET", "/api/v1/state").json)
        let words = ((state["overlays"] as? [String: Any])?["identify"] as? [String: Any])?["words"] as? String
        XCTAssertEqual(words, "Ada — 127.0.0.1:\(frame.port)")
    }
}
