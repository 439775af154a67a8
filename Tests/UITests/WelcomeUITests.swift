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

    func testABlankNameShowsTheAlertATypedOneIsStoredAndSurvivesKillMinus9() throws {
        let window = try launch()
        let panel = (32, 32, 36), background = (24, 24, 27)
        // The welcome screen: its field (panel colour) in the middle, nothing else on the wall.
        _ = try waitForFrame(window, "the welcome screen") { self.isColor($0.pixel(x: 450, y: 288), panel) }
        try tool(["xdotool", "key", "--window", window, "Return"])
        // The alert's panel covers (260, 240), above the field.
        _ = try waitForFrame(window, "the alert") { self.isColor($0.pixel(x: 260, y: 240), panel) }
        try tool(["xdotool", "key", "--window", window, "Escape"])
        _ = try waitForFrame(window, "the alert to close") { !self.isColor($0.pixel(x: 260, y: 240), panel) }
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
