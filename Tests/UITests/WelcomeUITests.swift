import FixtureServer
import Foundation
import GalleryCore
import GalleryStore
import SDLKit
import XCTest

/// The welcome screen as a person meets it: a real X11 window under Xvfb, keys typed with xdotool, frames read
/// back with ImageMagick's `import`. Waits poll the window's frames or the library file, with a deadline.
final class WelcomeUITests: XCTestCase {
    private static let sdl: SDLSystem? = try? SDLSystem(video: false)
    private var server: FixtureServer!
    private var root = ""
    private var x: XSession!
    private var app: Process? { x?.app }

    override func setUpWithError() throws {
        guard XSession.hasDisplay else {
            throw missing("X display")
        }
        XCTAssertNotNil(WelcomeUITests.sdl)
        server = FixtureServer(photos: 100)
        try server.start(port: 0)
        root = NSTemporaryDirectory() + "tessera-welcome-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/data", withIntermediateDirectories: true)
        x = XSession(root: root)
    }

    override func tearDown() {
        x?.killApp()
        server?.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    private func launch() throws -> String {
        try x.launch(["--api", server.baseURL, "--cache-dir", root + "/cache", "--renderer", "software",
                      "--size", "900x600"], environment: ["XDG_DATA_HOME": root + "/data"])
    }

    private func tool(_ args: [String], check: Bool = true) throws { try x.tool(args, check: check) }

    private func waitForFrame(_ window: String, _ what: String, _ condition: (Surface) -> Bool) throws -> Surface {
        try x.waitForFrame(window, what, condition)
    }

    private func isColor(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ c: (Int, Int, Int)) -> Bool {
        XSession.isColor(p, c)
    }

    /// A folder of two red pictures (PNG, made with SDL).
    private func redFolder(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (i, size) in [(600, 400), (400, 600)].enumerated() {
            let s = try Surface(width: size.0, height: size.1)
            s.fill(x: 0, y: 0, width: size.0, height: size.1, r: 220, g: 20, b: 30)
            try s.savePNG(to: path + "/red\(i).png")
        }
    }

    private func redShare(_ frame: Surface) -> Double {
        var red = 0, all = 0
        for y in stride(from: 60, to: frame.height, by: 7) {
            for x in stride(from: 0, to: frame.width, by: 7) {
                all += 1
                if isColor(frame.pixel(x: x, y: y), (220, 20, 30)) { red += 1 }
            }
        }
        return Double(red) / Double(max(1, all))
    }

    /// A first run offers the Pictures folder; Start shows it at once, and the next start told no source shows it.
    func testAFirstRunOffersThePicturesFolderAndTheNextStartShowsIt() throws {
        let home = root + "/home"
        try redFolder(home + "/Pictures")
        let environment = ["HOME": home, "XDG_CONFIG_HOME": home + "/.config", "XDG_PICTURES_DIR": ""]
        let first = try AppProcess.run(["--demo", "--library-dir", root + "/lib", "--no-cache", "--size", "900x600",
                                        "--script", "type:Ada,submit,await-source:Pictures"], environment: environment)
        XCTAssertEqual(first.status, 0, first.log)
        XCTAssertTrue(first.log.contains("chosen on the welcome screen"), first.log)
        XCTAssertGreaterThan(redShare(try XCTUnwrap(first.frame)), 0.3, "the Pictures folder shows at once")
        let next = try AppProcess.run(["--library-dir", root + "/lib", "--no-cache", "--size", "900x600"],
                                      environment: environment)
        XCTAssertEqual(next.status, 0, next.log)
        XCTAssertTrue(next.log.contains("showing the folders chosen on the welcome screen"), next.log)
        XCTAssertGreaterThan(redShare(try XCTUnwrap(next.frame)), 0.3, "and again at the next start, with no network")
    }

    /// The Choose button runs the desktop's chooser (a stand-in here); the folder it answers is the one shown.
    func testTheChooseButtonsAnswerIsShown() throws {
        let home = root + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try redFolder(root + "/Holidays")
        let chooser = root + "/chooser"
        try "#!/bin/sh\necho '\(root)/Holidays'\n".write(toFile: chooser, atomically: true, encoding: .utf8)
        chmod(chooser, 0o755)
        let layout = WelcomeScreen.layout(window: PixelSize(width: 900, height: 600), offersFolder: true, canChoose: true)
        let choose = try XCTUnwrap(layout.choose)
        let run = try AppProcess.run(["--demo", "--library-dir", root + "/lib", "--no-cache", "--size", "900x600",
                                      "--script", "type:Ada,tap:\(choose.x + 20):\(choose.y + 20),submit,await-source:Holidays"],
                                     environment: ["HOME": home, "XDG_CONFIG_HOME": home + "/.config",
                                                   "TESSERA_FOLDER_CHOOSER": chooser])
        XCTAssertEqual(run.status, 0, run.log)
        XCTAssertGreaterThan(redShare(try XCTUnwrap(run.frame)), 0.3, run.log)
    }

    /// Ctrl+A in the name field selects its text, and what is typed next replaces it (it deleted a character).
    func testCtrlASelectsTheNameAndTypingReplacesIt() throws {
        let window = try launch()
        let panel = (32, 32, 36), background = (24, 24, 27)
        _ = try waitForFrame(window, "the welcome screen") { self.isColor($0.pixel(x: 450, y: 257), panel) }
        try tool(["xdotool", "type", "--window", window, "--delay", "30", "Charles"])
        try tool(["xdotool", "key", "--window", window, "ctrl+a"])
        try tool(["xdotool", "type", "--window", window, "--delay", "30", "Ada"])
        try tool(["xdotool", "key", "--window", window, "Return"])
        _ = try waitForFrame(window, "the wall") { !self.isColor($0.pixel(x: 100, y: 200), background) }
        XCTAssertEqual(try LibraryStore(directory: root + "/data/tessera").userName, "Ada")
    }

    func testABlankNameShowsTheAlertATypedOneIsStoredAndSurvivesKillMinus9() throws {
        let window = try launch()
        let panel = (32, 32, 36), background = (24, 24, 27)
        // The welcome screen: its field (panel colour) in the middle, nothing else on the wall.
        _ = try waitForFrame(window, "the welcome screen") { self.isColor($0.pixel(x: 450, y: 257), panel) }
        try tool(["xdotool", "key", "--window", window, "Return"])
        // The alert's panel covers (600, 300), between the fields where the welcome screen has nothing.
        _ = try waitForFrame(window, "the alert") { self.isColor($0.pixel(x: 600, y: 300), panel) }
        try tool(["xdotool", "key", "--window", window, "Escape"])
        _ = try waitForFrame(window, "the alert to close") { !self.isColor($0.pixel(x: 600, y: 300), panel) }
        try tool(["xdotool", "type", "--window", window, "--delay", "30", "Ada Lovelace"])
        try tool(["xdotool", "key", "--window", window, "Return"])
        // The wall shows; the name was written before the welcome screen gave way to it.
        _ = try waitForFrame(window, "the wall") { !self.isColor($0.pixel(x: 100, y: 200), background) }
        XCTAssertEqual(try LibraryStore(directory: root + "/data/tessera").userName, "Ada Lovelace")
        x.killApp()

        // A restart greets by name: no welcome screen, the wall at once.
        let again = try launch()
        let wall = try waitForFrame(again, "the wall after a restart") {
            !self.isColor($0.pixel(x: 100, y: 200), background) && !self.isColor($0.pixel(x: 450, y: 288), panel)
        }
        XCTAssertFalse(isColor(wall.pixel(x: 450, y: 288), panel), "no welcome screen")
        // The header greets by name: white title-sized text right of "Tessera", where the blue clock starts
        // without a name, and the clock after it.
        var white = 0, blue = 0
        for y in 8..<40 {
            for x in 120..<250 {
                let p = wall.pixel(x: x, y: y)
                if p.r > 200 && p.g > 200 && p.b > 200 { white += 1 }
                if p.b > 200 && p.r < 140 { blue += 1 }
            }
        }
        XCTAssertGreaterThan(white, 60, "the name in the header")
        XCTAssertLessThan(blue, 20, "the clock moved right of the name")
        // The window may be gone before xdotool hears back: its status says nothing here.
        try tool(["xdotool", "key", "--window", again, "q"], check: false)
        app!.waitUntilExit()
        XCTAssertEqual(app!.terminationStatus, 0)
    }

    func testABookmarkSurvivesKillMinus9AndShowsOnShiftB() throws {
        try LibraryStore(directory: root + "/data/tessera").setUserName("Ada")  // no welcome screen
        let window = try launch()
        let background = (24, 24, 27)
        _ = try waitForFrame(window, "the wall") { !self.isColor($0.pixel(x: 100, y: 200), background) }
        try tool(["xdotool", "key", "--window", window, "Tab", "b"])
        // Each frame of the app is a moment to look: the bookmark is in the library once the key was handled.
        _ = try waitForFrame(window, "the bookmark in the library") { _ in
            ((try? LibraryStore(directory: self.root + "/data/tessera"))?.bookmarks().count ?? 0) == 1
        }
        x.killApp()

        let again = try launch()
        _ = try waitForFrame(again, "the wall after a restart") { !self.isColor($0.pixel(x: 100, y: 200), background) }
        try tool(["xdotool", "key", "--window", again, "shift+b"])
        // The bookmarks screen: one photo, top left, with its gold star (cell 432 wide at 900x600).
        let star = Rect(x: 404, y: 68, width: 32, height: 32)
        _ = try waitForFrame(again, "the starred bookmark") { frame in
            (star.y..<star.maxY).contains { y in
                (star.x..<star.maxX).contains { x in self.isColor(frame.pixel(x: x, y: y), (255, 200, 60)) }
            }
        }
        try tool(["xdotool", "key", "--window", again, "Escape", "q"], check: false)
        app!.waitUntilExit()
    }
}
