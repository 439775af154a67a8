import AppDriving
import Foundation
import XCTest

/// The remote page's log panel in a real browser (headless Chromium the size of a phone, `RemotePageBrowser`) against
/// the real app with `--remote`: folded away until tapped open, then the frame's own start-up lines, oldest first,
/// a warning marked in words and colour, read again with its refresh button; never the token.
final class RemotePageLogBrowserTests: XCTestCase {
    private var root = ""
    private var frame: RemoteFrame?

    override func tearDown() {
        frame?.stop(signal: SIGKILL)
        try? FileManager.default.removeItem(atPath: root)
    }

    func testTheLogPanelOpensOnTheFramesOwnLinesWithWarningsMarked() throws {
        let python = try RemotePageBrowser.python(for: "the log panel's browser test")
        guard FileManager.default.isExecutableFile(atPath: AppProcess.executable) else {
            throw missing("the app (swift build): \(AppProcess.executable)")
        }
        root = NSTemporaryDirectory() + "tessera-log-panel-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let frame = RemoteFrame(root: root)
        self.frame = frame
        // A warning of the frame's own at the start: a font it was told of that is not there.
        try frame.launch(["--demo", "--name", "Ada", "--no-cache", "--size", "640x480", "--mode", "slideshow",
                          "--interval", "3600", "--transition", "none"],
                         environment: ["TESSERA_FONT": root + "/no-such-font.ttf"])
        try frame.waitForState("a photo on screen") { $0.photo }

        let check = try RemotePageBrowser.run(python, [RemotePageBrowser.scripts.appendingPathComponent("log_panel_check.py").path,
                                                       "http://127.0.0.1:\(frame.port)/#token=\(frame.token)"], timeout: 120)
        let lastLine = check.output.split(separator: "\n").last.map(String.init) ?? ""
        let seen = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(lastLine.utf8)) as? [String: Any],
                                 "the check said: \(check.output) \(check.errors)")
        XCTAssertEqual(check.status, 0, "\(seen["error"] ?? "") at \(seen["step"] ?? ""); \(check.errors)")

        XCTAssertEqual(seen["openBefore"] as? Bool, false, "folded away at first")
        XCTAssertEqual(seen["linesBefore"] as? Int, 0, "nothing read before it is opened")
        XCTAssertEqual(seen["title"] as? String, "The frame's log")
        XCTAssertEqual(seen["open"] as? Bool, true)
        let lines = try XCTUnwrap(seen["lines"] as? [[String: Any]])
        let texts = lines.compactMap { $0["text"] as? String }
        XCTAssertTrue(texts.contains("video: offscreen"), "\(texts)")
        XCTAssertTrue(texts.contains { $0.hasPrefix("remote: listening at 127.0.0.1:\(frame.port)") }, "\(texts)")
        let times = lines.compactMap { $0["time"] as? String }
        XCTAssertEqual(times.count, lines.count, "each line has its time")
        XCTAssertEqual(times, times.sorted(), "oldest first")
        for text in texts { XCTAssertFalse(text.contains(frame.token)) }
        // Each warning of the frame's log, and only they, are marked: in words, and in another colour.
        let warnings = lines.filter { $0["warning"] as? Bool == true }
        let warned = frame.log.split(separator: "\n").filter { $0.hasPrefix("tessera: warning: ") }.count
        XCTAssertEqual(warnings.count, warned, "\(lines)")
        XCTAssertGreaterThan(warnings.count, 0, "the start said a warning: \(frame.log)")
        for warning in warnings { XCTAssertEqual(warning["level"] as? String, "Warning:") }
        let plain = lines.first { $0["warning"] as? Bool == false }
        XCTAssertNotEqual(warnings.first?["colour"] as? String, plain?["colour"] as? String)
        XCTAssertNil(plain?["level"] as? String)
        // Refreshed: read again, the same lines at least.
        let again = (seen["linesAfterRefresh"] as? [[String: Any]])?.compactMap { $0["text"] as? String } ?? []
        XCTAssertEqual(Array(again.prefix(texts.count)), texts)
        XCTAssertEqual(seen["refreshLabel"] as? String, "Refresh")
    }
}
