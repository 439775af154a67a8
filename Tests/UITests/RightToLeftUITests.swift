import Foundation
import GalleryCore
import SDLKit
import XCTest

/// A screen read right to left (`--language ar`), as the real app draws it (offscreen, software renderer), read by
/// its pixels against the same screen in English: the header's name and clock on the right and its buttons on the
/// left, the pane's controls mirrored, a tap on a mirrored button doing what the button says, and the arrow keys
/// keeping their meaning (→ next, ← previous) in a real X11 window.
final class RightToLeftUITests: XCTestCase {
    private var root = ""
    private let header = GalleryConfig().headerHeight
    private let tile = (r: 60, g: 60, b: 66), accent = (r: 90, g: 160, b: 255), text = (r: 235, g: 235, b: 240)

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "tessera-rtl-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/data", withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: root) }

    private func run(_ language: String, _ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> Surface {
        let env = ["XDG_DATA_HOME": root + "/data", "XDG_CACHE_HOME": root + "/cache", "HOME": root]
        let run = try AppProcess.run(["--cache-dir", root + "/cache", "--name", "Tester", "--demo", "--language", language]
                                     + arguments, environment: env)
        XCTAssertEqual(run.status, 0, run.log, file: file, line: line)
        return try XCTUnwrap(run.frame, "no screenshot: \(run.log)", file: file, line: line)
    }

    private func isColor(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ c: (r: Int, g: Int, b: Int), tolerance: Int = 3) -> Bool {
        abs(Int(p.r) - c.r) <= tolerance && abs(Int(p.g) - c.g) <= tolerance && abs(Int(p.b) - c.b) <= tolerance
    }

    /// The header's button tiles along the row a little below their top edge (device pixels): runs of the tiles'
    /// fill, as (first column, last column).
    private func tiles(_ frame: Surface, scale: Int) -> [(Int, Int)] {
        let y = (header - Toolbar.size) / 2 * scale + 2 * scale
        var runs: [(Int, Int)] = [], start: Int?
        for x in 0...frame.width {
            let on = x < frame.width && isColor(frame.pixel(x: x, y: y), tile)
            if on, start == nil { start = x }
            if !on, let s = start { if x - s >= 8 * scale { runs.append((s, x - 1)) }; start = nil }
        }
        return runs
    }

    /// The columns where the name and the clock are written (the text's white, the clock's blue) along the header,
    /// outside the button tiles.
    private func writing(_ frame: Surface, scale: Int, outside tiles: [(Int, Int)]) -> [Int] {
        (0..<frame.width).filter { x in
            !tiles.contains { $0.0 - 2 * scale <= x && x <= $0.1 + 2 * scale }
                && stride(from: 8 * scale, to: (header - 8) * scale, by: 1).contains { y in
                    let p = frame.pixel(x: x, y: y)
                    return isColor(p, accent, tolerance: 40) || isColor(p, text, tolerance: 20)
                }
        }
    }

    /// Mirrored about the frame's middle: a column's mirror image.
    private func mirrored(_ runs: [(Int, Int)], width: Int) -> [(Int, Int)] {
        runs.map { (width - 1 - $0.1, width - 1 - $0.0) }.sorted { $0.0 < $1.0 }
    }

    func testTheHeaderIsEnglishsMirrorImage() throws {
        for (size, scale) in [("1280x800", 1), ("480x800", 1), ("1280x800", 2)] {
            let args = ["--size", size, "--scale", String(scale)]
            let english = try run("en", args), arabic = try run("ar", args)
            let what = "\(size) at scale \(scale)"
            let enTiles = tiles(english, scale: scale), arTiles = tiles(arabic, scale: scale)
            XCTAssertGreaterThanOrEqual(enTiles.count, 2, "\(what): the buttons are drawn")
            let expected = mirrored(enTiles, width: english.width)
            XCTAssertEqual(arTiles.count, expected.count, "\(what): \(arTiles) against \(expected)")
            for (a, e) in zip(arTiles, expected) {
                XCTAssertEqual(Double(a.0), Double(e.0), accuracy: Double(scale), "\(what): a tile's left edge mirrors English's")
                XCTAssertEqual(Double(a.1), Double(e.1), accuracy: Double(scale), "\(what): a tile's right edge mirrors English's")
            }
            let enWords = writing(english, scale: scale, outside: enTiles), arWords = writing(arabic, scale: scale, outside: arTiles)
            let enFirst = try XCTUnwrap(enWords.min(), "\(what): English writes its name and clock")
            let arLast = try XCTUnwrap(arWords.max(), "\(what): Arabic writes its name and clock")
            // English: the words start at the left margin, left of every button; Arabic: at the right margin, right
            // of every button.
            XCTAssertLessThan(enFirst, 24 * scale, "\(what): English's name at the left")
            XCTAssertLessThan(enWords.max() ?? .max, enTiles.map(\.0).min() ?? 0, "\(what): English's words left of its buttons")
            XCTAssertGreaterThan(arLast, arabic.width - 24 * scale, "\(what): Arabic's name at the right")
            XCTAssertGreaterThan(arWords.min() ?? 0, arTiles.map(\.1).max() ?? .max, "\(what): Arabic's words right of its buttons")
            XCTAssertEqual(Double(arabic.width - 1 - arLast), Double(enFirst), accuracy: Double(2 * scale),
                           "\(what): as far from the right edge as English's from the left")
        }
    }

    /// The button tiles of every row under the header, as runs per row.
    private func tileRows(_ frame: Surface) -> [Int: [(Int, Int)]] {
        var rows: [Int: [(Int, Int)]] = [:]
        for y in header..<frame.height {
            var runs: [(Int, Int)] = [], start: Int?
            for x in 0...frame.width {
                let on = x < frame.width && isColor(frame.pixel(x: x, y: y), tile, tolerance: 0)
                if on, start == nil { start = x }
                if !on, let s = start { if x - s >= 12 { runs.append((s, x - 1)) }; start = nil }
            }
            if !runs.isEmpty { rows[y] = runs }
        }
        return rows
    }

    /// A tap on the first cell opens the pane in both languages (on Arabic's screen the cell is at the mirrored
    /// place): its row of controls and its arrows stand where English's do, mirrored.
    func testThePanesControlsAreMirrored() throws {
        let english = try run("en", ["--size", "1280x800", "--script", "tap:300:300"])
        let arabic = try run("ar", ["--size", "1280x800", "--script", "tap:\(1280 - 1 - 300):300"])
        let enRows = tileRows(english), arRows = tileRows(arabic)
        XCTAssertGreaterThan(enRows.count, 20, "the pane's buttons are drawn in English")
        XCTAssertEqual(Set(arRows.keys), Set(enRows.keys), "the buttons stand at the same heights")
        // The columns any button covers (their icons and words, not mirrored, break the rows inside them).
        func columns(_ rows: [Int: [(Int, Int)]]) -> Set<Int> { Set(rows.values.flatMap { $0.flatMap { Array($0.0...$0.1) } }) }
        let expected = Set(columns(enRows).map { english.width - 1 - $0 }), got = columns(arRows)
        XCTAssertGreaterThan(expected.count, 150, "several buttons")
        XCTAssertLessThanOrEqual(got.symmetricDifference(expected).count, 2 * 6, "Arabic's buttons are English's mirrored")
        // Each button a whole tile: the leftmost English button's tile, mirrored, is a tile in Arabic.
        let firstEnglish = try XCTUnwrap(columns(enRows).min())
        XCTAssertTrue(got.contains(english.width - 1 - firstEnglish), "English's first button is Arabic's last")
    }

    /// The frame under the header, sampled (the clock differs from run to run).
    private func samples(_ frame: Surface) -> [UInt32] {
        stride(from: header + 2, to: frame.height, by: 7).flatMap { y in
            stride(from: 1, to: frame.width, by: 9).map { x in
                let p = frame.pixel(x: x, y: y)
                return UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b)
            }
        }
    }

    private func differing(_ a: Surface, _ b: Surface) -> Int { zip(samples(a), samples(b)).filter { $0 != $1 }.count }

    /// Help's button is the header's last in English (the rightmost) and so the leftmost in Arabic: a tap there
    /// opens help as the command does; a tap where English has it (Arabic's name) opens nothing.
    func testATapOnAMirroredButtonDoesWhatItSays() throws {
        let arabic = try run("ar", ["--size", "1280x800"])
        let help = try XCTUnwrap(tiles(arabic, scale: 1).first, "Arabic's buttons")
        let y = header / 2
        let tapped = try run("ar", ["--size", "1280x800", "--script", "tap:\((help.0 + help.1) / 2):\(y)"])
        let commanded = try run("ar", ["--size", "1280x800", "--script", "help"])
        XCTAssertGreaterThan(differing(commanded, arabic), 100, "help covers the wall")
        XCTAssertEqual(differing(tapped, commanded), 0, "the tap opened help")
        let english = try run("en", ["--size", "1280x800"])
        let englishHelp = try XCTUnwrap(tiles(english, scale: 1).last, "English's buttons")
        let elsewhere = try run("ar", ["--size", "1280x800", "--script", "tap:\((englishHelp.0 + englishHelp.1) / 2):\(y)"])
        XCTAssertEqual(differing(elsewhere, arabic), 0, "where English's help is, Arabic's name opens nothing")
    }

    /// The pane's photo area (under the header, the middle of the window), sampled.
    private func photo(_ frame: Surface) -> [UInt32] {
        stride(from: 200, to: 600, by: 5).flatMap { y in
            stride(from: 440, to: 840, by: 5).map { x in
                let p = frame.pixel(x: x, y: y)
                return UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b)
            }
        }
    }

    private func alike(_ a: [UInt32], _ b: [UInt32]) -> Double {
        Double(zip(a, b).filter { $0 == $1 }.count) / Double(max(1, a.count))
    }

    /// The keyboard is not mirrored: in the pane → shows the next photo and ← the previous one in Arabic as in
    /// English (mpv's, feh's and imv's convention), in a real X11 window with real key presses. The photos the
    /// commands show (offscreen) are the reference.
    func testTheArrowKeysKeepTheirMeaning() throws {
        guard XSession.hasDisplay else { throw missing("X display") }
        let open = "tap:\(1280 - 1 - 300):300"
        let next = photo(try run("ar", ["--size", "1280x800", "--script", open + ",nextphoto"]))
        let first = photo(try run("ar", ["--size", "1280x800", "--script", open]))
        XCTAssertLessThan(alike(next, first), 0.5, "the next photo is another picture")
        let x = XSession(root: root)
        let app = Process()
        app.executableURL = URL(fileURLWithPath: AppProcess.executable)
        app.arguments = ["--demo", "--name", "Tester", "--language", "ar", "--size", "1280x800", "--cache-dir", root + "/cache",
                         "--renderer", "software", "--no-vsync"]
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "x11"; env["TESSERA_CONFIG"] = "/nonexistent/tessera-config"
        env["XDG_DATA_HOME"] = root + "/data"; env["XDG_CACHE_HOME"] = root + "/cache"; env["HOME"] = root
        app.environment = env
        app.standardError = FileHandle.nullDevice
        try app.run()
        defer { app.terminate(); app.waitUntilExit() }
        // By its class: xdotool's search by name misses the window's UTF-8 title on this Xvfb.
        let window = try XCTUnwrap(try x.tool(["xdotool", "search", "--sync", "--onlyvisible", "--class", "tessera"])
            .split(separator: "\n").first.map(String.init), "the app's window")
        try x.tool(["xdotool", "windowfocus", "--sync", window])
        _ = try x.waitForFrame(window, "the wall") { !self.tiles($0, scale: 1).isEmpty }
        try x.tool(["xdotool", "mousemove", "--window", window, String(1280 - 1 - 300), "300", "click", "1"])
        _ = try x.waitForFrame(window, "the pane on the first photo") { self.alike(self.photo($0), first) > 0.9 }
        try x.tool(["xdotool", "key", "--window", window, "Right"])
        _ = try x.waitForFrame(window, "→ shows the next photo") { self.alike(self.photo($0), next) > 0.9 }
        try x.tool(["xdotool", "key", "--window", window, "Left"])
        _ = try x.waitForFrame(window, "← shows the previous photo again") { self.alike(self.photo($0), first) > 0.9 }
    }
}
