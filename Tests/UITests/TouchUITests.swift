import FixtureServer
import Foundation
import SDLKit
import XCTest

/// Touch as a touch screen sends it: the script injects SDL finger events (taps, swipes, pinches) into the real app,
/// headless, and the frames it saves are checked. The header's buttons are pressed the same way.
final class TouchUITests: XCTestCase {
    private static let sdl: SDLSystem? = try? SDLSystem(video: false)
    private var server: FixtureServer!
    private let cacheDir = NSTemporaryDirectory() + "tessera-touch-\(UUID().uuidString)"
    private let background = (24, 24, 27)

    override func setUpWithError() throws {
        XCTAssertNotNil(TouchUITests.sdl)
        server = FixtureServer(photos: 200)
        try server.start(port: 0)
    }

    override func tearDown() {
        server.stop()
        try? FileManager.default.removeItem(atPath: cacheDir)
    }

    private func run(_ script: String, file: StaticString = #filePath, line: UInt = #line) throws -> Surface {
        let run = try AppProcess.run(["--api", server.baseURL, "--cache-dir", cacheDir, "--script", script])
        XCTAssertEqual(run.status, 0, run.log, file: file, line: line)
        return try XCTUnwrap(run.frame, "no frame: \(run.log)", file: file, line: line)
    }

    /// The picture under the header, sampled (the clock differs from frame to frame).
    private func picture(_ frame: Surface) -> [UInt32] {
        stride(from: 60, to: frame.height, by: 9).flatMap { y in
            stride(from: 3, to: frame.width, by: 11).map { x in
                let p = frame.pixel(x: x, y: y)
                return UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b)
            }
        }
    }

    /// How many samples of two pictures differ (equal pictures: none).
    private func differing(_ a: Surface, _ b: Surface) -> Int {
        zip(picture(a), picture(b)).filter { $0 != $1 }.count
    }

    private func middleGapRows(_ frame: Surface) -> Int {
        stride(from: 60, to: frame.height, by: 5).filter { XSession.isColor(frame.pixel(x: 640, y: $0), background) }.count
    }

    func testATapOpensThePaneAndASwipeMovesToTheNextPhotoAsTheArrowKeyDoes() throws {
        let wall = try run("top")
        let tapped = try run("tap:300:300")
        let panel = (32, 32, 36)
        XCTAssertTrue(XSession.isColor(tapped.pixel(x: 45, y: 75), panel), "the pane opened at the tap")
        XCTAssertGreaterThan(differing(tapped, wall), 100)
        let swiped = try run("tap:300:300,swipe:1000:400:300:400")
        let keyed = try run("tap:300:300,nextphoto")
        XCTAssertGreaterThan(differing(swiped, tapped), 100, "the swipe moved on")
        XCTAssertEqual(differing(swiped, keyed), 0, "to the photo → shows")
    }

    func testAPinchZoomsThePaneAndASharperCopyIsFetched() throws {
        let tapped = try run("tap:300:300")
        let fittedWidths = Set(server.counters.imageSizes.compactMap { Int($0.split(separator: "x")[0]) })
        let pinched = try run("tap:300:300,pinch:640:380:3")
        XCTAssertGreaterThan(differing(pinched, tapped), 100, "the photo is drawn larger")
        let widths = server.counters.imageSizes.compactMap { Int($0.split(separator: "x")[0]) }
        XCTAssertGreaterThan(widths.max() ?? 0, 2 * (fittedWidths.max() ?? 0) - 4,
                             "asked again at the zoomed size: \(server.counters.imageSizes)")
        let doubleTapped = try run("tap:300:300,doubletap:640:380")
        XCTAssertGreaterThan(differing(doubleTapped, tapped), 100, "a double tap zooms too")
    }

    func testADragScrollsTheWallAndALongPressStarsAPhoto() throws {
        let wall = try run("top")
        let dragged = try run("drag:640:700:640:150")
        XCTAssertGreaterThan(differing(dragged, wall), 100, "the wall moved under the finger")
        // The first cell's star, top right of the cell (BrowseScreen.starRect): gold once bookmarked.
        let pressed = try run("longpress:200:200")
        let star = (255, 200, 60)
        var gold = 0
        for y in 68..<100 { for x in 590..<622 where XSession.isColor(pressed.pixel(x: x, y: y), star, tolerance: 30) { gold += 1 } }
        XCTAssertGreaterThan(gold, 20, "a gold star on the pressed photo")
        var goldBefore = 0
        for y in 68..<100 { for x in 590..<622 where XSession.isColor(wall.pixel(x: x, y: y), star, tolerance: 30) { goldBefore += 1 } }
        XCTAssertEqual(goldBefore, 0)
    }

    func testTheHeadersButtonsAloneOpenTheListAndGoBack() throws {
        // At 1280 px (automation keeps a library in memory): Back, Forward, view, slideshow, search, bookmarks, name
        // and help, right-aligned 36-px buttons 6 px apart (Back at 944, Forward at 986, view at 1028).
        let list = try run("tap:1046:24")
        XCTAssertLessThan(middleGapRows(list), 10, "one column: the list")
        let back = try run("tap:1046:24,tap:962:24")
        XCTAssertEqual(middleGapRows(back), (back.height - 60 + 4) / 5, "two columns again after Back")
        let swipedBack = try run("tap:1046:24,swipe:1275:400:900:400")
        XCTAssertEqual(middleGapRows(swipedBack), (swipedBack.height - 60 + 4) / 5, "an edge swipe goes back too")
    }

    func testTheSlideshowButtonShowsOnePhotoAndASwipeMovesOn() throws {
        let show = try run("tap:1088:24")
        let wall = try run("top")
        XCTAssertGreaterThan(middleGapRows(wall), 0)
        XCTAssertEqual(middleGapRows(show), 0, "one photo over the window, not the wall's two columns")
        XCTAssertGreaterThan(differing(show, wall), 100)
        let swiped = try run("tap:1088:24,swipe:1000:400:200:400")
        let keyed = try run("tap:1088:24,nextphoto")
        XCTAssertGreaterThan(differing(swiped, show), 100)
        XCTAssertEqual(differing(swiped, keyed), 0, "a swipe is the → key")
    }
}

/// The mouse alone, in a real X11 window: a button's tooltip names its key, a click uses it.
final class MouseUITests: XSessionTestCase {
    func testHoveringAButtonShowsItsKeyAndClickingItOpensTheList() throws {
        let id = try x.launch(["--demo", "--no-cache", "--name", "Ada", "--renderer", "software", "--size", "1280x800"],
                              environment: ["XDG_DATA_HOME": root + "/data"])
        let background = (24, 24, 27), panel = (32, 32, 36)
        try x.waitForFrame(id, "photos") { !XSession.isColor($0.pixel(x: 100, y: 200), background) }
        // With a library: view, slideshow, search, bookmarks, name and help; the view button is the first.
        try x.tool(["xdotool", "mousemove", "--window", id, "1046", "24"])
        try x.waitForFrame(id, "the tooltip under the button") { frame in
            (0..<90).filter { XSession.isColor(frame.pixel(x: 1000 + $0, y: 52), panel) }.count > 20
        }
        try x.tool(["xdotool", "click", "--window", id, "1"])
        try x.waitForFrame(id, "one column") { frame in
            stride(from: 80, to: 780, by: 20).filter { XSession.isColor(frame.pixel(x: 640, y: $0), background) }.count < 3
        }
    }

    func testAtScaleTwoEverythingIsDrawnAtDevicePixelsAndClicksLandWhereDrawn() throws {
        let id = try x.launch(["--demo", "--no-cache", "--name", "Ada", "--renderer", "software", "--size", "640x400",
                               "--scale", "2"], environment: ["XDG_DATA_HOME": root + "/data"])
        let background = (24, 24, 27), panel = (32, 32, 36)
        let frame = try x.waitForFrame(id, "photos") { !XSession.isColor($0.pixel(x: 200, y: 400), background) }
        XCTAssertEqual(frame.width, 1280, "a 640x400 window at twice the size")
        // The header is 48 interface pixels: 96 device pixels, its rule at the bottom.
        let rule = (0..<130).filter { y in (0..<8).allSatisfy { XSession.isColor(frame.pixel(x: 300 + $0 * 20, y: y), (60, 60, 66)) } }
        XCTAssertEqual(rule, [94, 95], "the header's one-pixel rule, two device pixels at y=94 and 95")
        // A click at device pixel (300, 300) is the interface's (150, 150): on the first photo, which opens.
        try x.tool(["xdotool", "mousemove", "--window", id, "300", "300", "click", "1"])
        try x.waitForFrame(id, "the pane") { XSession.isColor($0.pixel(x: 90, y: 150), panel) }
    }
}
