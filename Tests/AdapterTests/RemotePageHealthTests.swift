import Foundation
import GalleryCore
@testable import RemoteControl
import XCTest

/// The remote page's health panel as the person with the phone reads it: the part's script run in Node over a
/// stand-in of the page's elements, with the page's word tables, on states a frame sends.
final class RemotePageHealthTests: XCTestCase {
    /// A book that marks every word.
    struct MarkedBook: WordBook {
        let language = Language("ja")
        func lookUp(_ english: String, context: String?) -> String { "JA " + english }
        func lookUp(_ singular: String, _ plural: String, count: Int, context: String?) -> String { "JA " + singular }
    }

    /// The panel's elements after `render(state)`, at `now` (milliseconds since 1970): id → [text, "hidden"/"shown"].
    private func panel(_ state: String, now: Double, book: any WordBook = EnglishBook()) throws -> [String: [String]] {
        let node = "/usr/bin/node"
        guard FileManager.default.isExecutableFile(atPath: node) else { throw XCTSkip("no Node at \(node)") }
        let program = RemotePageWords.script(book) + """

            globalThis.window = globalThis;
            window.tesseraParts = [];
            const elements = {};
            globalThis.document = { getElementById: id => elements[id] || (elements[id] = { textContent: "", hidden: false }) };
            Date.now = () => \(now);

            """ + RemotePageHealth.js + """

            window.tesseraParts[0].render(\(state), null, w);
            console.log(JSON.stringify(Object.fromEntries(Object.entries(elements)
              .map(([id, e]) => [id, [e.textContent, e.hidden ? "hidden" : "shown"]]))));

            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: node)
        process.arguments = ["-e", program]
        let out = Pipe(), errors = Pipe()
        process.standardOutput = out
        process.standardError = errors
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, complaint)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: [String]], complaint)
    }

    /// 2026-12-02T07:31:22Z in milliseconds.
    private let advanced = 1_796_196_682_000.0

    private func state(stalled: Bool, health: String) -> String {
        #"{"last_advanced": "2026-12-02T07:31:22Z", "stalled": \#(stalled), "health": \#(health)}"#
    }

    private let health = #"""
        {"uptime": 60, "started": "2026-12-02T05:31:22Z", "display_reason": "override", "memory": 52428800,
         "temperature": 52.3, "cache": {"bytes": 2000000, "hit_rate": 0.85}, "pass": {"shown": 3, "total": 30},
         "source": {"online": true, "error": "HTTP 500"}, "throttled": {"now": [], "since_boot": ["under-voltage"]}}
        """#

    func testThePanelSaysWhenThePhotoChangedAndHowTheFrameIsAndARedLineWhileStalled() throws {
        let shown = try panel(state(stalled: true, health: health), now: advanced + 150_000)
        XCTAssertEqual(shown["health-panel"]?[1], "shown")
        XCTAssertEqual(shown["health-advanced"]?[0], "2 minutes ago")
        XCTAssertEqual(shown["health-uptime"]?[0], "2 hours", "from `started`, not the minute-old sample")
        XCTAssertEqual(shown["health-temperature"]?[0], "52.3 °C")
        XCTAssertEqual(shown["health-memory"]?[0], "52.4 MB")
        XCTAssertEqual(shown["health-cache"]?[0], "2 MB, 85% found")
        XCTAssertEqual(shown["health-source"]?[0], "HTTP 500", "the source's own error")
        XCTAssertEqual(shown["health-pass"]?[0], "3 of 30")
        XCTAssertEqual(shown["health-display"]?[0], "switched by hand")
        XCTAssertEqual(shown["health-throttled"]?[0], "no")
        XCTAssertEqual(shown["health-stalled"], ["Stalled: the photo has not changed (2 minutes ago) while it should.", "shown"])

        let fine = try panel(state(stalled: false, health: health), now: advanced + 5_000)
        XCTAssertEqual(fine["health-stalled"]?[1], "hidden")
        XCTAssertEqual(fine["health-advanced"]?[0], "5 seconds ago")
        XCTAssertEqual(fine["health-row-advanced"]?[1], "shown")
    }

    func testAMachineWithoutAZoneAndAStateWithoutHealth() throws {
        let bare = #"{"uptime": 5, "started": "", "display_reason": "always", "source": {"online": false}, "cache": {"bytes": 0}}"#
        let shown = try panel(#"{"stalled": false, "health": \#(bare)}"#, now: advanced)
        XCTAssertEqual(shown["health-advanced"]?[0], "not yet")
        XCTAssertEqual(shown["health-uptime"]?[0], "5 seconds")
        XCTAssertEqual(shown["health-temperature"]?[0], "none reported")
        XCTAssertEqual(shown["health-row-memory"]?[1], "hidden")
        XCTAssertEqual(shown["health-row-pass"]?[1], "hidden")
        XCTAssertEqual(shown["health-row-throttled"]?[1], "hidden", "no Pi")
        XCTAssertEqual(shown["health-source"]?[0], "offline")
        XCTAssertEqual(shown["health-display"]?[0], "always on")
        XCTAssertEqual(try panel(#"{"stalled": false}"#, now: advanced)["health-panel"]?[1], "hidden")
    }

    func testThePanelSpeaksThePhonesLanguage() throws {
        let shown = try panel(state(stalled: true, health: health), now: advanced + 150_000, book: MarkedBook())
        XCTAssertEqual(shown["health-advanced"]?[0], "JA JA {count} minute ago".replacingOccurrences(of: "{count}", with: "2"))
        XCTAssertEqual(shown["health-display"]?[0], "JA switched by hand")
        XCTAssertEqual(shown["health-stalled"]?[0],
                       "JA Stalled: the photo has not changed (JA JA 2 minute ago) while it should.")
    }
}
