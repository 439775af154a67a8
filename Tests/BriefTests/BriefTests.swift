import AppDriving
import FixtureServer
import Foundation
import GalleryCore
import SDLKit
import XCTest

/// The brief Tessera was built from, and the README's headline claims, one promise a test, each named after it and
/// run against the real app (its pixels, or the remote's state of what is on screen). These tests change only when
/// a promise does; a new design keeps them passing (README, "The brief as tests").
final class BriefTests: XCTestCase {
    private static let sdl: SDLSystem? = try? SDLSystem(video: false)
    private var root = ""
    private var server: FixtureServer!

    // The theme's colours (GalleryConfig.Theme), as the screen shows them.
    private let background = (24, 24, 27), header = (12, 12, 14), tile = (60, 60, 66), accent = (90, 160, 255)
    private let panel = (32, 32, 36), text = (235, 235, 240)

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: AppProcess.executable) else { throw missing("the app (swift build)") }
        XCTAssertNotNil(BriefTests.sdl, "SDL_image reads the frames")
        root = NSTemporaryDirectory() + "tessera-brief-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        server = FixtureServer(photos: 200)
        _ = try server.start(port: 0)
    }

    override func tearDown() {
        server?.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    private func isColor(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ c: (Int, Int, Int), tolerance: Int = 3) -> Bool {
        XSession.isColor(p, c, tolerance: tolerance)
    }

    /// The app headless against the fixture (the brief's REST list), a library of the test's own, a script, and
    /// the frame it settles on.
    private func run(_ script: [String], size: String = "1280x800", library: String? = nil, extra: [String] = []) throws
        -> Surface {
        let run = try AppProcess.run(["--api", server.baseURL, "--no-cache", "--library-dir", library ?? root + "/lib",
                                      "--name", "Ada", "--size", size, "--script", script.joined(separator: ",")] + extra)
        XCTAssertEqual(run.status, 0, run.log)
        return try XCTUnwrap(run.frame, run.log)
    }

    /// Rows of column `x` within `rows` that show the wall's background: the gaps between cells.
    private func gaps(_ frame: Surface, x: Int, rows: Range<Int>) -> [Int] {
        rows.filter { isColor(frame.pixel(x: x, y: $0), background) }
    }

    /// Whether the band holds a pixel of the colour.
    private func holds(_ frame: Surface, _ color: (Int, Int, Int), x: Range<Int>, y: Range<Int>, tolerance: Int = 3) -> Bool {
        for yy in y where yy < frame.height { for xx in x where xx < frame.width {
            if isColor(frame.pixel(x: xx, y: yy), color, tolerance: tolerance) { return true }
        } }
        return false
    }

    /// The brief: a REST list shown as an infinite two-column staggered grid, laid out from each photo's size before
    /// any pixel of it arrives; a progress indication while it loads. Every image trickles in at a byte a second,
    /// so what shows is the layout alone.
    func testTheListIsTwoStaggeredColumnsLaidOutBeforeAnyPixelWithProgressShown() throws {
        guard XSession.hasDisplay else { throw missing("X display") }
        server.faults.trickleImages = Set((0..<200).map(String.init))
        server.faults.trickleBytesPerSecond = 1
        let x = XSession(root: root)
        defer { x.killApp() }
        let window = try x.launch(["--api", server.baseURL, "--no-cache", "--library-dir", root + "/lib", "--name", "Ada",
                                   "--renderer", "software", "--size", "1000x700"])
        let frame = try x.waitForFrame(window, "two columns of cells") { f in
            // Both columns hold cells (not background) with gaps between them, at different heights.
            // Both columns hold cells (few background rows) and their gaps fall at different heights: staggered.
            let left = self.gaps(f, x: 250, rows: 60..<700), right = self.gaps(f, x: 750, rows: 60..<700)
            return left.count < 100 && right.count < 100 && Set(left) != Set(right)
        }
        XCTAssertTrue(isColor(frame.pixel(x: 500, y: 300), background), "the columns are apart: the gutter is the wall's")
        XCTAssertTrue(holds(frame, accent, x: 0..<1000, y: 45..<48), "the header's progress line runs while images load")
        XCTAssertGreaterThan(server.counters.images, 0, "the images were asked for, and at a byte a second none has come")
    }

    /// The brief: a detail page with the image, its author and its URL, and a forward button that is disabled
    /// while there is nothing to go forward to (lit once something is).
    func testTheDetailPaneShowsImageAuthorAndURLAndForwardIsDisabledUntilThereIsAForward() throws {
        let opened = try run(["focus-next", "open"])
        // The author along the panel's top left, in the text colour; the page and download links under the photo in
        // the link colour; the photo itself in the middle (neither panel nor placeholder).
        XCTAssertTrue(holds(opened, text, x: 50..<500, y: 70..<112, tolerance: 2), "the author's name")
        XCTAssertTrue(holds(opened, accent, x: 50..<700, y: 690..<780, tolerance: 2), "the photo's URL under it")
        XCTAssertFalse(isColor(opened.pixel(x: 640, y: 400), panel), "the image")
        let back = try XCTUnwrap((640..<1280).first { isColor(opened.pixel(x: $0, y: 10), tile) }, "Back's tile")
        XCTAssertTrue(isColor(opened.pixel(x: back + 42 + 4, y: 10), header), "Forward has no tile: nothing is forward")
        let walked = try run(["focus-next", "open", "next", "back"])
        XCTAssertTrue(isColor(walked.pixel(x: back + 42 + 4, y: 10), tile), "back in the pane: Forward is lit")
    }

    /// The brief: a header with the user's name and a clock to the millisecond, ticking.
    func testTheHeaderShowsTheNameAndAClockTickingInMilliseconds() throws {
        guard XSession.hasDisplay else { throw missing("X display") }
        let x = XSession(root: root)
        defer { x.killApp() }
        let window = try x.launch(["--api", server.baseURL, "--no-cache", "--library-dir", root + "/lib", "--name", "Ada",
                                   "--renderer", "software", "--size", "1000x700"])
        let first = try x.waitForFrame(window, "the header") { self.holds($0, self.text, x: 10..<300, y: 10..<40) }
        func clock(_ f: Surface) -> [UInt32] {
            (8..<40).flatMap { y in (90..<420).map { x in let p = f.pixel(x: x, y: y); return UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b) } }
        }
        let before = clock(first)
        _ = try x.waitForFrame(window, "the clock's digits to change") { clock($0) != before }
        // Three frames a moment apart: each shows another time, so the digits move faster than once a second.
        var seen = Set([before])
        let deadline = Date().addingTimeInterval(3)
        while seen.count < 4, Date() < deadline { seen.insert(clock(try x.frame(window))) }
        XCTAssertGreaterThanOrEqual(seen.count, 4, "the clock changed at least three times in under three seconds")
    }

    /// The brief: no scrollbar, however far the wall has scrolled.
    func testThereIsNoScrollbar() throws {
        let frame = try run(["pagedown", "pagedown", "pagedown"])
        for y in stride(from: 60, to: 800, by: 2) {
            for x in 1274..<1280 where !isColor(frame.pixel(x: x, y: y), background) {
                return XCTFail("something drawn at the window's right edge (\(x), \(y)): a scrollbar?")
            }
        }
    }

    /// The brief: a name screen on the first start, and an alert when the name is left empty.
    func testTheFirstStartAsksForTheNameAndAnEmptyOneShowsTheAlert() throws {
        let welcome = try AppProcess.run(["--api", server.baseURL, "--no-cache", "--library-dir", root + "/first",
                                          "--size", "900x600", "--script", "submit"],
                                         environment: ["HOME": root, "XDG_CONFIG_HOME": root + "/.config"])
        XCTAssertEqual(welcome.status, 0, welcome.log)
        let frame = try XCTUnwrap(welcome.frame)
        // The alert's panel covers the middle, where the welcome screen has nothing between its fields.
        XCTAssertTrue(isColor(frame.pixel(x: 600, y: 300), panel), "the alert over the welcome screen")
        XCTAssertTrue(holds(frame, text, x: 200..<700, y: 230..<330), "with its words")
    }

    /// The name screen's alert darkens the whole window, and the clock stays dark under it while it ticks (it was
    /// redrawn alone, bright, in a lighter box).
    func testTheAlertDarkensTheClockToo() throws {
        guard XSession.hasDisplay else { throw missing("X display") }
        let x = XSession(root: root)
        defer { x.killApp() }
        let window = try x.launch(["--api", server.baseURL, "--no-cache", "--library-dir", root + "/first", "--renderer",
                                   "software", "--size", "900x600"], environment: ["HOME": root, "XDG_CONFIG_HOME": root + "/.config"])
        _ = try x.waitForFrame(window, "the welcome screen") { self.isColor($0.pixel(x: 450, y: 257), self.panel) }
        try x.tool(["xdotool", "key", "--window", window, "Return"])
        _ = try x.waitForFrame(window, "the alert") { self.isColor($0.pixel(x: 600, y: 300), self.panel) }
        for _ in 0..<8 {
            let frame = try x.frame(window)
            XCTAssertFalse(holds(frame, accent, x: 0..<450, y: 0..<48, tolerance: 30), "a bright clock over the alert's scrim")
            // (Above the header's rule, which the scrim darkens to the header's own colour.)
            XCTAssertFalse(holds(frame, header, x: 0..<450, y: 0..<44, tolerance: 0), "the header's own colour: not dimmed")
        }
    }

    /// An alert over a wall that stands still (a desktop started on a folder that is not there): nothing moves
    /// under it but the clock, which was then redrawn alone, bright, over the scrim, every tick.
    func testAnAlertOverAStillWallDarkensTheClockToo() throws {
        guard XSession.hasDisplay else { throw missing("X display") }
        let x = XSession(root: root)
        defer { x.killApp() }
        let window = try x.launch(["--name", "Ada", "--library-dir", root + "/lib", "--renderer", "software",
                                   "--size", "900x600", root + "/no-such-folder"])
        _ = try x.waitForFrame(window, "the alert") { self.isColor($0.pixel(x: 450, y: 300), self.panel) }
        for _ in 0..<8 {
            let frame = try x.frame(window)
            XCTAssertTrue(isColor(frame.pixel(x: 450, y: 300), panel), "the alert stays")
            XCTAssertFalse(holds(frame, text, x: 0..<450, y: 0..<44, tolerance: 40), "a bright clock or name over the scrim")
            // (The dimmed status line's anti-aliased edges may pass through the header's colour, a few pixels.)
            var undimmed = 0
            for y in 0..<44 { for x in 0..<450 where isColor(frame.pixel(x: x, y: y), header, tolerance: 0) { undimmed += 1 } }
            XCTAssertLessThan(undimmed, 200, "the header's own colour, not dimmed, in \(undimmed) pixels")
        }
    }

    /// The brief: a grid and a list.
    func testTheWallIsAGridOrAList() throws {
        let grid = try run([])
        XCTAssertTrue(isColor(grid.pixel(x: 640, y: 400), background), "the grid's gutter between its two columns")
        let list = try run(["view"])
        XCTAssertFalse(isColor(list.pixel(x: 640, y: 400), background), "the list: one photo across the middle")
    }

    /// The README: any window size, from a portrait 480x800 panel to a 4K screen: the wall and its header draw.
    func testAnyWindowSizeDrawsTheWallAndTheHeader() throws {
        for (size, w, h) in [("480x800", 480, 800), ("3840x2160", 3840, 2160)] {
            let frame = try run([], size: size)
            XCTAssertEqual(frame.width, w, size)
            XCTAssertEqual(frame.height, h, size)
            XCTAssertTrue(isColor(frame.pixel(x: w - 3, y: 2), header), "\(size): the header")
            XCTAssertFalse(isColor(frame.pixel(x: w / 4, y: h / 2), background), "\(size): a photo in the left column")
        }
    }

    /// The brief: bookmarks that can be removed, kept after quitting.
    func testBookmarksAreKeptAfterQuittingAndCanBeRemoved() throws {
        let library = root + "/kept"
        _ = try run(["focus-next", "bookmark"], library: library)
        let kept = try run(["bookmarks"], library: library)
        XCTAssertFalse(isColor(kept.pixel(x: 200, y: 200), background), "the next start's bookmarks show the photo")
        _ = try run(["bookmarks", "unbookmark"], library: library)
        let removed = try run(["bookmarks"], library: library)
        XCTAssertTrue(isColor(removed.pixel(x: 200, y: 200), background), "removed, and still removed after quitting")
    }
}
