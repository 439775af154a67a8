import FixtureServer
import GalleryCore
import Foundation
import GalleryStore
import SDLKit
import XCTest

/// Runs the real `tessera` executable headless (SDL's offscreen driver, software renderer) against the fixture
/// server, lets it save a frame once every visible image is drawn, and checks the pixels.
final class AppUITests: XCTestCase {
    private static let sdl: SDLSystem? = try? SDLSystem(video: false)
    private var server: FixtureServer!
    private let background = (r: 24, g: 24, b: 27)
    private let placeholder = (r: 52, g: 52, b: 58)

    private var cacheDir = NSTemporaryDirectory() + "tessera-ui-cache-\(UUID().uuidString)"

    override func setUpWithError() throws {
        XCTAssertNotNil(AppUITests.sdl)
        server = FixtureServer(photos: 200)
        try server.start(port: 0)
    }

    override func tearDown() {
        server.stop()
        try? FileManager.default.removeItem(atPath: cacheDir)
    }

    /// Runs the app until it has saved its screenshot; returns the frame.
    private func runApp(_ extra: [String], driver: String = "offscreen",
                        file: StaticString = #filePath, line: UInt = #line) throws -> Surface {
        try runAppWithLog(extra, driver: driver, file: file, line: line).frame
    }

    /// Runs the app until it has saved its screenshot; returns the frame and what it wrote to stderr.
    private func runAppWithLog(_ extra: [String], driver: String = "offscreen",
                               file: StaticString = #filePath, line: UInt = #line) throws -> (frame: Surface, log: String) {
        let run = try AppProcess.run(["--api", server.baseURL, "--cache-dir", cacheDir] + extra, driver: driver)
        XCTAssertEqual(run.status, 0, run.log, file: file, line: line)
        return (try XCTUnwrap(run.frame, "no frame saved: \(run.log)", file: file, line: line), run.log)
    }

    private func isColor(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ c: (r: Int, g: Int, b: Int)) -> Bool {
        abs(Int(p.r) - c.r) <= 2 && abs(Int(p.g) - c.g) <= 2 && abs(Int(p.b) - c.b) <= 2
    }

    func testShowsTwoStaggeredColumnsOfPhotosUnderAClockAndNoScrollbar() throws {
        let frame = try runApp([])
        XCTAssertEqual(frame.width, 1280)
        XCTAssertEqual(frame.height, 800)

        // Header: light text (title, status) and the blue clock on a dark bar.
        var light = 0, clockBlue = 0
        for y in 2..<44 {
            for x in 0..<frame.width {
                let p = frame.pixel(x: x, y: y)
                if Int(p.r) + Int(p.g) + Int(p.b) > 500 { light += 1 }
                if p.b > 200 && p.r < 140 { clockBlue += 1 }
            }
        }
        XCTAssertGreaterThan(light, 150, "header text")
        XCTAssertGreaterThan(clockBlue, 100, "clock digits")

        // Two columns: the middle gap is background all the way down; both sides hold photos.
        let gridRows = stride(from: 52, to: 800, by: 4)
        for y in gridRows {
            XCTAssertTrue(isColor(frame.pixel(x: 640, y: y), background), "middle gap at y=\(y)")
            // No scrollbar: the right edge is the bare outer gap.
            for x in 1270..<1280 { XCTAssertTrue(isColor(frame.pixel(x: x, y: y), background), "right edge \(x),\(y)") }
        }
        var blank = 0, total = 0
        for y in stride(from: 60, to: 800, by: 7) {
            for x in stride(from: 20, to: 1260, by: 7) {
                let p = frame.pixel(x: x, y: y)
                total += 1
                if isColor(p, placeholder) { blank += 1 }
            }
        }
        XCTAssertLessThan(Double(blank) / Double(total), 0.01, "every visible cell shows its photo")

        // Staggered: the two columns' gaps between cells fall at different heights.
        func gapRows(x: Int) -> [Int] {
            (60..<800).filter { y in (0..<5).allSatisfy { isColor(frame.pixel(x: x + $0 * 40, y: y), background) } }
        }
        XCTAssertNotEqual(gapRows(x: 200), gapRows(x: 840))

        // Images were asked for at the size they are drawn: 622 px wide cells.
        let counters = server.counters
        XCTAssertGreaterThan(counters.images, 2)
        XCTAssertTrue(counters.imageSizes.allSatisfy { $0.hasPrefix("622x") }, "\(counters.imageSizes)")
        XCTAssertEqual(counters.imageRedirects, counters.images, "each image went through the 302")
    }

    func testARealX11WindowUnderXvfb() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
            throw missing("X display")
        }
        let frame = try runApp(["--size", "900x600"], driver: "x11")
        XCTAssertEqual(frame.width, 900)
        XCTAssertTrue(isColor(frame.pixel(x: 450, y: 300), background), "middle gap")
        XCTAssertFalse(isColor(frame.pixel(x: 200, y: 100), placeholder), "a photo, not a placeholder")
        XCTAssertFalse(isColor(frame.pixel(x: 200, y: 100), background))
    }

    private func blankShare(_ frame: Surface) -> Double {
        var blank = 0, total = 0
        for y in stride(from: 60, to: frame.height, by: 7) {
            for x in stride(from: 20, to: frame.width - 20, by: 7) {
                total += 1
                if isColor(frame.pixel(x: x, y: y), placeholder) { blank += 1 }
            }
        }
        return Double(blank) / Double(total)
    }

    func testARestartNeverDownloadsACachedImageAgain() throws {
        _ = try runApp(["--script", "pagedown,pagedown,pagedown,top"])
        let first = server.counters.imagePaths.count
        // What the cache holds now, as request paths ("id/w/h").
        let cached = try Set(SQLiteStore(directory: cacheDir, budgetBytes: 1 << 30).allImages().map { entry in
            entry.key.components(separatedBy: "/id/").last!
        })
        XCTAssertGreaterThan(cached.count, 8)
        let frame = try runApp(["--script", "pagedown,pagedown,pagedown,top"])
        let second = server.counters.imagePaths.dropFirst(first)
        XCTAssertTrue(Set(second).isDisjoint(with: cached), "asked again for \(Set(second).intersection(cached))")
        XCTAssertLessThan(blankShare(frame), 0.01)
    }

    func testWithTheServerDownAtStartTheCacheIsShownOffline() throws {
        _ = try runApp([])
        let pagesBefore = server.counters.pages
        server.stop()
        let started = Date()
        let (frame, log) = try runAppWithLog([])
        print("first cached screen with the server down after \(Int(Date().timeIntervalSince(started) * 1000)) ms (process start to saved frame)")
        XCTAssertLessThan(blankShare(frame), 0.01, "cached photos, not placeholders")
        XCTAssertTrue(log.contains("offline"), log)
        XCTAssertTrue(log.contains("cached photos"), log)
        XCTAssertEqual(server.counters.pages, pagesBefore)
    }

    func testABrokenCacheFileIsMovedAsideAndTheAppStarts() throws {
        try FileManager.default.createDirectory(atPath: cacheDir, withIntermediateDirectories: true)
        try Data(repeating: 0xAB, count: 10_000).write(to: URL(fileURLWithPath: cacheDir + "/tessera.sqlite"))
        let (frame, log) = try runAppWithLog([])
        XCTAssertTrue(log.contains("moved to"), log)
        XCTAssertLessThan(blankShare(frame), 0.01)
        let files = try FileManager.default.contentsOfDirectory(atPath: cacheDir)
        XCTAssertTrue(files.contains { $0.hasPrefix("tessera.sqlite.broken-") }, "\(files)")
    }

    /// The pane's parts at 1280x800, where the core's layout puts them.
    private var paneLayout: DetailLayout {
        let config = GalleryConfig()
        return DetailLayout(window: PixelSize(width: 1280, height: 800), headerHeight: config.headerHeight,
                            margin: config.detailMargin, photo: Photo(id: "0", author: "", width: 3, height: 2, url: "",
                                                                      downloadURL: ""),
                            lineHeight: 22, lines: 0)
    }

    private func count(_ frame: Surface, in r: Rect, where test: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool) -> Int {
        var n = 0
        for y in r.y..<r.maxY { for x in r.x..<r.maxX where test(frame.pixel(x: x, y: y)) { n += 1 } }
        return n
    }

    func testEnterOpensTheDetailPaneWithTheAuthorAndITheDetails() throws {
        let frame = try runApp(["--script", "next,open"])
        let panel = (r: 32, g: 32, b: 36)
        XCTAssertTrue(isColor(frame.pixel(x: 45, y: 75), panel), "panel at its corner")
        XCTAssertTrue(isColor(frame.pixel(x: 1235, y: 770), panel))
        let layout = paneLayout
        let light = { (p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) in Int(p.r) + Int(p.g) + Int(p.b) > 550 }
        let blue = { (p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) in p.b > 200 && p.r < 140 }
        XCTAssertGreaterThan(count(frame, in: layout.title, where: light), 80, "the author along the top")
        // The controls: a hollow star (no star colour while not bookmarked), the zoom level's digits, an "i".
        let star = try XCTUnwrap(layout.frame(of: .bookmark)), level = try XCTUnwrap(layout.frame(of: .zoomLevel))
        XCTAssertGreaterThan(count(frame, in: star, where: light), 15, "the star is drawn")
        XCTAssertEqual(count(frame, in: star, where: { $0.r > 230 && $0.g > 170 && $0.g < 230 && $0.b < 100 }), 0)
        XCTAssertGreaterThan(count(frame, in: level, where: light), 30, "the zoom level is written")
        // The brief's pane shows the photo's URL from the start: the page and download links under the photo, in
        // blue, without `i` (it was hidden until `i`, which broke the brief's promise). `i` adds the details under them.
        let foot = Rect(x: 50, y: 640, width: 650, height: 140)
        XCTAssertGreaterThan(count(frame, in: foot, where: blue), 150, "page and download URLs")
        let details = try runApp(["--script", "next,open,info"])
        XCTAssertGreaterThan(count(details, in: foot, where: blue), 150, "the links stay with the details open")
        let grey = { (p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) in abs(Int(p.r) - 150) < 8 && abs(Int(p.b) - 160) < 8 }
        XCTAssertGreaterThan(count(details, in: Rect(x: 50, y: 560, width: 1180, height: 220), where: grey),
                             count(frame, in: Rect(x: 50, y: 560, width: 1180, height: 220), where: grey) + 50,
                             "the details' lines (size, keys) under the links")
        // The large image is fetched at the pane's size, larger than a cell.
        XCTAssertTrue(server.counters.imageSizes.contains { Int($0.split(separator: "x")[1])! > 560 },
                      "\(server.counters.imageSizes)")
    }

    func testBrokenImagesAndPagesLeaveThePlaceholderAndTheAppRunning() throws {
        server.faults.corruptImages = ["0"]
        server.faults.malformedPages = [2]
        let frame = try runApp(["--page-size", "4"])
        let failed = (r: 70, g: 44, b: 48)
        XCTAssertTrue(isColor(frame.pixel(x: 30, y: 80), failed), "the corrupt photo's cell shows the failure colour")
        XCTAssertFalse(isColor(frame.pixel(x: 660, y: 80), failed), "its neighbour is a photo")
        XCTAssertGreaterThanOrEqual(server.counters.pages, 3, "the bad page was retried or skipped, paging went on")
    }

    func testVGivesOneColumnAndBackTwoColumns() throws {
        func middleGapRows(_ frame: Surface) -> Int {
            stride(from: 60, to: frame.height, by: 5).filter { isColor(frame.pixel(x: 640, y: $0), background) }.count
        }
        let list = try runApp(["--script", "view"])
        XCTAssertLessThan(middleGapRows(list), 10, "one full-width column: no gap down the middle")
        XCTAssertLessThan(blankShare(list), 0.01, "the list's photos are drawn")
        let grid = try runApp(["--script", "view,view"])
        XCTAssertEqual(middleGapRows(grid), (grid.height - 60 + 4) / 5, "two columns again")
        XCTAssertEqual(server.counters.pages, 2, "switching asked for no page (one run, one page each)")
    }

    func testATapOnThePhotoShowsThePreviousAndNextArrows() throws {
        let layout = paneLayout
        // The arrows: a dark plate with a light chevron, over the photo's sides.
        let light = { (p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) in Int(p.r) + Int(p.g) + Int(p.b) > 600 }
        let plain = try runApp(["--script", "next,next,open"])
        let tapped = try runApp(["--script", "next,next,open,tap:640:420"])
        for arrow in [layout.previousArrow, layout.nextArrow] {
            XCTAssertGreaterThan(count(tapped, in: arrow, where: light), 10, "\(arrow) after a tap")
            XCTAssertLessThan(count(plain, in: arrow, where: light), count(tapped, in: arrow, where: light) / 2,
                              "\(arrow) before it")
        }
    }

    /// A window asked larger than the display (`--size 99999x99999`, or `--scale 2` on a small screen) opens at the
    /// display's size, its header on screen, instead of failing or hanging off the top-left.
    func testAWindowNeverOpensLargerThanItsDisplay() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs an X display (xvfb-run)")
        for arguments in [["--size", "99999x99999"], ["--scale", "2", "--size", "1280x800"]] {
            let (frame, log) = try runAppWithLog(arguments, driver: "x11")
            XCTAssertLessThanOrEqual(frame.width, 1600, "\(arguments)")
            XCTAssertLessThanOrEqual(frame.height, 1000, "\(arguments)")
            XCTAssertTrue(log.contains("does not fit the display"), log)
        }
    }

    /// A mistyped folder on the desktop is said at once, with the likely name; a kiosk waits for it quietly.
    func testAMistypedFolderIsToldWithTheNameMeant() throws {
        let parent = NSTemporaryDirectory() + "tessera-typo-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: parent + "/Pictures", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let (frame, log) = try runAppWithLog([parent + "/Pictres", "--size", "800x600"])
        XCTAssertTrue(log.contains("Did you mean \(parent)/Pictures?"), log)
        let panel = (r: 32, g: 32, b: 36)
        XCTAssertTrue(isColor(frame.pixel(x: 400, y: 300 - 40), panel) || isColor(frame.pixel(x: 220, y: 300), panel),
                      "the alert's panel in the middle of the window")
        let (kioskFrame, kioskLog) = try runAppWithLog([parent + "/Pictres", "--size", "800x600", "--kiosk"])
        XCTAssertFalse(kioskLog.contains("Did you mean"), kioskLog)
        XCTAssertFalse(isColor(kioskFrame.pixel(x: 220, y: 300), panel), "no alert on a kiosk")
    }

    /// The GPU path (`--renderer accelerated`, OpenGL: Mesa's llvmpipe here, a Pi's V3D on one) draws the same
    /// wall, pane and slideshow as the software renderer, pixel for pixel near enough, header aside (its clock
    /// differs).
    func testTheAcceleratedRendererDrawsWhatTheSoftwareOneDoes() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs an X display (xvfb-run)")
        for (scene, extra) in [("the wall", [String]()), ("the pane", ["--script", "next,open"]),
                               ("the slideshow", ["--script", "slideshow,pause"])] {
            let (software, softwareLog) = try runAppWithLog(["--size", "900x600"] + extra, driver: "x11")
            XCTAssertTrue(softwareLog.contains("renderer: software, largest texture unlimited: asked for (--renderer software)"),
                          "the renderer is said with why: \(softwareLog)")
            let (accelerated, log) = try runAppWithLog(["--size", "900x600", "--renderer", "accelerated"] + extra,
                                                       driver: "x11")
            XCTAssertEqual([accelerated.width, accelerated.height], [software.width, software.height])
            XCTAssertTrue(log.contains("renderer: opengl"), "the GPU path, not a fallback: \(log)")
            XCTAssertTrue(log.contains(": asked for (--renderer accelerated)"), "the renderer is said with why: \(log)")
            var differing = 0, samples = 0
            for y in stride(from: 60, to: software.height, by: 6) {
                for x in stride(from: 0, to: software.width, by: 6) {
                    let a = software.pixel(x: x, y: y), b = accelerated.pixel(x: x, y: y)
                    samples += 1
                    if abs(Int(a.r) - Int(b.r)) + abs(Int(a.g) - Int(b.g)) + abs(Int(a.b) - Int(b.b)) > 24 { differing += 1 }
                }
            }
            XCTAssertLessThan(Double(differing) / Double(samples), 0.02,
                              "\(scene): \(differing) of \(samples) samples differ: \(log)")
            XCTAssertLessThan(blankShare(accelerated), 0.01, "\(scene): every picture drawn through the GPU path")
        }
    }

    /// A small GPU's largest texture (forced to 256 here, `TESSERA_MAX_TEXTURE_SIDE`): a photo zoomed to its
    /// actual size is asked no larger, so it still uploads and shows (capped, not missing).
    func testAPhotoZoomedPastTheLargestTextureStillShows() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs an X display (xvfb-run)")
        let run = try AppProcess.run(["--api", server.baseURL, "--cache-dir", cacheDir, "--size", "900x600",
                                      "--renderer", "accelerated", "--script", "next,open,zoomactual"],
                                     driver: "x11", environment: ["TESSERA_MAX_TEXTURE_SIDE": "256"])
        XCTAssertEqual(run.status, 0, run.log)
        XCTAssertTrue(run.log.contains("largest texture 256"), run.log)
        XCTAssertFalse(run.log.contains("larger than the renderer's largest texture"), run.log)
        let frame = try XCTUnwrap(run.frame)
        // The middle of the pane is the photo, not a flat "image unavailable" (a texture that could not be made).
        var colours = Set<UInt32>()
        for y in 130..<560 {
            let p = frame.pixel(x: 450, y: y)
            colours.insert(UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b))
        }
        XCTAssertGreaterThan(colours.count, 10, "the zoomed photo is drawn (one flat colour when it cannot be)")
    }

    /// A panel mounted on its side (`--rotate 90`): the picture is drawn upright at 480x800 and turned clockwise
    /// onto the 800x480 window, the header along the right edge; a finger on the panel is turned back, so a tap on
    /// a photo opens it.
    func testATurnedPanelShowsThePictureTurnedAndTakesTouchesWhereTheyLand() throws {
        let header = (r: 12, g: 12, b: 14)
        func headerShare(_ frame: Surface, column x: Int) -> Double {
            let hits = (0..<frame.height).filter { isColor(frame.pixel(x: x, y: $0), header) }.count
            return Double(hits) / Double(frame.height)
        }
        let upright = try runApp(["--size", "800x480"])
        let turned = try runApp(["--size", "800x480", "--rotate", "90"])
        XCTAssertEqual([turned.width, turned.height], [800, 480], "the window keeps its size")
        XCTAssertLessThan(headerShare(upright, column: 790), 0.2)
        XCTAssertGreaterThan(headerShare(turned, column: 790), 0.5, "the header runs down the right edge")
        XCTAssertLessThan(headerShare(turned, column: 400), 0.2)
        // The first photo, upright at about (120, 150), is at (800 - 150, 120) on the panel.
        let tapped = try runApp(["--size", "800x480", "--rotate", "90", "--script", "tap:650:120"])
        XCTAssertTrue(isColor(tapped.pixel(x: 60, y: 240), (r: 32, g: 32, b: 36)), "the pane opened over the panel")
        // The same on the GPU path, whose touch mapping differs from the software renderer's.
        if ProcessInfo.processInfo.environment["DISPLAY"] != nil {
            let gpu = try runApp(["--size", "800x480", "--rotate", "90", "--renderer", "accelerated", "--script", "tap:650:120"],
                                 driver: "x11")
            XCTAssertGreaterThan(headerShare(gpu, column: 790), 0.5, "turned on the GPU path too")
            XCTAssertTrue(isColor(gpu.pixel(x: 60, y: 240), (r: 32, g: 32, b: 36)), "a tap opens the photo there too")
        }
    }

    /// Runs an executable to its end; returns its status and what it wrote.
    private func outputs(of executable: String, _ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (p.terminationStatus, text, errors)
    }

    private func help(of executable: String) throws -> String {
        let run = try outputs(of: executable, ["--help"])
        XCTAssertEqual(run.status, 0)
        return run.out
    }

    /// The app's help is the window's options; the benchmark and the fixture server are the development tool's.
    func testHelpShowsTheWindowsOptions() throws {
        let text = try help(of: AppProcess.executable)
        for option in ["--name", "--api", "--cache-dir", "--fullscreen", "unsplash"] {
            XCTAssertTrue(text.contains(option), "\(option) missing from --help:\n\(text)")
        }
        XCTAssertFalse(text.contains("serve-fixture"), "the shipped app has no test server")
        let bench = try help(of: AppProcess.bench)
        for command in ["bench", "serve-fixture"] {
            XCTAssertTrue(bench.contains(command), "\(command) missing from tessera-bench --help:\n\(bench)")
        }
    }

    /// The header's milliseconds must be seen to run: a clock redrawn fewer than ten times a second is refused.
    func testAClockTooSlowToSeeRunningIsRefused() throws {
        let run = try outputs(of: AppProcess.executable, ["--demo", "--clock-hz", "5"])
        XCTAssertNotEqual(run.status, 0)
        XCTAssertTrue(run.err.contains("--clock-hz must be 10 to 1000"), run.err)
    }

    /// Negative numbers are values to check, not missing ones; --help says what a person runs and reads cleanly.
    func testNegativeNumbersAreRefusedByNameAndHelpReadsRight() throws {
        for (arguments, said) in [(["--speed", "-5"], "--speed must be 0 to 100000"),
                                  (["--idle", "-3"], "--idle must be 0 to 86400"),
                                  (["--interval", "-1"], "--interval must be 1 to 86400"),
                                  (["--size", "-5x100"], "--size must look like 1280x800")] {
            let run = try outputs(of: AppProcess.executable, ["--demo"] + arguments)
            XCTAssertNotEqual(run.status, 0)
            XCTAssertTrue(run.err.contains(said), "\(arguments): \(run.err)")
            XCTAssertFalse(run.err.contains("Missing value"), run.err)
        }
        let text = try help(of: AppProcess.executable)
        XCTAssertTrue(text.contains("HEIC, AVIF"), "the formats it reads")
        XCTAssertTrue(text.contains("USAGE: tessera [<options>]"), text)
        XCTAssertFalse(text.contains("(default on)."), "said once, by the parser")
    }
}
